// Testbench of the command processor and the DMA engine: register access over TLM, work-group
// dispatch to SPs with free capacity, completion after the SPs' write-back, launch errors, and
// DMA copies between host memory and GPU memory with exact cycles.

#include <gtest/gtest.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstring>
#include <random>

#include "modules/cp/cp.h"
#include "modules/dma/dma.h"
#include "modules/dma/host_memory.h"
#include "modules/sim/connect.h"

namespace mvp::tb {
namespace {

using namespace cp_reg;

// The host's side of the register bus: untimed 32-bit accesses, as a driver's MMIO.
struct HostBus : sc_core::sc_module {
    explicit HostBus(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
    void write(uint32_t offset, uint32_t value) {
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(offset);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
        gp.set_data_length(4);
        sc_core::sc_time d;
        socket->b_transport(gp, d);
        EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
    }
    uint32_t read(uint32_t offset) {
        uint32_t value = 0;
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(offset);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
        gp.set_data_length(4);
        sc_core::sc_time d;
        socket->b_transport(gp, d);
        return value;
    }
    tlm_utils::simple_initiator_socket<HostBus> socket;
};

// An SP stand-in for the dispatcher's view: runs one work-group at a time for a fixed number
// of cycles, and takes `flush_cycles` to write back.
struct TestSp : WorkgroupExecutor, sim::Clocked {
    TestSp(sim::ClockDomain& d, unsigned id, unsigned duration, unsigned flush_cycles)
        : domain(d), id(id), duration(duration), flush_cycles(flush_cycles) {
        d.attach(this);
    }
    bool can_start(const KernelAbi&, const KernelAbi::Group&) const override { return !busy; }
    void start_workgroup(const KernelAbi&, const KernelAbi::Group& g, uint32_t,
                         const toolchain::Program*) override {
        busy = true;
        group = g.linear_id;
        log.push_back({g.linear_id, id, domain.now()});
        domain.wake_at(this, domain.now() + duration);
    }
    void flush(std::function<void()> done) override {
        flushed_at = domain.now();
        flush_done = std::move(done);
        flushing = true;
        domain.wake_at(this, domain.now() + flush_cycles);
    }
    void invalidate() override { ++invalidations; }
    void tick() override {
        domain.sleep(this);
        if (busy) {
            busy = false;
            on_workgroup_done(group);
        } else if (flushing) {
            flushing = false;
            flush_done();
        }
    }
    struct Dispatch {
        uint64_t group;
        unsigned sp;
        uint64_t cycle;
        bool operator==(const Dispatch& o) const {
            return group == o.group && sp == o.sp && cycle == o.cycle;
        }
    };
    static std::vector<Dispatch> log;
    sim::ClockDomain& domain;
    unsigned id, duration, flush_cycles;
    bool busy = false, flushing = false;
    uint64_t group = 0, flushed_at = 0;
    unsigned invalidations = 0;
    std::function<void()> flush_done;
};
std::vector<TestSp::Dispatch> TestSp::log;

// Records the cycle at which the interrupt line rises.
struct IrqWatch : sc_core::sc_module {
    IrqWatch(sc_core::sc_module_name n, sim::ClockDomain& d) : sc_module(n), domain(d) {
        SC_HAS_PROCESS(IrqWatch);
        SC_METHOD(watch);
        sensitive << line;
        dont_initialize();
    }
    void watch() {
        if (line.read()) rises.push_back(domain.now());
    }
    sim::ClockDomain& domain;
    sc_core::sc_signal<bool> line;
    std::vector<uint64_t> rises;
};

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
        sim::connect(dma.gpu.socket, gpu_mem.port.socket, "gpu_link");
        cp.irq.bind(watch.line);
        cp.set_dma(&dma);
    }
    void launch(uint32_t global, uint32_t local) {
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

}  // namespace
}  // namespace mvp::tb
