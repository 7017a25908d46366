// The local memory driven by a scripted initiator (standing for the OCC): bank conflicts with
// exact cycles, conflict-free access, contention between requests, byte enables, atomics,
// untimed access and errors.
//
// Timing: a request sent at edge T uses each bank it touches from max(T, the bank's free edge)
// for (its words in that bank) x read_cycle (write_cycle; read_cycle + write_cycle for an
// atomic), and is answered when its last bank is done: conflict-free, T + read_cycle.

#include "modules/local_mem/local_mem.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "tb/dcc/request_driver.h"

namespace mvp {
namespace {

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

struct Bench {
    CheckingOn checking;
    sim::ClockDomain core;
    tb::RequestDriver drv;
    LocalMem mem;

    explicit Bench(const LocalMem::Params& p = LocalMem::Params{})
        : core("core", 1000.0), drv("drv", core), mem("local_mem", core, p) {
        sim::connect(drv.port.socket, mem.port.socket, "drv_to_mem");
        for (uint32_t a = 0; a < p.size; a += 4) mem.write32(a, a * 3 + 1);
    }

    void run() {
        sc_core::sc_start();
        EXPECT_TRUE(drv.all_done());
        EXPECT_TRUE(mem.idle());
        EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    }
};

uint64_t stat(const std::string& name) {
    const sim::StatGroup::Entry* e = sim::StatGroup::find("local_mem", name);
    if (e && e->counter) return *e->counter;
    ADD_FAILURE() << "no statistic " << name;
    return 0;
}

TEST(LocalMem, ConflictFreeLineReadTakesOneCycle) {
    Bench b;
    unsigned r = b.drv.read(1, 0x40, 32);  // 8 words in 8 banks
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 2u);
    for (unsigned w = 0; w < 8; ++w) {
        const std::vector<uint8_t>& d = b.drv.result(r).data;
        uint32_t v = uint32_t{d[4 * w]} | uint32_t{d[4 * w + 1]} << 8 |
                     uint32_t{d[4 * w + 2]} << 16 | uint32_t{d[4 * w + 3]} << 24;
        EXPECT_EQ(v, (0x40 + 4 * w) * 3 + 1);
    }
    EXPECT_EQ(stat("bank_conflicts"), 0u);
    for (unsigned k = 0; k < 8; ++k) EXPECT_EQ(stat("bank" + std::to_string(k) + "_accesses"), 1u);
}

TEST(LocalMem, FourRequestsToOneBankInOneCycleSerialise) {
    Bench b;
    std::vector<unsigned> ids;
    for (unsigned i = 0; i < 4; ++i) ids.push_back(b.drv.read(1, 32 * i, 4));  // all bank 0
    b.run();
    for (unsigned i = 0; i < 4; ++i)
        EXPECT_EQ(b.drv.result(ids[i]).response_cycle, 1u + (i + 1)) << i;
    EXPECT_EQ(stat("bank0_accesses"), 4u);
    EXPECT_EQ(stat("bank_conflicts"), 3u);
    EXPECT_EQ(stat("bank_conflict_cycles"), 0u + 1 + 2 + 3);
}

TEST(LocalMem, ConflictCyclesScaleWithTheReadCycle) {
    LocalMem::Params p;
    p.read_cycle = 2;
    Bench b(p);
    std::vector<unsigned> ids;
    for (unsigned i = 0; i < 4; ++i) ids.push_back(b.drv.read(1, 64 * i + 4, 4));  // bank 1
    unsigned other = b.drv.read(1, 8, 4);  // bank 2: not delayed
    b.run();
    EXPECT_EQ(b.drv.result(ids[3]).response_cycle, 1u + 4 * 2);
    EXPECT_EQ(b.drv.result(other).response_cycle, 1u + 2);
}

TEST(LocalMem, WordsOfOneRequestInTheSameBankSerialise) {
    LocalMem::Params p;
    p.num_banks = 2;  // a 32-byte line has 4 words in each bank
    Bench b(p);
    unsigned r = b.drv.read(1, 0, 32);
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 1u + 4);
    EXPECT_EQ(stat("bank_conflict_cycles"), 3u);
}

TEST(LocalMem, RequestsInLaterCyclesFindTheBankBusy) {
    Bench b;
    unsigned a = b.drv.read(1, 0, 32);      // banks 0..7 busy for edge 1..2
    unsigned c = b.drv.read(1, 0x100, 32);  // the same banks: 2..3
    unsigned d = b.drv.read(2, 0x200, 4);   // bank 0 free from 3
    b.run();
    EXPECT_EQ(b.drv.result(a).response_cycle, 2u);
    EXPECT_EQ(b.drv.result(c).response_cycle, 3u);
    EXPECT_EQ(b.drv.result(d).response_cycle, 4u);
}

TEST(LocalMem, WritesUseByteEnablesAndTheWriteCycle) {
    LocalMem::Params p;
    p.write_cycle = 3;
    Bench b(p);
    uint32_t before = b.mem.read32(0x10);
    unsigned w = b.drv.write(1, 0x10, {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88},
                             {0xff, 0, 0, 0xff, 0, 0, 0, 0});
    unsigned r = b.drv.read(10, 0x10, 8);
    b.run();
    EXPECT_EQ(b.drv.result(w).response_cycle, 1u + 3);  // one word, one bank
    EXPECT_EQ(b.mem.read32(0x10), (before & 0x00ffff00u) | 0x44000011u);
    EXPECT_EQ(b.mem.read32(0x14), 0x14u * 3 + 1);  // no byte enabled in the second word
    EXPECT_EQ(b.drv.result(r).value32(), b.mem.read32(0x10));
    EXPECT_EQ(stat("writes"), 1u);
    EXPECT_EQ(stat("reads"), 1u);
}

TEST(LocalMem, AtomicsReadModifyWriteInArrivalOrder) {
    Bench b;
    const uint32_t a = 0x100;
    b.mem.write32(a, 10);
    unsigned add = b.drv.atomic(1, a, isa::Opcode::kAtomAdd, 5);
    unsigned xchg = b.drv.atomic(1, a, isa::Opcode::kAtomXchg, 100);
    unsigned cas_ok = b.drv.atomic(1, a, isa::Opcode::kAtomCas, 200, 100);
    unsigned cas_fail = b.drv.atomic(1, a, isa::Opcode::kAtomCas, 300, 100);
    b.run();
    EXPECT_EQ(b.drv.result(add).value32(), 10u);
    EXPECT_EQ(b.drv.result(xchg).value32(), 15u);
    EXPECT_EQ(b.drv.result(cas_ok).value32(), 100u);
    EXPECT_EQ(b.drv.result(cas_fail).value32(), 200u);
    EXPECT_EQ(b.mem.read32(a), 200u);
    // Each holds bank 0 for read_cycle + write_cycle = 2 cycles.
    EXPECT_EQ(b.drv.result(add).response_cycle, 3u);
    EXPECT_EQ(b.drv.result(cas_fail).response_cycle, 9u);
    EXPECT_EQ(stat("atomics"), 4u);
}

TEST(LocalMem, UntimedAccessForLoadersAndDebuggers) {
    Bench b;
    b.drv.at(1, [&] {
        uint8_t w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(0x7ff8);
        gp.set_data_ptr(w);
        gp.set_data_length(8);
        gp.set_streaming_width(8);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        b.drv.port.socket->b_transport(gp, delay);
        EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
        uint8_t r[16] = {};
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_data_ptr(r);
        gp.set_data_length(16);  // runs past the end: 8 bytes
        EXPECT_EQ(b.drv.port.socket->transport_dbg(gp), 8u);
        EXPECT_EQ(r[7], 8);
    });
    b.run();
    EXPECT_EQ(b.mem.read32(0x7ffc), 0x08070605u);
    EXPECT_EQ(stat("writes"), 0u);  // untimed access is not counted
}

TEST(LocalMem, OutOfRangeRequestIsAnAddressError) {
    Bench b;
    unsigned r = b.drv.read(1, 0x8000, 4);
    b.run();
    EXPECT_EQ(b.drv.result(r).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.drv.result(r).response_cycle, 2u);
}

TEST(LocalMem, ParamsFromConfig) {
    config::Config c;
    c.set("mvpgpu_local_mem_num_banks", "4", "test");
    c.set("mvpgpu_local_mem_read_cycle", "2", "test");
    LocalMem::Params p = LocalMem::Params::from_config(c);
    EXPECT_EQ(p.size, 32768u);
    EXPECT_EQ(p.num_banks, 4u);
    EXPECT_EQ(p.read_cycle, 2u);
    EXPECT_EQ(p.write_cycle, 1u);
}

}  // namespace
}  // namespace mvp
