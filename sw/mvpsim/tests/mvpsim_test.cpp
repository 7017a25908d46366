#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "modules/sim/tests/command_runner.h"
#include "modules/sp/pipeline_log.h"
#include "sw/mvpsim/launch_spec.h"
#include "tb/sp/kanata_reader.h"

namespace mvp::mvpsim {
namespace {

using Result = sim::testing::CommandResult;

// Runs mvpsim with `args` (shell words) from the repository root.
Result mvpsim(const std::string& args) {
    return sim::testing::CommandRunner::run(std::string(MVPSIM_PATH) + " " + args);
}

std::string read_file(const std::string& path) {
    return sim::testing::CommandRunner::read_file(path);
}

const std::string kSquare = "--kernel sw/kernels/cl_hello/_cl_hello.s";

TEST(Mvpsim, ListingEqualsTheSeedListing) {
    Result r = mvpsim(kSquare + " --listing");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, read_file("sw/kernels/cl_hello/_cl_hello.lst"));
}

TEST(Mvpsim, FunctionalSquarePrintsResults) {
    Result r = mvpsim(kSquare +
                      " --functional --global 4 --buffer in=f32:1.5,-2,3,0.1 --buffer out=zeros:16"
                      " --arg buf:in --arg buf:out --arg u32:3 --print out:f32");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "2.25\n4\n9\n0\n");
}

TEST(Mvpsim, StatsFileHasTheContractKeys) {
    std::string stats = testing::TempDir() + std::to_string(getpid()) + "stats.json";
    std::remove(stats.c_str());
    Result r = mvpsim(kSquare +
                      " --functional --global 8 --buffer in=zeros:32 --buffer out=zeros:32"
                      " --arg buf:in --arg buf:out --arg u32:8 --platform mvp_1sp --stats " +
                      stats);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string json = read_file(stats);
    for (const char* key :
         {"\"platform\": \"mvp_1sp\"", "\"divergence\": \"mpipdom\"", "\"cycles\": 0",
          "\"warp_instructions\": 248", "\"thread_instructions\": 248", "\"simd_efficiency\": 1",
          "\"host_seconds\": ", "\"config\": {"})
        EXPECT_NE(json.find(key), std::string::npos) << key << " in\n" << json;
}

TEST(Mvpsim, DumpWritesTheBufferBytes) {
    std::string dump = testing::TempDir() + std::to_string(getpid()) + "out.bin";
    Result r = mvpsim(kSquare +
                      " --functional --global 2 --buffer in=i32:3,-4 --buffer out=zeros:8"
                      " --arg buf:in --arg buf:out --arg u32:2 --dump out=" +
                      dump);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string bytes = read_file(dump);
    ASSERT_EQ(bytes.size(), 8u);
    // The kernel squares the bit patterns as floats: 3 is a tiny subnormal whose square is 0,
    // -4 (0xfffffffc) is a NaN whose square is the canonical NaN 0x7fc00000.
    EXPECT_EQ(bytes, std::string("\0\0\0\0\0\0\xc0\x7f", 8));
}

TEST(Mvpsim, TimingRunMatchesTheFunctionalRun) {
    const std::string args = kSquare +
                             " --global 8 --buffer in=f32:1.5,-2,3,0.1,7,8,9,-0.5"
                             " --buffer out=zeros:32 --arg buf:in --arg buf:out --arg u32:8"
                             " --print out:f32 --platform mvp_1sp";
    Result timing = mvpsim(args);
    Result functional = mvpsim(args + " --functional");
    EXPECT_EQ(timing.status, 0) << timing.err;
    EXPECT_EQ(timing.out, "2.25\n4\n9\n0.0100000007\n49\n64\n81\n0.25\n");
    EXPECT_EQ(timing.out, functional.out);
    EXPECT_NE(timing.err.find("(timing)"), std::string::npos) << timing.err;
}

struct BadInput {
    const char* args;
    const char* message;
};

class MvpsimRejects : public testing::TestWithParam<BadInput> {};

TEST_P(MvpsimRejects, WithAOneLineErrorNamingTheOption) {
    Result r = mvpsim(kSquare + " --functional " + GetParam().args);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, std::string("mvpsim: error: ") + GetParam().message + "\n");
    EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(
    BadCommandLines, MvpsimRejects,
    testing::Values(
        BadInput{"--global 0", "--global '0': '0' is not a positive integer"},
        BadInput{"--global 4,x", "--global '4,x': 'x' is not a positive integer"},
        BadInput{"--global 1,2,3,4", "--global '1,2,3,4': at most 3 dimensions"},
        BadInput{"--global 8 --local 4,2", "--local '4,2': has 2 dimensions but --global has 1"},
        BadInput{"--global 4 --buffer a", "--buffer 'a': expected NAME=SPEC"},
        BadInput{"--global 4 --buffer a=zeros:-1",
                 "--buffer 'a=zeros:-1': '-1' is not a positive byte count"},
        BadInput{"--global 4 --buffer a=f32:1,x",
                 "--buffer 'a=f32:1,x': 'x' is not a 32-bit float"},
        BadInput{"--global 4 --buffer a=i64:1",
                 "--buffer 'a=i64:1': unknown kind 'i64' (expected zeros, file, f32, i32 or u32)"},
        BadInput{"--global 4 --buffer a=u32:4294967296",
                 "--buffer 'a=u32:4294967296': '4294967296' is not an unsigned 32-bit integer"},
        BadInput{"--global 4 --buffer a=file:no/such/file",
                 "--buffer 'a=file:no/such/file': cannot read file 'no/such/file'"},
        BadInput{"--global 4 --arg buf:nope", "--arg 'buf:nope': no --buffer named 'nope'"},
        BadInput{"--global 4 --arg i32:2147483648",
                 "--arg 'i32:2147483648': '2147483648' is not a signed 32-bit integer"},
        BadInput{"--global 4 --arg x:1",
                 "--arg 'x:1': unknown kind 'x' (expected buf, u32, i32, f32 or local)"},
        BadInput{"--global 4 --buffer a=zeros:4 --print a:f64",
                 "--print 'a:f64': unknown type 'f64' (expected f32, i32 or u32)"},
        BadInput{"--global 4 --entry nothere",
                 "--entry: no global function 'nothere' in the kernel files"},
        BadInput{"--global 4 --pipeline-log p.csv",
                 "--pipeline-log: traces come from the timing platform; drop --functional"},
        BadInput{"--global 4 --konata p.kanata",
                 "--konata: traces come from the timing platform; drop --functional"},
        BadInput{"--global 4 --platform mvp_9",
                 "--platform: unknown platform 'mvp_9' (known: "
                 "mvp_v2_1, mvp_1sp)"}),
    [](const testing::TestParamInfo<BadInput>& info) { return std::to_string(info.index); });

TEST(Mvpsim, KernelFaultExitsNonZeroAndWritesNoOutput) {
    std::string dump = testing::TempDir() + std::to_string(getpid()) + "fault.bin";
    std::remove(dump.c_str());
    // An output pointer into the unmapped hole between local and global memory.
    Result r = mvpsim(kSquare +
                      " --functional --global 4 --buffer a=zeros:16 --arg buf:a"
                      " --arg u32:0x40000000 --arg u32:4 --dump a=" +
                      dump);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err,
              "mvpsim: error: fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x00a8 "
              "(_cl_hello.s:36) st.w $3, 0($2): unmapped address at address 0x40000000\n");
    EXPECT_FALSE(std::ifstream(dump).good());
}

TEST(Mvpsim, AssemblerErrorNamesFileLineColumn) {
    std::string bad = testing::TempDir() + std::to_string(getpid()) + "bad.s";
    std::ofstream(bad) << "\t.globl k\nk:\n\tadd\t$1, $2\n";
    Result r = mvpsim("--kernel " + bad + " --functional --global 1");
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err.rfind("mvpsim: error: " + bad + ":3:", 0), 0u) << r.err;
}

TEST(LaunchSpec, ParsesEveryKind) {
    BufferSpec b = parse_buffer("--buffer", "v=u32:1,0x10");
    EXPECT_EQ(b.name, "v");
    EXPECT_EQ(b.bytes, (std::vector<uint8_t>{1, 0, 0, 0, 16, 0, 0, 0}));
    ArgSpec a = parse_arg("--arg", "f32:1.0");
    EXPECT_EQ(a.value, 0x3f800000u);
    a = parse_arg("--arg", "i32:-1");
    EXPECT_EQ(a.value, 0xffffffffu);
    a = parse_arg("--arg", "local:256");
    EXPECT_EQ(a.kind, ArgSpec::Kind::kLocal);
    EXPECT_EQ(a.value, 256u);
    EXPECT_EQ(parse_dims("--global", "8,4,2"), (std::vector<uint32_t>{8, 4, 2}));
    EXPECT_EQ(parse_dims("--global", "010"), (std::vector<uint32_t>{10}));
}

// --buffer NAME=file:PATH read a device or a pipe to its end: /dev/zero never ended.
TEST(LaunchSpec, AFileBufferMustBeARegularFile) {
    try {
        parse_buffer("--buffer", "a=file:/dev/zero");
        FAIL() << "no error";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(), "--buffer 'a=file:/dev/zero': '/dev/zero' is not a regular file");
    }
    EXPECT_THROW(parse_buffer("--buffer", "a=file:/"), UsageError);
}

}  // namespace
}  // namespace mvp::mvpsim

namespace mvp::mvpsim {
namespace {

std::string tmp(const std::string& name) {
    return testing::TempDir() + std::to_string(getpid()) + "_" + name;
}

const std::string kSquareTiming = kSquare +
                                  " --global 32 --buffer out=zeros:128 --arg buf:out --arg buf:out"
                                  " --arg u32:32";

TEST(MvpsimTiming, StatisticsMirrorTheV21Hierarchy) {
    std::string stats = tmp("hier.json");
    Result r = mvpsim(kSquareTiming + " --stats " + stats);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string json = read_file(stats);
    // 1 GPC > 4 TPC > 2 SM > 4 SP, each SP with its memory-side blocks.
    for (int tpc = 0; tpc < 4; ++tpc)
        EXPECT_NE(json.find("\"tpc" + std::to_string(tpc) + "\": {"), std::string::npos);
    EXPECT_EQ(json.find("\"tpc4\""), std::string::npos);
    EXPECT_EQ(json.find("\"gpc1\""), std::string::npos);
    // Every one of the 32 SPs has its own memory-side blocks.
    auto count = [&json](const std::string& key) {
        size_t n = 0;
        for (size_t at = json.find(key); at != std::string::npos; at = json.find(key, at + 1)) ++n;
        return n;
    };
    for (const char* block : {"\"occ\": {", "\"local_mem\": {", "\"ldst\": {", "\"xi\": {"})
        EXPECT_EQ(count(block), 32u) << block;
    // The XI also keeps a group per client (icc, dcc, dma) inside its own.
    EXPECT_EQ(count("\"icc\": {"), 64u);
    EXPECT_EQ(count("\"dcc\": {"), 64u);
    EXPECT_EQ(count("\"dma\": {"), 33u);
    for (const char* block : {"\"noc\": {", "\"ddr0\": {", "\"ddr3\": {", "\"cp\": {"})
        EXPECT_EQ(count(block), 1u) << block;
    EXPECT_EQ(count("\"sm1\": {"), 4u);  // one in each TPC
}

TEST(MvpsimTiming, TheCalibrationConfigLoadsWithOneWarning) {
    Result r =
        mvpsim(kSquareTiming + " --platform mvp_1sp --config config/mvp_1sp_calibration.config");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err.find("mvpsim: warning: config/mvp_1sp_calibration.config:"), 0u) << r.err;
    EXPECT_EQ(r.err.find("warning", r.err.find('\n')), std::string::npos) << r.err;
}

// A configuration file written for MVPGPU-Sim: THREADS:WARP runs 64 thread slots in warps of
// 32 (two warps of 32 lanes for 64 work-items); a malformed pair is a one-line error.
TEST(MvpsimTiming, MvpgpuSimThreadsAndWarpPairFromAConfigFile) {
    std::string config = tmp("pair.config"), stats = tmp("pair.json");
    std::ofstream(config) << "-mvpgpu_n_threads_per_sp_and_warp_size 64:32\n";
    Result r = mvpsim(kSquare +
                      " --global 64 --local 64 --buffer out=zeros:256 --arg buf:out --arg buf:out"
                      " --arg u32:64 --platform mvp_1sp --config " +
                      config + " --stats " + stats);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string json = read_file(stats);
    EXPECT_NE(json.find("\"mvpgpu_n_threads_per_sp_and_warp_size\": 32"), std::string::npos);
    EXPECT_NE(json.find("\"mvpgpu_n_threads_per_sp\": 64"), std::string::npos);
    // Every warp instruction of the two full warps carries 32 lanes.
    size_t t = json.find("\"thread_instructions\": "), w = json.find("\"warp_instructions\": ");
    ASSERT_NE(t, std::string::npos);
    ASSERT_NE(w, std::string::npos);
    EXPECT_EQ(std::stoull(json.substr(t + 23)), 32 * std::stoull(json.substr(w + 21)));

    std::ofstream(config) << "-mvpgpu_n_threads_per_sp_and_warp_size 64:x\n";
    r = mvpsim(kSquareTiming + " --platform mvp_1sp --config " + config);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "mvpsim: error: " + config +
                         ":1: -mvpgpu_n_threads_per_sp_and_warp_size: '64:x' is not a number or "
                         "a THREADS:WARP pair\n");
}

TEST(MvpsimTiming, TheSameRunTwiceGivesIdenticalStatisticsAndCommitLogs) {
    std::string s1 = tmp("a.json"), s2 = tmp("b.json"), c1 = tmp("a.log"), c2 = tmp("b.log");
    const std::string args =
        " --kernel sw/kernels/reduce_sum/reduce_sum.s --global 200 --local 64"
        " --buffer in=zeros:800 --buffer out=zeros:16 --arg buf:in"
        " --arg buf:out --arg local:256 --arg u32:200";
    Result a = mvpsim(args + " --stats " + s1 + " --commit-log " + c1);
    Result b = mvpsim(args + " --stats " + s2 + " --commit-log " + c2);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    auto without_host_time = [](std::string json) {
        for (const char* key : {"\"host_seconds\": ", "\"thread_instructions_per_second\": ",
                                "\"cycles_per_second\": ", "\"host_threads\": "}) {
            size_t at = json.find(key);
            if (at != std::string::npos) json.erase(at, json.find('\n', at) - at);
        }
        return json;
    };
    EXPECT_EQ(without_host_time(read_file(s1)), without_host_time(read_file(s2)));
    std::string log = read_file(c1);
    EXPECT_GT(log.size(), 1000u);
    EXPECT_EQ(log, read_file(c2));
}

// The host threads' figures: on one thread no pass is shared out; on two, every SP-pass ran on
// both threads, and the passes' wall time covers each thread's time in its SPs.
TEST(MvpsimTiming, HostThreadFiguresAccountForTheParallelPasses) {
    const std::string args = kSquare +
                             " --global 4096 --local 64 --buffer out=zeros:16384 --arg buf:out"
                             " --arg buf:out --arg u32:4096";
    auto figures = [](const std::string& json) {
        const size_t at = json.find("\"host_threads\": {");
        EXPECT_NE(at, std::string::npos) << json;
        return json.substr(at, json.find('}', at) - at + 1);
    };
    auto number = [](const std::string& text, const std::string& key) {
        const size_t at = text.find("\"" + key + "\": ");
        EXPECT_NE(at, std::string::npos) << key << " in " << text;
        return std::stod(text.substr(at + key.size() + 4));
    };
    std::string one = tmp("t1.json"), two = tmp("t2.json");
    Result a = mvpsim(args + " -mvpgpu_host_threads 1 --stats " + one);
    Result b = mvpsim(args + " -mvpgpu_host_threads 2 --stats " + two);
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    const std::string f1 = figures(read_file(one)), f2 = figures(read_file(two));
    EXPECT_EQ(f1,
              "\"host_threads\": {\"threads\": 1, \"parallel_passes\": 0, \"pass_seconds\": 0, "
              "\"thread_busy_seconds\": [], \"imbalance\": 0}");
    EXPECT_EQ(number(f2, "threads"), 2);
    const double passes = number(f2, "parallel_passes");
    EXPECT_GT(passes, 0);
    EXPECT_LE(passes, number(read_file(two), "cycles"));
    const size_t list = f2.find('[');
    const double busy0 = std::stod(f2.substr(list + 1));
    const double busy1 = std::stod(f2.substr(f2.find(", ", list) + 2));
    const double wall = number(f2, "pass_seconds");
    EXPECT_GT(busy0, 0);
    EXPECT_GT(busy1, 0);
    EXPECT_GE(wall, busy0);
    EXPECT_GE(wall, busy1);
    const double ratio = wall / ((busy0 + busy1) / 2);
    EXPECT_NEAR(number(f2, "imbalance"), ratio, 1e-6 * ratio);
}

TEST(MvpsimTiming, VcdHoldsOnlyTheScopeAndTheWindow) {
    std::string vcd = tmp("t.vcd");
    Result r = mvpsim(kSquareTiming + " --vcd " + vcd +
                      " -trace_scope mvp.gpc0.tpc0.sm0.sp0.icc.* -trace_start_cycle 100"
                      " -trace_end_cycle 5000");
    ASSERT_EQ(r.status, 0) << r.err;
    std::string text = read_file(vcd);
    EXPECT_EQ(text.rfind("$date", 0), 0u);
    EXPECT_NE(text.find("$scope module icc $end"), std::string::npos);
    EXPECT_EQ(text.find("$scope module dcc $end"), std::string::npos);
    EXPECT_EQ(text.find("$scope module sp1 $end"), std::string::npos);
    // Every time stamp lies in the window (ps at 1 GHz: cycles 100 to 5000).
    for (size_t at = text.find("\n#"); at != std::string::npos; at = text.find("\n#", at + 1)) {
        uint64_t ps = std::stoull(text.substr(at + 2));
        EXPECT_GE(ps, 100000u);
        EXPECT_LE(ps, 5000000u);
    }
}

TEST(MvpsimTiming, AFaultLeavesNoTraceOrCommitLog) {
    std::string vcd = tmp("f.vcd"), log = tmp("f.log");
    Result r = mvpsim(kSquare +
                      " --global 4 --buffer a=zeros:16 --arg buf:a --arg u32:0x40000000"
                      " --arg u32:4 --commit-log " +
                      log + " --vcd " + vcd);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("unmapped address at address 0x40000000"), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(log).good());
    EXPECT_FALSE(std::ifstream(log + ".tmp").good());
    EXPECT_FALSE(std::ifstream(vcd).good());
    EXPECT_FALSE(std::ifstream(vcd + ".tmp").good());
}

}  // namespace
}  // namespace mvp::mvpsim

namespace mvp::mvpsim {
namespace {

TEST(MvpsimTiming, AnEndlessKernelIsStoppedAtTheCycleLimit) {
    std::string src = testing::TempDir() + "loop.s";
    std::ofstream(src) << "\t.globl loop\nloop:\n\tadd.si\t$2, $2, 1\n\tjp\tloop\n";
    Result r = mvpsim("--kernel " + src + " --global 8 -gpgpu_max_cycle 10000");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err,
              "mvpsim: error: SP 0: the run reached -gpgpu_max_cycle 10000 with live warps: warp 0 "
              "at PC 0x0008 (loop.s:4), warp 1 at PC 0x0008 (loop.s:4)\n");
}

}  // namespace
}  // namespace mvp::mvpsim

namespace mvp::mvpsim {
namespace {

// The text of a kernel's printf calls goes to stdout when the kernel ends, before --print,
// the same on both engines (work-items in any order).
TEST(MvpsimPrintf, KernelOutputIsPrintedOnBothEngines) {
    std::string src = testing::TempDir() + std::to_string(getpid()) + "_hello.cl";
    std::ofstream(src) << "__kernel void hello(__global int* out, float f) {\n"
                          "    int i = get_global_id(0);\n"
                          "    out[i] = printf(\"wi %d: %.2f %v2hld %s\\n\", i, f * i,\n"
                          "                    (int2)(i, -i), \"done\");\n"
                          "}\n";
    const std::string args =
        "--kernel " + src +
        " --global 4 --buffer o=zeros:16 --arg buf:o --arg f32:1.5 --print o:i32";
    Result functional = mvpsim(args + " --functional");
    Result timing = mvpsim(args);
    EXPECT_EQ(functional.status, 0) << functional.err;
    EXPECT_EQ(timing.status, 0) << timing.err;
    const std::string lines[] = {"wi 0: 0.00 0,0 done\n", "wi 1: 1.50 1,-1 done\n",
                                 "wi 2: 3.00 2,-2 done\n", "wi 3: 4.50 3,-3 done\n"};
    for (const Result* r : {&functional, &timing}) {
        for (const std::string& l : lines) EXPECT_NE(r->out.find(l), std::string::npos) << r->out;
        size_t text = 0;
        for (const std::string& l : lines) text += l.size();
        EXPECT_EQ(r->out.size(), text + 8) << r->out;
        EXPECT_EQ(r->out.substr(r->out.size() - 8), "0\n0\n0\n0\n") << r->out;
    }
}

}  // namespace
}  // namespace mvp::mvpsim

namespace mvp::mvpsim {
namespace {

// collatz on `items` work-items in groups of `local`: data-dependent loops that diverge in
// every warp.
std::string collatz_args(unsigned items, unsigned local) {
    std::string starts;
    for (unsigned i = 0; i < items; ++i) starts += (i ? "," : "") + std::to_string(1 + i * 37 % 97);
    return " --kernel sw/kernels/collatz/collatz.s --global " + std::to_string(items) +
           " --local " + std::to_string(local) + " --buffer in=u32:" + starts +
           " --buffer out=zeros:" + std::to_string(4 * items) +
           " --arg buf:in --arg buf:out --arg u32:60";
}

// The pipeline log of a run has one row per commit-log line, in the same order, and its Kanata
// file passes the strict reader and says what the CSV says; at warps of 4 and 32, under both
// divergence policies, on one SP and on the 32 SPs of mvp_v2_1.
TEST(MvpsimPipelineLog, OneRowPerCommitLogLineAndAKanataFileOfTheSameRun) {
    struct Run {
        std::string options;
        unsigned warps_per_sp;
    };
    const std::string one_sp = collatz_args(64, 64) + " --platform mvp_1sp";
    const Run runs[] = {
        {one_sp, 16},
        {one_sp + " -mvpgpu_divergence pdom", 16},
        {one_sp + " -mvpgpu_n_threads_per_sp_and_warp_size 32", 2},
        {one_sp + " -mvpgpu_n_threads_per_sp_and_warp_size 32 -mvpgpu_divergence pdom", 2},
        {collatz_args(256, 32), 16},  // mvp_v2_1: 8 groups on 8 SPs
    };
    for (const Run& run : runs) {
        SCOPED_TRACE(run.options);
        const std::string log = tmp("p.log"), csv = tmp("p.csv"), kanata = tmp("p.kanata");
        Result r = mvpsim(run.options + " --commit-log " + log + " --pipeline-log " + csv +
                          " --konata " + kanata);
        ASSERT_EQ(r.status, 0) << r.err;
        std::istringstream commit(read_file(log)), rows(read_file(csv));
        std::string c, row;
        std::getline(rows, row);
        EXPECT_EQ(row, PipelineLog::kCsvHeader);
        size_t n = 0;
        std::set<unsigned> sps;
        while (std::getline(commit, c)) {
            ASSERT_TRUE(std::getline(rows, row)) << "no row for commit line " << n;
            PipelineLog::Row p;
            std::string error;
            ASSERT_TRUE(PipelineLog::parse_csv_line(row, &p, &error)) << error;
            // "<wb> sp<S> w<W> m0x<MASK> pc=0x<PC> ..."
            std::istringstream words(c);
            std::string cycle, sp, warp, mask, pc;
            words >> cycle >> sp >> warp >> mask >> pc;
            EXPECT_EQ(cycle, std::to_string(p.wb)) << c;
            EXPECT_EQ(sp, "sp" + std::to_string(p.sp)) << c;
            EXPECT_EQ(warp, "w" + std::to_string(p.warp)) << c;
            EXPECT_EQ(std::stoull(mask.substr(3), nullptr, 16), p.mask) << c;
            EXPECT_EQ(std::stoul(pc.substr(5), nullptr, 16), p.pc) << c;
            sps.insert(p.sp);
            ++n;
        }
        EXPECT_FALSE(std::getline(rows, row)) << "a row without a commit line: " << row;
        EXPECT_GT(n, 1000u);
        EXPECT_EQ(sps.size(), run.options.find("mvp_1sp") != std::string::npos ? 1u : 8u);
        std::string error;
        EXPECT_TRUE(
            tb::kanata_matches_csv(read_file(kanata), read_file(csv), run.warps_per_sp, &error))
            << error;
    }
}

TEST(MvpsimPipelineLog, AnUnwritableFileIsAOneLineErrorAndAFaultLeavesNone) {
    for (const char* option : {"--pipeline-log", "--konata"}) {
        Result r = mvpsim(kSquareTiming + " " + option + " no/such/dir/p.txt");
        EXPECT_EQ(r.status, 1);
        EXPECT_EQ(r.err,
                  "mvpsim: error: " + std::string(option) + " 'no/such/dir/p.txt': cannot write\n");
    }
    const std::string csv = tmp("fault.csv"), kanata = tmp("fault.kanata");
    Result r = mvpsim(kSquare +
                      " --global 4 --buffer a=zeros:16 --arg buf:a --arg u32:0x40000000"
                      " --arg u32:4 --pipeline-log " +
                      csv + " --konata " + kanata);
    EXPECT_EQ(r.status, 2);
    for (const std::string& f : {csv, kanata}) {
        EXPECT_FALSE(std::ifstream(f).good()) << f;
        EXPECT_FALSE(std::ifstream(f + ".tmp").good()) << f;
    }
}

}  // namespace
}  // namespace mvp::mvpsim

namespace mvp::mvpsim {
namespace {

// An endless loop: loop.s:3 and loop.s:4, at PC 0x0000 and 0x0008.
std::string endless_kernel() {
    std::string src = testing::TempDir() + std::to_string(getpid()) + "_loop.s";
    std::ofstream(src) << "\t.globl loop\nloop:\n\tadd.si\t$2, $2, 1\n\tjp\tloop\n";
    return "--kernel " + src;
}

void expect_no_file(const std::string& path) {
    EXPECT_FALSE(std::ifstream(path).good()) << path;
    EXPECT_FALSE(std::ifstream(path + ".tmp").good()) << path << ".tmp";
}

TEST(MvpsimRunaway, AnEndlessKernelStopsAtTheFunctionalRunLimitNamingItsLoop) {
    Result r = mvpsim(endless_kernel() +
                      " --functional --global 8 -mvpgpu_functional_max_instructions 100000");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "mvpsim: error: fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x0008 (" +
                         std::to_string(getpid()) +
                         "_loop.s:4) jp loop: run limit exceeded after 100002 thread instructions "
                         "(-mvpgpu_functional_max_instructions 100000); the last 50000 thread "
                         "instructions ran PC 0x0000 (" +
                         std::to_string(getpid()) + "_loop.s:3) to 0x0008 (" +
                         std::to_string(getpid()) + "_loop.s:4)\n");
}

// Without options, the golden model stops an endless kernel at its default limit (seconds).
TEST(MvpsimRunaway, AnEndlessKernelStopsAtTheDefaultFunctionalRunLimit) {
    Result r = mvpsim(endless_kernel() + " --functional --global 1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find(": run limit exceeded after 1000000002 thread instructions "
                         "(-mvpgpu_functional_max_instructions 1000000000); the last 65536 "
                         "thread instructions ran PC 0x0000 ("),
              std::string::npos)
        << r.err;
}

// --timeout stops the golden model within milliseconds, long before its run limit, and the
// run writes none of its output files.
TEST(MvpsimRunaway, TimeoutStopsAFunctionalRunWithoutOutputFiles) {
    const std::string dump = tmp("timeout_f.bin"), stats = tmp("timeout_f.json");
    Result r =
        mvpsim(endless_kernel() +
               " --functional --global 1 --timeout 0.001 --buffer a=zeros:4 --dump a=" + dump +
               " --stats " + stats);
    EXPECT_EQ(r.status, 2);
    const std::string loop = std::to_string(getpid()) + "_loop.s";
    const std::string head = "mvpsim: error: fault: SP 0, warp 0, thread 0 (work-group 0), PC ";
    EXPECT_EQ(r.err.compare(0, head.size(), head), 0) << r.err;
    EXPECT_NE(r.err.find(": the run exceeded --timeout 0.001 seconds of host time after "),
              std::string::npos)
        << r.err;
    const std::string tail =
        " thread instructions; the last 65536 thread instructions ran PC "
        "0x0000 (" +
        loop + ":3) to 0x0008 (" + loop + ":4)\n";
    ASSERT_GE(r.err.size(), tail.size());
    EXPECT_EQ(r.err.substr(r.err.size() - tail.size()), tail) << r.err;
    expect_no_file(dump);
    expect_no_file(stats);
}

// On the timing platform, the SPs stop the run with their live warps' PCs; the cycle limit
// is far away.
TEST(MvpsimRunaway, TimeoutStopsATimingRunWithoutOutputFiles) {
    const std::string log = tmp("timeout_t.log"), stats = tmp("timeout_t.json");
    Result r = mvpsim(endless_kernel() +
                      " --global 8 --timeout 0.001 -gpgpu_max_cycle 50000000 --commit-log " + log +
                      " --stats " + stats);
    EXPECT_EQ(r.status, 2);
    const std::string head =
        "mvpsim: error: SP 0: the run exceeded --timeout 0.001 seconds of host time with live "
        "warps: warp 0 at PC 0x000";
    EXPECT_EQ(r.err.compare(0, head.size(), head), 0) << r.err;
    EXPECT_NE(r.err.find(", warp 1 at PC 0x000"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("_loop.s:"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    expect_no_file(log);
    expect_no_file(stats);
}

TEST(MvpsimRunaway, ATimeoutThatIsNotAPositiveNumberIsAUsageError) {
    for (const char* value : {"0", "-1", "abc", "2s", "inf"}) {
        Result r = mvpsim(kSquare + " --functional --global 4 --timeout " + value);
        EXPECT_EQ(r.status, 1) << value;
        EXPECT_EQ(r.err, "mvpsim: error: --timeout '" + std::string(value) +
                             "': expected a number of seconds greater than 0\n");
    }
}

// With --progress the host simulates in slices and polls the CP between them: the run is the
// same, statistic for statistic (all but the host's timing) and line for line of the commit
// log; stderr has the summary and, on a run that lasts, progress lines only.
TEST(MvpsimProgress, ARunWithTheProgressLineIsTheSameRun) {
    const std::string run = kSquare +
                            " --platform mvp_1sp --global 4096 --local 64 --buffer in=zeros:16384"
                            " --buffer out=zeros:16384 --arg buf:in --arg buf:out --arg u32:4096";
    auto without_host_timing = [](const std::string& json) {
        std::istringstream in(json);
        std::string kept;
        for (std::string line; std::getline(in, line);)
            if (line.find("host_seconds") == std::string::npos &&
                line.find("per_second") == std::string::npos)
                kept += line + "\n";
        return kept;
    };
    std::string stats[2], logs[2];
    for (int progress = 0; progress < 2; ++progress) {
        const std::string stats_path = tmp("progress" + std::to_string(progress) + ".json");
        const std::string log_path = tmp("progress" + std::to_string(progress) + ".log");
        Result r = mvpsim(run + (progress ? " --progress" : "") + " --stats " + stats_path +
                          " --commit-log " + log_path);
        ASSERT_EQ(r.status, 0) << r.err;
        std::istringstream err(r.err);
        std::vector<std::string> lines;
        for (std::string line; std::getline(err, line);) lines.push_back(line);
        ASSERT_FALSE(lines.empty());
        EXPECT_EQ(lines.back().rfind("mvpsim: square on mvp_1sp (timing): 4096 work-items", 0), 0u)
            << r.err;
        if (!progress) {
            EXPECT_EQ(lines.size(), 1u) << r.err;
        }
        for (size_t i = 0; i + 1 < lines.size(); ++i)
            EXPECT_EQ(lines[i].rfind("mvpsim: cycle ", 0), 0u) << r.err;
        stats[progress] = without_host_timing(read_file(stats_path));
        logs[progress] = read_file(log_path);
    }
    EXPECT_NE(stats[0].find("\"cycles\": "), std::string::npos);
    EXPECT_EQ(stats[0], stats[1]);
    EXPECT_FALSE(logs[0].empty());
    EXPECT_EQ(logs[0], logs[1]);
}

}  // namespace
}  // namespace mvp::mvpsim
