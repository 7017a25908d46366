// The Sp module with its real memory-side blocks and a fixed-latency global memory behind the
// XI: exact cycles of the instruction-fetch path and bit-exact results against the golden
// model.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/vcd_tracer.h"
#include "tb/sp/golden_cases.h"
#include "tb/sp/sp_bench.h"

namespace mvp::tb {
namespace {

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

std::vector<uint64_t> retire_cycles(const std::string& log, const std::string& prefix) {
    std::vector<uint64_t> out;
    for (const CommitLine& c : parse_commit_log(log))
        if (c.text.compare(0, prefix.size(), prefix) == 0) out.push_back(c.cycle);
    return out;
}

Kernel single(const std::string& body) {
    return build_kernel("\t.globl kernel\nkernel:\n" + body + "\texit\n", "kernel", 1, 1, {});
}

TEST(Sp, IccMissCostsTheMemoryPath) {
    CheckingOn on;
    Kernel k = single("\tadd $5, $3, $4\n\tadd $6, $3, $4\n\tadd $7, $3, $4\n");
    SpBench a("a", make_config(), 20);
    SpBench b("b", make_config(), 30);
    a.load(k);
    b.load(k);
    sc_core::sc_start();
    ASSERT_EQ(a.error, "");
    ASSERT_EQ(b.error, "");
    std::vector<uint64_t> ra = retire_cycles(a.commit.str(), "add ");
    std::vector<uint64_t> rb = retire_cycles(b.commit.str(), "add ");
    ASSERT_EQ(ra.size(), 3u);
    // 10 more cycles of memory latency: 10 cycles later, for the first fetch's miss.
    EXPECT_EQ(rb[0], ra[0] + 10);
    // The started group is fetched at edge 2; the ICC misses: answer at 2 + hit 1 + XI 1 +
    // memory M + XI 1 + 1; decoded and issued at the edge after; retired 5 cycles later.
    EXPECT_EQ(ra[0], 2u + 1 + 1 + 20 + 1 + 1 + 1 + 5);
    // The second instruction came with the first (16-byte fetch), the third hits the line.
    EXPECT_EQ(ra[1], ra[0] + 1);
    EXPECT_EQ(a.sp->icc().counters().misses, 2u);  // the kernel's line and the exit stub's
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Sp, WorkgroupInterfaceAndStatistics) {
    CheckingOn on;
    // Groups of 16 without __local arguments: four fit in 64 slots at once.
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	sfll.i	$3, $2, 2
	add	$3, $4, $3
	ld.w	$5, 0($3)
	beq	$5, $zero, .Lskip
	add	$5, $5, $5
.Lskip:
	st.w	$5, 0($3)
	jr	$ra
)";
    Kernel k = build_kernel(src, "kernel", 64, 16, {KernelArg::of_value(kBufferBase)});
    SpBench b("b", make_config(), 20);
    for (uint32_t i = 0; i < 64; ++i) b.global.write(kBufferBase + 4 * i, &i, 4);
    EXPECT_EQ(b.sp->free_slots(), 64u);
    b.run(k);
    ASSERT_EQ(b.error, "");
    EXPECT_EQ(b.groups_done, 4u);
    EXPECT_TRUE(b.flushed);
    EXPECT_EQ(b.sp->free_slots(), 64u);
    for (uint32_t i = 0; i < 64; ++i) {
        uint32_t v;
        b.global.read(kBufferBase + 4 * i, &v, 4);
        EXPECT_EQ(v, 2 * i);
    }
    const SpPipeline::Counters& c = b.sp->pipeline().counters;
    EXPECT_EQ(c.workgroups_started, 4u);
    EXPECT_EQ(c.divergent_branches, 1u);  // only warp 0 has a zero
    EXPECT_EQ(c.loads, 16u);
    EXPECT_EQ(c.stores, 16u);
    // The statistics are registered under the SP's name.
    bool found = false;
    for (const sim::StatGroup* g : sim::StatGroup::all()) {
        if (g->path() != "b.sp0") continue;
        for (const sim::StatGroup::Entry& e : g->entries()) {
            if (e.name == "simd_efficiency") {
                found = true;
                // 16 warps x 8 instructions at 4 lanes, warp 0 runs the add with 3 lanes.
                EXPECT_NEAR(e.formula(),
                            double(c.thread_instructions) / (4.0 * c.warp_instructions), 1e-12);
                EXPECT_LT(e.formula(), 1.0);
            }
        }
    }
    EXPECT_TRUE(found);
}

// Each resident group that uses __local memory holds its own area (first fit below the
// stacks): the group's __local argument and %local_base point at it, and a group waits when no
// area is free (counted apart from groups that wait for warps).
TEST(Sp, EachGroupGetsItsOwnLocalArea) {
    CheckingOn on;
    sim::ClockDomain core("core", 1000.0);
    config::Config c = make_config();
    Sp sp("sp", core, c, 0);
    const unsigned kLocalBase = static_cast<unsigned>(isa::SpecialRegister::kLocalBase);
    Kernel k = build_kernel("\t.globl kernel\nkernel:\n\texit\n", "kernel", 64, 16,
                            {KernelArg::of_local(64)});
    KernelAbi::Params ap;
    KernelAbi abi(ap, k.launch, k.program.exit_stub_pc);
    SpPipeline& p = sp.pipeline();
    for (uint64_t g = 0; g < 3; ++g) {
        ASSERT_TRUE(sp.can_start(abi, abi.group(g)));
        sp.start_workgroup(abi, abi.group(g), code_image(k));
        const unsigned slot = static_cast<unsigned>(g) * 16 + 5;
        EXPECT_EQ(p.operand_collector.registers().gpr(slot)[4], 64 * g);
        EXPECT_EQ(p.operand_collector.registers().special(slot)[kLocalBase], 64 * g);
    }
    EXPECT_EQ(sp.free_slots(), 16u);
    EXPECT_EQ(p.counters.max_resident_groups, 3u);
    EXPECT_EQ(p.counters.max_local_area_bytes, 192u);
    Kernel k3 = build_kernel("\t.globl kernel\nkernel:\n\texit\n", "kernel", 64, 32, {});
    KernelAbi abi3(ap, k3.launch, k3.program.exit_stub_pc);
    EXPECT_FALSE(sp.can_start(abi3, abi3.group(0)));  // 64 slots, 48 in use
    EXPECT_EQ(p.counters.occupancy_limit_warps, 1u);
    EXPECT_EQ(p.counters.occupancy_limit_local_mem, 0u);

    // Areas of 8 KiB: one fits in the 12 KiB below the stacks.
    Sp sp2("sp2", core, c, 1);
    Kernel big = build_kernel("\t.globl kernel\nkernel:\n\texit\n", "kernel", 64, 16,
                              {KernelArg::of_local(8192)});
    KernelAbi abi_big(ap, big.launch, big.program.exit_stub_pc);
    ASSERT_TRUE(sp2.can_start(abi_big, abi_big.group(0)));
    sp2.start_workgroup(abi_big, abi_big.group(0), code_image(big));
    EXPECT_FALSE(sp2.can_start(abi_big, abi_big.group(1)));
    EXPECT_EQ(sp2.pipeline().counters.occupancy_limit_local_mem, 1u);
    EXPECT_EQ(sp2.pipeline().counters.occupancy_limit_warps, 0u);
    // A group without __local memory still fits beside it.
    Kernel none = build_kernel("\t.globl kernel\nkernel:\n\texit\n", "kernel", 64, 16, {});
    KernelAbi abi_none(ap, none.launch, none.program.exit_stub_pc);
    EXPECT_TRUE(sp2.can_start(abi_none, abi_none.group(0)));
}

TEST(Sp, DependentChainThroughTheWholeSp) {
    CheckingOn on;
    std::string body = "\tadd.si $2, $zero, 1\n";
    for (int i = 0; i < 12; ++i) body += "\tadd $2, $2, $2\n";
    Kernel k = single(body);
    SpBench b("b", make_config(), 20);
    b.run(k);
    ASSERT_EQ(b.error, "");
    std::vector<uint64_t> r = retire_cycles(b.commit.str(), "add ");
    ASSERT_EQ(r.size(), 12u);
    // Each dependent add 3 cycles after the previous one, except where the next line of code
    // is not yet in the ICC (one miss per 32-byte line of 4 instructions ahead of the chain).
    unsigned three = 0;
    for (size_t i = 1; i < r.size(); ++i) three += r[i] - r[i - 1] == 3;
    EXPECT_GE(three, 8u);
}

TEST(Sp, WaitingForAFullLdstUnitSleepsAndEveryCycleIsCharged) {
    CheckingOn on;
    // One warp of 4 lanes issuing 8 loads (park: it goes on issuing past them), each lane on
    // its own line: 4 line requests per load. Two loads fill the 8 MSHRs, two the LD/ST queue,
    // two the memory unit's queue, whose head then waits until an entry frees. The SP sleeps
    // through that wait (the LD/ST unit wakes it) instead of polling.
    std::string body = "\trdsr $2, $zero, %global_id\n\tsfll.i $3, $2, 9\n\tadd $4, $4, $3\n";
    for (int i = 0; i < 8; ++i)
        body += "\tld.w $" + std::to_string(5 + i) + ", " + std::to_string(64 * i) + "($4)\n";
    Kernel k = build_kernel("\t.globl kernel\nkernel:\n" + body + "\texit\n", "kernel", 4, 4,
                            {KernelArg::of_value(kBufferBase)});
    SpBench b("b", make_config({{"mvpgpu_thdc_policy", "park"}}), 200);
    b.run(k);
    ASSERT_EQ(b.error, "");
    const SpPipeline& p = b.sp->pipeline();
    const SpPipeline::Counters& c = p.counters;
    EXPECT_EQ(c.loads, 8u);
    EXPECT_GT(c.memory_stall_cycles, 200u);   // at least one memory round trip
    EXPECT_LT(c.ticks * 2, c.cycles_active);  // asleep through most of it
    // Every cycle with a resident warp either issued or is charged to one stall reason,
    // asleep or not; in the last active cycle the last instruction retires and no warp is left.
    uint64_t stalls = 0;
    for (unsigned r = Issue::kNoWarp; r < Issue::kNumStalls; ++r) stalls += p.issue.stall_cycles[r];
    EXPECT_EQ(stalls + c.warp_instructions + 1, c.cycles_active);
}

TEST(Sp, VcdOffersPerWarpVariables) {
    const std::string path = ::testing::TempDir() + "sp_vcd_test.vcd";
    sim::VcdTracer& t = sim::VcdTracer::instance();
    t.configure(path, "*.warp1.*", 0, 0);
    sim::ClockDomain core("core", 1000.0);
    Sp sp("sp", core, make_config(), 0);
    // pc, ibuffer, active_mask, stall of warp 1, and (MP-IPDOM, the default divergence
    // policy) its split and reconvergence table occupancy.
    EXPECT_EQ(t.traced(), 6u);
}

// A branch whose paths meet more than 1023 instructions away: its reconvergence PC is in the
// image's far table, which the SP reads through the ICC when the branch diverges.
std::string far_reconvergence_kernel() {
    std::string s =
        "\t.globl kernel\nkernel:\n"
        "\trdsr $2, $zero, %global_id\n"
        "\tand.i $3, $2, 1\n"
        "\tbeq $3, $zero, .Leven\n"
        "\tadd.si $5, $zero, 1\n";
    for (int i = 0; i < 1100; ++i) s += "\tadd.si $5, $5, 1\n";
    s += "\tjp .Ljoin\n"
         ".Leven:\n"
         "\tadd.si $5, $zero, 100\n"
         ".Ljoin:\n"
         "\tsfll.i $6, $2, 2\n"
         "\tadd $6, $6, $4\n"
         "\tst.w $5, 0($6)\n"
         "\texit\n";
    return s;
}

void run_far_reconvergence(const char* policy) {
    {
        CheckingOn on;
        SpBench b("b", make_config({{"mvpgpu_divergence", policy}}), 25);
        Kernel k = build_kernel(far_reconvergence_kernel(), "kernel", 64, 32,
                                {KernelArg::of_value(kBufferBase)});
        ASSERT_EQ(k.program.reconvergence_table.size(), 1u);
        ASSERT_EQ(k.program.image(kDataBase).size(), k.program.code.size() + 1);
        b.run(k);
        ASSERT_EQ(b.error, "") << policy;
        for (uint32_t i = 0; i < 64; ++i) {
            uint32_t v;
            b.global.read(kBufferBase + 4 * i, &v, 4);
            ASSERT_EQ(v, i & 1 ? 1101u : 100u) << policy << " item " << i;
        }
        // One table read per divergent warp instruction of the branch.
        EXPECT_EQ(b.sp->pipeline().counters.reconvergence_table_reads,
                  b.sp->pipeline().counters.divergent_branches)
            << policy;
        EXPECT_GT(b.sp->pipeline().counters.divergent_branches, 0u) << policy;
    }
}

TEST(Sp, FarReconvergenceIsReadThroughTheIccMpIpdom) { run_far_reconvergence("mpipdom"); }
TEST(Sp, FarReconvergenceIsReadThroughTheIccPdom) { run_far_reconvergence("pdom"); }

class SpGolden : public ::testing::TestWithParam<std::tuple<size_t, int>> {};

TEST_P(SpGolden, MatchesGoldenModel) {
    CheckingOn on;
    const GoldenCase& c = golden_cases()[std::get<0>(GetParam())];
    const int variant = std::get<1>(GetParam());
    std::vector<std::pair<std::string, std::string>> options;
    if (variant == 1) options = {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}};
    if (variant == 2) options = {{"mvpgpu_rf_model", "collector"}, {"mvpgpu_thdc_policy", "park"}};
    SpBench b("b", make_config(options), 25);
    std::vector<uint32_t> addr;
    std::vector<KernelArg> args = place_buffers(c, b.global, kBufferBase, &addr);
    GlobalMemory golden(kGlobalBytes);
    place_buffers(c, golden, kBufferBase, nullptr);
    Kernel k = build_kernel_file("sw/kernels/" + c.kernel, c.entry, c.range, args);
    FunctionalModel::Params gp;
    FunctionalModel::Stats gs = run_golden(k, golden, b.sp->params());
    b.run(k);
    ASSERT_EQ(b.error, "");
    EXPECT_TRUE(b.flushed);
    EXPECT_EQ(b.groups_done, gs.work_groups);
    if (!c.interleaving_dependent) {
        EXPECT_EQ(b.sp->pipeline().counters.thread_instructions, gs.thread_instructions);
    }
    for (size_t i = 0; i < c.buffers.size(); ++i) {
        for (uint32_t w = 0; w < c.buffers[i].words; ++w) {
            uint32_t x, y;
            b.global.read(addr[i] + 4 * w, &x, 4);
            golden.read(addr[i] + 4 * w, &y, 4);
            ASSERT_EQ(x, y) << "buffer " << i << " word " << w;
        }
    }
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

std::string name_of(const ::testing::TestParamInfo<std::tuple<size_t, int>>& info) {
    static const char* v[] = {"v21", "warp32", "collector_park"};
    return golden_cases()[std::get<0>(info.param)].name + "_" + v[std::get<1>(info.param)];
}

INSTANTIATE_TEST_SUITE_P(Kernels, SpGolden,
                         ::testing::Combine(::testing::Range<size_t>(0, golden_cases().size()),
                                            ::testing::Range(0, 3)),
                         name_of);

}  // namespace
}  // namespace mvp::tb
