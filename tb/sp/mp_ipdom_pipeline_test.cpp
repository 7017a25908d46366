// Multi-Path IPDOM in the SP pipeline (fake ICC and LD/ST memory of fixed latencies): splits
// issue interleaved, each held only by its own threads (scoreboard, memory, barrier), nested
// splits, small tables, barriers inside divergent code; every run compared with the golden
// model and, where it matters, with the PDOM stack on the same kernel.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "modules/sp/mp_ipdom.h"
#include "tb/sp/pipeline_bench.h"

namespace mvp::tb {
namespace {

using Options = std::vector<std::pair<std::string, std::string>>;

uint32_t word(GlobalMemory& m, uint32_t a) {
    uint32_t v;
    m.read(a, &v, 4);
    return v;
}

// The lane mask of a commit-log line ("<cycle> sp0 w0 m0x3 ...").
LaneMask mask_of(const CommitLine& c) {
    const size_t at = c.line.find(" m0x");
    return std::stoull(c.line.substr(at + 4), nullptr, 16);
}

// Several benches in one simulation (SystemC elaborates once per process); each kernel
// also runs on the golden model, and every run must match it word for word.
struct Runs {
    struct Run {
        std::unique_ptr<Kernel> kernel;
        std::unique_ptr<PipelineBench> bench;
        std::unique_ptr<GlobalMemory> golden;
        uint32_t out = 0;
        uint32_t words = 0;
    };
    std::vector<Run> runs;

    // `in` is placed at kBufferBase, the output (words, zeroed) after it; args get the two
    // addresses prepended.
    PipelineBench* add(const std::string& source, uint32_t global, uint32_t local,
                       const Options& options, const std::vector<uint32_t>& in, uint32_t words,
                       std::vector<KernelArg> extra = {}, unsigned memory_latency = 4) {
        Run r;
        const uint32_t out = kBufferBase + ((static_cast<uint32_t>(in.size()) * 4 + 255) & ~255u);
        std::vector<KernelArg> args = {KernelArg::of_value(kBufferBase), KernelArg::of_value(out)};
        args.insert(args.end(), extra.begin(), extra.end());
        r.kernel = std::make_unique<Kernel>(build_kernel(source, "kernel", global, local, args));
        r.bench = std::make_unique<PipelineBench>(("b" + std::to_string(runs.size())).c_str(),
                                                  make_config(options), 1, memory_latency);
        r.golden = std::make_unique<GlobalMemory>(kGlobalBytes);
        for (GlobalMemory* m : {&r.bench->global, r.golden.get()}) {
            if (!in.empty()) m->write(kBufferBase, in.data(), in.size() * 4);
            std::vector<uint32_t> zero(words, 0);
            m->write(out, zero.data(), words * 4);
        }
        run_golden(*r.kernel, *r.golden, r.bench->params);
        r.bench->load(*r.kernel);
        r.out = out;
        r.words = words;
        runs.push_back(std::move(r));
        return runs.back().bench.get();
    }
    void run() {
        sc_core::sc_start();
        for (Run& r : runs) {
            EXPECT_EQ(r.bench->error, "");
            for (uint32_t i = 0; i < r.words; ++i)
                ASSERT_EQ(word(r.bench->global, r.out + 4 * i), word(*r.golden, r.out + 4 * i))
                    << "word " << i;
            EXPECT_TRUE(r.bench->sp->idle());
        }
    }
};

const MpIpdom& mp(const PipelineBench* b) {
    const auto* p = dynamic_cast<const MpIpdom*>(&b->sp->policy());
    EXPECT_NE(p, nullptr);
    return *p;
}

// if (tid < 8) { four dependent loads } else { four other dependent loads }; out[tid] = v.
const char* kDualLoads = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %local_id
	add.si	$3, $zero, 8
	sfll.i	$8, $2, 2
	blt	$2, $3, .Lthen
	add	$9, $4, $8
	ld.w	$9, 0($9)
	add	$9, $4, $9
	ld.w	$9, 0($9)
	add	$9, $4, $9
	ld.w	$9, 0($9)
	add	$9, $4, $9
	ld.w	$9, 0($9)
	jp	.Ljoin
.Lthen:
	add	$9, $4, $8
	ld.w	$9, 128($9)
	add	$9, $4, $9
	ld.w	$9, 128($9)
	add	$9, $4, $9
	ld.w	$9, 128($9)
	add	$9, $4, $9
	ld.w	$9, 128($9)
.Ljoin:
	add	$10, $5, $8
	st.w	$9, 0($10)
	exit
)";

// Byte offsets of a pseudo-random walk over 64 words, so each load depends on the previous.
std::vector<uint32_t> walk_table() {
    std::vector<uint32_t> t(64);
    for (uint32_t i = 0; i < 64; ++i) t[i] = ((i * 37 + 11) % 32) * 4;
    return t;
}

TEST(MpIpdomPipeline, SeedWalkThroughSplitsInterleaveAndReconverge) {
    const Options w32 = {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}};
    Options pdom = w32;
    pdom.emplace_back("mvpgpu_divergence", "pdom");
    Runs runs;
    PipelineBench* m = runs.add(kDualLoads, 32, 32, w32, walk_table(), 32, {}, 20);
    PipelineBench* p = runs.add(kDualLoads, 32, 32, pdom, walk_table(), 32, {}, 20);
    runs.run();
    for (PipelineBench* b : {m, p}) {
        SCOPED_TRACE(b == m ? "mpipdom" : "pdom");
        std::vector<CommitLine> log = parse_commit_log(b->commit.str());
        // Between the divergent branch and the join (the sfll.i before the branch retires
        // after it, with the whole warp): the two sides' masks, 0x000000ff and 0xffffff00;
        // the join runs with 0xffffffff.
        auto branch = std::find_if(log.begin(), log.end(),
                                   [](const CommitLine& c) { return c.text.rfind("blt", 0) == 0; });
        auto join = std::find_if(log.begin(), log.end(), [](const CommitLine& c) {
            return c.text.rfind("add $10", 0) == 0;
        });
        ASSERT_NE(branch, log.end());
        ASSERT_NE(join, log.end());
        EXPECT_EQ(mask_of(*join), 0xffffffffu);
        std::vector<LaneMask> masks;
        for (auto it = branch + 1; it != join; ++it)
            if (mask_of(*it) != 0xffffffffu) masks.push_back(mask_of(*it));
        ASSERT_EQ(masks.size(), 17u);  // 9 instructions on one side, 8 on the other
        unsigned changes = 0;
        for (size_t i = 0; i < masks.size(); ++i) {
            EXPECT_TRUE(masks[i] == 0xffu || masks[i] == 0xffffff00u) << std::hex << masks[i];
            changes += i > 0 && masks[i] != masks[i - 1];
        }
        if (b == m) {
            // Both sides retire between the divergence and the reconvergence, interleaved.
            EXPECT_GE(changes, 4u);
        } else {
            EXPECT_EQ(changes, 1u);  // PDOM: one side, then the other
        }
        if (std::getenv("MVP_PRINT_COMMIT_LOG")) std::cout << b->commit.str();
    }
    // The two chains of dependent loads overlap: at most 0.8x the PDOM cycles.
    EXPECT_LE(m->end_cycle * 10, p->end_cycle * 8) << m->end_cycle << " vs " << p->end_cycle;
    EXPECT_EQ(m->sp->counters.warp_instructions, p->sp->counters.warp_instructions);
    EXPECT_EQ(m->sp->counters.thread_instructions, p->sp->counters.thread_instructions);
    EXPECT_EQ(mp(m).stats().max_st, 2u);
    EXPECT_EQ(mp(m).stats().max_rt, 1u);
    EXPECT_EQ(mp(m).stats().reconvergences, 1u);
    EXPECT_GT(m->sp->issue.multi_ready_cycles, 0u);
}

TEST(MpIpdomPipeline, DualPathKernelRetiresBothSidesBetweenDivergenceAndJoin) {
    // sw/kernels/div_dual_balanced with in[i] = i: odd lanes run the then side, even lanes the
    // else side; their dependent ALU chains interleave.
    std::vector<uint32_t> in(32);
    for (uint32_t i = 0; i < 32; ++i) in[i] = i;
    GlobalMemory golden(kGlobalBytes);
    const uint32_t out = kBufferBase + 256;
    Kernel k =
        build_kernel_file("sw/kernels/div_dual_balanced/div_dual_balanced.s", "div_dual_balanced",
                          [] {
                              NDRange r;
                              r.work_dim = 1;
                              r.global[0] = 32;
                              r.local[0] = 32;
                              return r;
                          }(),
                          {KernelArg::of_value(kBufferBase), KernelArg::of_value(out)});
    PipelineBench b("b", make_config({{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}}));
    for (GlobalMemory* mem : {&b.global, &golden}) mem->write(kBufferBase, in.data(), 128);
    run_golden(k, golden, b.params);
    b.run(k);
    ASSERT_EQ(b.error, "");
    for (uint32_t i = 0; i < 32; ++i)
        EXPECT_EQ(word(b.global, out + 4 * i), word(golden, out + 4 * i)) << i;
    std::vector<CommitLine> log = parse_commit_log(b.commit.str());
    auto branch = std::find_if(log.begin(), log.end(),
                               [](const CommitLine& c) { return c.text.rfind("beq", 0) == 0; });
    auto join = std::find_if(log.begin(), log.end(),
                             [](const CommitLine& c) { return c.text == "add $10, $10, $2"; });
    ASSERT_NE(branch, log.end());
    ASSERT_NE(join, log.end());
    EXPECT_EQ(mask_of(*join), 0xffffffffu);
    std::vector<LaneMask> order;
    for (auto it = branch + 1; it != join; ++it)
        if (mask_of(*it) != 0xffffffffu && (order.empty() || order.back() != mask_of(*it)))
            order.push_back(mask_of(*it));
    // then, else, then ... at least: both sides retire before either has finished.
    ASSERT_GE(order.size(), 3u);
    for (LaneMask x : order) EXPECT_TRUE(x == 0xaaaaaaaau || x == 0x55555555u) << std::hex << x;
}

TEST(MpIpdomPipeline, SplitsAreHeldOnlyByTheirOwnThreadsWritesAndMemory) {
    // Lanes 0, 1 load $6 from memory (40 cycles); lanes 2, 3 meanwhile compute their own $6.
    // Their scoreboard reservations and the outstanding load carry different lane masks, so
    // the second split is not held; after the join, the store of $6 waits for the load.
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %local_id
	add.si	$3, $zero, 2
	sfll.i	$8, $2, 2
	ble	$3, $2, .Lcompute
	add	$9, $4, $8
	ld.w	$6, 0($9)
	add	$6, $6, $6
	jp	.Ljoin
.Lcompute:
	add.si	$6, $2, 100
	add	$6, $6, $6
	add	$6, $6, $6
	add	$6, $6, $6
.Ljoin:
	add	$10, $5, $8
	st.w	$6, 0($10)
	exit
)";
    std::vector<uint32_t> in = {7, 9, 11, 13};
    Runs runs;
    PipelineBench* m = runs.add(src, 4, 4, {}, in, 4, {}, 40);
    PipelineBench* p = runs.add(src, 4, 4, {{"mvpgpu_divergence", "pdom"}}, in, 4, {}, 40);
    runs.run();
    auto cycles_of = [](PipelineBench* b, const std::string& text, LaneMask mask) {
        std::vector<uint64_t> c;
        for (const CommitLine& l : parse_commit_log(b->commit.str()))
            if (l.text.rfind(text, 0) == 0 && mask_of(l) == mask) c.push_back(l.cycle);
        return c;
    };
    // MP-IPDOM: the other split's four $6 writes retire while the load is outstanding.
    const uint64_t load = cycles_of(m, "ld.w $6", 0x3).at(0);
    std::vector<uint64_t> own = cycles_of(m, "add", 0xc);
    ASSERT_EQ(own.size(), 4u);
    EXPECT_LT(own.back(), load);
    // Across the reconvergence the store waits for the load of lanes 0, 1.
    EXPECT_GT(cycles_of(m, "st.w", 0xf).at(0), cycles_of(m, "add $6", 0x3).at(0));
    // PDOM: the second split runs only after the first has finished.
    EXPECT_GT(cycles_of(p, "add.si $6", 0xc).at(0), cycles_of(p, "add $6", 0x3).at(0));
    EXPECT_LT(m->end_cycle, p->end_cycle);
}

// sw/kernels/div_nested3 on one warp of 8 whose lanes take all five paths: x < lo odd / even,
// lo <= x < hi with bit 1 set / clear, x >= hi.
TEST(MpIpdomPipeline, NestedSplitsAreReadyTogetherAndTheInnerJoinCompletesFirst) {
    const uint32_t out = kBufferBase + 256;
    const int32_t lo = -100, hi = 300;
    const std::vector<int32_t> x = {-201, -202, 2, 4, -203, 1000, 3, 999};
    NDRange r;
    r.work_dim = 1;
    r.global[0] = 8;
    r.local[0] = 8;
    Kernel k = build_kernel_file(
        "sw/kernels/div_nested3/div_nested3.s", "div_nested3", r,
        {KernelArg::of_value(kBufferBase), KernelArg::of_value(out),
         KernelArg::of_value(static_cast<uint32_t>(lo)), KernelArg::of_value(hi)});
    PipelineBench b("b", make_config({{"mvpgpu_n_threads_per_sp_and_warp_size", "8"}}), 1, 4);
    GlobalMemory golden(kGlobalBytes);
    for (GlobalMemory* mem : {&b.global, &golden}) mem->write(kBufferBase, x.data(), 32);
    run_golden(k, golden, b.params);
    b.run(k);
    ASSERT_EQ(b.error, "");
    for (uint32_t i = 0; i < 8; ++i)
        EXPECT_EQ(word(b.global, out + 4 * i), word(golden, out + 4 * i)) << i;
    EXPECT_GE(mp(&b).stats().max_st, 3u);  // three or more splits schedulable at once
    EXPECT_GE(mp(&b).stats().max_rt, 2u);  // the outer join and an inner one at least
    EXPECT_EQ(mp(&b).stats().reconvergences, 3u);
    EXPECT_GT(b.sp->issue.multi_ready_cycles, 0u);
    // The inner joins (sfra.i of the below side, xor.i 0x77 of the inside side) retire with
    // their sides' masks before the outer join's store with the whole warp.
    uint64_t inner_below = 0, inner_inside = 0, outer = 0;
    for (const CommitLine& l : parse_commit_log(b.commit.str())) {
        if (l.text.rfind("sfra.i $11", 0) == 0) {
            EXPECT_EQ(mask_of(l), 0x13u);
            inner_below = l.cycle;
        }
        if (l.text.rfind("xor.i $10, $10, 0x77", 0) == 0) {
            EXPECT_EQ(mask_of(l), 0x4cu);
            inner_inside = l.cycle;
        }
        if (l.text.rfind("st.w $10", 0) == 0) {
            EXPECT_EQ(mask_of(l), 0xffu);
            outer = l.cycle;
        }
    }
    EXPECT_GT(inner_below, 0u);
    EXPECT_GT(inner_inside, 0u);
    EXPECT_LT(inner_below, outer);
    EXPECT_LT(inner_inside, outer);
}

// A barrier inside divergent code: odd and even work-items write their own value to local
// memory, meet at a sync on their own side, then read their neighbour's. The last work-item
// returns early (it never reaches a barrier). The golden model passes: a barrier releases when
// every live thread is at a sync.
const char* kBarrierInside = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %local_id
	add.si	$3, $zero, 15
	sfll.i	$8, $2, 2
	bne	$2, $3, .Lwork
	jr	$ra
.Lwork:
	and.i	$9, $2, 1
	beq	$9, $zero, .Leven
	add.si	$10, $2, 1000
	st.w	$10, 0($8)
	sync
	xor.i	$11, $8, 4
	ld.w	$12, 0($11)
	add.si	$12, $12, 1
	jp	.Ljoin
.Leven:
	add.si	$10, $2, 2000
	st.w	$10, 0($8)
	sync
	xor.i	$11, $8, 4
	ld.w	$12, 0($11)
	add.si	$12, $12, 2
.Ljoin:
	add	$13, $5, $8
	st.w	$12, 0($13)
	jr	$ra
)";

TEST(MpIpdomPipeline, BarrierInsideDivergenceCompletesLikeTheGoldenModel) {
    Runs runs;
    // 16 work-items: four warps of 4 (the running set switches them), one warp of 16.
    PipelineBench* w4 = runs.add(kBarrierInside, 16, 16, {}, {}, 16);
    PipelineBench* w16 =
        runs.add(kBarrierInside, 16, 16, {{"mvpgpu_n_threads_per_sp_and_warp_size", "16"}}, {}, 16);
    PipelineBench* tables = runs.add(kBarrierInside, 16, 16,
                                     {{"mvpgpu_n_threads_per_sp_and_warp_size", "16"},
                                      {"mvpgpu_mpipdom_st_entries", "1"},
                                      {"mvpgpu_mpipdom_rt_entries", "1"}},
                                     {}, 16);
    runs.run();
    for (PipelineBench* b : {w4, w16, tables}) {
        EXPECT_EQ(b->sp->thdc.barrier_releases(), 1u);
        EXPECT_GT(mp(b).stats().barrier_bypasses, 0u);
    }
    EXPECT_GT(mp(tables).stats().st_full, 0u);
}

TEST(MpIpdomPipeline, UnderPdomTheSameBarrierHangs) {
    Kernel k = build_kernel(kBarrierInside, "kernel", 16, 16,
                            {KernelArg::of_value(kBufferBase), KernelArg::of_value(kBufferBase)});
    PipelineBench b("b", make_config({{"mvpgpu_n_threads_per_sp_and_warp_size", "16"},
                                      {"mvpgpu_divergence", "pdom"},
                                      {"mvpgpu_watchdog_cycles", "2000"}}));
    b.run(k);
    EXPECT_NE(b.error.find("no instruction retired for 2000 cycles"), std::string::npos) << b.error;
    EXPECT_NE(b.error.find("at a barrier"), std::string::npos) << b.error;
}

TEST(MpIpdomPipeline, ManyWaySwitchWithATwoEntrySplitTable) {
    // sw/kernels/div_switch (decision tree, eight paths) and div_jump_table (eight jr
    // targets) in warps of 32 with 2 ST entries (and 1 RT entry): the extra splits wait
    // parked, the results are the golden model's.
    std::vector<uint32_t> in(64);
    for (uint32_t i = 0; i < 64; ++i) in[i] = i * 2654435761u;
    const Options small = {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"},
                           {"mvpgpu_mpipdom_st_entries", "2"}};
    Options smaller = small;
    smaller.emplace_back("mvpgpu_mpipdom_rt_entries", "1");
    std::vector<std::unique_ptr<Kernel>> kernels;
    std::vector<std::unique_ptr<PipelineBench>> benches;
    std::vector<std::unique_ptr<GlobalMemory>> goldens;
    const uint32_t out = kBufferBase + 256;
    for (const char* name : {"div_switch", "div_jump_table"}) {
        for (const Options* o : {&small, static_cast<const Options*>(&smaller)}) {
            NDRange r;
            r.work_dim = 1;
            r.global[0] = 64;
            r.local[0] = 64;
            kernels.push_back(std::make_unique<Kernel>(
                build_kernel_file(std::string("sw/kernels/") + name + "/" + name + ".s", name, r,
                                  {KernelArg::of_value(kBufferBase), KernelArg::of_value(out)})));
            benches.push_back(std::make_unique<PipelineBench>(
                ("b" + std::to_string(benches.size())).c_str(), make_config(*o), 1, 10));
            goldens.push_back(std::make_unique<GlobalMemory>(kGlobalBytes));
            for (GlobalMemory* m : {&benches.back()->global, goldens.back().get()})
                m->write(kBufferBase, in.data(), in.size() * 4);
            run_golden(*kernels.back(), *goldens.back(), benches.back()->params);
            benches.back()->load(*kernels.back());
        }
    }
    sc_core::sc_start();
    for (size_t i = 0; i < benches.size(); ++i) {
        PipelineBench& b = *benches[i];
        ASSERT_EQ(b.error, "") << i;
        for (uint32_t j = 0; j < 64; ++j)
            ASSERT_EQ(word(b.global, out + 4 * j), word(*goldens[i], out + 4 * j)) << i << " " << j;
        EXPECT_EQ(mp(&b).stats().max_st, 2u) << i;
        EXPECT_GT(mp(&b).stats().st_full, 0u) << i;
        EXPECT_LE(mp(&b).stats().max_rt, 1u) << i;
    }
}

}  // namespace
}  // namespace mvp::tb
