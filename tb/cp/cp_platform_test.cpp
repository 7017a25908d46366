// The command processor inside a real Gpu, driven by a CPU model on the register socket: the
// same driver queues the same kernels (vec_add, then the divergent collatz, then a fill and a
// copy) through the command ring from a loosely-timed master with temporal decoupling (global
// quantum 1 us) and from an approximately-timed one, on two GPUs side by side, and both give
// the reference results; a reset in the middle of a ring kernel, then a good run.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "modules/cp/cp_packets.h"
#include "modules/cp/cp_registers.h"
#include "modules/dma/host_memory.h"
#include "modules/golden/global_memory.h"
#include "modules/hierarchy/gpu.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "sw/toolchain/build.h"
#include "tb/cp/register_master.h"

namespace mvp::tb {
namespace {

using namespace cp_reg;
namespace pk = cp_packet;

constexpr uint32_t kN = 512;
constexpr uint32_t kMaxSteps = 200;

config::Config four_sps() {
    config::Config c;
    c.set("mvpgpu_n_tpc_per_gpc", "1", "test");
    c.set("mvpgpu_n_sm_per_tpc", "1", "test");
    c.set("mvpgpu_global_mem_size", "16777216", "test");
    c.set("mvpgpu_tlm_check", "1", "test");
    return c;
}

const toolchain::Program& vec_add() {
    static const toolchain::Program p =
        toolchain::build_program_from_files({"sw/kernels/vec_add/vec_add.s"});
    return p;
}
const toolchain::Program& collatz() {
    static const toolchain::Program p =
        toolchain::build_program_from_files({"sw/kernels/collatz/collatz.s"});
    return p;
}

uint32_t collatz_steps(uint32_t n) {
    uint32_t s = 0;
    while (n != 1 && s != kMaxSteps) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        ++s;
    }
    return s;
}

// Where the driver puts things in device memory.
struct Layout {
    static constexpr uint32_t kRing = GlobalMemory::kBase;  // 4 slots
    static constexpr uint32_t kProfile = kRing + 0x100;
    static constexpr uint32_t kSignal = kRing + 0x200;
    static constexpr uint32_t kArgs = kRing + 0x400;  // 128 bytes per slot
    static constexpr uint32_t kVecAddCode = kRing + 0x1000;
    static constexpr uint32_t kCollatzCode = kRing + 0x4000;
    static constexpr uint32_t kA = kRing + 0x10000;
    static constexpr uint32_t kB = kA + 4 * kN;
    static constexpr uint32_t kC = kB + 4 * kN;
    static constexpr uint32_t kStart = kC + 4 * kN;
    static constexpr uint32_t kSteps = kStart + 4 * kN;
    static constexpr uint32_t kFill = kSteps + 4 * kN;
    static constexpr uint32_t kCopy = kFill + 4 * kN;
};

// A GPU with its host memory (behind the DMA engine) and a CPU model on its registers.
struct System {
    System(const std::string& name, RegisterMaster::Mode mode)
        : gpu((name + "_gpu").c_str(), four_sps()),
          host((name + "_host").c_str(), gpu.clock(Gpu::kCore), HostMemory::Params{}),
          cpu((name + "_cpu").c_str(), mode),
          irq((name + "_irq").c_str()) {
        sim::connect(cpu.port.socket, gpu.regs().socket, name + "_regs_check");
        sim::connect(gpu.dma_host().socket, host.port.socket, name + "_dma_check");
        gpu.irq().bind(irq);
        cpu.irq.bind(irq);
    }
    // The loader: the programs and the inputs, placed in device memory before the run.
    void load() {
        GlobalMemory& m = gpu.dram();
        std::vector<uint64_t> code = vec_add().image(0);
        m.write(Layout::kVecAddCode, code.data(), code.size() * 8);
        code = collatz().image(0);
        m.write(Layout::kCollatzCode, code.data(), code.size() * 8);
        for (uint32_t i = 0; i < kN; ++i) {
            const float a = 0.5f * static_cast<float>(i), b = 3.0f - static_cast<float>(i);
            const uint32_t start = i % 97 == 0 ? 0 : i * 13 + 7;
            m.write(Layout::kA + 4 * i, &a, 4);
            m.write(Layout::kB + 4 * i, &b, 4);
            m.write(Layout::kStart + 4 * i, &start, 4);
        }
    }
    std::vector<uint8_t> bytes(uint32_t address, uint32_t n) {
        std::vector<uint8_t> v(n);
        gpu.dram().read(address, v.data(), n);
        return v;
    }

    Gpu gpu;
    HostMemory host;
    RegisterMaster cpu;
    sc_core::sc_signal<bool> irq;
};

pk::Kernel kernel_packet(const toolchain::Program& p, const char* entry, uint32_t code_base,
                         uint32_t args) {
    pk::Kernel k;
    k.work_dim = 1;
    k.global[0] = kN;
    k.local[0] = 64;
    k.code_base = code_base;
    k.code_bytes = p.code_bytes();
    k.entry_pc = p.find_symbol(entry)->value;
    k.return_pc = p.exit_stub_pc;
    k.args_address = args;
    return k;
}

// The driver, the same for both masters: it writes four packets and their argument blocks,
// rings the doorbell once, and polls QUEUE_COMPLETED while it does other work.
struct DriverResult {
    uint32_t completed = 0;
    uint32_t irq_status = 0;
    uint32_t error = 0;
    std::vector<uint32_t> status;
};

void driver(RegisterMaster& m, Gpu& gpu, DriverResult* r) {
    GlobalMemory& mem = gpu.dram();
    EXPECT_EQ(m.read(kId), kIdValue);
    m.write(kQueueBase, Layout::kRing);
    m.write(kQueueSize, 4);
    m.write(kQueueProfile, Layout::kProfile);
    m.write(kQueueSignal, Layout::kSignal);
    m.write(kIrqEnable, kIrqQueue | kIrqError);
    m.write(kQueueControl, kQueueEnable);
    auto put = [&](uint32_t seq, const pk::Bytes& p) {
        mem.write(Layout::kRing + seq * pk::kBytes, p.data(), p.size());
    };
    auto args = [&](uint32_t seq, const std::vector<uint32_t>& values) {
        const std::vector<uint8_t> block = pk::encode_args(values, 0);
        mem.write(Layout::kArgs + 128 * seq, block.data(), block.size());
        return Layout::kArgs + 128 * seq;
    };
    put(0, kernel_packet(vec_add(), "vec_add", Layout::kVecAddCode,
                         args(0, {Layout::kA, Layout::kB, Layout::kC}))
               .encode());
    put(1, kernel_packet(collatz(), "collatz", Layout::kCollatzCode,
                         args(1, {Layout::kStart, Layout::kSteps, kMaxSteps}))
               .encode());
    put(2, pk::Fill{0, Layout::kFill, 4 * kN, 0xa5a5a5a5u}.encode());
    put(3, pk::Copy{pk::kFlagIrq, Layout::kSteps, Layout::kCopy, 4 * kN}.encode());
    m.write(kQueueWptr, 4);
    while (m.read(kQueueCompleted) != 4) m.work(sc_core::sc_time(250, sc_core::SC_NS));
    r->completed = m.read(kQueueCompleted);
    r->irq_status = m.read(kIrqStatus);
    r->error = m.read(kErrorCode);
    for (uint32_t s = 0; s < 4; ++s) {
        uint32_t status;
        mem.read(Layout::kRing + s * pk::kBytes + pk::kStatus, &status, 4);
        r->status.push_back(status);
    }
}

TEST(CpOnGpu, LooselyAndApproximatelyTimedDriversGetTheSameResults) {
    tlm::tlm_global_quantum::instance().set(sc_core::sc_time(1, sc_core::SC_US));
    System lt("lt", RegisterMaster::Mode::kLooselyTimed);
    System at("at", RegisterMaster::Mode::kApproximatelyTimed);
    DriverResult rl, ra;
    lt.cpu.script = [&](RegisterMaster& m) { driver(m, lt.gpu, &rl); };
    at.cpu.script = [&](RegisterMaster& m) { driver(m, at.gpu, &ra); };
    lt.load();
    at.load();
    sc_core::sc_start(20, sc_core::SC_MS);

    for (const DriverResult* r : {&rl, &ra}) {
        EXPECT_EQ(r->completed, 4u);
        EXPECT_EQ(r->error, kErrorNone);
        EXPECT_EQ(r->irq_status, kIrqQueue);
        EXPECT_EQ(r->status, (std::vector<uint32_t>(4, pk::kStatusDone)));
    }
    // The reference results, on both.
    for (System* s : {&lt, &at}) {
        std::vector<uint8_t> c = s->bytes(Layout::kC, 4 * kN);
        std::vector<uint8_t> steps = s->bytes(Layout::kSteps, 4 * kN);
        for (uint32_t i = 0; i < kN; ++i) {
            float got;
            std::memcpy(&got, &c[4 * i], 4);
            ASSERT_EQ(got, 0.5f * static_cast<float>(i) + (3.0f - static_cast<float>(i))) << i;
            uint32_t n;
            std::memcpy(&n, &steps[4 * i], 4);
            ASSERT_EQ(n, collatz_steps(i % 97 == 0 ? 0 : i * 13 + 7)) << i;
        }
        EXPECT_EQ(s->bytes(Layout::kFill, 4 * kN), std::vector<uint8_t>(4 * kN, 0xa5));
        EXPECT_EQ(s->bytes(Layout::kCopy, 4 * kN), steps);
        uint32_t signal;
        s->gpu.dram().read(Layout::kSignal, &signal, 4);
        EXPECT_EQ(signal, 4u);
    }
    // Identical memory: every byte the kernels and packets wrote.
    EXPECT_EQ(lt.bytes(Layout::kA, 7 * 4 * kN), at.bytes(Layout::kA, 7 * 4 * kN));
    // The loosely-timed master ran ahead of simulated time and synced at its quantum; the
    // approximately-timed one waited for every response.
    EXPECT_GT(lt.cpu.syncs(), 0u);
    EXPECT_LT(lt.cpu.syncs(), lt.cpu.accesses());
    EXPECT_EQ(at.cpu.syncs(), 0u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(CpOnGpu, ResetInTheMiddleOfARingKernelThenAGoodRun) {
    System s("sys", RegisterMaster::Mode::kApproximatelyTimed);
    s.load();
    bool busy_before = false, irq_after = true;
    uint32_t control_after = 1, completed_after = 1, status_after = 1;
    DriverResult r;
    s.cpu.script = [&](RegisterMaster& m) {
        GlobalMemory& mem = s.gpu.dram();
        const std::vector<uint8_t> block =
            pk::encode_args({Layout::kStart, Layout::kSteps, 1000000}, 0);
        mem.write(Layout::kArgs, block.data(), block.size());
        const pk::Bytes p =
            kernel_packet(collatz(), "collatz", Layout::kCollatzCode, Layout::kArgs).encode();
        mem.write(Layout::kRing, p.data(), p.size());
        m.write(kQueueBase, Layout::kRing);
        m.write(kQueueSize, 4);
        m.write(kIrqEnable, kIrqQueue | kIrqError);
        m.write(kQueueControl, kQueueEnable);
        m.write(kQueueWptr, 1);
        m.work(sc_core::sc_time(3, sc_core::SC_US));
        busy_before = (m.read(kStatus) & (kStatusKernelBusy | kStatusQueueBusy)) ==
                      (kStatusKernelBusy | kStatusQueueBusy);
        s.gpu.reset();
        m.work(sc_core::sc_time(10, sc_core::SC_NS));
        irq_after = s.irq.read();
        control_after = m.read(kQueueControl);
        completed_after = m.read(kQueueCompleted);
        status_after = m.read(kStatus);
        // The same driver as before: four packets, all good.
        driver(m, s.gpu, &r);
    };
    sc_core::sc_start(20, sc_core::SC_MS);
    EXPECT_TRUE(busy_before);
    EXPECT_FALSE(irq_after);
    EXPECT_EQ(control_after, 0u);
    EXPECT_EQ(completed_after, 0u);
    EXPECT_EQ(status_after, 0u);
    EXPECT_EQ(r.completed, 4u);
    EXPECT_EQ(r.status, (std::vector<uint32_t>(4, pk::kStatusDone)));
    std::vector<uint8_t> steps = s.bytes(Layout::kSteps, 4 * kN);
    for (uint32_t i = 0; i < kN; ++i) {
        uint32_t n;
        std::memcpy(&n, &steps[4 * i], 4);
        ASSERT_EQ(n, collatz_steps(i % 97 == 0 ? 0 : i * 13 + 7)) << i;
    }
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

}  // namespace
}  // namespace mvp::tb
