// The trace tools' library on files the tests write: commit-log and pipeline-log reading,
// alignment and skew, the signal map, and VCD conversion in the clocked and event styles.

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "sw/tools/commit_log_reader.h"
#include "sw/tools/pipeline_log_reader.h"
#include "sw/tools/signal_map.h"
#include "sw/tools/skew_stats.h"
#include "sw/tools/stage_diff.h"
#include "sw/tools/trace_diff.h"
#include "sw/tools/trace_error.h"
#include "sw/tools/vcd_to_commit.h"

namespace mvp::tools {
namespace {

std::string temp(const std::string& name) {
    return ::testing::TempDir() + "trace_tools_" + std::to_string(getpid()) + "_" + name;
}

std::string write(const std::string& name, const std::string& text) {
    const std::string path = temp(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// The message of the TraceError `f` throws ("" when it throws none).
std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const TraceError& e) {
        return e.what();
    }
    return "";
}

// ---------------------------------------------------------------- commit logs

const char* const kLog =
    "9 sp0 w0 m0x3 pc=0x0000 (k.s:4) rdsr $2, $zero, %global_id | 0:$2=0x00000000 "
    "1:$2=0x00000001\n"
    "12 sp0 w0 m0x3 pc=0x0008 (k.s:5) sfll.i $3, $2, 2 | 0:$3=0x00000000 1:$3=0x00000004\n"
    "15 sp0 w0 m0x3 pc=0x0010 (k.s:6) add $3, $4, $3 | 0:$3=0x80200000 1:$3=0x80200004\n"
    "20 sp0 w0 m0x3 pc=0x0018 (k.s:7) st.h $2, 2($3) | 0:[0x80200002]=0x0000 "
    "1:[0x80200006]=0x0001\n"
    "27 sp0 w0 m0x3 pc=0x0020 (k.s:8) ld.w $5, 0($3) | 0:$5=0x00000000@0x80200000 "
    "1:$5=0x00010000@0x80200004\n"
    "34 sp0 w0 m0x3 pc=0x0028 (k.s:9) atom.add $6, $2, ($3) | 0:$6=0x00000000@0x80200000 "
    "1:$6=0x00010000@0x80200004\n"
    "39 sp0 w0 m0x3 pc=0x0030 (k.s:10) beq $2, $zero, .Lz | 0:pc=0x0040 1:pc=0x0038\n"
    "41 sp0 w0 m0x2 pc=0x0038 (k.s:11) jplnk f | 1:$15=0x00000040,pc=0x0050\n"
    "45 sp0 w0 m0x2 pc=0x0050 (k.s:16) jr $ra | 1:pc=0x0040\n"
    "49 sp0 w0 m0x3 pc=0x0040 (k.s:13) sync\n"
    "50 sp0 w0 m0x3 pc=0x0048 (k.s:14) exit\n";

std::vector<CommitLogReader::Entry> log_of(const std::string& name, const std::string& text) {
    return CommitLogReader::read(write(name, text));
}

TEST(CommitLogReader, ReadsEveryField) {
    const auto log = log_of("fields.log", kLog);
    ASSERT_EQ(log.size(), 11u);
    const CommitLogReader::Entry& e = log[4];
    EXPECT_EQ(e.cycle, 27u);
    EXPECT_EQ(e.sp, 0u);
    EXPECT_EQ(e.warp, 0u);
    EXPECT_EQ(e.mask, 3u);
    EXPECT_EQ(e.pc, 0x20u);
    EXPECT_EQ(e.source, "k.s:8");
    EXPECT_EQ(e.instruction, "ld.w $5, 0($3)");
    EXPECT_EQ(e.mnemonic(), "ld.w");
    EXPECT_EQ(e.lane_effect(1), "$5=0x00010000@0x80200004");
    EXPECT_EQ(e.lane_effect(2), "");
    EXPECT_EQ(e.line, 5u);
    EXPECT_EQ(log[9].effects, "");
    // A compiled OpenCL C line names two places in its source column.
    const auto cl = CommitLogReader::parse(
        "7 sp1 w12 m0xffffffff pc=0x01a8 (vec.cl:7:12 vec.s:24) add $3, $4, $3 | 0:$3=0x1", "x", 1);
    EXPECT_EQ(cl.source, "vec.cl:7:12 vec.s:24");
    EXPECT_EQ(cl.sp, 1u);
    EXPECT_EQ(cl.warp, 12u);
    EXPECT_EQ(cl.mask, 0xffffffffu);
}

TEST(CommitLogReader, MalformedLinesNameFileLineAndField) {
    const std::string path =
        write("bad.log", std::string(kLog) + "51 sp0 w0 pc=0x0050 (k.s:3) exit\n");
    EXPECT_EQ(error_of([&] { CommitLogReader::read(path); }),
              path + ":12: expected ' m0x<MASK>' (not a commit-log line: doc/commit-log.md)");
    EXPECT_EQ(error_of([&] { CommitLogReader::parse("12 sp0 w0 m0x3 pc=0x0000", "f", 3); }),
              "f:3: expected ' (<file>:<line>)' (not a commit-log line: doc/commit-log.md)");
    EXPECT_EQ(error_of([&] { CommitLogReader::parse("12 sp0 w0 m0x3 pc=0x0000 (k.s:3)", "f", 3); }),
              "f:3: expected the source column and the instruction (not a commit-log line: "
              "doc/commit-log.md)");
    EXPECT_NE(error_of([&] {
                  CommitLogReader::parse("1 sp0 w0 m0x3 pc=0x0 (-) add $1, $2, $3 | 0=$1", "f", 9);
              }).find("f:9: malformed lane effect '0=$1'"),
              std::string::npos);
}

TEST(CommitLogReader, TruncatedOrMissingFilesAreErrors) {
    const std::string text = kLog;
    const std::string cut = write("cut.log", text.substr(0, text.size() - 20));
    EXPECT_EQ(error_of([&] { CommitLogReader::read(cut); }),
              cut + ":11: the last line has no end of line: the file is truncated");
    EXPECT_EQ(error_of([&] { CommitLogReader::read(temp("none.log")); }),
              temp("none.log") + ": cannot read: No such file or directory");
    EXPECT_TRUE(log_of("empty.log", "").empty());
}

// ---------------------------------------------------------------- skew

TEST(SkewStats, NearestRankPercentiles) {
    SkewStats s;
    for (int i = 20; i >= 1; --i) s.add(i);
    const SkewStats::Summary x = s.summary();
    EXPECT_EQ(x.count, 20u);
    EXPECT_DOUBLE_EQ(x.mean, 10.5);
    EXPECT_EQ(x.median, 10);
    EXPECT_EQ(x.p95, 19);
    EXPECT_EQ(x.min, 1);
    EXPECT_EQ(x.max, 20);
    SkewStats neg;
    neg.add(-7);
    neg.add(3);
    EXPECT_EQ(neg.summary().max_abs(), 7);
    EXPECT_EQ(SkewStats().summary().count, 0u);
}

// ---------------------------------------------------------------- trace diff

TraceDiff diff(const std::string& a, const std::string& b, TraceDiff::Options o = {}) {
    return TraceDiff("a.log", log_of("a.log", a), "b.log", log_of("b.log", b), o);
}

// The log with `add` cycles added to every line of class `cls`.
std::string delayed(const std::string& text, const std::string& mnemonic, int add) {
    std::string out;
    for (const CommitLogReader::Entry& e : log_of("d.log", text)) {
        uint64_t cycle = e.cycle + (e.mnemonic() == mnemonic ? add : 0);
        out += std::to_string(cycle) + e.text.substr(e.text.find(' ')) + "\n";
    }
    return out;
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
}

TEST(TraceDiff, IdenticalLogsMatchWithNoSkew) {
    TraceDiff d = diff(kLog, kLog);
    EXPECT_TRUE(d.functionally_equal());
    EXPECT_EQ(d.matched(), 11u);
    EXPECT_EQ(d.first(), nullptr);
    EXPECT_EQ(d.first_skew(), nullptr);
    EXPECT_EQ(d.skew().summary().max_abs(), 0);
    EXPECT_NE(d.report().find("functionally identical"), std::string::npos);
}

TEST(TraceDiff, SkewIsPerClassAndTheFirstSkewNamesTheSlowerClass) {
    TraceDiff d = diff(kLog, delayed(kLog, "ld.w", 6));
    EXPECT_TRUE(d.functionally_equal());
    EXPECT_EQ(d.skew(TraceDiff::kLoad).summary().min, 6);
    EXPECT_EQ(d.skew(TraceDiff::kLoad).summary().count, 1u);
    EXPECT_EQ(d.skew(TraceDiff::kInt).summary().max_abs(), 0);
    EXPECT_EQ(d.skew(TraceDiff::kAtomic).summary().count, 1u);
    EXPECT_EQ(d.skew(TraceDiff::kControl).summary().count, 3u);
    EXPECT_EQ(d.skew(TraceDiff::kSyncExit).summary().count, 2u);
    EXPECT_EQ(d.skew(TraceDiff::kStore).summary().count, 1u);
    EXPECT_DOUBLE_EQ(d.skew().summary().mean, 6.0 / 11);
    ASSERT_NE(d.first_skew(), nullptr);
    EXPECT_EQ(d.first_skew()->a->line, 5u);
    EXPECT_NE(
        d.report().find("timing first differs in sp0 w0 at cycle 27 (A): load ld.w, B - A = +6"),
        std::string::npos)
        << d.report();
    EXPECT_EQ(TraceDiff::classify("fsin"), TraceDiff::kSfu);
    EXPECT_EQ(TraceDiff::classify("fmac"), TraceDiff::kFp);
    EXPECT_EQ(TraceDiff::classify("rdsr"), TraceDiff::kInt);
    EXPECT_EQ(TraceDiff::classify("nope"), TraceDiff::kOther);
}

TEST(TraceDiff, OutOfOrderRetiresAndInterleavedSplitsStillMatch) {
    // A: an fp instruction retires after a younger int one; two splits of warp 1 interleave.
    const std::string a =
        "10 sp0 w0 m0xf pc=0x0000 (-) fmul $3, $1, $2 | 0:$3=0x1 1:$3=0x2 2:$3=0x3 3:$3=0x4\n"
        "10 sp0 w1 m0x3 pc=0x0040 (-) add $3, $1, $2 | 0:$3=0x1 1:$3=0x2\n"
        "11 sp0 w1 m0xc pc=0x0080 (-) add $4, $1, $2 | 2:$4=0x5 3:$4=0x6\n"
        "12 sp0 w0 m0xf pc=0x0008 (-) add $4, $1, $2 | 0:$4=0x1 1:$4=0x2 2:$4=0x3 3:$4=0x4\n"
        "12 sp0 w1 m0x3 pc=0x0040 (-) add $3, $3, $2 | 0:$3=0x7 1:$3=0x8\n";
    const std::string b =
        "9 sp0 w0 m0xf pc=0x0008 (-) add $4, $1, $2 | 0:$4=0x1 1:$4=0x2 2:$4=0x3 3:$4=0x4\n"
        "10 sp0 w1 m0xc pc=0x0080 (-) add $4, $1, $2 | 2:$4=0x5 3:$4=0x6\n"
        "11 sp0 w1 m0x3 pc=0x0040 (-) add $3, $1, $2 | 0:$3=0x1 1:$3=0x2\n"
        "13 sp0 w0 m0xf pc=0x0000 (-) fmul $3, $1, $2 | 0:$3=0x1 1:$3=0x2 2:$3=0x3 3:$3=0x4\n"
        "14 sp0 w1 m0x3 pc=0x0040 (-) add $3, $3, $2 | 0:$3=0x7 1:$3=0x8\n";
    TraceDiff d = diff(a, b);
    EXPECT_TRUE(d.functionally_equal()) << d.report();
    EXPECT_EQ(d.matched(), 5u);
    EXPECT_EQ(d.skew(TraceDiff::kFp).summary().max, 3);
    EXPECT_EQ(d.skew(TraceDiff::kInt).summary().min, -3);
    EXPECT_EQ(d.skew(TraceDiff::kInt).summary().max, 2);
}

TEST(TraceDiff, AWrongValueIsTheFirstDifferenceWithItsLane) {
    const std::string b = replace(kLog, "1:$5=0x00010000@", "1:$5=0x00010001@");
    TraceDiff d = diff(kLog, b);
    EXPECT_FALSE(d.functionally_equal());
    ASSERT_NE(d.first(), nullptr);
    EXPECT_EQ(d.first()->kind, TraceDiff::Difference::kEffects);
    EXPECT_EQ(d.first()->a->line, 5u);
    EXPECT_EQ(d.first()->b->line, 5u);
    EXPECT_EQ(d.first()->what,
              "lane 1 differs: $5=0x00010000@0x80200004 in A, $5=0x00010001@0x80200004 in B");
    const std::string r = d.report();
    EXPECT_NE(r.find("FUNCTIONAL DIFFERENCE: 1 line(s) differ"), std::string::npos) << r;
    EXPECT_NE(r.find("> A a.log:5: 27 sp0 w0"), std::string::npos) << r;
    EXPECT_NE(r.find("  A a.log:2: 12 sp0 w0"), std::string::npos) << r;  // 3 lines before
    EXPECT_EQ(r.find("  A a.log:1: 9 sp0 w0"), std::string::npos) << r;
    EXPECT_NE(r.find("  B b.log:8: 41 sp0 w0"), std::string::npos) << r;  // 3 lines after
}

TEST(TraceDiff, AnEarlierDifferenceInAnotherWarpComesFirst) {
    std::string a = std::string(kLog) +
                    "30 sp0 w1 m0x1 pc=0x0000 (k.s:4) rdsr $2, $zero, "
                    "%global_id | 0:$2=0x00000004\n";
    std::string b = replace(a, "0:$2=0x00000004", "0:$2=0x00000005");
    b = replace(b, "0:pc=0x0040 1:pc=0x0038", "0:pc=0x0040 1:pc=0x0040");
    TraceDiff d = diff(a, b);
    ASSERT_NE(d.first(), nullptr);
    EXPECT_EQ(d.first()->warp, 1u);
    EXPECT_EQ(d.first()->time, 30u);
}

TEST(TraceDiff, ADifferentPathOrMaskIsReportedWhereItParts) {
    // B's warp skips the call: its lines at 0x0038 and 0x0050 have no partner.
    std::string b = kLog;
    b = replace(b, "41 sp0 w0 m0x2 pc=0x0038 (k.s:11) jplnk f | 1:$15=0x00000040,pc=0x0050\n", "");
    b = replace(b, "45 sp0 w0 m0x2 pc=0x0050 (k.s:16) jr $ra | 1:pc=0x0040\n",
                "45 sp0 w0 m0x2 pc=0x0060 (k.s:20) jr $ra | 1:pc=0x0040\n");
    TraceDiff d = diff(kLog, b);
    ASSERT_NE(d.first(), nullptr);
    EXPECT_EQ(d.first()->kind, TraceDiff::Difference::kPath);
    EXPECT_EQ(d.first()->what,
              "the paths part: A runs pc=0x0038 (mask 0x2) where B runs pc=0x0060 (mask 0x2)");
    EXPECT_EQ(d.differing(), 3u);

    const std::string m = replace(kLog, "49 sp0 w0 m0x3 pc=0x0040", "49 sp0 w0 m0x1 pc=0x0040");
    TraceDiff dm = diff(kLog, m);
    ASSERT_NE(dm.first(), nullptr);
    EXPECT_EQ(dm.first()->what, "the lane mask differs at pc=0x0040: 0x3 in A, 0x1 in B");

    TraceDiff longer = diff(kLog, std::string(kLog) + "51 sp0 w0 m0x3 pc=0x0050 (k.s:15) exit\n");
    ASSERT_NE(longer.first(), nullptr);
    EXPECT_EQ(longer.first()->kind, TraceDiff::Difference::kOnlyB);
    EXPECT_EQ(longer.first()->b->line, 12u);
}

TEST(TraceDiff, TheSourceColumnCountsUnlessIgnored) {
    const std::string b = replace(kLog, "(k.s:6) add $3, $4, $3", "(-) add $3, $4, $3");
    EXPECT_FALSE(diff(kLog, b).functionally_equal());
    EXPECT_EQ(diff(kLog, b).first()->kind, TraceDiff::Difference::kSource);
    TraceDiff::Options o;
    o.ignore_source = true;
    EXPECT_TRUE(diff(kLog, b, o).functionally_equal());
}

// ---------------------------------------------------------------- pipeline logs

const char* const kCsvHeader =
    "sp,warp,seq,pc,mask,instruction,fe,is,rf,ex0,ex_end,wb,stall,"
    "stall_cycles\n";

TEST(StageDiff, StagesAreTheColumnsBetweenInstructionAndStall) {
    const std::string a =
        write("a.csv", std::string(kCsvHeader) +
                           "0,0,0,0x0000,0xf,\"add.si $sp, $sp, -24\",1,2,3,4,6,7,"
                           "none,0\n"
                           "0,0,1,0x0008,0xf,\"st.w $ra, \"\"x\"\"\",2,3,4,5,9,10,"
                           "scoreboard,2\n");
    const PipelineLogReader::Log log = PipelineLogReader::read(a);
    EXPECT_EQ(log.stage_names, (std::vector<std::string>{"fe", "is", "rf", "ex0", "ex_end", "wb"}));
    ASSERT_EQ(log.rows.size(), 2u);
    EXPECT_EQ(log.rows[1].instruction, "st.w $ra, \"x\"");
    EXPECT_EQ(log.rows[1].stages[4], 9);
    EXPECT_EQ(log.rows[1].stall, "scoreboard");
    EXPECT_EQ(log.rows[1].pc, 8u);
}

TEST(StageDiff, SkewPerStageAndInterleavedSplits) {
    // Two splits of warp 0 issue in the other order in B, and its EX takes 2 more cycles.
    const std::string a = std::string(kCsvHeader) +
                          "0,0,0,0x0040,0x3,\"add $3, $1, $2\",1,2,3,4,6,7,none,0\n"
                          "0,0,1,0x0080,0xc,\"add $4, $1, $2\",1,3,4,5,7,8,none,0\n"
                          "0,1,0,0x0000,0xf,\"exit\",1,4,5,6,8,9,none,0\n";
    const std::string b = std::string(kCsvHeader) +
                          "0,0,0,0x0080,0xc,\"add $4, $1, $2\",1,2,3,4,8,9,none,0\n"
                          "0,0,1,0x0040,0x3,\"add $3, $1, $2\",1,3,4,5,9,10,none,0\n"
                          "0,1,0,0x0000,0xf,\"exit\",1,4,5,6,10,11,none,0\n";
    StageDiff d("a.csv", PipelineLogReader::read(write("a.csv", a)), "b.csv",
                PipelineLogReader::read(write("b.csv", b)), false);
    EXPECT_TRUE(d.functionally_equal()) << d.report();
    EXPECT_EQ(d.matched(), 3u);
    ASSERT_EQ(d.stages().size(), 6u);
    EXPECT_EQ(d.skew(0).summary().max_abs(), 0);  // fe
    EXPECT_EQ(d.skew(1).summary().min, -1);       // is: the splits swapped
    EXPECT_EQ(d.skew(1).summary().max, 1);
    EXPECT_EQ(d.skew(5).summary().median, 2);  // wb
    EXPECT_EQ(d.skew(5).summary().max, 3);

    const std::string c = replace(b, "0,1,0,0x0000,0xf,", "0,1,0,0x0000,0x7,");
    StageDiff dc("a.csv", PipelineLogReader::read(write("a.csv", a)), "c.csv",
                 PipelineLogReader::read(write("c.csv", c)), false);
    EXPECT_FALSE(dc.functionally_equal());
    ASSERT_NE(dc.first_a(), nullptr);
    EXPECT_EQ(dc.first_a()->line, 4u);
    EXPECT_EQ(dc.first_b()->line, 4u);
    EXPECT_NE(dc.report().find("the lane mask differs at pc=0x0000: 0xf in A, 0x7 in B"),
              std::string::npos);
}

TEST(StageDiff, MalformedCsvNamesLineAndColumn) {
    auto err = [&](const std::string& text) {
        const std::string p = write("m.csv", text);
        return error_of([&] { PipelineLogReader::read(p); }).substr(p.size());
    };
    EXPECT_EQ(err("sp,warp,seq,pc,mask,instruction,fe\n"), ":1: the header has no column 'stall'");
    EXPECT_EQ(err(std::string(kCsvHeader) + "0,0,0,0x0,0xf,\"x\",1,2,3,4,5,6,none\n"),
              ":2: 13 columns where the header has 14");
    EXPECT_EQ(err(std::string(kCsvHeader) + "0,0,0,0x0,0xf,\"x\",1,2,3,four,5,6,none,0\n"),
              ":2: column 'ex0': 'four' is not a number");
    EXPECT_EQ(err(std::string(kCsvHeader) + "0,0,0,0x0,0xf,\"x,1,2,3,4,5,6,none,0\n"),
              ":2: column 6: the quoted text does not end");
    EXPECT_EQ(err(std::string(kCsvHeader) + "0,0,0,0x0,0xf,\"x\",1,2,3,4,5,6,none,0"),
              ":2: the last line has no end of line: the file is truncated");
}

// ---------------------------------------------------------------- signal map

TEST(SignalMap, ReadsStylePortsConstantsAndLanes) {
    const std::string p = write("ok.map",
                                "# an RTL testbench\n"
                                "clock = tb.clk   # rising edges\n"
                                "warp_size = 4\n"
                                "port0.valid = tb.p0_valid\n"
                                "port0.sp = 3\n"
                                "port0.warp = tb.p0_warp\n"
                                "port0.mask = tb.p0_mask\n"
                                "port0.pc = tb.p0_pc\n"
                                "port0.insn = tb.p0_insn\n"
                                "port0.rd = tb.p0_rd\n"
                                "port0.value = tb.p0_value{lane}\n"
                                "port1.valid = tb.p1_valid\n"
                                "port1.warp = tb.p1_warp\n"
                                "port1.mask = tb.p1_mask\n"
                                "port1.pc = tb.p1_pc\n"
                                "port1.insn = tb.p1_insn\n"
                                "port1.rd = 0x0\n");
    const SignalMap m = SignalMap::read(p);
    EXPECT_EQ(m.style, SignalMap::Style::kClocked);
    EXPECT_EQ(m.clock.path, "tb.clk");
    EXPECT_EQ(m.warp_size, 4u);
    ASSERT_EQ(m.ports.size(), 2u);
    EXPECT_EQ(m.ports[0].name, "port0");
    EXPECT_TRUE(m.ports[0].fields[SignalMap::kSp].constant);
    EXPECT_EQ(m.ports[0].fields[SignalMap::kSp].value, 3u);
    EXPECT_EQ(m.ports[0].fields[SignalMap::kValue].path, "tb.p0_value{lane}");
    EXPECT_EQ(m.ports[0].fields[SignalMap::kValue].line, 11u);
    EXPECT_FALSE(m.ports[1].fields[SignalMap::kSp].set);
    SignalMap::Period period;
    std::string error;
    ASSERT_TRUE(SignalMap::parse_period("1.25 ns", &period, &error));
    EXPECT_EQ(period.count, 1250000u);
    EXPECT_TRUE(period.fs);
    ASSERT_TRUE(SignalMap::parse_period("1000", &period, &error));
    EXPECT_FALSE(period.fs);
    EXPECT_FALSE(SignalMap::parse_period("3 parsecs", &period, &error));
    EXPECT_EQ(error, "period '3 parsecs': unknown unit 'parsecs' (s, ms, us, ns, ps, fs)");
}

TEST(SignalMap, MalformedMapsNameTheLine) {
    const std::string ports =
        "event = a.count\nwarp = a.w\nmask = a.m\npc = a.pc\ninsn = a.i\nrd = a.rd\n";
    auto err = [&](const std::string& text) {
        const std::string p = write("bad.map", text);
        return error_of([&] { SignalMap::read(p); }).substr(p.size());
    };
    EXPECT_EQ(err("period = 1 ns\n" + ports + "garbage\n"),
              ":8: expected 'key = value', found 'garbage'");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "colour = red\n"), ":8: unknown key 'colour'");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "pc = a.pc2\n"), ":8: pc is given twice");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "valid = a.v\n"),
              ":8: unknown key 'valid' ('valid' belongs to the clocked style: style = clocked)");
    EXPECT_EQ(err(ports),
              ": the event style needs 'period = <time per cycle>' or 'cycle = "
              "<signal>' to know the cycle of a retire");
    EXPECT_EQ(err("style = clocked\nvalid = v\n"),
              ":1: the clocked style needs 'clock = <signal>'");
    EXPECT_EQ(err("period = 1 ns\nevent = a.count\nwarp = a.w\n"),
              ":2: port '(unnamed)' has no 'mask'");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "warp_size = 65\n"),
              ":8: warp_size: '65' is not a number of lanes from 1 to 64");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "value = 5\n"), ":8: value: must be a signal");
    EXPECT_EQ(err("period = 1 ns\n" + ports + "sp = a.sp{lane}\n"),
              ":8: sp: {lane} is for value, address and data");
    EXPECT_EQ(err("period = fast\n"),
              ":1: period 'fast': expected a positive number and a unit (1 ns, 500 ps)");
    EXPECT_EQ(err("# nothing\n"),
              ": the event style needs 'period = <time per cycle>' or "
              "'cycle = <signal>' to know the cycle of a retire");
    EXPECT_EQ(error_of([&] { SignalMap::read(temp("absent.map")); }),
              temp("absent.map") + ": cannot read: No such file or directory");
}

// ---------------------------------------------------------------- VCD conversion

const char* const kRtlMap =
    "clock = tb.clk\n"
    "port0.valid = tb.wb.p0_valid\n"
    "port0.warp = tb.wb.p0_warp\n"
    "port0.mask = tb.wb.p0_mask\n"
    "port0.pc = tb.wb.p0_pc\n"
    "port0.insn = tb.wb.p0_insn\n"
    "port0.rd = tb.wb.p0_rd\n"
    "port0.value = tb.wb.p0_value\n"
    "port0.address = tb.wb.p0_addr{lane}\n"
    "port1.valid = tb.wb.p1_valid\n"
    "port1.sp = 0\n"
    "port1.warp = tb.wb.p1_warp\n"
    "port1.mask = tb.wb.p1_mask\n"
    "port1.pc = tb.wb.p1_pc\n"
    "port1.insn = tb.wb.p1_insn\n"
    "port1.rd = tb.wb.p1_rd\n";

std::string bits(uint64_t v, unsigned width) {
    std::string s;
    for (int b = static_cast<int>(width) - 1; b >= 0; --b) s += ((v >> b) & 1) ? '1' : '0';
    return s;
}

// 4 lanes of 32 bits packed, lane 0 lowest; x for lanes marked so.
std::string packed(const std::vector<int64_t>& lanes) {
    std::string s;
    for (size_t i = lanes.size(); i-- > 0;)
        s += lanes[i] < 0 ? std::string(32, 'x') : bits(static_cast<uint64_t>(lanes[i]), 32);
    return s;
}

// A testbench's waveform: a clock of period 10, retire ports that change after the edges.
std::string rtl_vcd(const std::string& pc_at_first_retire = "") {
    std::string v =
        "$date today $end\n$timescale 1ns $end\n"
        "$scope module tb $end\n$var wire 1 ! clk $end\n"
        "$scope module wb $end\n"
        "$var wire 1 \" p0_valid $end\n$var wire 3 # p0_warp [2:0] $end\n"
        "$var wire 4 $ p0_mask [3:0] $end\n$var wire 32 % p0_pc [31:0] $end\n"
        "$var wire 64 & p0_insn [63:0] $end\n$var wire 4 ' p0_rd [3:0] $end\n"
        "$var wire 128 ( p0_value [127:0] $end\n"
        "$var wire 32 ) p0_addr0 $end\n$var wire 32 * p0_addr1 $end\n"
        "$var wire 32 + p0_addr2 $end\n$var wire 32 , p0_addr3 $end\n"
        "$var wire 1 - p1_valid $end\n$var wire 3 . p1_warp $end\n"
        "$var wire 4 / p1_mask $end\n$var wire 32 0 p1_pc $end\n"
        "$var wire 64 1 p1_insn $end\n$var wire 4 2 p1_rd $end\n"
        "$upscope $end\n$upscope $end\n$enddefinitions $end\n"
        "#0\n$dumpvars\n0!\n0\"\nbx #\nbx $\nbx %\nbx &\nbx '\nbx (\nbx )\nbx *\nbx +\nbx ,\n"
        "0-\nbx .\nbx /\nbx 0\nbx 1\nbx 2\n$end\n"
        "#5\n1!\n"
        "#10\n0!\n";
    // Cycle 1: add $3, $1, $2 by warp 1, lanes 0 and 1.
    v += "1\"\nb1 #\nb0011 $\nb" +
         (pc_at_first_retire.empty() ? bits(0x10, 32) : pc_at_first_retire) + " %\nb" +
         bits(0x0000000000021300ull, 64) + " &\nb11 '\nb" + packed({5, 7, -1, -1}) + " (\n";
    v += "#15\n1!\n#20\n0!\n";
    // Cycle 2: ld.w $5, 4($3) on port 0 and exit by warp 2 on port 1.
    v += "b" + bits(0x18, 32) + " %\nb" + bits(0x000000040000351bull, 64) + " &\nb101 '\nb" +
         packed({0xa, 0xb, -1, -1}) + " (\nb" + bits(0x80000004, 32) + " )\nb" +
         bits(0x80000008, 32) + " *\n";
    v += "1-\nb10 .\nb1111 /\nb" + bits(0x30, 32) + " 0\nb" + bits(0x37, 64) + " 1\nb0 2\n";
    v += "#25\n1!\n#30\n0!\n0\"\n0-\n#35\n1!\n#40\n0!\n";
    return v;
}

std::string convert(const std::string& map_text, const std::string& vcd_text) {
    const SignalMap map = SignalMap::read(write("t.map", map_text));
    VcdToCommit c(map, write("t.vcd", vcd_text), nullptr);
    return c.convert();
}

TEST(VcdToCommit, ClockedRtlPortsSampledBeforeEachRisingEdge) {
    // Cycles count rising edges from 0; within a cycle port0's line comes before port1's.
    EXPECT_EQ(convert(kRtlMap, rtl_vcd()),
              "1 sp0 w1 m0x3 pc=0x0010 (-) add $3, $1, $2 | 0:$3=0x00000005 1:$3=0x00000007\n"
              "2 sp0 w1 m0x3 pc=0x0018 (-) ld.w $5, 4($3) | 0:$5=0x0000000a@0x80000004 "
              "1:$5=0x0000000b@0x80000008\n"
              "2 sp0 w2 m0xf pc=0x0030 (-) exit\n");
    // With a period, cycles come from the time of the edge (15 ns / 10 ns = 1, then 2).
    EXPECT_EQ(convert(std::string(kRtlMap) + "period = 10 ns\ncycle_offset = 100\n", rtl_vcd())
                  .substr(0, 4),
              "101 ");
}

TEST(VcdToCommit, EventStyleCountsChangesAndOrdersBySpThenPort) {
    const std::string map =
        "period = 1 ns\n"
        "event = **.commit*.count\nsp = **.commit*.sp\nwarp = **.commit*.warp\n"
        "mask = **.commit*.mask\npc = **.commit*.pc\ninsn = **.commit*.insn\n"
        "rd = **.commit*.rd\nvalue = **.commit*.value{lane}\n";
    auto port = [](const std::string& scope, char c0) {
        std::string s = "$scope module " + scope + " $end\n";
        const char* names[] = {"count", "sp", "warp",   "mask",  "pc",
                               "insn",  "rd", "value0", "value1"};
        const int widths[] = {32, 32, 32, 2, 32, 64, 4, 32, 32};
        for (int i = 0; i < 9; ++i)
            s += "$var wire " + std::to_string(widths[i]) + " " + std::string(1, c0 + i) + " " +
                 names[i] + " $end\n";
        return s + "$upscope $end\n";
    };
    std::string v = "$timescale 1 ps $end\n$scope module gpu $end\n$scope module sp10 $end\n" +
                    port("commit0", 'A') + "$upscope $end\n$scope module sp2 $end\n" +
                    port("commit1", 'a') + port("commit0", 'J') + "$upscope $end\n" +
                    "$upscope $end\n$enddefinitions $end\n#1000\n$dumpvars\n";
    for (char c : std::string("ABCDEFGHIabcdefghiJKLMNOPQR")) v += "b0 " + std::string(1, c) + "\n";
    v += "b1010 B\nb10 b\nb10 K\n$end\n";
    // Cycle 7: sp10 port 0, sp2 ports 1 and 0 retire add $3, $1, $2 with different values.
    const std::string add = bits(0x0000000000021300ull, 64);
    v += "#7000\nb1 A\nb1 D\nb" + add + " F\nb11 G\nb1 H\nb10 I\n";
    v += "b1 a\nb1 d\nb" + add + " f\nb11 g\nb11 h\nb100 i\n";
    v += "b1 J\nb1 M\nb" + add + " O\nb11 P\nb101 Q\nb110 R\n";
    // Cycle 9: only sp2's port 1 again, with the same values as before.
    v += "#9000\nb10 a\n";
    EXPECT_EQ(convert(map, v),
              "7 sp2 w0 m0x1 pc=0x0000 (-) add $3, $1, $2 | 0:$3=0x00000005\n"
              "7 sp2 w0 m0x1 pc=0x0000 (-) add $3, $1, $2 | 0:$3=0x00000003\n"
              "7 sp10 w0 m0x1 pc=0x0000 (-) add $3, $1, $2 | 0:$3=0x00000001\n"
              "9 sp2 w0 m0x1 pc=0x0000 (-) add $3, $1, $2 | 0:$3=0x00000003\n");
}

TEST(VcdToCommit, BadWaveformsAreOneLineErrors) {
    const std::string map_path = temp("t.map");
    // A map signal the VCD does not have.
    const std::string no_rd = replace(rtl_vcd(), "$var wire 4 2 p1_rd $end\n", "");
    std::string e = error_of([&] { convert(kRtlMap, replace(no_rd, "b0 2\n", "")); });
    EXPECT_EQ(e, map_path + ":16: port1.rd: no signal 'tb.wb.p1_rd' in " + temp("t.vcd"));
    // x in a field of a retire.
    e = error_of([&] { convert(kRtlMap, rtl_vcd(std::string(32, 'x'))); });
    EXPECT_EQ(e, temp("t.vcd") +
                     ":58: at time 15: port port0 (tb.wb.p0_valid): pc 'tb.wb.p0_pc' has x or z "
                     "bits (" +
                     std::string(32, 'x') + ")");
    // Cut in the header, and cut in the middle of a line.
    const std::string v = rtl_vcd();
    e = error_of([&] { convert(kRtlMap, v.substr(0, v.find("$enddefinitions"))); });
    EXPECT_EQ(e, temp("t.vcd") +
                     ":24: the header ends without $enddefinitions: the file is truncated or not a "
                     "VCD");
    e = error_of([&] { convert(kRtlMap, v.substr(0, v.find("#25") + 2)); });
    EXPECT_NE(e.find("the last line has no end of line: the file is truncated"), std::string::npos)
        << e;
    // A value change of an undeclared identifier, time going backwards.
    e = error_of([&] { convert(kRtlMap, v + "1~\n"); });
    EXPECT_NE(e.find("value change of the undeclared identifier '~'"), std::string::npos) << e;
    e = error_of([&] { convert(kRtlMap, v + "#3\n"); });
    EXPECT_NE(e.find("time goes backwards: #3 after #40"), std::string::npos) << e;
    // An instruction that needs lane data the map does not give.
    const std::string no_value = replace(kRtlMap, "port0.value = tb.wb.p0_value\n", "");
    e = error_of([&] { convert(no_value, v); });
    EXPECT_NE(e.find("at time 15: port port0 (tb.wb.p0_valid): 'add $3, $1, $2' needs the "
                     "lanes' value, which the map does not give"),
              std::string::npos)
        << e;
    // A packed vector too narrow for the warp.
    const std::string narrow =
        replace(v, "$var wire 128 ( p0_value [127:0] $end", "$var wire 64 ( p0_value [63:0] $end");
    e = error_of([&] { convert(kRtlMap, narrow); });
    EXPECT_NE(e.find(":8: port0.value: 'tb.wb.p0_value' is 64 bits wide, a packed vector of 4 "
                     "lanes needs 128"),
              std::string::npos)
        << e;
}

}  // namespace
}  // namespace mvp::tools
