// The Gpu as a virtual-platform IP: global memory on the external socket (with and without DMI,
// DMI invalidated mid-run, a plain LT memory), the reset input (in the middle of a kernel, of a
// DMA, of a target waiting in b_transport), and memory error responses (loads, atomics,
// instruction fetches, data cache write-backs, DMA), each followed by a good run on the same
// Gpu. doc/memory-interface.md describes what is tested.

#include <gtest/gtest.h>

#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "gpu_rig.h"
#include "modules/cp/cp_registers.h"
#include "modules/isa/instruction.h"
#include "modules/isa/semantics.h"
#include "modules/sim/connect.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/tests/sc_test_main.h"
#include "sw/toolchain/build.h"

namespace mvp::tb {
namespace {

using namespace cp_reg;

struct Programs {
    toolchain::Program vec_add =
        toolchain::build_program_from_files({"sw/kernels/vec_add/vec_add.s"});
    toolchain::Program histogram =
        toolchain::build_program_from_files({"sw/kernels/histogram/histogram.s"});
    toolchain::Program subword_mix =
        toolchain::build_program_from_files({"sw/kernels/subword_mix/subword_mix.s"});
};

const Programs& programs() {
    static const Programs p;
    return p;
}

// A small deterministic generator (xorshift).
struct Rng {
    uint32_t s;
    explicit Rng(uint32_t seed) : s(seed * 2654435761u + 1) {}
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
};

// vec_add: c = a + b.
struct VecAdd {
    static constexpr uint32_t kN = 2048;
    std::vector<float> a, b, expect;
    uint32_t da = 0, db = 0, dc = 0;

    explicit VecAdd(uint32_t seed) : a(kN), b(kN), expect(kN) {
        Rng rng(seed);
        for (uint32_t i = 0; i < kN; ++i) {
            a[i] = static_cast<float>(static_cast<int32_t>(rng.next() % 20001) - 10000) / 8.0f;
            b[i] = static_cast<float>(rng.next() % 1000) / 4.0f;
            expect[i] = a[i] + b[i];
        }
    }
    void upload(GpuRig& rig) {
        da = rig.allocate(4 * kN);
        db = rig.allocate(4 * kN);
        dc = rig.allocate(4 * kN);
        rig.write(da, a.data(), 4 * kN);
        rig.write(db, b.data(), 4 * kN);
        clear(rig);
    }
    void clear(GpuRig& rig) {
        const std::vector<float> zeros(kN, 0.0f);
        rig.write(dc, zeros.data(), 4 * kN);
    }
    std::vector<uint32_t> args() const { return {da, db, dc}; }
    std::vector<float> result(GpuRig& rig) { return rig.read_vector<float>(dc, kN); }
};

// histogram: global atomics (atomic_inc on the bins, atomic_add on one total).
struct Histogram {
    static constexpr uint32_t kN = 2048;
    static constexpr uint32_t kMask = 63;
    std::vector<uint32_t> data, bins;
    uint32_t total = 0;
    uint32_t ddata = 0, dbins = 0, dtotal = 0;

    explicit Histogram(uint32_t seed) : data(kN), bins(kMask + 1, 0) {
        Rng rng(seed);
        for (uint32_t& v : data) {
            v = rng.next();
            ++bins[(v ^ (v >> 7)) & kMask];
            total += v & 15;
        }
    }
    void upload(GpuRig& rig) {
        ddata = rig.allocate(4 * kN);
        dbins = rig.allocate(4 * (kMask + 1));
        dtotal = rig.allocate(4);
        rig.write(ddata, data.data(), 4 * kN);
        const std::vector<uint32_t> zeros(kMask + 1, 0);
        rig.write(dbins, zeros.data(), 4 * (kMask + 1));
        rig.write(dtotal, zeros.data(), 4);
    }
    std::vector<uint32_t> args() const { return {ddata, dbins, dtotal, kMask}; }
};

// subword_mix: byte and half-word loads and stores. The last work-item is left out, so the
// last word of out16 is half written: its write-back carries byte enables to memory.
struct SubwordMix {
    static constexpr uint32_t kN = 1024;
    static constexpr uint32_t kGlobal = kN - 1;
    std::vector<int8_t> s8;
    std::vector<int16_t> s16;
    std::vector<int32_t> expect;
    std::vector<int16_t> expect16;
    uint32_t d8 = 0, d16 = 0, dout = 0, dout16 = 0;

    explicit SubwordMix(uint32_t seed) : s8(kN), s16(kN), expect(kN), expect16(kN) {
        Rng rng(seed);
        for (uint32_t i = 0; i < kN; ++i) {
            s8[i] = static_cast<int8_t>(rng.next());
            s16[i] = static_cast<int16_t>(rng.next());
            if (i == kGlobal) continue;  // not run: out and out16 keep their zeros
            const int32_t a = s8[i], c = s16[i];
            const uint32_t b = static_cast<uint8_t>(s8[i]), d = static_cast<uint16_t>(s16[i]);
            expect[i] = static_cast<int32_t>(static_cast<uint32_t>(a * c) + (b ^ d));
            expect16[i] = static_cast<int16_t>(a + c);
        }
    }
    void upload(GpuRig& rig) {
        d8 = rig.allocate(kN);
        d16 = rig.allocate(2 * kN);
        dout = rig.allocate(4 * kN);
        dout16 = rig.allocate(2 * kN);
        rig.write(d8, s8.data(), kN);
        rig.write(d16, s16.data(), 2 * kN);
        const std::vector<uint8_t> zeros(4 * kN, 0);
        rig.write(dout, zeros.data(), 4 * kN);
        rig.write(dout16, zeros.data(), 2 * kN);
    }
    std::vector<uint32_t> args() const { return {d8, d16, dout, dout16}; }
};

// The results of the three kernels on one rig, byte for byte.
struct Results {
    std::vector<float> sum;
    std::vector<uint32_t> bins;
    uint32_t total = 0;
    std::vector<int32_t> mix;
    std::vector<int16_t> mix16;
    std::vector<uint64_t> cycles;
};

Results run_three_kernels(GpuRig& rig) {
    Results r;
    VecAdd v(1);
    Histogram h(2);
    SubwordMix s(3);
    GpuRig::Code cv = rig.load(programs().vec_add);
    GpuRig::Code ch = rig.load(programs().histogram);
    GpuRig::Code cs = rig.load(programs().subword_mix);
    v.upload(rig);
    h.upload(rig);
    s.upload(rig);
    auto cycles = [&rig] {
        return uint64_t{rig.bus().read(kKernelCyclesHi)} << 32 | rig.bus().read(kKernelCyclesLo);
    };
    EXPECT_EQ(rig.run(cv, "vec_add", VecAdd::kN, 64, v.args()), kIrqKernelDone)
        << rig.gpu().cp().error_message();
    r.cycles.push_back(cycles());
    EXPECT_EQ(rig.run(ch, "histogram", Histogram::kN, 64, h.args()), kIrqKernelDone)
        << rig.gpu().cp().error_message();
    r.cycles.push_back(cycles());
    EXPECT_EQ(rig.run(cs, "subword_mix", SubwordMix::kGlobal, 64, s.args()), kIrqKernelDone)
        << rig.gpu().cp().error_message();
    r.cycles.push_back(cycles());
    r.sum = v.result(rig);
    r.bins = rig.read_vector<uint32_t>(h.dbins, Histogram::kMask + 1);
    r.total = rig.read_vector<uint32_t>(h.dtotal, 1)[0];
    r.mix = rig.read_vector<int32_t>(s.dout, SubwordMix::kN);
    r.mix16 = rig.read_vector<int16_t>(s.dout16, SubwordMix::kN);
    EXPECT_EQ(r.sum, v.expect);
    EXPECT_EQ(r.bins, h.bins);
    EXPECT_EQ(r.total, h.total);
    EXPECT_EQ(r.mix, s.expect);
    EXPECT_EQ(r.mix16, s.expect16);
    return r;
}

void collect(const std::vector<sc_core::sc_object*>& objects,
             std::vector<sim::ProtocolChecker*>* out) {
    for (sc_core::sc_object* o : objects) {
        if (auto* c = dynamic_cast<sim::ProtocolChecker*>(o)) out->push_back(c);
        collect(o->get_child_objects(), out);
    }
}

// Every link checked: no violation, nothing left in flight; no payload of any pool in use.
void expect_clean_links() {
    std::vector<sim::ProtocolChecker*> checkers;
    collect(sc_core::sc_get_top_level_objects(), &checkers);
    EXPECT_GT(checkers.size(), 20u);
    for (sim::ProtocolChecker* c : checkers) {
        EXPECT_EQ(c->violations(), 0u) << c->name();
        EXPECT_EQ(c->in_flight(), 0u) << c->name();
    }
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    EXPECT_EQ(sim::MemoryManager::in_use_all(), 0u);
}

// ---- Memory on the external socket -----------------------------------------------------

TEST(GpuExternalMemory, WithDmiGivesTheResultsOfTheDdrModel) {
    sim::set_protocol_checking(true);
    GpuRig ddr("ddr", small_gpu_config("ddr"));
    GpuRig ext("ext", small_gpu_config("external"));
    EXPECT_FALSE(ddr.gpu().external_memory());
    ASSERT_TRUE(ext.gpu().external_memory());
    EXPECT_TRUE(ext.gpu().ddr().empty());

    const Results on_ddr = run_three_kernels(ddr);
    const Results on_ext = run_three_kernels(ext);
    EXPECT_EQ(on_ext.sum, on_ddr.sum);
    EXPECT_EQ(on_ext.bins, on_ddr.bins);
    EXPECT_EQ(on_ext.total, on_ddr.total);
    EXPECT_EQ(on_ext.mix, on_ddr.mix);
    EXPECT_EQ(on_ext.mix16, on_ddr.mix16);
    // The external memory's own timing (20 ns a DMI access) replaces the DDR model's.
    for (size_t k = 0; k < 3; ++k) EXPECT_NE(on_ext.cycles[k], on_ddr.cycles[k]) << k;

    // The device addresses appear at the configured base: vec_add's code is the first thing
    // loaded, at 0x80000000, so its first instruction is at 0x400000000 on the socket.
    uint64_t first = 0;
    ext.memory().peek(0x400000000ull, &first, 8);
    EXPECT_EQ(first, programs().vec_add.image(0)[0]);

    const MemoryBridge::Counters& c = ext.gpu().memory_bridge()->counters();
    EXPECT_GT(c.requests, 1000u);
    EXPECT_GE(c.dmi_grants, 1u);
    EXPECT_GE(ext.memory().dmi_grants(), 1u);
    // After the first access of the region, everything goes through the DMI pointer.
    EXPECT_GT(c.dmi_accesses, 1000u);
    EXPECT_LE(c.socket_accesses, 2u);
    EXPECT_EQ(c.error_responses, 0u);
    expect_clean_links();
}

TEST(GpuExternalMemory, PlainLtMemoryWithoutDmiOrByteEnables) {
    sim::set_protocol_checking(true);
    TestMemory::Options plain;
    plain.dmi = false;
    plain.byte_enables = false;
    GpuRig ext("ext", small_gpu_config("external"), plain);
    run_three_kernels(ext);
    const MemoryBridge::Counters& c = ext.gpu().memory_bridge()->counters();
    EXPECT_EQ(c.dmi_accesses, 0u);
    EXPECT_EQ(c.dmi_grants, 0u);
    EXPECT_GT(c.socket_accesses, c.requests);  // refused byte enables were split into runs
    EXPECT_GT(ext.memory().byte_enable_refusals(), 0u);
    EXPECT_EQ(c.error_responses, 0u);
    expect_clean_links();
}

TEST(GpuExternalMemory, DmiInvalidatedMidRunKeepsTheResultsRight) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    VecAdd v(4);
    GpuRig::Code code = ext.load(programs().vec_add);
    v.upload(ext);
    const MemoryBridge& bridge = *ext.gpu().memory_bridge();
    ASSERT_GE(bridge.dmi_regions(), 1u);
    const uint64_t grants = bridge.counters().dmi_grants;
    ext.start(code, "vec_add", VecAdd::kN, 64, v.args());
    // In the middle of the kernel the memory moves its storage: a bridge that kept using the
    // old pointer would write where the results are not read from.
    sc_core::sc_start(sc_core::sc_time(3, sc_core::SC_US));
    ASSERT_TRUE(ext.gpu().cp().kernel_busy());
    ext.memory().relocate();
    EXPECT_EQ(bridge.dmi_regions(), 0u);
    ASSERT_TRUE(ext.run_until_irq());
    EXPECT_EQ(ext.take_irq(), kIrqKernelDone);
    EXPECT_EQ(v.result(ext), v.expect);
    EXPECT_GE(bridge.counters().dmi_invalidations, 1u);
    EXPECT_GT(bridge.counters().dmi_grants, grants);  // asked again after the invalidation
    expect_clean_links();
}

TEST(GpuExternalMemory, UnboundSocketIsOneErrorLine) {
    sim::testing::ExpectReports reports;
    GpuRig rig("lonely", small_gpu_config("external"), TestMemory::Options{}, false);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_EQ(reports.messages().size(), 1u) << reports.messages()[0];
    EXPECT_EQ(reports.messages()[0],
              "mvp/memory: lonely.memory_bridge: -mvpgpu_memory is external but the Gpu's "
              "memory_socket is not bound to a memory");
}

TEST(GpuExternalMemory, DramOfAnExternalMemoryGpuIsAClearError) {
    Gpu gpu("gpu", small_gpu_config("external"));
    try {
        gpu.dram();
        FAIL() << "dram() did not throw";
    } catch (const std::logic_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  "gpu: global memory is external (-mvpgpu_memory external): the GPU has no "
                  "DRAM of its own; read the memory bound to memory_socket");
    }
    config::Config c;
    try {
        c.set("mvpgpu_memory", "sram", "command line");
        FAIL() << "a bad memory choice was accepted";
    } catch (const config::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("-mvpgpu_memory"), std::string::npos) << e.what();
    }
}

// ---- Reset -------------------------------------------------------------------------------

// Registers after a reset: the read-only identification kept, everything else zero.
void expect_reset_registers(GpuRig& rig, uint32_t sps) {
    HostBus& bus = rig.bus();
    EXPECT_EQ(bus.read(kId), kIdValue);
    EXPECT_EQ(bus.read(kVersion), kVersionValue);
    EXPECT_EQ(bus.read(kNumSps), sps);
    for (uint32_t r : {kStatus,    kControl,   kIrqEnable,      kIrqStatus,      kErrorCode,
                       kCodeBase,  kEntryPc,   kWorkDim,        kCodeBytes,      kGlobal0,
                       kLocal0,    kOffset0,   kArgCount,       kArgLocalMask,   kStaticLocalBytes,
                       kReturnPc,  kArg0,      kKernelCyclesLo, kKernelCyclesHi, kGroupsDone,
                       kDmaHostLo, kDmaHostHi, kDmaGpu,         kDmaBytes,       kDmaDirection})
        EXPECT_EQ(bus.read(r), 0u) << "register 0x" << std::hex << r;
    EXPECT_FALSE(rig.irq());
}

// Runs until requests are in flight between the SPs and memory, and with `dirty` until a data
// cache holds written data too (at most 50 us).
bool run_until_traffic(GpuRig& rig, bool dirty) {
    for (int i = 0; i < 10000; ++i) {
        sc_core::sc_start(sc_core::sc_time(5, sc_core::SC_NS));
        unsigned outstanding = 0, dirty_words = 0;
        for (Sp* sp : rig.gpu().sps()) {
            outstanding += sp->xi().outstanding();
            dirty_words += sp->dcc().dirty_words();
        }
        if (rig.gpu().noc().in_flight() > 0 && outstanding > 0 && (!dirty || dirty_words > 0))
            return true;
    }
    return false;
}

TEST(GpuReset, MidKernelBySignalThenTheSameKernelRunsRight) {
    sim::set_protocol_checking(true);
    GpuRig rig("ddr", small_gpu_config("ddr"));
    VecAdd v(5);
    GpuRig::Code code = rig.load(programs().vec_add);
    v.upload(rig);
    rig.start(code, "vec_add", VecAdd::kN, 64, v.args());
    ASSERT_TRUE(run_until_traffic(rig, true));
    ASSERT_TRUE(rig.gpu().cp().kernel_busy());
    unsigned cached = 0, dirty = 0, resident = 0;
    for (Sp* sp : rig.gpu().sps()) {
        cached += sp->icc().contains(code.base);
        dirty += sp->dcc().dirty_words();
        resident += sp->pipeline().thdc.resident_warps();
    }
    ASSERT_GT(cached, 0u);
    ASSERT_GT(dirty, 0u);
    ASSERT_GT(resident, 0u);

    // Asserted for 20 ns; a register written meanwhile does not survive the release.
    rig.reset_line().write(true);
    sc_core::sc_start(sc_core::sc_time(20, sc_core::SC_NS));
    EXPECT_EQ(rig.gpu().resets(), 1u);
    uint64_t warp_instructions = 0;
    for (Sp* sp : rig.gpu().sps()) warp_instructions += sp->pipeline().counters.warp_instructions;
    EXPECT_GT(warp_instructions, 0u);
    rig.bus().write(kCodeBase, 0x1234);
    rig.reset_line().write(false);
    sc_core::sc_start(sc_core::sc_time(20, sc_core::SC_NS));
    EXPECT_EQ(rig.gpu().resets(), 2u);

    expect_reset_registers(rig, 4);
    EXPECT_FALSE(rig.gpu().cp().kernel_busy());
    EXPECT_FALSE(rig.gpu().dma().busy());
    EXPECT_EQ(rig.gpu().noc().in_flight(), 0u);
    uint64_t after = 0;
    for (Sp* sp : rig.gpu().sps()) {
        EXPECT_FALSE(sp->icc().contains(code.base));
        EXPECT_EQ(sp->icc().mshrs_in_use(), 0u);
        EXPECT_EQ(sp->dcc().dirty_words(), 0u);
        EXPECT_TRUE(sp->dcc().idle());
        Dcc::EntryView view;
        EXPECT_FALSE(sp->dcc().probe(v.dc, &view));
        EXPECT_TRUE(sp->ldst().idle());
        EXPECT_EQ(sp->xi().outstanding(), 0u);
        EXPECT_EQ(sp->pipeline().thdc.resident_warps(), 0u);
        EXPECT_FALSE(sp->pipeline().stopped());
        after += sp->pipeline().counters.warp_instructions;
    }
    EXPECT_EQ(after, warp_instructions);  // statistics are kept, and nothing ran in reset
    EXPECT_EQ(sim::MemoryManager::in_use_all(), 0u);

    // The same kernel again, from a cleared output: right, and every link clean.
    v.clear(rig);
    EXPECT_EQ(rig.run(code, "vec_add", VecAdd::kN, 64, v.args()), kIrqKernelDone)
        << rig.gpu().cp().error_message();
    EXPECT_EQ(v.result(rig), v.expect);
    expect_clean_links();
}

TEST(GpuReset, ByMethodWhileTheMemoryWaitsInBTransport) {
    sim::set_protocol_checking(true);
    TestMemory::Options slow;
    slow.dmi = false;
    slow.wait_in_b_transport = true;
    slow.latency = sc_core::sc_time(30, sc_core::SC_NS);
    GpuRig ext("ext", small_gpu_config("external"), slow);
    Histogram h(6);
    GpuRig::Code code = ext.load(programs().histogram);
    h.upload(ext);
    ext.start(code, "histogram", Histogram::kN, 64, h.args());
    ASSERT_TRUE(run_until_traffic(ext, false));
    // Reset while the bridge's thread is inside the memory's b_transport.
    for (int i = 0; i < 100 && ext.memory().calls_in_progress() == 0; ++i)
        sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_NS));
    ASSERT_EQ(ext.memory().calls_in_progress(), 1u);
    const MemoryBridge& bridge = *ext.gpu().memory_bridge();
    const uint64_t calls = ext.memory().b_transports();
    ext.gpu().reset();
    expect_reset_registers(ext, 4);
    // The call the bridge's thread was in returns later; its answer is thrown away.
    sc_core::sc_start(sc_core::sc_time(200, sc_core::SC_NS));
    EXPECT_EQ(bridge.counters().dropped, 1u);
    EXPECT_EQ(ext.memory().b_transports(), calls);  // nothing new was asked for
    EXPECT_EQ(sim::MemoryManager::in_use_all(), 0u);

    // The bins hold a part of the counts: start again from zero.
    Histogram again(6);
    again.upload(ext);
    EXPECT_EQ(ext.run(code, "histogram", Histogram::kN, 64, again.args()), kIrqKernelDone)
        << ext.gpu().cp().error_message();
    EXPECT_EQ(ext.read_vector<uint32_t>(again.dbins, Histogram::kMask + 1), again.bins);
    EXPECT_EQ(ext.read_vector<uint32_t>(again.dtotal, 1)[0], again.total);
    expect_clean_links();
}

TEST(GpuReset, DuringDmaThenDmaAgain) {
    sim::set_protocol_checking(true);
    GpuRig rig("ddr", small_gpu_config("ddr"));
    std::vector<uint32_t> data(16384);
    for (uint32_t i = 0; i < data.size(); ++i) data[i] = i * 2654435761u;
    const uint32_t buffer = rig.allocate(4 * data.size());
    std::vector<uint8_t> staging(4 * data.size());
    std::memcpy(staging.data(), data.data(), staging.size());
    // Start a 64 KiB copy by hand, reset it half way.
    HostBus& bus = rig.bus();
    rig.write(buffer, std::vector<uint32_t>(data.size(), 0).data(), 4 * data.size());
    bus.write(kDmaHostLo, static_cast<uint32_t>(GpuRig::kStaging));
    bus.write(kDmaHostHi, static_cast<uint32_t>(GpuRig::kStaging >> 32));
    bus.write(kDmaGpu, buffer);
    bus.write(kDmaBytes, static_cast<uint32_t>(4 * data.size()));
    bus.write(kDmaDirection, 0);
    bus.write(kControl, kControlStartDma);
    sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_US));
    ASSERT_TRUE(rig.gpu().dma().busy());
    ASSERT_NE(bus.read(kStatus) & kStatusDmaBusy, 0u);
    rig.gpu().reset();
    EXPECT_FALSE(rig.gpu().dma().busy());
    expect_reset_registers(rig, 4);
    // Host memory still answers the requests it had; nothing comes of them.
    sc_core::sc_start(sc_core::sc_time(2, sc_core::SC_US));
    EXPECT_FALSE(rig.irq());
    EXPECT_EQ(sim::MemoryManager::in_use_all(), 0u);

    rig.write(buffer, data.data(), 4 * data.size());
    EXPECT_EQ(rig.read_vector<uint32_t>(buffer, data.size()), data);
    expect_clean_links();
}

// ---- Memory errors ----------------------------------------------------------------------

struct Fault {
    unsigned sp = 0, warp = 0, thread = 0;
    uint32_t pc = 0;
    std::string what;
    uint32_t address = 0;
};

// Parses "fault: SP s, warp w, thread t (work-group g), PC 0x...: <what> at address 0x...".
bool parse_fault(const std::string& message, Fault* f) {
    static const std::regex re(
        "fault: SP ([0-9]+), warp ([0-9]+), thread ([0-9]+) \\(work-group [0-9]+\\), "
        "PC 0x([0-9a-f]+): (.*) at address 0x([0-9a-f]{8})");
    std::smatch m;
    if (!std::regex_match(message, m, re)) return false;
    f->sp = static_cast<unsigned>(std::stoul(m[1]));
    f->warp = static_cast<unsigned>(std::stoul(m[2]));
    f->thread = static_cast<unsigned>(std::stoul(m[3]));
    f->pc = static_cast<uint32_t>(std::stoul(m[4], nullptr, 16));
    f->what = m[5];
    f->address = static_cast<uint32_t>(std::stoul(m[6], nullptr, 16));
    return true;
}

isa::Opcode opcode_at(const toolchain::Program& p, uint32_t pc) {
    isa::Instruction in;
    EXPECT_TRUE(isa::decode(p.code.at(pc / isa::kInstBytes), &in));
    return in.op;
}

// A kernel fault: the error interrupt, ERROR_CODE 3, the kernel no longer busy.
void expect_kernel_fault(GpuRig& rig, uint32_t irq) {
    EXPECT_EQ(irq & kIrqError, kIrqError);
    EXPECT_EQ(irq & kIrqKernelDone, 0u);
    EXPECT_EQ(rig.bus().read(kErrorCode), kErrorKernelFault);
    EXPECT_FALSE(rig.gpu().cp().kernel_busy());
}

// After a fault: reset, then vec_add on fresh buffers away from the bad memory runs right.
void expect_good_run_after_reset(GpuRig& rig) {
    rig.gpu().reset();
    VecAdd v(7);
    GpuRig::Code code = rig.load(programs().vec_add);
    v.upload(rig);
    EXPECT_EQ(rig.run(code, "vec_add", VecAdd::kN, 64, v.args()), kIrqKernelDone)
        << rig.gpu().cp().error_message();
    EXPECT_EQ(v.result(rig), v.expect);
    EXPECT_EQ(rig.bus().read(kErrorCode), kErrorNone);
}

TEST(GpuMemoryError, LoadFromAnAddressErrorFaultsNamingSpWarpPcAndAddress) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    VecAdd v(8);
    GpuRig::Code code = ext.load(programs().vec_add);
    v.upload(ext);
    // The second quarter of a[] is unmapped on the VP's bus.
    const uint32_t bad = v.da + VecAdd::kN;
    ext.memory().add_error({ext.bus_address(bad), ext.bus_address(bad + VecAdd::kN),
                            TestMemory::Side::kBoth, tlm::TLM_ADDRESS_ERROR_RESPONSE});
    const uint32_t irq = ext.run(code, "vec_add", VecAdd::kN, 64, v.args());
    expect_kernel_fault(ext, irq);
    const std::string message = ext.gpu().cp().error_message();
    Fault f;
    ASSERT_TRUE(parse_fault(message, &f)) << message;
    EXPECT_EQ(f.what, "memory error response (TLM_ADDRESS_ERROR_RESPONSE)") << message;
    EXPECT_GE(f.address, bad) << message;
    EXPECT_LT(f.address, bad + VecAdd::kN) << message;
    EXPECT_LT(f.sp, 4u);
    EXPECT_TRUE(isa::is_load(opcode_at(programs().vec_add, f.pc))) << message;
    EXPECT_GE(ext.gpu().memory_bridge()->counters().error_responses, 1u);
    expect_good_run_after_reset(ext);
    expect_clean_links();
}

TEST(GpuMemoryError, AtomicOnAGenericErrorFaults) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    Histogram h(9);
    GpuRig::Code code = ext.load(programs().histogram);
    h.upload(ext);
    ext.memory().add_error({ext.bus_address(h.dtotal), ext.bus_address(h.dtotal + 4),
                            TestMemory::Side::kBoth, tlm::TLM_GENERIC_ERROR_RESPONSE});
    const uint32_t irq = ext.run(code, "histogram", Histogram::kN, 64, h.args());
    expect_kernel_fault(ext, irq);
    const std::string message = ext.gpu().cp().error_message();
    Fault f;
    ASSERT_TRUE(parse_fault(message, &f)) << message;
    EXPECT_EQ(f.what, "memory error response (TLM_GENERIC_ERROR_RESPONSE)") << message;
    EXPECT_EQ(f.address, h.dtotal) << message;
    EXPECT_TRUE(isa::is_atomic(opcode_at(programs().histogram, f.pc))) << message;
    expect_good_run_after_reset(ext);
    expect_clean_links();
}

TEST(GpuMemoryError, InstructionFetchErrorFaults) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    VecAdd v(10);
    GpuRig::Code code = ext.load(programs().vec_add);
    v.upload(ext);
    // The code can be written but no longer read (an ECC failure).
    const uint32_t code_bytes = programs().vec_add.code_bytes();
    ext.memory().add_error({ext.bus_address(code.base), ext.bus_address(code.base + code_bytes),
                            TestMemory::Side::kReads, tlm::TLM_ADDRESS_ERROR_RESPONSE});
    const uint32_t irq = ext.run(code, "vec_add", VecAdd::kN, 64, v.args());
    expect_kernel_fault(ext, irq);
    const std::string message = ext.gpu().cp().error_message();
    Fault f;
    ASSERT_TRUE(parse_fault(message, &f)) << message;
    EXPECT_EQ(f.what, "instruction fetch failed") << message;
    EXPECT_EQ(f.pc, programs().vec_add.find_symbol("vec_add")->value) << message;
    EXPECT_EQ(f.address, code.base + f.pc) << message;
    ext.memory().clear_errors();
    expect_good_run_after_reset(ext);
    expect_clean_links();
}

TEST(GpuMemoryError, FailedDataCacheWriteBackFailsTheKernel) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    VecAdd v(11);
    GpuRig::Code code = ext.load(programs().vec_add);
    v.upload(ext);
    // c[] reads (the data cache fetches lines before it writes them) but refuses writes.
    ext.memory().add_error({ext.bus_address(v.dc), ext.bus_address(v.dc + 4 * VecAdd::kN),
                            TestMemory::Side::kWrites, tlm::TLM_GENERIC_ERROR_RESPONSE});
    const uint32_t irq = ext.run(code, "vec_add", VecAdd::kN, 64, v.args());
    expect_kernel_fault(ext, irq);
    const std::string message = ext.gpu().cp().error_message();
    static const std::regex re(
        "SP [0-3]: data cache write-back of 4 bytes at 0x([0-9a-f]{8}) failed: "
        "TLM_GENERIC_ERROR_RESPONSE \\(ext\\.gpc0\\.tpc0\\.sm0\\.sp[0-3]\\.dcc\\)");
    std::smatch m;
    ASSERT_TRUE(std::regex_match(message, m, re)) << message;
    const uint32_t address = static_cast<uint32_t>(std::stoul(m[1], nullptr, 16));
    EXPECT_GE(address, v.dc);
    EXPECT_LT(address, v.dc + 4 * VecAdd::kN);
    expect_good_run_after_reset(ext);
    expect_clean_links();
}

TEST(GpuMemoryError, FailedDmaEndsWithErrorCode4AndTheNextDmaWorks) {
    sim::set_protocol_checking(true);
    GpuRig ext("ext", small_gpu_config("external"));
    const uint32_t bad = ext.allocate(4096);
    const uint32_t good = ext.allocate(4096);
    ext.memory().add_error({ext.bus_address(bad), ext.bus_address(bad + 4096),
                            TestMemory::Side::kBoth, tlm::TLM_ADDRESS_ERROR_RESPONSE});
    HostBus& bus = ext.bus();
    // Host to device, into the bad range.
    EXPECT_EQ(ext.dma(bad + 256, 1024, false), kIrqError);
    EXPECT_EQ(bus.read(kErrorCode), kErrorDma);
    EXPECT_EQ(bus.read(kStatus) & kStatusDmaBusy, 0u);
    EXPECT_EQ(ext.gpu().cp().error_message(),
              "DMA: write of 64 bytes at device address 0x80000100 failed: "
              "TLM_ADDRESS_ERROR_RESPONSE");
    // Device to host, from it.
    EXPECT_EQ(ext.dma(bad, 512, true), kIrqError);
    EXPECT_EQ(bus.read(kErrorCode), kErrorDma);
    EXPECT_EQ(ext.gpu().cp().error_message(),
              "DMA: read of 64 bytes at device address 0x80000000 failed: "
              "TLM_ADDRESS_ERROR_RESPONSE");
    // No reset needed: the next transfers and a kernel run.
    std::vector<uint32_t> data(1024);
    for (uint32_t i = 0; i < data.size(); ++i) data[i] = ~i;
    ext.write(good, data.data(), 4096);
    EXPECT_EQ(ext.read_vector<uint32_t>(good, data.size()), data);
    VecAdd v(12);
    GpuRig::Code code = ext.load(programs().vec_add);
    v.upload(ext);
    EXPECT_EQ(ext.run(code, "vec_add", VecAdd::kN, 64, v.args()), kIrqKernelDone)
        << ext.gpu().cp().error_message();
    EXPECT_EQ(v.result(ext), v.expect);
    expect_clean_links();
}

}  // namespace
}  // namespace mvp::tb
