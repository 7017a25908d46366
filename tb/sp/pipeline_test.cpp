// The SP pipeline with a fake ICC and a fake LD/ST memory pipeline of fixed latencies:
// exact cycle counts of microkernels and bit-exact results against the golden model.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "modules/sim/connect.h"
#include "tb/sp/golden_cases.h"
#include "tb/sp/kanata_reader.h"
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

namespace mvp::tb {
namespace {

std::vector<PipelineLog::Row> csv_rows(const std::string& csv) {
    std::vector<PipelineLog::Row> rows;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, PipelineLog::kCsvHeader);
    while (std::getline(in, line)) {
        PipelineLog::Row r;
        std::string error;
        EXPECT_TRUE(PipelineLog::parse_csv_line(line, &r, &error)) << error << ": " << line;
        rows.push_back(r);
    }
    return rows;
}

TEST(SpPipelineLog, StageCyclesOfAChainALoadAndABranch) {
    const char* src = R"(
	.globl	kernel
kernel:
	add.si	$2, $zero, 1
	add	$2, $2, $2
	ld.w	$5, 0($zero)
	add	$6, $5, $5
	beq	$zero, $zero, .Lt
	add	$7, $3, $4
.Lt:
	add	$8, $3, $4
	exit
)";
    Kernel k = build_kernel(src, "kernel", 1, 1, {});
    PipelineBench b("b", make_config(), 1, 4);  // ICC answers in 1 cycle, memory in 4
    b.log_pipeline();
    b.run(k);
    ASSERT_EQ(b.error, "");
    b.pipeline_log->finish();
    const std::vector<PipelineLog::Row> rows = csv_rows(b.pipeline_csv.str());
    ASSERT_EQ(rows.size(), 7u) << b.pipeline_csv.str();
    EXPECT_EQ(rows.size(), parse_commit_log(b.commit.str()).size());
    EXPECT_EQ(b.pipeline_log->rows(), 7u);
    struct Expected {
        uint32_t pc;
        const char* text;
        uint64_t fe, is, rf, ex0, ex_end, wb;
        const char* stall;
        uint64_t stall_cycles;
    };
    // The group starts at edge 1 and the SP first ticks at 2: FE sends the 16-byte fetch of
    // 0x00/0x08 at 2 (IS charges ibuffer_empty at 2 and 3), the ICC answers at 3, the words
    // enter the buffer at 4 and add.si issues at once: RF 5, EX0-EX2 6-8, WB 9. The dependent
    // add may issue at add.si's wb - 2 = 7 (scoreboard at 5 and 6). The load, fetched alone
    // at 4 (one free entry) and decoded at 6, issues at 8 and takes the AGU at 10; the fake
    // memory completes it 4 cycles after the hand-off, at 14, and WB writes it at 15. Its
    // consumer (decoded at 9) waits for the load under the switch policy from 9 to 14
    // (memory, 6 cycles) and issues at 15, after the load's write-back in the same edge. The
    // taken beq resolves in EX0 at 18; its target is charged control at 17, ibuffer_empty at
    // 18 (refetch sent) and 19 (ICC answered), enters the buffer at 20 and issues then. sync
    // and exit retire through the ALU stages like an add.
    const Expected expected[] = {
        {0x00, "add.si $2, $zero, 1", 4, 4, 5, 6, 8, 9, "ibuffer_empty", 2},
        {0x08, "add $2, $2, $2", 4, 7, 8, 9, 11, 12, "scoreboard", 2},
        {0x10, "ld.w $5, 0($zero)", 6, 8, 9, 10, 14, 15, "none", 0},
        {0x18, "add $6, $5, $5", 9, 15, 16, 17, 19, 20, "memory", 6},
        {0x20, "beq $zero, $zero, .Lt", 10, 16, 17, 18, 20, 21, "none", 0},
        {0x30, "add $8, $3, $4", 20, 20, 21, 22, 24, 25, "ibuffer_empty", 3},
        {0x38, "exit", 20, 21, 22, 23, 25, 26, "none", 0},
    };
    for (size_t i = 0; i < rows.size(); ++i) {
        const PipelineLog::Row& r = rows[i];
        const Expected& e = expected[i];
        SCOPED_TRACE(e.text);
        EXPECT_EQ(r.sp, 0u);
        EXPECT_EQ(r.warp, 0u);
        EXPECT_EQ(r.seq, i);
        EXPECT_EQ(r.mask, 0x1u);
        EXPECT_EQ(r.pc, e.pc);
        EXPECT_EQ(r.instruction, e.text);
        EXPECT_EQ(std::vector<uint64_t>({r.fe, r.is, r.rf, r.ex0, r.ex_end, r.wb}),
                  std::vector<uint64_t>({e.fe, e.is, e.rf, e.ex0, e.ex_end, e.wb}));
        EXPECT_EQ(r.stall, e.stall);
        EXPECT_EQ(r.stall_cycles, e.stall_cycles);
    }
    std::string error;
    EXPECT_TRUE(kanata_matches_csv(b.kanata.str(), b.pipeline_csv.str(), 16, &error)) << error;
}

// Divergent kernels with barriers and memory under both divergence policies, warps of 4 and
// 32: one row per commit-log line, in the same order, the same timing with and without the
// log, and a Kanata file that a strict reader accepts and that says what the CSV says.
TEST(SpPipelineLog, EveryRetiredInstructionOnceWithoutChangingTheRun) {
    const std::vector<std::vector<std::pair<std::string, std::string>>> variants = {
        {},
        {{"mvpgpu_divergence", "pdom"}},
        {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}},
        {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}, {"mvpgpu_divergence", "pdom"}},
        {{"mvpgpu_thdc_policy", "park"}, {"mvpgpu_rf_model", "collector"}},
    };
    std::vector<const GoldenCase*> cases;
    for (const GoldenCase& c : golden_cases())
        if (c.name == "collatz" || c.name == "reduce_sum" || c.name == "div_nested3")
            cases.push_back(&c);
    ASSERT_EQ(cases.size(), 3u);
    struct Pair {
        std::unique_ptr<PipelineBench> logged, plain;
        std::unique_ptr<Kernel> kernel;
        std::string name;
    };
    std::vector<Pair> runs;
    for (const GoldenCase* c : cases) {
        for (size_t v = 0; v < variants.size(); ++v) {
            Pair p;
            p.name = c->name + " variant " + std::to_string(v);
            const config::Config cfg = make_config(variants[v]);
            p.logged = std::make_unique<PipelineBench>(("l" + std::to_string(runs.size())).c_str(),
                                                       cfg, 2, 30);
            p.plain = std::make_unique<PipelineBench>(("p" + std::to_string(runs.size())).c_str(),
                                                      cfg, 2, 30);
            std::vector<KernelArg> args = place_buffers(*c, p.logged->global, kBufferBase, nullptr);
            place_buffers(*c, p.plain->global, kBufferBase, nullptr);
            p.kernel = std::make_unique<Kernel>(
                build_kernel_file("sw/kernels/" + c->kernel, c->entry, c->range, args));
            p.logged->log_pipeline();
            p.logged->load(*p.kernel);
            p.plain->load(*p.kernel);
            runs.push_back(std::move(p));
        }
    }
    sc_core::sc_start();
    size_t streamed = 0;
    for (Pair& p : runs) {
        SCOPED_TRACE(p.name);
        PipelineBench& b = *p.logged;
        ASSERT_EQ(b.error, "");
        ASSERT_EQ(p.plain->error, "");
        EXPECT_EQ(b.commit.str(), p.plain->commit.str());
        EXPECT_EQ(b.end_cycle, p.plain->end_cycle);
        // The Kanata writer does not hold a long run back until its end.
        if (b.pipeline_log->rows() > 8192 && b.kanata.str().size() > 100000) ++streamed;
        b.pipeline_log->finish();
        const std::vector<CommitLine> lines = parse_commit_log(b.commit.str());
        const std::vector<PipelineLog::Row> rows = csv_rows(b.pipeline_csv.str());
        ASSERT_EQ(rows.size(), lines.size());
        ASSERT_EQ(rows.size(), b.sp->counters.retired);
        std::map<unsigned, uint64_t> next_seq;
        for (size_t i = 0; i < rows.size(); ++i) {
            const PipelineLog::Row& r = rows[i];
            ASSERT_EQ(r.wb, lines[i].cycle) << i;
            ASSERT_EQ(r.warp, lines[i].warp) << i;
            ASSERT_EQ(r.pc, lines[i].pc) << i;
            ASSERT_EQ(r.instruction, lines[i].text) << i;
            ASSERT_TRUE(r.fe <= r.is && r.is < r.rf && r.rf < r.ex0 && r.ex0 <= r.ex_end &&
                        r.ex_end < r.wb)
                << i;
            ASSERT_EQ(r.stall == "none", r.stall_cycles == 0) << i;
        }
        // Per warp, the sequence numbers are the issue order: each appears once.
        std::map<std::pair<unsigned, uint64_t>, unsigned> seen;
        for (const PipelineLog::Row& r : rows) ++seen[{r.warp, r.seq}];
        for (const auto& s : seen) ASSERT_EQ(s.second, 1u);
        std::string error;
        EXPECT_TRUE(
            kanata_matches_csv(b.kanata.str(), b.pipeline_csv.str(), b.params.num_warps(), &error))
            << error;
    }
    EXPECT_GT(streamed, 0u);
}

TEST(SpPipelineLog, CsvLinesQuoteTheInstructionAndParseBack) {
    PipelineLog::Row r;
    r.sp = 3;
    r.warp = 7;
    r.seq = 12;
    r.pc = 0x1a8;
    r.mask = 0x5;
    r.instruction = "ld.w $5, 0($3) \"x\", y";
    r.fe = 100;
    r.is = 104;
    r.rf = 105;
    r.ex0 = 106;
    r.ex_end = 140;
    r.wb = 141;
    r.stall = "scoreboard";
    r.stall_cycles = 3;
    const std::string line = PipelineLog::csv_line(r, 8);
    EXPECT_EQ(line,
              "3,7,12,0x01a8,0x05,\"ld.w $5, 0($3) \"\"x\"\", y\",100,104,105,106,140,141,"
              "scoreboard,3");
    PipelineLog::Row back;
    std::string error;
    ASSERT_TRUE(PipelineLog::parse_csv_line(line, &back, &error)) << error;
    EXPECT_EQ(PipelineLog::csv_line(back, 8), line);
    EXPECT_EQ(back.instruction, r.instruction);
    const std::pair<const char*, const char*> bad[] = {
        {"3,7,12,0x01a8,0x05,\"add\",1,2,3,4,5,6,none", "expected 14 fields, found 13"},
        {"3,7,12,0x01a8,0x05,\"add,1,2,3,4,5,6,none,0", "column 6: the quoted text does not end"},
        {"3,7,12,0x01a8,0x05,\"add\"x,1,2,3,4,5,6,none,0", "column 6: text after the closing quote"},
        {"3,7,12,424,0x05,add,1,2,3,4,5,6,none,0", "field pc: '424' is not a 0x hex number"},
        {"3,7,12,0x01a8,0x05,add,1,2,-3,4,5,6,none,0", "field rf: '-3' is not a decimal number"},
        {"3,7,12,0x01a8,0x05,add,1,2,3,4,5,6,issued,0",
         "field stall: 'issued' is not a stall reason"},
    };
    for (const auto& [text, message] : bad) {
        EXPECT_FALSE(PipelineLog::parse_csv_line(text, &back, &error)) << text;
        EXPECT_EQ(error, message) << text;
    }
}

TEST(SpPipelineLog, TheKanataReaderFollowsTheDocumentedGrammar) {
    const std::string good =
        "Kanata\t0004\nC=\t10\nI\t0\t5\t1\nL\t0\t0\tadd\nL\t0\t1\tdetail\nS\t0\t0\tFE\nC\t1\n"
        "E\t0\t0\tFE\nS\t0\t0\tEX\nI\t1\t6\t1\nS\t1\t0\tFE\nC\t2\nR\t0\t0\t0\nR\t1\t1\t1\n";
    std::vector<KanataInstruction> ks;
    std::string error;
    ASSERT_TRUE(read_kanata(good, &ks, &error)) << error;
    ASSERT_EQ(ks.size(), 2u);
    EXPECT_EQ(ks[0].sim_id, 5u);
    EXPECT_EQ(ks[0].thread, 1u);
    EXPECT_EQ(ks[0].label, "add");
    EXPECT_EQ(ks[0].detail, "detail");
    ASSERT_EQ(ks[0].stages.size(), 2u);
    EXPECT_EQ(ks[0].stages[0].start, 10u);
    EXPECT_EQ(ks[0].stages[0].end, 11u);
    EXPECT_EQ(ks[0].stages[1].end, 13u);  // closed by its R
    EXPECT_EQ(ks[0].retire_cycle, 13u);
    EXPECT_TRUE(ks[1].flushed);
    const std::pair<std::string, std::string> bad[] = {
        {"Kanata 0004\n", "line 1: the header is not 'Kanata<TAB>0004'"},
        {"Kanata\t0004\nI 0 0 0\n", "line 2: unknown command 'I 0 0 0'"},
        {"Kanata\t0004\nI\t1\t0\t0\n", "line 2: I gives file id 1, expected the next id 0"},
        {"Kanata\t0004\nI\t0\t0\t0\nC=\t4\n", "line 3: C= after other commands"},
        {"Kanata\t0004\nC\t0\n", "line 2: C 0: the cycle must go forward"},
        {"Kanata\t0004\nC\t-1\n", "line 2: C takes one cycle count"},
        {"Kanata\t0004\nS\t0\t0\tFE\n", "line 2: S: id 0 has had no I command"},
        {"Kanata\t0004\nI\t0\t0\t0\nE\t0\t0\tFE\n", "line 3: E: stage FE of id 0 not started"},
        {"Kanata\t0004\nI\t0\t0\t0\nL\t0\t2\tx\n", "line 3: L: type must be 0 or 1"},
        {"Kanata\t0004\nI\t0\t0\t0\nR\t0\t0\t0\nR\t0\t0\t0\n", "line 4: R: id 0 is retired"},
        {"Kanata\t0004\nI\t0\t0\t0\nS\t0\t0\tFE\n", "line 3: id 0 is never retired"},
    };
    for (const auto& [text, message] : bad) {
        EXPECT_FALSE(read_kanata(text, &ks, &error)) << text;
        EXPECT_EQ(error, message) << text;
    }
}

}  // namespace
}  // namespace mvp::tb
