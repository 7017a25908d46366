// Lockstep through mvpsim: a kernel with the RTL blocks in lockstep runs clean and counts its
// comparisons; mvpsim_rtl_bug (the scoreboard's RTL built with MVP_RTL_INJECT_BUG: from cycle
// 2000 on a ready cycle is stored 4 cycles late) stops at the first wrong answer with exit
// status 3, a report and its JSON twin naming cycle, SP, warp, block, field, instruction and
// the last transactions, and a VCD in which the first wrong value can be found; bad options are
// one-line errors.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "modules/sim/tests/command_runner.h"

namespace mvp::rtl {
namespace {

using Result = sim::testing::CommandResult;

std::string read_file(const std::string& path) {
    return sim::testing::CommandRunner::read_file(path);
}

// Runs `program` with `args` (shell words) from the repository root.
Result run(const std::string& program, const std::string& args) {
    return sim::testing::CommandRunner::run(program + " " + args);
}

// A kernel with dependent ALU chains that runs about 50,000 cycles on mvp_1sp.
const std::string kKernel =
    "--kernel sw/kernels/compute_loop/compute_loop.s --platform mvp_1sp --global 256 --local 64"
    " --buffer a=zeros:1024 --buffer b=zeros:1024 --buffer c=zeros:1024 --arg buf:a --arg buf:b"
    " --arg buf:c --arg u32:60 --print c:u32";
const std::string kLockstep = " -mvpgpu_rtl_blocks scoreboard,mp_ipdom -mvpgpu_rtl_mode lockstep";

// The value of "key": a number or a string, from the report's JSON.
std::string json_value(const std::string& json, const std::string& key) {
    std::smatch m;
    const std::regex re("\"" + key + "\": (\"((?:[^\"\\\\]|\\\\.)*)\"|[-0-9]+|null)");
    if (!std::regex_search(json, m, re)) return "<missing " + key + ">";
    return m[2].matched ? m[2].str() : m[1].str();
}

// A VCD as Verilator writes it: the variables by name (their scope dropped) and, per time, the
// changes; `values` holds every variable's value as time goes on.
class Vcd {
  public:
    explicit Vcd(const std::string& text) {
        std::istringstream in(text);
        std::string line;
        while (std::getline(in, line)) {
            std::istringstream words(line);
            std::string w;
            words >> w;
            if (w == "$var") {
                std::string type, width, id, name;
                words >> type >> width >> id >> name;
                ids_.emplace(name, id);
            } else if (w == "$enddefinitions") {
                break;
            }
        }
        std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        body_ = rest;
    }
    std::string id(const std::string& name) const {
        auto it = ids_.find(name);
        return it == ids_.end() ? "" : it->second;
    }
    // Calls visit(time, values) after the changes of each time step.
    template <typename Visit>
    void replay(Visit visit) const {
        std::istringstream in(body_);
        std::string tok;
        std::map<std::string, uint64_t> values;
        uint64_t time = 0;
        bool started = false;
        while (in >> tok) {
            if (tok[0] == '#') {
                if (started) visit(time, values);
                time = std::stoull(tok.substr(1));
                started = true;
            } else if (tok[0] == 'b') {
                std::string id;
                in >> id;
                values[id] = std::stoull(tok.substr(1), nullptr, 2);
            } else if (tok[0] == '0' || tok[0] == '1') {
                values[tok.substr(1)] = tok[0] == '1';
            }
        }
        if (started) visit(time, values);
    }

  private:
    std::map<std::string, std::string> ids_;
    std::string body_;
};

TEST(RtlLockstep, CleanRunComparesAndMatchesTheCppRun) {
    const std::string stats = ::testing::TempDir() + "rtl_clean_" + std::to_string(getpid());
    const Result cpp = run(MVPSIM_PATH, kKernel);
    ASSERT_EQ(cpp.status, 0) << cpp.err;
    const Result lockstep = run(MVPSIM_PATH, kKernel + kLockstep + " --stats " + stats);
    ASSERT_EQ(lockstep.status, 0) << lockstep.err;
    EXPECT_EQ(lockstep.out, cpp.out);
    const std::string json = read_file(stats);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(json, m, std::regex("\"rtl_lockstep_transactions\": ([0-9]+)")))
        << json;
    EXPECT_GT(std::stoull(m[1].str()), 10000u);
    EXPECT_NE(json.find("\"rtl_lockstep_mismatches\": 0"), std::string::npos);
    std::remove(stats.c_str());
}

TEST(RtlLockstep, InjectedBugIsCaughtWithAReport) {
    const std::string prefix = ::testing::TempDir() + "rtl_bug_" + std::to_string(getpid());
    for (const char* ext : {".txt", ".json", ".vcd"}) std::remove((prefix + ext).c_str());
    const Result r =
        run(MVPSIM_RTL_BUG_PATH, kKernel + kLockstep + " -mvpgpu_rtl_report " + prefix);
    ASSERT_EQ(r.status, 3) << "exit status of an RTL mismatch; stderr:\n" << r.err;
    // One error line.
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("mvpsim: error: RTL lockstep mismatch: SP 0, warp ", 0), 0u) << r.err;

    const std::string json = read_file(prefix + ".json");
    ASSERT_FALSE(json.empty()) << "no " << prefix << ".json";
    const uint64_t cycle = std::stoull(json_value(json, "cycle"));
    const std::string warp = json_value(json, "warp");
    EXPECT_EQ(json_value(json, "block"), "mvp.gpc0.tpc0.sm0.sp0.scoreboard");
    EXPECT_EQ(json_value(json, "sp"), "0");
    // The stored ready cycle is late: the RTL says not ready when the C++ block says ready.
    EXPECT_EQ(json_value(json, "field"), "source_ready");
    EXPECT_EQ(json_value(json, "cpp"), "true");
    EXPECT_EQ(json_value(json, "rtl"), "false");
    EXPECT_EQ(json_value(json, "call").rfind("source_ready(warp=" + warp + ", reg=", 0), 0u);
    EXPECT_NE(json_value(json, "instruction"), "null");
    EXPECT_EQ(json_value(json, "source").rfind("compute_loop.s:", 0), 0u);
    EXPECT_NE(r.err.find(", cycle " + std::to_string(cycle) + ", "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(", warp " + warp + ", "), std::string::npos) << r.err;
    // The text report says the same.
    const std::string text = read_file(prefix + ".txt");
    EXPECT_NE(text.find("RTL lockstep mismatch at cycle " + std::to_string(cycle) + "\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("  field:        source_ready\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  warp:         " + warp + "\n"), std::string::npos) << text;
    EXPECT_NE(text.find("last 16 transactions"), std::string::npos) << text;

    // The waveform ends at the mismatch and shows the first wrong value: the first set_ready
    // edge whose ready cycle is 2000 or later (the injected bug stores it 4 cycles late).
    const Vcd vcd(read_file(prefix + ".vcd"));
    const std::string clk = vcd.id("clk"), valid = vcd.id("valid"), op = vcd.id("op"),
                      ready_at = vcd.id("cycle");
    ASSERT_FALSE(clk.empty() || valid.empty() || op.empty() || ready_at.empty());
    uint64_t first_wrong = UINT64_MAX, last = 0;
    vcd.replay([&](uint64_t time, std::map<std::string, uint64_t>& v) {
        last = time / 1000;
        if (first_wrong == UINT64_MAX && v[clk] && v[valid] && v[op] == 2 && v[ready_at] >= 2000)
            first_wrong = time / 1000;
    });
    ASSERT_NE(first_wrong, UINT64_MAX) << "no wrong value in the waveform";
    EXPECT_EQ(last, cycle);
    EXPECT_GE(cycle, first_wrong);
    EXPECT_LE(cycle, first_wrong + 1000) << "caught within 1,000 cycles of the first wrong value";
    std::printf("first wrong value at cycle %llu, caught at cycle %llu (warp %s)\n",
                static_cast<unsigned long long>(first_wrong),
                static_cast<unsigned long long>(cycle), warp.c_str());
}

TEST(RtlLockstep, ReportThatCannotBeWrittenStillStopsTheRun) {
    const Result r = run(MVPSIM_RTL_BUG_PATH,
                         kKernel + kLockstep + " -mvpgpu_rtl_report /nonexistent/dir/report");
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_NE(r.err.find("(report not written: cannot write '/nonexistent/dir/report.txt')"),
              std::string::npos)
        << r.err;
}

TEST(RtlLockstep, BadOptionsAreOneLineErrors) {
    const struct {
        const char* options;
        const char* error;
    } cases[] = {
        {"-mvpgpu_rtl_blocks fpu",
         "mvpsim: error: command line: -mvpgpu_rtl_blocks: 'fpu' is not one of none, "
         "scoreboard, mp_ipdom (in 'fpu')\n"},
        {"-mvpgpu_rtl_blocks scoreboard,scoreboard",
         "mvpsim: error: command line: -mvpgpu_rtl_blocks: 'scoreboard' is given twice (in "
         "'scoreboard,scoreboard')\n"},
        {"-mvpgpu_rtl_blocks none,mp_ipdom",
         "mvpsim: error: -mvpgpu_rtl_blocks 'none,mp_ipdom' (command line): 'none' cannot be "
         "combined with blocks\n"},
        {"-mvpgpu_rtl_mode fast",
         "mvpsim: error: command line: -mvpgpu_rtl_mode: expected one of replace, lockstep, got "
         "'fast'\n"},
        {"-mvpgpu_rtl_blocks scoreboard -mvpgpu_n_threads_per_sp 96 "
         "-mvpgpu_n_threads_per_sp_and_warp_size 1",
         "mvpsim: error: -mvpgpu_rtl_blocks scoreboard: the RTL holds at most 64 warps per SP; "
         "the configuration has 96 (-mvpgpu_n_threads_per_sp 96 / warp size 1)\n"},
    };
    for (const auto& c : cases) {
        const Result r = run(MVPSIM_PATH, kKernel + " " + c.options);
        EXPECT_EQ(r.status, 1) << c.options;
        EXPECT_EQ(r.err, c.error) << c.options;
    }
    // mp_ipdom under PDOM: the block does not exist; the run is the C++ one.
    const Result pdom = run(MVPSIM_PATH, kKernel + " -mvpgpu_divergence pdom");
    const Result rtl = run(MVPSIM_PATH, kKernel +
                                            " -mvpgpu_divergence pdom -mvpgpu_rtl_blocks "
                                            "mp_ipdom");
    EXPECT_EQ(rtl.status, 0) << rtl.err;
    EXPECT_EQ(rtl.out, pdom.out);
}

}  // namespace
}  // namespace mvp::rtl
