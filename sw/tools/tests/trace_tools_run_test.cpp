// mvp-trace-diff and mvp-vcd2commit on real runs of mvpsim: identical runs, a seeded latency
// change, a seeded wrong result, the model's VCD turned back into its commit log, bad input.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "modules/sim/tests/command_runner.h"

namespace mvp::tools {
namespace {

using Result = sim::testing::CommandResult;

std::string slurp(const std::string& path) { return sim::testing::CommandRunner::read_file(path); }

bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string l;
    while (std::getline(in, l)) out.push_back(l);
    return out;
}

// Each test in its own scratch directory; commands run from the repository root.
class TraceTools : public ::testing::Test {
  protected:
    void SetUp() override {
        const char* tmp = std::getenv("TMPDIR");
        std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/mvp_trace_tools_XXXXXX";
        ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl + "/";
    }
    void TearDown() override { std::system(("rm -rf '" + dir_ + "'").c_str()); }

    std::string path(const std::string& name) const { return dir_ + name; }

    Result run(const std::string& tool, const std::string& args) const {
        return sim::testing::CommandRunner::run(tool + " " + args);
    }
    // mvpsim must succeed.
    void mvpsim(const std::string& args) const {
        const Result r = run(MVPSIM_PATH, args);
        ASSERT_EQ(r.status, 0) << args << "\n" << r.err;
    }
    Result diff(const std::string& args) const { return run(TRACE_DIFF_PATH, args); }
    Result vcd2commit(const std::string& args) const { return run(VCD2COMMIT_PATH, args); }

    std::string dir_;
};

// Divergent (an if/else on the sign, an inner clamp), loads and stores; 2 work-groups of 32.
const std::string kAbsClamp =
    "--kernel sw/kernels/abs_clamp/abs_clamp.s --global 64 --local 32 --platform mvp_1sp "
    "--buffer in=i32:5,-3,7,-100,2000,-2000,1,0,9,-9,100,-100,4000,-1,-4000,3 "
    "--buffer out=zeros:64 --arg buf:in --arg buf:out";

// Atomics on global words: a histogram with a hot counter.
const std::string kHistogram =
    "--kernel sw/kernels/histogram/histogram.s --global 128 --local 64 "
    "--buffer in=u32:7,1,99,4,1000,3,5,77,8,12,13,14,15,16,17,18 --buffer bins=zeros:64 "
    "--buffer total=zeros:1 --arg buf:in --arg buf:bins --arg buf:total --arg u32:15";

// FP: y = a * x + y with fmac.
const std::string kSaxpy =
    "--kernel sw/kernels/saxpy/saxpy.s --global 64 --local 32 --platform mvp_1sp "
    "--buffer x=f32:1,2,3,4,5,6,7,8 --buffer y=f32:8,7,6,5,4,3,2,1 --arg f32:1.5 --arg buf:x "
    "--arg buf:y --arg u32:8";

TEST_F(TraceTools, TwoIdenticalRunsHaveNoDifference) {
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("a.log"));
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("b.log"));
    const Result r = diff(path("a.log") + " " + path("b.log"));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("functionally identical"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("timing identical"), std::string::npos) << r.out;
    const size_t lines = lines_of(slurp(path("a.log"))).size();
    EXPECT_NE(r.out.find("matched " + std::to_string(lines) + " warp instructions of 16 warp(s)"),
              std::string::npos)
        << r.out;
}

TEST_F(TraceTools, ALatencyChangeSkewsTimingAndNamesTheClassThatChanged) {
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("a.log"));
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("b.log") +
           " -ptx_opcode_latency_int 5,5,5,5,5,5");
    ASSERT_NE(slurp(path("a.log")), slurp(path("b.log")));
    Result r = diff(path("a.log") + " " + path("b.log"));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("functionally identical"), std::string::npos) << r.out;
    // The first instruction is an add.si: 2 cycles later with latency 5 instead of 3.
    EXPECT_NE(r.out.find("(A): int add.si, B - A = +2\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n  int  "), std::string::npos) << r.out;
    // CI limits: over the limit is exit 3, within it 0.
    r = diff("--max-skew 0 " + path("a.log") + " " + path("b.log"));
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_NE(r.out.find("TIMING: the largest |B - A| is "), std::string::npos) << r.out;
    EXPECT_EQ(diff("--max-skew 100000 " + path("a.log") + " " + path("b.log")).status, 0);

    // An FP latency change first shows at an FP instruction.
    mvpsim(kSaxpy + " --commit-log " + path("c.log"));
    mvpsim(kSaxpy + " --commit-log " + path("d.log") + " -ptx_opcode_latency_fp 3,3,3,9,3");
    r = diff(path("c.log") + " " + path("d.log"));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("(A): fp fmac, B - A = +6\n"), std::string::npos) << r.out;
}

TEST_F(TraceTools, AWrongResultIsReportedAtTheFirstInstructionItChanges) {
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("a.log"));
    mvpsim(kAbsClamp + " --arg i32:999 --commit-log " + path("b.log"));
    // The same timing: the first line that differs is the first difference.
    const std::vector<std::string> a = lines_of(slurp(path("a.log")));
    const std::vector<std::string> b = lines_of(slurp(path("b.log")));
    ASSERT_EQ(a.size(), b.size());
    size_t first = 0;
    while (first < a.size() && a[first] == b[first]) ++first;
    ASSERT_LT(first, a.size());
    const Result r = diff(path("a.log") + " " + path("b.log"));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("  A " + path("a.log") + ":" + std::to_string(first + 1) + ": " +
                         a[first] + "\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  B " + path("b.log") + ":" + std::to_string(first + 1) + ": " +
                         b[first] + "\n"),
              std::string::npos)
        << r.out;
    // 1000 is 0x3e8, 999 is 0x3e7.
    EXPECT_NE(r.out.find("=0x000003e8 in A, "), std::string::npos) << r.out;
}

TEST_F(TraceTools, AnEditedValueInACopyIsFoundAtItsLine) {
    mvpsim(kHistogram + " --commit-log " + path("a.log") + " -mvpgpu_divergence pdom");
    std::vector<std::string> lines = lines_of(slurp(path("a.log")));
    // The 40th line with a register effect after line 100: lane 0's value, last digit changed.
    size_t edited = 0;
    for (size_t i = 100, seen = 0; i < lines.size() && !edited; ++i)
        if (lines[i].find(" | 0:$") != std::string::npos && ++seen == 40) edited = i;
    ASSERT_NE(edited, 0u);
    std::string& l = lines[edited];
    const size_t digit = l.find("=0x", l.find(" | 0:$")) + 10;
    l[digit] = l[digit] == '0' ? '1' : '0';
    std::ofstream out(path("copy.log"));
    for (const std::string& x : lines) out << x << "\n";
    out.close();
    const Result r = diff(path("a.log") + " " + path("copy.log"));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("FUNCTIONAL DIFFERENCE: 1 line(s) differ"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("lane 0 differs: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("> B " + path("copy.log") + ":" + std::to_string(edited + 1) + ": " + l),
              std::string::npos)
        << r.out;
}

TEST_F(TraceTools, Vcd2commitReproducesTheRunsCommitLog) {
    const std::string map = " --map config/vcd2commit/mvp_model.map ";
    // 32 SPs, every variable of the model in the VCD, the program's source lines.
    mvpsim(kHistogram + " --commit-log " + path("a.log") + " --vcd " + path("a.vcd"));
    Result r = vcd2commit(map + "--program sw/kernels/histogram/histogram.s -o " +
                          path("a.vcd.log") + " " + path("a.vcd"));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::string a = slurp(path("a.log"));
    EXPECT_GT(a.size(), 10000u);
    EXPECT_EQ(slurp(path("a.vcd.log")), a);
    EXPECT_EQ(diff(path("a.log") + " " + path("a.vcd.log")).status, 0);

    // Warps of 32 on one SP, without the debug map: no --program, standard output.
    mvpsim(kAbsClamp + " --arg i32:1000 --no-debug-map --commit-log " + path("b.log") + " --vcd " +
           path("b.vcd") + " -mvpgpu_n_threads_per_sp_and_warp_size 32");
    r = vcd2commit(map + path("b.vcd"));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string b = slurp(path("b.log"));
    EXPECT_NE(b.find(" m0xffffffff "), std::string::npos);
    EXPECT_EQ(r.out, b);
}

TEST_F(TraceTools, BadInputIsOneLineNamingFileAndLine) {
    const std::string out = path("out.log");
    auto one_line = [](const Result& r) {
        return r.err.find('\n') == r.err.size() - 1 ? r.err : "(not one line) " + r.err;
    };
    mvpsim(kAbsClamp + " --arg i32:1000 --commit-log " + path("a.log") + " --vcd " + path("a.vcd"));

    // Missing and malformed signal maps.
    Result r = vcd2commit("--map " + path("none.map") + " -o " + out + " " + path("a.vcd"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(one_line(r), "mvp-vcd2commit: error: " + path("none.map") +
                               ": cannot read: No such file or directory\n");
    std::ofstream(path("bad.map")) << "period = 1 ns\nevent = **.commit*.count\nwarp: x\n";
    r = vcd2commit("--map " + path("bad.map") + " -o " + out + " " + path("a.vcd"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(one_line(r), "mvp-vcd2commit: error: " + path("bad.map") +
                               ":3: expected 'key = value', found 'warp: x'\n");

    // A VCD without the retire ports (traced outside their scope).
    mvpsim(kAbsClamp + " --arg i32:1000 --vcd " + path("icc.vcd") + " -trace_scope '*.icc.*'");
    r = vcd2commit("--map config/vcd2commit/mvp_model.map -o " + out + " " + path("icc.vcd"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(one_line(r),
              "mvp-vcd2commit: error: config/vcd2commit/mvp_model.map:11: event: no "
              "signal in " +
                  path("icc.vcd") + " matches '**.commit*.count'\n");

    // A truncated VCD: cut in the middle of a value change.
    const std::string vcd = slurp(path("a.vcd"));
    std::ofstream(path("cut.vcd"), std::ios::binary) << vcd.substr(0, vcd.size() * 2 / 3 + 1);
    r = vcd2commit("--map config/vcd2commit/mvp_model.map -o " + out + " " + path("cut.vcd"));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(one_line(r).find(path("cut.vcd") + ":"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(out));
    EXPECT_FALSE(exists(out + ".tmp"));

    // A truncated commit log, a malformed one, a missing one.
    const std::string log = slurp(path("a.log"));
    std::ofstream(path("cut.log"), std::ios::binary) << log.substr(0, log.size() / 2 + 3);
    r = diff(path("a.log") + " " + path("cut.log"));
    EXPECT_EQ(r.status, 2);
    const size_t cut_line = lines_of(log.substr(0, log.size() / 2 + 3)).size();
    EXPECT_EQ(one_line(r), "mvp-trace-diff: error: " + path("cut.log") + ":" +
                               std::to_string(cut_line) +
                               ": the last line has no end of line: the file is truncated\n");
    std::ofstream(path("junk.log")) << log.substr(0, log.find('\n') + 1) << "hello\n";
    r = diff(path("a.log") + " " + path("junk.log"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(one_line(r), "mvp-trace-diff: error: " + path("junk.log") +
                               ":2: expected the cycle (not a commit-log line: "
                               "doc/commit-log.md)\n");
    r = diff(path("a.log"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1),
              "mvp-trace-diff: error: expected two files, A and B\n");
}

TEST_F(TraceTools, StagesOfTwoPipelineLogs) {
    const Result help = run(MVPSIM_PATH, "--help");
    if (help.out.find("--pipeline-log") == std::string::npos)
        GTEST_SKIP() << "this mvpsim has no --pipeline-log";
    mvpsim(kAbsClamp + " --arg i32:1000 --pipeline-log " + path("a.csv"));
    mvpsim(kAbsClamp + " --arg i32:1000 --pipeline-log " + path("b.csv") +
           " -ptx_opcode_latency_int 5,5,5,5,5,5");
    Result r = diff("--stages " + path("a.csv") + " " + path("a.csv"));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    // MP-IPDOM interleaves the splits differently; the instructions still match.
    r = diff("--stages " + path("a.csv") + " " + path("b.csv"));
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    for (const char* stage : {"\n  fe ", "\n  is ", "\n  ex0 ", "\n  wb "})
        EXPECT_NE(r.out.find(stage), std::string::npos) << stage << r.out;
    mvpsim(kAbsClamp + " --arg i32:-5 --pipeline-log " + path("c.csv"));
    r = diff("--stages " + path("a.csv") + " " + path("c.csv"));
    EXPECT_EQ(r.status, 1) << r.out << r.err;
}

}  // namespace
}  // namespace mvp::tools
