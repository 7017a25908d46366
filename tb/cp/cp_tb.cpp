// Testbench of the command processor and the DMA engine: register access over TLM, work-group
// dispatch to SPs with free capacity, completion after the SPs' write-back, launch errors, DMA
// copies between host memory and GPU memory with exact cycles, and the register socket: bad
// accesses and their TLM error responses and counters (loosely and approximately timed), AT
// timing, the LT delay annotation and debug accesses.

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "modules/cp/cp.h"
#include "modules/dma/dma.h"
#include "modules/dma/host_memory.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "tb/cp/cp_bench.h"
#include "tb/cp/register_master.h"

namespace mvp::tb {
namespace {

using namespace cp_reg;

struct Bench {
    Bench()
        : core("core", 1000.0),
          cp("cp", core, Cp::Params{}),
          dma("dma", core, Dma::Params{64, 4}),
          host_mem("host_mem", core, HostMemory::Params{100, 16}),
          gpu_mem("gpu_mem", core, HostMemory::Params{10, 16}),
          bus("bus"),
          watch("watch", core) {
        sim::set_protocol_checking(true);
        sim::connect(bus.socket, cp.regs.socket, "regs_link");
        sim::connect(dma.host.socket, host_mem.port.socket, "host_link");
        // The DMA engine's device side passes through the CP's memory port.
        sim::connect(dma.gpu.socket, cp.dma_port().socket, "dma_cp_link");
        sim::connect(cp.memory_port().socket, gpu_mem.port.socket, "gpu_link");
        cp.irq.bind(watch.line);
        cp.set_dma(&dma);
    }
    void launch(uint32_t global, uint32_t local) {
        bus.write(kCodeBytes, 8);
        bus.write(kWorkDim, 1);
        bus.write(kGlobal0, global);
        bus.write(kGlobal0 + 4, 1);
        bus.write(kGlobal0 + 8, 1);
        bus.write(kLocal0, local);
        bus.write(kLocal0 + 4, 1);
        bus.write(kLocal0 + 8, 1);
        bus.write(kIrqEnable, kIrqKernelDone | kIrqDmaDone | kIrqError);
        bus.write(kControl, kControlStartKernel);
    }
    sim::ClockDomain core;
    Cp cp;
    Dma dma;
    HostMemory host_mem;
    HostMemory gpu_mem;
    HostBus bus;
    IrqWatch watch;
};

TEST(Cp, IdentifiesItselfAndRejectsBadAccesses) {
    Bench b;
    EXPECT_EQ(b.bus.read(kId), kIdValue);
    EXPECT_EQ(b.bus.read(kVersion), kVersionValue);
    tlm::tlm_generic_payload gp;
    uint32_t v = 0;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(kRegisterBytes);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    sc_core::sc_time d;
    b.bus.socket->b_transport(gp, d);
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(Cp, DispatchesRoundRobinToFreeSpsAndCompletesAfterTheFlush) {
    Bench b;
    TestSp sp0(b.core, 0, 10, 3), sp1(b.core, 1, 10, 5);
    b.cp.add_executor(&sp0);
    b.cp.add_executor(&sp1);
    TestSp::log.clear();
    b.launch(5 * 16, 16);  // 5 work-groups
    sc_core::sc_start(1, sc_core::SC_US);
    // Cycle 1: g0 -> SP0; cycle 2: g1 -> SP1; both busy until their ends at 11 and 12; each
    // end wakes the CP for the next edge.
    std::vector<TestSp::Dispatch> expect = {
        {0, 0, 1}, {1, 1, 2}, {2, 0, 12}, {3, 1, 13}, {4, 0, 23}};
    EXPECT_EQ(TestSp::log, expect);
    // g4 ends at 33: both SPs flush at 33; SP1's flush (5 cycles) ends last, at 38.
    EXPECT_EQ(sp0.flushed_at, 33u);
    EXPECT_EQ(sp1.flushed_at, 33u);
    EXPECT_EQ(b.watch.rises, (std::vector<uint64_t>{38}));
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqKernelDone);
    EXPECT_EQ(b.bus.read(kKernelCyclesLo), 38u);
    EXPECT_EQ(b.bus.read(kGroupsDone), 5u);
    EXPECT_EQ(b.bus.read(kStatus), 0u);
    EXPECT_EQ(sp0.invalidations, 1u);
    b.bus.write(kIrqStatus, kIrqKernelDone);  // write one to clear
    EXPECT_EQ(b.bus.read(kIrqStatus), 0u);
}

TEST(Cp, RejectsALaunchThatBreaksTheAbi) {
    Bench b;
    TestSp sp0(b.core, 0, 10, 1);
    b.cp.add_executor(&sp0);
    b.launch(256, 128);
    sc_core::sc_start(100, sc_core::SC_NS);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorBadLaunch);
    EXPECT_EQ(b.bus.read(kStatus), kStatusError);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqError);
    EXPECT_EQ(b.cp.error_message(),
              "invalid launch: work-group of 128 work-items exceeds the maximum of 64");
    EXPECT_EQ(sp0.invalidations, 0u);
}

TEST(Cp, AnSpFaultStopsTheKernel) {
    Bench b;
    TestSp sp0(b.core, 0, 10, 1);
    b.cp.add_executor(&sp0);
    b.launch(64, 16);
    sc_core::sc_start(5, sc_core::SC_NS);
    sp0.on_error("fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x0008 (k.s:3) ...");
    sc_core::sc_start(100, sc_core::SC_NS);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorKernelFault);
    EXPECT_EQ(b.bus.read(kStatus) & kStatusKernelBusy, 0u);
    EXPECT_EQ(TestSp::log.size(), 1u);  // no dispatch after the fault
}

void dma(Bench& b, uint64_t host, uint32_t gpu, uint32_t bytes, bool to_host) {
    b.bus.write(kIrqEnable, kIrqDmaDone);
    b.bus.write(kDmaHostLo, static_cast<uint32_t>(host));
    b.bus.write(kDmaHostHi, static_cast<uint32_t>(host >> 32));
    b.bus.write(kDmaGpu, gpu);
    b.bus.write(kDmaBytes, bytes);
    b.bus.write(kDmaDirection, to_host ? 1 : 0);
    b.bus.write(kControl, kControlStartDma);
}

TEST(Dma, OneChunkTakesBothLatenciesAndBothLinkTransfers) {
    Bench b;
    uint8_t data[64];
    for (int i = 0; i < 64; ++i) data[i] = static_cast<uint8_t>(i * 7);
    b.host_mem.poke(0x1000, data, 64);
    dma(b, 0x1000, 0x80000000u, 64, false);
    sc_core::sc_start(1, sc_core::SC_US);
    // Read issued at cycle 1: 100 latency + 64/16 transfer -> answered at 105, seen by the DMA
    // on the next edge (a response is registered): write issued at 106: 10 + 4 -> answered at
    // 120, seen at 121, when the transfer is done.
    EXPECT_EQ(b.watch.rises, (std::vector<uint64_t>{121}));
    uint8_t back[64];
    b.gpu_mem.peek(0x80000000u, back, 64);
    EXPECT_EQ(std::memcmp(back, data, 64), 0);
}

TEST(Dma, OneMebibyteRoundTripIsIdentical) {
    Bench b;
    std::vector<uint8_t> data(1 << 20), back(1 << 20);
    std::mt19937 rng(7);
    for (auto& x : data) x = static_cast<uint8_t>(rng());
    b.host_mem.poke(0x7f0000000000ull, data.data(), data.size());
    dma(b, 0x7f0000000000ull, 0x80100000u, 1 << 20, false);
    sc_core::sc_start(10, sc_core::SC_MS);
    ASSERT_EQ(b.watch.rises.size(), 1u);
    b.bus.write(kIrqStatus, kIrqDmaDone);
    dma(b, 0x7f0000200000ull, 0x80100000u, 1 << 20, true);
    sc_core::sc_start(10, sc_core::SC_MS);
    ASSERT_EQ(b.watch.rises.size(), 2u);
    b.host_mem.peek(0x7f0000200000ull, back.data(), back.size());
    EXPECT_EQ(back, data);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// The register socket driven by a CPU model, loosely or approximately timed.
struct BusBench {
    explicit BusBench(RegisterMaster::Mode mode)
        : core("core", 1000.0),
          cp("cp", core, Cp::Params{}),
          dma("dma", core, Dma::Params{64, 4}),
          host_mem("host_mem", core, HostMemory::Params{100, 16}),
          gpu_mem("gpu_mem", core, HostMemory::Params{10, 16}),
          master("master", mode) {
        sim::set_protocol_checking(true);
        sim::connect(master.port.socket, cp.regs.socket, "regs_link");
        sim::connect(dma.host.socket, host_mem.port.socket, "host_link");
        sim::connect(dma.gpu.socket, cp.dma_port().socket, "dma_cp_link");
        sim::connect(cp.memory_port().socket, gpu_mem.port.socket, "gpu_link");
        cp.irq.bind(line);
        master.irq.bind(line);
        cp.set_dma(&dma);
    }
    static double stat(const char* name) { return sim::StatGroup::find("cp", name)->value(); }

    sim::ClockDomain core;
    Cp cp;
    Dma dma;
    HostMemory host_mem;
    HostMemory gpu_mem;
    RegisterMaster master;
    sc_core::sc_signal<bool> line;
};

class CpBus : public testing::TestWithParam<RegisterMaster::Mode> {};

TEST_P(CpBus, BadAccessesGetTheirErrorResponseAreCountedAndTheNextAccessWorks) {
    BusBench b(GetParam());
    struct Case {
        const char* what;
        tlm::tlm_command command;
        uint64_t address;
        unsigned length;
        std::vector<uint8_t> byte_enables;
        tlm::tlm_response_status expect;
        const char* counter;
    };
    const std::vector<Case> cases = {
        {"unaligned",
         tlm::TLM_READ_COMMAND,
         0x002,
         4,
         {},
         tlm::TLM_ADDRESS_ERROR_RESPONSE,
         "bus_unaligned"},
        {"two bytes",
         tlm::TLM_READ_COMMAND,
         kIrqEnable,
         2,
         {},
         tlm::TLM_BURST_ERROR_RESPONSE,
         "bus_wrong_width"},
        {"eight bytes",
         tlm::TLM_WRITE_COMMAND,
         kCodeBase,
         8,
         {},
         tlm::TLM_BURST_ERROR_RESPONSE,
         "bus_wrong_width"},
        {"hole in the map",
         tlm::TLM_READ_COMMAND,
         0x0cc,
         4,
         {},
         tlm::TLM_ADDRESS_ERROR_RESPONSE,
         "bus_unmapped"},
        {"past the block",
         tlm::TLM_WRITE_COMMAND,
         kRegisterBytes,
         4,
         {},
         tlm::TLM_ADDRESS_ERROR_RESPONSE,
         "bus_unmapped"},
        {"partial byte enables",
         tlm::TLM_WRITE_COMMAND,
         kCodeBase,
         4,
         {0xff, 0x00, 0xff, 0xff},
         tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
         "bus_byte_enables"},
        {"ignore command",
         tlm::TLM_IGNORE_COMMAND,
         kId,
         4,
         {},
         tlm::TLM_COMMAND_ERROR_RESPONSE,
         "bus_bad_command"},
    };
    std::vector<tlm::tlm_response_status> got;
    std::vector<double> counted;
    std::vector<uint32_t> after;
    b.master.script = [&](RegisterMaster& m) {
        m.write(kCodeBase, 0x80000100u);
        for (const Case& c : cases) {
            uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
            got.push_back(m.access(c.command, c.address, data, c.length,
                                   c.byte_enables.empty() ? nullptr : c.byte_enables.data(),
                                   static_cast<unsigned>(c.byte_enables.size())));
            counted.push_back(BusBench::stat(c.counter));
            after.push_back(m.read(kCodeBase));  // the next access works, nothing was written
        }
        // Byte enables that enable the whole word are accepted.
        uint8_t data[4] = {0x00, 0x02, 0x00, 0x80};
        const uint8_t all[4] = {0xff, 0xff, 0xff, 0xff};
        got.push_back(m.access(tlm::TLM_WRITE_COMMAND, kCodeBase, data, 4, all, 4));
        after.push_back(m.read(kCodeBase));
    };
    sc_core::sc_start(10, sc_core::SC_US);
    ASSERT_EQ(got.size(), cases.size() + 1);
    const std::map<std::string, double> totals = {{"bus_unaligned", 1},
                                                  {"bus_wrong_width", 2},
                                                  {"bus_unmapped", 2},
                                                  {"bus_byte_enables", 1},
                                                  {"bus_bad_command", 1}};
    for (size_t i = 0; i < cases.size(); ++i) {
        EXPECT_EQ(got[i], cases[i].expect) << cases[i].what;
        EXPECT_GE(counted[i], 1.0) << cases[i].what;
        EXPECT_EQ(after[i], 0x80000100u) << cases[i].what;
    }
    for (const auto& [name, n] : totals) EXPECT_EQ(BusBench::stat(name.c_str()), n) << name;
    EXPECT_EQ(got.back(), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(after.back(), 0x80000200u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Modes, CpBus,
                         testing::Values(RegisterMaster::Mode::kLooselyTimed,
                                         RegisterMaster::Mode::kApproximatelyTimed),
                         [](const testing::TestParamInfo<RegisterMaster::Mode>& i) {
                             return i.param == RegisterMaster::Mode::kLooselyTimed ? "LT" : "AT";
                         });

TEST(CpBusTiming, AtRequestEndsAtOnceAndIsAnsweredOneCycleLater) {
    BusBench b(RegisterMaster::Mode::kApproximatelyTimed);
    sc_core::sc_time start, end_req, response;
    uint32_t value = 0;
    b.master.script = [&](RegisterMaster& m) {
        wait(sc_core::sc_time(5, sc_core::SC_NS));
        start = sc_core::sc_time_stamp();
        m.write(kIrqEnable, kIrqError);
        end_req = m.last_end_req;
        response = m.last_response;
        value = m.read(kIrqEnable);
    };
    sc_core::sc_start(1, sc_core::SC_US);
    EXPECT_EQ(end_req, start);
    EXPECT_EQ(response, start + sc_core::sc_time(1, sc_core::SC_NS));
    EXPECT_EQ(value, kIrqError);
    EXPECT_EQ(BusBench::stat("register_accesses"), 2.0);
}

TEST(CpBusTiming, LtAccessAddsOneCycleToTheAnnotatedDelay) {
    BusBench b(RegisterMaster::Mode::kLooselyTimed);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    uint32_t v = 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(kId);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    sc_core::sc_time delay(250, sc_core::SC_NS);
    b.master.port.socket->b_transport(gp, delay);
    EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(v, kIdValue);
    EXPECT_EQ(delay, sc_core::sc_time(251, sc_core::SC_NS));
}

TEST(CpBusTiming, DebugAccessReadsRunsOfRegistersWithoutSideEffects) {
    BusBench b(RegisterMaster::Mode::kLooselyTimed);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    auto debug = [&](tlm::tlm_command cmd, uint64_t address, uint32_t* words, unsigned n) {
        tlm::tlm_generic_payload gp;
        gp.set_command(cmd);
        gp.set_address(address);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(words));
        gp.set_data_length(4 * n);
        return b.master.port.socket->transport_dbg(gp);
    };
    uint32_t w[4] = {};
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, kId, w, 4), 16u);
    EXPECT_EQ(w[0], kIdValue);
    EXPECT_EQ(w[1], kVersionValue);
    EXPECT_EQ(w[2], 0u);  // STATUS
    EXPECT_EQ(w[3], 0u);  // CONTROL reads 0
    uint32_t hole = 0xffffffff;
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, 0x0cc, &hole, 1), 4u);
    EXPECT_EQ(hole, 0u);
    // A debug write sets a launch register but does not start anything or clear interrupts.
    uint32_t base = 0x80000400u, start = kControlStartKernel | kControlStartDma;
    EXPECT_EQ(debug(tlm::TLM_WRITE_COMMAND, kCodeBase, &base, 1), 4u);
    EXPECT_EQ(debug(tlm::TLM_WRITE_COMMAND, kControl, &start, 1), 4u);
    sc_core::sc_start(100, sc_core::SC_NS);
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, kCodeBase, w, 1), 4u);
    EXPECT_EQ(w[0], 0x80000400u);
    EXPECT_FALSE(b.cp.kernel_busy());
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, kErrorCode, w, 1), 4u);
    EXPECT_EQ(w[0], kErrorNone);
    EXPECT_EQ(BusBench::stat("register_accesses"), 0.0);
    // Unaligned or past the block: nothing transferred.
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, 0x1fc, w, 2), 0u);
    EXPECT_EQ(debug(tlm::TLM_READ_COMMAND, 0x2, w, 1), 0u);
}

}  // namespace
}  // namespace mvp::tb
