// Exact-cycle tests of the DDR controller and device timing. A scripted generator on the DRAM
// clock talks to one controller; every expected cycle is written from the timing parameters.
// A request sent at edge e is registered in the controller's queue at edge e + 1 (kRegister),
// and its response leaves at the edge its last data beat is transferred, which is the cycle
// the generator records.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <numeric>
#include <sstream>
#include <vector>

#include "modules/ddr/ddr_controller.h"
#include "modules/golden/global_memory.h"
#include "modules/isa/opcode.h"
#include "modules/noc/noc.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/vcd_tracer.h"
#include "tb/noc/traffic_generator.h"

namespace mvp {
namespace {

using sim::ProtocolChecker;
using tb::TrafficGenerator;

constexpr uint32_t kBase = GlobalMemory::kBase;
constexpr uint64_t kRegister = 1;  // a request is registered at the edge after it is sent

// One controller (the only one: no interleaving) on an 800 MHz DRAM clock, driven by one
// generator on the same clock.
struct Bench {
    explicit Bench(const DdrParams& params, unsigned issue_per_cycle = 1)
        : p(params),
          dram("dram", 800.0),
          memory(1u << 22),
          ddr("ddr", dram, p, memory, MemoryInterleave(kBase, 256, 1), 0),
          gen("gen", dram) {
        gen.set_issue_per_cycle(issue_per_cycle);
        sim::connect(gen.port.socket, ddr.target_socket(), "link");
    }

    // The address of a byte in the device: row, bank, column (the controller's mapping).
    uint32_t at(uint64_t row, unsigned bank, uint32_t column) const {
        return kBase +
               static_cast<uint32_t>((row * p.banks + bank_bits(row, bank)) * p.row_bytes + column);
    }
    // The bank field of the address of a bank: with bank_xor, the bank index is the field
    // XORed with the row folded to the field's width.
    unsigned bank_bits(uint64_t row, unsigned bank) const {
        if (!p.bank_xor) return bank;
        unsigned width = 0;
        while ((1u << width) < p.banks) ++width;
        for (uint64_t r = row; r && width; r >>= width)
            bank ^= static_cast<unsigned>(r & (p.banks - 1));
        return bank;
    }

    DdrParams p;
    sim::ClockDomain dram;
    GlobalMemory memory;
    DdrController ddr;
    TrafficGenerator gen;
};

DdrParams defaults() { return DdrParams{}; }

class DdrTest : public ::testing::Test {
  protected:
    DdrTest() { sim::set_protocol_checking(true); }
    ~DdrTest() override { EXPECT_EQ(ProtocolChecker::total_violations(), 0u); }
};

TEST_F(DdrTest, AddressMappingIsRowBankColumnAfterInterleaving) {
    sim::ClockDomain dram("dram", 800.0);
    GlobalMemory memory(1u << 20);
    const DdrParams p = defaults();
    // Four controllers interleaved every 256 bytes: controller 1 owns 0x100-0x1ff, 0x500-...
    const MemoryInterleave map(kBase, 256, 4);
    DdrController ddr("ddr1", dram, p, memory, map, 1);
    EXPECT_EQ(map.controller(kBase + 0x100), 1u);
    EXPECT_EQ(map.controller(kBase + 0x4ff), 0u);
    EXPECT_EQ(map.controller(kBase + 0x500), 1u);
    EXPECT_EQ(map.local(kBase + 0x510), 0x110u);
    // Local address 2048 * 16 * 3 + 2048 * 5 + 0x40: row 3, bank 5, column 0x40.
    const uint64_t local = 2048u * 16 * 3 + 2048u * 5 + 0x40;
    const uint32_t global = kBase + static_cast<uint32_t>((local / 256) * 1024 + 256 + local % 256);
    EXPECT_EQ(map.controller(global), 1u);
    EXPECT_EQ(map.local(global), local);
    const DdrController::Location loc = ddr.locate(global);
    EXPECT_EQ(loc.row, 3u);
    EXPECT_EQ(loc.bank, p.bank_xor ? 5u ^ 3u : 5u);
    EXPECT_EQ(loc.column, 0x40u);
}

TEST_F(DdrTest, BankXorSpreadsTheSameOffsetOfDifferentRowsOverBanks) {
    sim::ClockDomain dram("dram", 800.0);
    GlobalMemory memory(1u << 20);
    DdrParams plain = defaults();
    plain.bank_xor = false;
    DdrParams hashed = defaults();
    hashed.bank_xor = true;
    const MemoryInterleave map(kBase, 256, 1);
    DdrController a("plain", dram, plain, memory, map, 0);
    DdrController b("hashed", dram, hashed, memory, map, 0);
    // Sixteen buffers 32 KiB apart (one row of every bank apart): the same bank without the
    // hash, sixteen banks with it. Row 0x12 folds to 0x2 ^ 0x1.
    std::vector<bool> used(16, false);
    for (uint32_t k = 0; k < 16; ++k) {
        const uint32_t address = kBase + k * 16 * 2048 + 0x100;
        EXPECT_EQ(a.locate(address).bank, 0u);
        EXPECT_EQ(a.locate(address).row, k);
        used[b.locate(address).bank] = true;
    }
    EXPECT_EQ(std::count(used.begin(), used.end(), true), 16);
    EXPECT_EQ(b.locate(kBase + (0x12u * 16 + 4) * 2048).bank, 4u ^ 0x2u ^ 0x1u);
    // Within a row nothing changes: a stream still fills a row, then moves on.
    EXPECT_EQ(b.locate(kBase + 0x12u * 16 * 2048 + 2047).bank,
              b.locate(kBase + 0x12u * 16 * 2048).bank);
}

TEST_F(DdrTest, RowMissHitAndConflictLatenciesFollowTheTimingFormulas) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    const size_t miss = b.gen.read(10, b.at(0, 0, 0), 32);
    const size_t hit = b.gen.read(100, b.at(0, 0, 64), 32);
    const size_t conflict = b.gen.read(200, b.at(1, 0, 0), 32);
    const size_t write_miss = b.gen.write(300, b.at(0, 1, 0), std::vector<uint8_t>(32, 0xab));
    sc_core::sc_start();

    // Closed bank: ACT, tRCD, READ, tCL, burst.
    EXPECT_EQ(b.gen.record(miss).responded, 10 + kRegister + p.tRCD + p.tCL + p.burst_cycles());
    // Open row: READ, tCL, burst.
    EXPECT_EQ(b.gen.record(hit).responded, 100 + kRegister + p.tCL + p.burst_cycles());
    // Another row open (tRAS long past): PRE, tRP, ACT, tRCD, READ, tCL, burst.
    EXPECT_EQ(b.gen.record(conflict).responded,
              200 + kRegister + p.tRP + p.tRCD + p.tCL + p.burst_cycles());
    // A write answers when its data has been transferred (write latency = tCL).
    EXPECT_EQ(b.gen.record(write_miss).responded,
              300 + kRegister + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.row_misses(), 2u);
    EXPECT_EQ(b.ddr.row_hits(), 1u);
    EXPECT_EQ(b.ddr.row_conflicts(), 1u);
    EXPECT_EQ(b.ddr.reads(), 3u);
    EXPECT_EQ(b.ddr.writes(), 1u);
    for (size_t i = 0; i < b.gen.size(); ++i)
        EXPECT_EQ(b.gen.record(i).status, tlm::TLM_OK_RESPONSE);
}

TEST_F(DdrTest, ConflictWaitsForTrasAfterTheActivate) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    b.gen.read(10, b.at(0, 0, 0), 32);  // ACT at 11
    const size_t conflict = b.gen.read(12, b.at(1, 0, 0), 32);
    sc_core::sc_start();
    // PRE no earlier than ACT + tRAS.
    const uint64_t act = 10 + kRegister;
    EXPECT_EQ(b.gen.record(conflict).responded,
              act + p.tRAS + p.tRP + p.tRCD + p.tCL + p.burst_cycles());
}

TEST_F(DdrTest, RequestLargerThanABurstTakesOneColumnCommandPerBurst) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    ASSERT_EQ(p.burst_bytes(), 64u);
    const size_t r = b.gen.read(10, b.at(0, 0, 0), 256);  // four bursts
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).responded,
              10 + kRegister + p.tRCD + 3 * p.column_interval() + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.row_misses() + b.ddr.row_hits(), 4u);
}

TEST_F(DdrTest, FrFcfsServesARowHitBeforeAnOlderConflict) {
    Bench b(defaults(), 2);
    const DdrParams& p = b.p;
    b.gen.read(10, b.at(0, 0, 0), 32);                            // opens row 0 of bank 0
    const size_t older = b.gen.read(100, b.at(1, 0, 0), 32);      // row 1 of bank 0: conflict
    const size_t younger = b.gen.read(100, b.at(0, 0, 128), 32);  // row 0: hit
    sc_core::sc_start();
    ASSERT_EQ(b.gen.record(older).sent, 100u);
    ASSERT_EQ(b.gen.record(younger).sent, 100u);
    const uint64_t ready = 100 + kRegister;
    // The hit's READ goes first, at once.
    EXPECT_EQ(b.gen.record(younger).responded, ready + p.tCL + p.burst_cycles());
    // The conflict's PRE waits until the hit's burst has left the row (READ to PRE), then
    // PRE, ACT, READ as usual.
    EXPECT_EQ(b.gen.record(older).responded,
              ready + p.burst_cycles() + p.tRP + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.row_hits(), 1u);
    EXPECT_EQ(b.ddr.row_conflicts(), 1u);
}

TEST_F(DdrTest, FullQueueHoldsEndRequestUntilAnEntryFrees) {
    DdrParams p = defaults();
    p.queue_depth = 4;
    Bench b(p, 8);
    // Six reads to six rows of bank 0: served one after another.
    std::vector<size_t> r;
    for (unsigned i = 0; i < 6; ++i) r.push_back(b.gen.read(10, b.at(i, 0, 0), 32));
    sc_core::sc_start();
    for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(b.gen.record(r[i]).accepted, 10u) << i;
    // The fifth waits for the first request's READ (ACT at 11, READ tRCD later), which frees
    // its entry.
    const uint64_t read0 = 10 + kRegister + p.tRCD;
    EXPECT_EQ(b.gen.record(r[4]).sent, 10u);
    EXPECT_EQ(b.gen.record(r[4]).accepted, read0);
    // The sixth is sent at the next edge and waits for the second request's READ: PRE at
    // ACT0 + tRAS, ACT tRP later, READ tRCD later.
    const uint64_t read1 = 10 + kRegister + p.tRAS + p.tRP + p.tRCD;
    EXPECT_EQ(b.gen.record(r[5]).sent, read0 + 1);
    EXPECT_EQ(b.gen.record(r[5]).accepted, read1);
    EXPECT_EQ(b.gen.record(r[1]).responded, read1 + p.tCL + p.burst_cycles());
    for (size_t i : r) EXPECT_TRUE(b.gen.record(i).done());
}

TEST_F(DdrTest, WriteThenReadReturnsTheWrittenData) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    std::vector<uint8_t> data(32);
    std::iota(data.begin(), data.end(), 1);
    const uint32_t a = b.at(2, 3, 96);
    const size_t w = b.gen.write(10, a, data);
    const size_t r = b.gen.read(11, a, 32);
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).data, data);
    std::vector<uint8_t> stored(32);
    b.memory.read(a, stored.data(), stored.size());
    EXPECT_EQ(stored, data);
    // The read may not pass the older write to the same bytes: it follows the WRITE by the
    // column interval.
    const uint64_t write_cmd = 10 + kRegister + p.tRCD;
    EXPECT_EQ(b.gen.record(w).responded, write_cmd + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.gen.record(r).responded,
              write_cmd + p.column_interval() + p.tCL + p.burst_cycles());
}

TEST_F(DdrTest, ByteEnablesLimitAWrite) {
    Bench b(defaults());
    const uint32_t a = b.at(0, 0, 0);
    b.memory.write(a, std::vector<uint8_t>(8, 0x11).data(), 8);
    TrafficGenerator::Request w;
    w.cycle = 10;
    w.command = tlm::TLM_WRITE_COMMAND;
    w.address = a;
    w.size = 8;
    w.data = std::vector<uint8_t>(8, 0xee);
    w.byte_enable = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};  // every other byte
    b.gen.add(w);
    const size_t r = b.gen.read(11, a, 8);
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).data,
              (std::vector<uint8_t>{0xee, 0x11, 0xee, 0x11, 0xee, 0x11, 0xee, 0x11}));
}

TEST_F(DdrTest, AtomicsReturnTheOldWordAndUpdateMemory) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    const uint32_t a = b.at(0, 2, 8);
    const auto op = [](isa::Opcode o) { return static_cast<uint8_t>(o); };
    b.gen.write32(10, a, 100);
    const size_t add = b.gen.atomic(11, a, op(isa::Opcode::kAtomAdd), 5);
    const size_t xchg = b.gen.atomic(12, a, op(isa::Opcode::kAtomXchg), 7);
    const size_t cas_ok = b.gen.atomic(13, a, op(isa::Opcode::kAtomCas), 9, 7);
    const size_t cas_fail = b.gen.atomic(14, a, op(isa::Opcode::kAtomCas), 50, 1);
    const size_t read = b.gen.read(15, a, 4);
    // An atomic alone on a closed bank: a read of its word's burst.
    const size_t lone = b.gen.atomic(500, b.at(5, 7, 0), op(isa::Opcode::kAtomAdd), 1);
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(add).word(), 100u);
    EXPECT_EQ(b.gen.record(xchg).word(), 105u);
    EXPECT_EQ(b.gen.record(cas_ok).word(), 7u);
    EXPECT_EQ(b.gen.record(cas_fail).word(), 9u);
    EXPECT_EQ(b.gen.record(read).word(), 9u);
    EXPECT_EQ(b.gen.record(lone).word(), 0u);
    uint32_t stored = 0;
    b.memory.read(a, &stored, 4);
    EXPECT_EQ(stored, 9u);
    b.memory.read(b.at(5, 7, 0), &stored, 4);
    EXPECT_EQ(stored, 1u);
    EXPECT_EQ(b.ddr.atomics(), 5u);
    EXPECT_EQ(b.gen.record(lone).responded, 500 + kRegister + p.tRCD + p.tCL + p.burst_cycles());
    // Responses come in order: each atomic waits for the one before it on the same word.
    for (size_t i = add; i < read; ++i)
        EXPECT_LT(b.gen.record(i).responded, b.gen.record(i + 1).responded);
}

TEST_F(DdrTest, RequestsInOneBurstShareOneColumnCommand) {
    Bench b(defaults(), 2);
    const DdrParams& p = b.p;
    const size_t first = b.gen.read(10, b.at(0, 0, 0), 32);
    const size_t second = b.gen.read(10, b.at(0, 0, 32), 32);  // same 64-byte burst
    sc_core::sc_start();
    const uint64_t done = 10 + kRegister + p.tRCD + p.tCL + p.burst_cycles();
    EXPECT_EQ(b.gen.record(first).responded, done);
    EXPECT_EQ(b.gen.record(second).responded, done);
    EXPECT_EQ(b.ddr.row_misses() + b.ddr.row_hits(), 1u);
}

TEST_F(DdrTest, WithoutCoalescingEachRequestTakesItsOwnBurst) {
    DdrParams p = defaults();
    p.coalesce = false;
    Bench b(p, 2);
    const size_t first = b.gen.read(10, b.at(0, 0, 0), 32);
    const size_t second = b.gen.read(10, b.at(0, 0, 32), 32);
    sc_core::sc_start();
    const uint64_t done = 10 + kRegister + p.tRCD + p.tCL + p.burst_cycles();
    EXPECT_EQ(b.gen.record(first).responded, done);
    EXPECT_EQ(b.gen.record(second).responded, done + p.column_interval());
    EXPECT_EQ(b.ddr.row_misses(), 1u);
    EXPECT_EQ(b.ddr.row_hits(), 1u);
}

TEST_F(DdrTest, StreamingReadsReachThePeakBandwidthLessTheRowOpenings) {
    Bench b(defaults());
    const DdrParams& p = b.p;
    const unsigned request = 32;
    const uint64_t count = 4096;
    b.gen.stream(10, tlm::TLM_READ_COMMAND, kBase, request, count, 64);
    sc_core::sc_start();
    ASSERT_TRUE(b.gen.finished());
    const uint64_t bytes = count * request;
    // Expected: every burst back to back on the data bus; the first row opening is exposed
    // (ACT to data), the later ones are in other banks and overlap earlier bursts.
    const uint64_t bursts = bytes / p.burst_bytes();
    const uint64_t expected_cycles = kRegister + p.tRCD + p.tCL + bursts * p.column_interval();
    const double ns_per_cycle = 1000.0 / b.dram.mhz();
    const double expected_gbps = bytes / (expected_cycles * ns_per_cycle);
    const double measured_cycles = static_cast<double>(b.gen.last_responded() - 10);
    const double measured_gbps = bytes / (measured_cycles * ns_per_cycle);
    const double peak = p.peak_gbps(b.dram.mhz());
    EXPECT_DOUBLE_EQ(peak, 12.8);
    EXPECT_NEAR(measured_gbps, expected_gbps, 0.1 * expected_gbps);
    EXPECT_GT(measured_gbps, 0.9 * peak);
    EXPECT_EQ(b.ddr.row_misses(), p.banks);  // the first row of every bank
    EXPECT_EQ(b.ddr.row_conflicts(), bytes / p.row_bytes - p.banks);
    RecordProperty("measured_gbps", std::to_string(measured_gbps));
}

TEST_F(DdrTest, RefreshMakesTheBanksWaitTrfc) {
    DdrParams p = defaults();
    p.tREFI = 1000;
    Bench b(p);
    // Registered at the cycle the refresh is due: banks closed, so REFRESH at once, then the
    // banks rest tRFC before the ACT.
    const size_t r = b.gen.read(p.tREFI - kRegister, b.at(0, 0, 0), 32);
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).responded, p.tREFI + p.tRFC + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.refreshes(), 1u);
}

TEST_F(DdrTest, RefreshPrechargesAnOpenRowFirst) {
    DdrParams p = defaults();
    p.tREFI = 1000;
    Bench b(p);
    b.gen.read(10, b.at(0, 0, 0), 32);  // row 0 of bank 0 stays open
    const size_t r = b.gen.read(p.tREFI - kRegister, b.at(0, 0, 64), 32);  // would be a hit
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).responded,
              p.tREFI + p.tRP + p.tRFC + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.row_misses(), 2u);
}

TEST_F(DdrTest, ARefreshHeldForAnAtomicsWriteBackStillHappens) {
    // The refresh comes due while an atomic's write-back is pending, and waits for it; once the
    // write-back has gone, nothing else is outstanding but a read behind the refresh. The
    // controller must do the refresh and serve the read (it used to sleep with both waiting).
    DdrParams p = defaults();
    p.tREFI = 1000;
    Bench b(p);
    const auto add = static_cast<uint8_t>(isa::Opcode::kAtomAdd);
    // The atomic's read column is issued one cycle before the refresh is due.
    const size_t atomic = b.gen.atomic(p.tREFI - 1 - p.tRCD - kRegister, b.at(0, 0, 0), add, 1);
    const size_t r = b.gen.read(p.tREFI - kRegister, b.at(1, 0, 0), 32);
    sc_core::sc_start();
    ASSERT_TRUE(b.gen.record(atomic).done());
    ASSERT_TRUE(b.gen.record(r).done());
    EXPECT_GE(b.gen.record(r).responded, p.tREFI + p.tRFC + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.refreshes(), 1u);
    uint32_t stored = 0;
    b.memory.read(b.at(0, 0, 0), &stored, 4);
    EXPECT_EQ(stored, 1u);
}

TEST_F(DdrTest, RefreshesWhileIdleAreCountedAndCostNothingLater) {
    DdrParams p = defaults();
    p.tREFI = 1000;
    Bench b(p);
    const size_t r = b.gen.read(10500, b.at(0, 0, 0), 32);
    sc_core::sc_start();
    EXPECT_EQ(b.gen.record(r).responded, 10500 + kRegister + p.tRCD + p.tCL + p.burst_cycles());
    EXPECT_EQ(b.ddr.refreshes(), 10u);
}

TEST_F(DdrTest, DebugAndBlockingTransportReachTheStorageWithoutTiming) {
    Bench b(defaults());
    tlm::tlm_generic_payload gp;
    uint32_t value = 0x12345678;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(kBase + 0x1000);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
    gp.set_data_length(4);
    EXPECT_EQ(b.gen.port.socket->transport_dbg(gp), 4u);
    uint32_t stored = 0;
    b.memory.read(kBase + 0x1000, &stored, 4);
    EXPECT_EQ(stored, 0x12345678u);

    uint32_t back = 0;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&back));
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    b.gen.port.socket->b_transport(gp, delay);
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(back, 0x12345678u);
    EXPECT_EQ(delay, sc_core::SC_ZERO_TIME);

    gp.set_address(kBase + (1u << 22));  // past the end of the storage
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    b.gen.port.socket->b_transport(gp, delay);
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.gen.port.socket->transport_dbg(gp), 0u);
}

TEST_F(DdrTest, AddressOutsideTheStorageIsAnErrorResponse) {
    Bench b(defaults());
    const size_t r = b.gen.read(10, kBase + (1u << 22), 32);
    sc_core::sc_start();
    EXPECT_TRUE(b.gen.record(r).done());
    EXPECT_EQ(b.gen.record(r).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_F(DdrTest, StatisticsAndWaveformDescribeTheTraffic) {
    const std::string vcd = (std::filesystem::temp_directory_path() /
                             ("mvp_ddr_test_" + std::to_string(::getpid()) + ".vcd"))
                                .string();
    sim::VcdTracer::instance().configure(vcd, "*ddr*", 0, 200);
    Bench b(defaults());
    sim::VcdTracer::instance().start(b.dram, {&b.dram});
    b.gen.read(10, b.at(0, 0, 0), 32);
    b.gen.read(60, b.at(0, 0, 64), 32);
    b.gen.read(61, b.at(3, 0, 0), 32);
    sc_core::sc_start();
    sim::VcdTracer::instance().finish();

    std::ostringstream text;
    sim::StatGroup::write_text(text);
    const std::string s = text.str();
    EXPECT_NE(s.find("ddr.reads 3 "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.row_hits 1 "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.row_misses 1 "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.row_conflicts 1 "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.bytes_read 96 "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.latency mean "), std::string::npos) << s;
    EXPECT_NE(s.find("ddr.bandwidth_gbps "), std::string::npos) << s;

    std::ifstream in(vcd);
    const std::string wave((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(wave.find("queue_depth"), std::string::npos);
    EXPECT_NE(wave.find("open_row"), std::string::npos);
    EXPECT_NE(wave.find("$scope module bank0 $end"), std::string::npos);
    EXPECT_NE(wave.find("b" + std::string(32, '1') + " "), std::string::npos);  // closed bank
    std::filesystem::remove(vcd);
}

// A request sent at an edge reaches the controller before or after the controller's own pass of
// that edge, as processes happen to run; no statistic may depend on which. Each pair of benches
// gets the same two requests, the second sent k cycles after the first (across the first's
// command, completion and the freeing of its entry); in one the generator ticks after the
// controller, in the other before it.
TEST_F(DdrTest, StatisticsDoNotDependOnWhetherTheSenderRunsFirst) {
    struct Pair {
        std::unique_ptr<sim::ClockDomain> clock;
        std::unique_ptr<DdrController> ddr;
        std::unique_ptr<TrafficGenerator> gen;
    };
    GlobalMemory memory(1u << 16);
    const DdrParams p = defaults();
    const MemoryInterleave one(kBase, 256, 1);
    std::vector<Pair> late, early;
    constexpr unsigned kOffsets = 48;
    for (unsigned k = 0; k < kOffsets; ++k) {
        for (bool sender_first : {false, true}) {
            const std::string name = (sender_first ? "early" : "late") + std::to_string(k);
            Pair pair;
            pair.clock = std::make_unique<sim::ClockDomain>((name + "_clock").c_str(), 800.0);
            // Blocks of one domain tick in the order they were attached.
            if (sender_first)
                pair.gen = std::make_unique<TrafficGenerator>((name + "_gen").c_str(), *pair.clock);
            pair.ddr = std::make_unique<DdrController>((name + "_ddr").c_str(), *pair.clock, p,
                                                       memory, one, 0);
            if (!sender_first)
                pair.gen = std::make_unique<TrafficGenerator>((name + "_gen").c_str(), *pair.clock);
            sim::connect(pair.gen->port.socket, pair.ddr->target_socket(), name + "_link");
            pair.gen->read(10, kBase, 32);
            pair.gen->read(10 + k, kBase + 64, 32);
            pair.gen->read(10 + k, kBase + 4096, 32);
            (sender_first ? early : late).push_back(std::move(pair));
        }
    }
    sc_core::sc_start();

    auto stats_of = [](const DdrController& ddr) {
        for (const sim::StatGroup* g : sim::StatGroup::all())
            if (g->path() == ddr.name()) return g->lines();
        return std::vector<std::string>{};
    };
    for (unsigned k = 0; k < kOffsets; ++k) {
        ASSERT_TRUE(late[k].gen->finished() && early[k].gen->finished()) << k;
        const std::vector<std::string> a = stats_of(*late[k].ddr);
        ASSERT_FALSE(a.empty());
        EXPECT_EQ(a, stats_of(*early[k].ddr)) << "second request at +" << k;
        for (size_t i = 0; i < 3; ++i)
            EXPECT_EQ(late[k].gen->record(i).responded, early[k].gen->record(i).responded) << k;
    }
}

// The platform's memory path: generators on the interconnect clock (1000 MHz), the NoC, and
// two interleaved controllers on the DRAM clock (800 MHz). A crossing between the domains is
// registered at the receiver's first edge after the sender's edge.
TEST_F(DdrTest, ThroughTheNocAcrossClockDomains) {
    sim::ClockDomain icn("icn", 1000.0);
    sim::ClockDomain dram("dram", 800.0);
    GlobalMemory memory(1u << 22);
    const NocParams np;
    const DdrParams p = defaults();
    Noc noc("noc", icn, np, 1, 2, true);
    DdrController ddr0("ddr0", dram, p, memory, noc.interleave(), 0);
    DdrController ddr1("ddr1", dram, p, memory, noc.interleave(), 1);
    TrafficGenerator gen("gen", icn);
    TrafficGenerator dma("dma", icn);
    sim::connect(gen.port.socket, noc.target_socket(0), "gen_noc");
    sim::connect(dma.port.socket, noc.dma_socket(), "dma_noc");
    sim::connect(noc.initiator_socket(0), ddr0.target_socket(), "noc_ddr0");
    sim::connect(noc.initiator_socket(1), ddr1.target_socket(), "noc_ddr1");

    std::vector<uint8_t> data(32);
    std::iota(data.begin(), data.end(), 100);
    const uint32_t a = kBase + 256 + 64;  // controller 1
    const size_t w = gen.write(10, a, data);
    const size_t r = gen.read(300, a, 32);
    const size_t far = dma.read(600, kBase + 512, 32);  // controller 0, through the DMA port
    sc_core::sc_start();
    EXPECT_EQ(gen.record(r).data, data);
    EXPECT_TRUE(dma.record(far).done());
    EXPECT_EQ(ddr1.writes(), 1u);
    EXPECT_EQ(ddr1.reads(), 1u);
    EXPECT_EQ(ddr0.reads(), 1u);

    // The read: it leaves the NoC at icn edge sent + latency + 1 (one flit); the controller
    // registers it at the next DRAM edge, reads the open row (tCL + burst), and the NoC
    // registers the response at the next icn edge, then takes latency + 1 more.
    auto dram_edge_after = [&](uint64_t icn_cycle) {
        return icn.time_of(icn_cycle).value() / dram.period().value() + 1;
    };
    auto icn_edge_after = [&](uint64_t dram_cycle) {
        return dram.time_of(dram_cycle).value() / icn.period().value() + 1;
    };
    const uint64_t registered = dram_edge_after(300 + np.latency + 1);
    const uint64_t answered = registered + p.tCL + p.burst_cycles();
    // (The response link adds latency + flits - 1 after the edge that registers it.)
    EXPECT_EQ(gen.record(r).responded, icn_edge_after(answered) + np.latency + noc.flits(32) - 1);
    // The write before it: a row miss; its request carries 32 bytes (one flit).
    const uint64_t w_registered = dram_edge_after(10 + np.latency + noc.flits(32));
    EXPECT_EQ(gen.record(w).responded,
              icn_edge_after(w_registered + p.tRCD + p.tCL + p.burst_cycles()) + np.latency);
}

}  // namespace
}  // namespace mvp
