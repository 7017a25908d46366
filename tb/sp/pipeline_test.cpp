// The SP pipeline with a fake ICC and a fake LD/ST memory pipeline of fixed latencies:
// exact cycle counts of microkernels and bit-exact results against the golden model.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "modules/sim/connect.h"
#include "tb/sp/pipeline_bench.h"

namespace mvp::tb {
namespace {

uint32_t word(GlobalMemory& m, uint32_t a) {
    uint32_t v;
    m.read(a, &v, 4);
    return v;
}

TEST(SpPipeline, StoresGlobalIdLikeGolden) {
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	sfll.i	$3, $2, 2
	add	$3, $4, $3
	mul	$5, $2, $2
	st.w	$5, 0($3)
	jr	$ra
)";
    Kernel k = build_kernel(src, "kernel", 64, 16, {KernelArg::of_value(kBufferBase)});
    PipelineBench b("b", make_config());
    b.run(k);
    EXPECT_EQ(b.error, "");
    EXPECT_EQ(b.groups_done, 4u);
    GlobalMemory golden(kGlobalBytes);
    run_golden(k, golden, b.params);
    for (uint32_t i = 0; i < 64; ++i) {
        EXPECT_EQ(word(b.global, kBufferBase + 4 * i), i * i) << i;
        EXPECT_EQ(word(golden, kBufferBase + 4 * i), i * i) << i;
    }
}

}  // namespace
}  // namespace mvp::tb

namespace mvp::tb {
namespace {

std::string repeat(const std::string& line, unsigned n) {
    std::string s;
    for (unsigned i = 0; i < n; ++i) s += line;
    return s;
}

// Retire cycles of the commit-log lines whose text starts with `prefix`.
std::vector<uint64_t> retire_cycles(const PipelineBench& b, const std::string& prefix) {
    std::vector<uint64_t> out;
    for (const CommitLine& c : parse_commit_log(b.commit.str()))
        if (c.text.compare(0, prefix.size(), prefix) == 0) out.push_back(c.cycle);
    return out;
}

std::string kernel_of(const std::string& body) {
    return "\t.globl kernel\nkernel:\n" + body + "\texit\n";
}

std::vector<uint64_t> diffs(const std::vector<uint64_t>& v) {
    std::vector<uint64_t> d;
    for (size_t i = 1; i < v.size(); ++i) d.push_back(v[i] - v[i - 1]);
    return d;
}

// Benches that run in one simulation, each a single work-item running `body` alone.
struct Runs {
    std::vector<std::unique_ptr<Kernel>> kernels;
    std::vector<std::unique_ptr<PipelineBench>> benches;
    PipelineBench* add(const std::string& body, const config::Config& c = make_config(),
                       unsigned icc_latency = 1) {
        kernels.push_back(
            std::make_unique<Kernel>(build_kernel(kernel_of(body), "kernel", 1, 1, {})));
        benches.push_back(std::make_unique<PipelineBench>(
            ("b" + std::to_string(benches.size())).c_str(), c, icc_latency));
        benches.back()->load(*kernels.back());
        return benches.back().get();
    }
    void run() {
        sc_core::sc_start();
        for (auto& b : benches) EXPECT_EQ(b->error, "");
    }
};

PipelineBench* run_single(const std::string& body, const config::Config& c = make_config(),
                          unsigned icc_latency = 1) {
    static Runs runs;
    PipelineBench* b = runs.add(body, c, icc_latency);
    runs.run();
    return b;
}

TEST(SpPipelineTiming, DependentIntegerChainCostsTheLatencyPerInstruction) {
    PipelineBench* b = run_single("\tadd.si $2, $zero, 1\n" + repeat("\tadd $2, $2, $2\n", 8));
    std::vector<uint64_t> r = retire_cycles(*b, "add ");
    ASSERT_EQ(r.size(), 8u);
    for (uint64_t d : diffs(r)) EXPECT_EQ(d, 3u);
    // The first instruction issues at edge 4 (started at 1, fetched at 2, answered at 3) and
    // retires after RF, EX0-EX2 and WB at 9; each dependent add 3 cycles later.
    EXPECT_EQ(retire_cycles(*b, "add.si")[0], 9u);
    EXPECT_EQ(r[0], 12u);
    EXPECT_EQ(r.back(), 9u + 8 * 3);
}

TEST(SpPipelineTiming, ChainLatencyFollowsTheOptions) {
    config::Config c = make_config(
        {{"ptx_opcode_latency_int", "5,3,7,3,3,3"}, {"ptx_opcode_latency_fp", "4,3,3,3,3"}});
    PipelineBench* b =
        run_single("\tadd.si $2, $zero, 1\n" + repeat("\tadd $2, $2, $2\n", 4) +
                       repeat("\tmul $2, $2, $2\n", 4) + repeat("\tfadd $2, $2, $2\n", 4),
                   c);
    for (uint64_t d : diffs(retire_cycles(*b, "add "))) EXPECT_EQ(d, 5u);
    for (uint64_t d : diffs(retire_cycles(*b, "mul "))) EXPECT_EQ(d, 7u);
    for (uint64_t d : diffs(retire_cycles(*b, "fadd "))) EXPECT_EQ(d, 4u);
}

TEST(SpPipelineTiming, IndependentAddsIssueOnePerCycle) {
    std::string body;
    for (unsigned r = 5; r < 13; ++r) body += "\tadd $" + std::to_string(r) + ", $3, $4\n";
    PipelineBench* b = run_single(body);
    std::vector<uint64_t> r = retire_cycles(*b, "add ");
    ASSERT_EQ(r.size(), 8u);
    for (uint64_t d : diffs(r)) EXPECT_EQ(d, 1u);
    EXPECT_EQ(r[0], 9u);
}

TEST(SpPipelineTiming, RegisterBankConflictCostsExactlyOneCycle) {
    // $3/$4 are in different banks of the odd/even GPR; $2/$4 in the same one.
    std::string before, conflict;
    for (unsigned r = 5; r < 13; ++r) {
        before += "\tadd $" + std::to_string(r) + ", $3, $4\n";
        conflict += "\tadd $" + std::to_string(r) + (r == 8 ? ", $2, $4\n" : ", $3, $4\n");
    }
    Runs runs;
    PipelineBench* a = runs.add(before);
    PipelineBench* b = runs.add(conflict);
    runs.run();
    std::vector<uint64_t> ra = retire_cycles(*a, "add ");
    EXPECT_EQ(a->sp->counters.rf_bank_conflicts, 0u);
    std::vector<uint64_t> rb = retire_cycles(*b, "add ");
    EXPECT_EQ(b->sp->counters.rf_bank_conflicts, 1u);
    ASSERT_EQ(ra.size(), rb.size());
    for (size_t i = 0; i < ra.size(); ++i) EXPECT_EQ(rb[i], ra[i] + (i >= 3 ? 1 : 0)) << i;
}

TEST(SpPipelineTiming, CollectorBanksFollowRegisterPlusWarp) {
    config::Config c = make_config({{"mvpgpu_rf_model", "collector"}});
    // Warp 0: $1 and $5 share bank 1 of 4; $1 and $2 do not.
    Runs runs;
    PipelineBench* a = runs.add("\tadd $6, $1, $2\n", c);
    PipelineBench* b = runs.add("\tadd $6, $1, $5\n", c);
    runs.run();
    EXPECT_EQ(a->sp->counters.rf_bank_conflicts, 0u);
    EXPECT_EQ(b->sp->counters.rf_bank_conflicts, 1u);
    EXPECT_EQ(retire_cycles(*b, "add ")[0], retire_cycles(*a, "add ")[0] + 1);
    EXPECT_EQ(b->sp->operand_collector.bank_of(1, 3), 0u);
}

TEST(SpPipelineTiming, FetchLatencyAddsToTheFirstIssue) {
    Runs runs;
    PipelineBench* a = runs.add("\tadd $5, $3, $4\n", make_config(), 1);
    PipelineBench* b = runs.add("\tadd $5, $3, $4\n", make_config(), 7);
    runs.run();
    EXPECT_EQ(retire_cycles(*b, "add ")[0], retire_cycles(*a, "add ")[0] + 6);
}

TEST(SpPipelineTiming, BranchPenalties) {
    // Not taken: the fall-through is in the buffer, it issues 2 cycles after the branch.
    // Taken: refetched after EX0 resolves (issue + 2), answered a cycle later, issued the
    // cycle after: 4 cycles after the branch with a 1-cycle ICC.
    PipelineBench* b = run_single(
        "\tbne $3, $zero, L1\n\tadd $5, $3, $4\n\tbeq $3, $zero, L2\n\tadd $6, $3, $4\n"
        "L2:\n\tadd $7, $3, $4\nL1:\n");
    std::vector<CommitLine> log = parse_commit_log(b->commit.str());
    ASSERT_GE(log.size(), 5u);
    EXPECT_EQ(log[1].cycle - log[0].cycle, 2u);  // bne (not taken) -> add $5
    EXPECT_EQ(log[2].cycle - log[1].cycle, 1u);  // add $5 -> beq
    EXPECT_EQ(log[3].text, "add $7, $3, $4");
    EXPECT_EQ(log[3].cycle - log[2].cycle, 4u);  // beq (taken) -> add $7
}

TEST(SpPipelineTiming, WideWarpTakesOnePassPerFourLanes) {
    config::Config c = make_config({{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}});
    std::string body;
    for (unsigned r = 5; r < 9; ++r) body += "\tadd $" + std::to_string(r) + ", $3, $4\n";
    Kernel k = build_kernel(kernel_of(body), "kernel", 32, 32, {});
    PipelineBench b("b", c);
    b.run(k);
    std::vector<uint64_t> r = retire_cycles(b, "add ");
    ASSERT_EQ(r.size(), 4u);
    for (uint64_t d : diffs(r)) EXPECT_EQ(d, 8u);  // 32 lanes on 4 INT32 units
    EXPECT_EQ(b.sp->execute.int_unit.busy_cycles, 32u);
}

TEST(SpPipelineTiming, RunningWarpsIssueRoundRobin) {
    std::string body;
    for (unsigned r = 5; r < 9; ++r) body += "\tadd $" + std::to_string(r) + ", $3, $4\n";
    Kernel k = build_kernel(kernel_of(body), "kernel", 16, 16, {});
    PipelineBench b("b", make_config());
    b.run(k);
    std::vector<CommitLine> log = parse_commit_log(b.commit.str());
    std::vector<unsigned> order;
    for (const CommitLine& l : log)
        if (l.text.compare(0, 4, "add ") == 0) order.push_back(l.warp);
    ASSERT_EQ(order.size(), 16u);
    // Warps join the running set one per cycle, and fetch serves one warp per cycle, so the
    // first round issues as the instructions arrive; after it, strict rotation.
    for (size_t i = 4; i < order.size(); ++i) EXPECT_EQ(order[i], order[i - 4]) << i;
    std::vector<unsigned> first(order.begin(), order.begin() + 4);
    std::sort(first.begin(), first.end());
    EXPECT_EQ(first, (std::vector<unsigned>{0, 1, 2, 3}));
}

TEST(SpPipelineTiming, IssueWidthTwoIssuesTwoWarpsPerCycle) {
    // The 4 INT32 units take one warp instruction of 4 lanes per cycle, so do the 4 FP32
    // units, and each bank of the odd/even GPR one read: two instructions a cycle need both
    // unit types and sources in both banks.
    std::string body;
    for (unsigned r = 5; r < 13; ++r)
        body += r % 2 ? "\titof $" + std::to_string(r) + ", $4\n"
                      : "\tadd.si $" + std::to_string(r) + ", $3, 1\n";
    Kernel k = build_kernel(kernel_of(body), "kernel", 16, 16, {});
    PipelineBench b("b", make_config({{"mvpgpu_issue_width", "2"},
                                      {"mvpgpu_ibuffer_entries", "4"},
                                      {"mvpgpu_pipeline_widths", "4,4,4,4,4,4,4,4,4,4,4,4,0"}}));
    b.run(k);
    ASSERT_EQ(b.error, "");
    std::map<uint64_t, unsigned> per_cycle;
    for (uint64_t c : retire_cycles(b, "add.si ")) ++per_cycle[c];
    for (uint64_t c : retire_cycles(b, "itof ")) ++per_cycle[c];
    unsigned pairs = 0;
    for (const auto& p : per_cycle) {
        EXPECT_LE(p.second, 2u);
        pairs += p.second == 2;
    }
    EXPECT_GE(pairs, 8u);  // most of the 32 adds go two by two
    if (pairs < 8) std::cout << b.commit.str();
}

TEST(SpThdc, SyncReleasesAllWarpsOfTheGroupInTheSameCycle) {
    // 64 work-items (16 warps, 4 running): the warps reach the barrier at different times
    // (a per-warp delay loop), the last arrival releases them all at once.
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	sfrl.i	$3, $2, 2
.Lwait:
	add.si	$3, $3, -1
	bgt_placeholder
	sync
	sfll.i	$5, $2, 2
	add	$5, $4, $5
	st.w	$2, 0($5)
	jr	$ra
)";
    std::string s = src;
    s.replace(s.find("bgt_placeholder"), 15, "blt\t$zero, $3, .Lwait");
    Kernel k = build_kernel(s, "kernel", 64, 64, {KernelArg::of_value(kBufferBase)});
    PipelineBench b("b", make_config());
    b.run(k);
    ASSERT_EQ(b.error, "");
    uint64_t release = 0;
    for (unsigned w = 0; w < 16; ++w) {
        ASSERT_EQ(b.barrier_exits[w].size(), 1u) << w;
        if (w == 0) release = b.barrier_exits[w][0];
        EXPECT_EQ(b.barrier_exits[w][0], release) << w;
    }
    // The release is the cycle after the last sync issued (a sync retires 5 cycles after its
    // issue: RF, EX0-EX2, WB).
    uint64_t last_sync = 0;
    for (const CommitLine& l : parse_commit_log(b.commit.str()))
        if (l.text == "sync") last_sync = std::max(last_sync, l.cycle);
    EXPECT_EQ(release, last_sync - 5 + 1);
    EXPECT_EQ(b.sp->thdc.barrier_releases(), 1u);
    for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(word(b.global, kBufferBase + 4 * i), i);
}

// A kernel in which every work-item loads from global memory, then computes.
Kernel load_kernel(uint32_t items) {
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	sfll.i	$5, $2, 2
	add	$5, $4, $5
	ld.w	$6, 0($5)
	add	$6, $6, $2
	add	$7, $6, $6
	st.w	$7, 0($5)
	jr	$ra
)";
    return build_kernel(src, "kernel", items, items, {KernelArg::of_value(kBufferBase)});
}

TEST(SpThdc, SwitchPolicySwapsInWaitingWarpsOnLongMemoryAccesses) {
    Kernel k = load_kernel(32);  // 8 warps, 4 running
    Runs runs;
    PipelineBench* sw = nullptr;
    PipelineBench* st = nullptr;
    PipelineBench* pk = nullptr;
    for (const char* policy : {"switch", "stall", "park"}) {
        config::Config c =
            make_config({{"mvpgpu_thdc_policy", policy}, {"mvpgpu_thdc_switch_threshold", "8"}});
        runs.kernels.push_back(std::make_unique<Kernel>(k));
        runs.benches.push_back(
            std::make_unique<PipelineBench>((std::string("b_") + policy).c_str(), c, 1, 50));
        runs.benches.back()->load(*runs.kernels.back());
    }
    sw = runs.benches[0].get();
    st = runs.benches[1].get();
    pk = runs.benches[2].get();
    runs.run();
    EXPECT_GT(sw->sp->thdc.switches(), 0u);
    EXPECT_EQ(st->sp->thdc.switches(), 0u);
    EXPECT_EQ(pk->sp->thdc.switches(), 0u);
    // Switching overlaps the waiting warps' loads with the running ones'.
    EXPECT_LT(sw->end_cycle, st->end_cycle);
    for (PipelineBench* b : {sw, st, pk})
        for (uint32_t i = 0; i < 32; ++i) EXPECT_EQ(word(b->global, kBufferBase + 4 * i), 2 * i);
}

TEST(SpCommitLog, OneLinePerRetiredWarpInstruction) {
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	sfll.i	$3, $2, 2
	add	$3, $4, $3
	st.h	$2, 2($3)
	ld.w	$5, 0($3)
	atom.add	$6, $2, ($3)
	beq	$2, $zero, .Lz
	jplnk	f
.Lz:
	sync
	exit
f:
	jr	$ra
)";
    Kernel k = build_kernel(src, "kernel", 2, 2, {KernelArg::of_value(kBufferBase)});
    PipelineBench b("b", make_config(), 1, 4);
    b.run(k);
    ASSERT_EQ(b.error, "");
    std::vector<CommitLine> log = parse_commit_log(b.commit.str());
    std::vector<std::string> lines;
    for (const CommitLine& l : log) lines.push_back(l.line.substr(l.line.find(' ') + 1));
    const std::vector<std::string> expected = {
        "sp0 w0 m0x3 pc=0x0000 (k.s:4) rdsr $2, $zero, %global_id | 0:$2=0x00000000 "
        "1:$2=0x00000001",
        "sp0 w0 m0x3 pc=0x0008 (k.s:5) sfll.i $3, $2, 2 | 0:$3=0x00000000 1:$3=0x00000004",
        "sp0 w0 m0x3 pc=0x0010 (k.s:6) add $3, $4, $3 | 0:$3=0x80200000 1:$3=0x80200004",
        "sp0 w0 m0x3 pc=0x0018 (k.s:7) st.h $2, 2($3) | 0:[0x80200002]=0x0000 "
        "1:[0x80200006]=0x0001",
        "sp0 w0 m0x3 pc=0x0020 (k.s:8) ld.w $5, 0($3) | 0:$5=0x00000000@0x80200000 "
        "1:$5=0x00010000@0x80200004",
        "sp0 w0 m0x3 pc=0x0028 (k.s:9) atom.add $6, $2, ($3) | 0:$6=0x00000000@0x80200000 "
        "1:$6=0x00010000@0x80200004",
        "sp0 w0 m0x3 pc=0x0030 (k.s:10) beq $2, $zero, .Lz | 0:pc=0x0040 1:pc=0x0038",
        "sp0 w0 m0x2 pc=0x0038 (k.s:11) jplnk f | 1:$15=0x00000040,pc=0x0050",
        "sp0 w0 m0x2 pc=0x0050 (k.s:16) jr $ra | 1:pc=0x0040",
        "sp0 w0 m0x3 pc=0x0040 (k.s:13) sync",
        "sp0 w0 m0x3 pc=0x0048 (k.s:14) exit",
    };
    EXPECT_EQ(lines, expected);
    if (std::getenv("MVP_PRINT_COMMIT_LOG")) std::cout << b.commit.str();
    for (size_t i = 1; i < log.size(); ++i) EXPECT_GE(log[i].cycle, log[i - 1].cycle);
}

}  // namespace
}  // namespace mvp::tb
