// The progress line (mvpsim --progress, MVP_PROGRESS): its text, at most one report per
// interval on a host clock the test drives, in place on a terminal and erased at the end, and
// the reports a timing run gives when the host simulates in slices: the kernel's cycles rising,
// work-groups done read from the CP, and the run's result unchanged.

#include "sw/host/progress_line.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "sw/host/device.h"
#include "sw/host/platform_preset.h"
#include "sw/toolchain/build.h"

namespace mvp::host {
namespace {

// What was written to a temporary FILE.
std::string contents(std::FILE* f) {
    std::fflush(f);
    std::rewind(f);
    std::string text;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    return text;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

TEST(ProgressLine, ReportsCycleGroupsRateAndTimeLeft) {
    ProgressLine::Sample s;
    s.cycle = 1234567;
    s.groups_done = 120;
    s.groups_total = 4096;
    s.thread_instructions = 2500000;
    // 2 s for 120 groups: 3976 more take 66.3 s.
    EXPECT_EQ(ProgressLine::format("mvpsim", s, 2.0),
              "mvpsim: cycle 1,234,567, work-groups 120/4,096 (2.9%), 1.25 M thread instr/s, "
              "1:06 left");
    s.groups_done = 1;
    EXPECT_EQ(ProgressLine::format("t", s, 4000.0),
              "t: cycle 1,234,567, work-groups 1/4,096 (0.0%), 0.00 M thread instr/s, "
              "4550:00:00 left");
    s.groups_done = 0;
    EXPECT_NE(ProgressLine::format("t", s, 1.0).find("work-groups 0/4,096 (0.0%)"),
              std::string::npos);
    EXPECT_NE(ProgressLine::format("t", s, 1.0).find(", --:-- left"), std::string::npos);
    s.groups_done = 4096;
    EXPECT_NE(ProgressLine::format("t", s, 1.0).find("(100.0%), 2.50 M thread instr/s, 0:00 left"),
              std::string::npos);
}

TEST(ProgressLine, AtMostOneReportPerIntervalOnItsOwnLineWhenNotATerminal) {
    double now = 10.0;
    std::FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    ProgressLine line("mvpsim", out, false, 1.0, [&] { return now; });
    ProgressLine::Sample s;
    s.groups_total = 8;
    line.start();
    now = 10.5;
    EXPECT_FALSE(line.due());
    line.update(s);  // too early: nothing
    now = 11.0;
    EXPECT_TRUE(line.due());
    s.groups_done = 2;
    s.cycle = 100;
    line.update(s);
    now = 11.9;
    line.update(s);  // 0.9 s after the last report: nothing
    now = 12.5;
    s.groups_done = 5;
    s.cycle = 250;
    line.update(s);
    line.finish();  // nothing to erase
    const std::vector<std::string> got = lines(contents(out));
    ASSERT_EQ(got.size(), 2u) << contents(out);
    EXPECT_EQ(got[0], ProgressLine::format("mvpsim", {100, 2, 8, 0}, 1.0));
    EXPECT_EQ(got[1], ProgressLine::format("mvpsim", {250, 5, 8, 0}, 2.5));
    std::fclose(out);
}

TEST(ProgressLine, OnATerminalTheLineIsRewrittenAndErasedAtTheEnd) {
    double now = 0;
    std::FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    ProgressLine line("x", out, true, 1.0, [&] { return now; });
    line.start();
    line.finish();  // nothing shown: nothing written
    EXPECT_EQ(contents(out), "");
    line.start();
    now = 1;
    line.update({1, 0, 2, 0});
    now = 2;
    line.update({2, 1, 2, 0});
    line.finish();
    EXPECT_EQ(contents(out), "\r" + ProgressLine::format("x", {1, 0, 2, 0}, 1.0) + "\033[K\r" +
                                 ProgressLine::format("x", {2, 1, 2, 0}, 2.0) + "\033[K\r\033[K");
    std::fclose(out);
}

TEST(ProgressLine, WantedWhenAskedNotWhenRefused) {
    EXPECT_TRUE(ProgressLine::wanted("1"));
    EXPECT_FALSE(ProgressLine::wanted("0"));
    EXPECT_EQ(ProgressLine::wanted(""), ProgressLine::stderr_is_terminal());
}

// A timing run with a line that reports at every look (interval 0): the host looks between
// slices of simulation, once through run() and once through the command ring.
TEST(ProgressLine, ATimingRunReportsItsCyclesAndWorkGroups) {
    config::Config cfg;
    apply_platform_preset(cfg, "mvp_1sp");
    Device device(cfg, Device::Engine::kTiming);
    std::FILE* out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    ProgressLine line("t", out, false, 0.0);
    device.set_progress(&line);
    const toolchain::Program program =
        toolchain::build_program_from_files({"sw/kernels/vec_add/vec_add.s"});
    const LoadedProgram loaded = device.load(program);
    constexpr uint32_t kN = 2048;
    std::vector<float> a(kN), b(kN);
    for (uint32_t i = 0; i < kN; ++i) {
        a[i] = static_cast<float>(i);
        b[i] = 0.5f * static_cast<float>(i);
    }
    const uint32_t da = device.allocate(4 * kN), db = device.allocate(4 * kN),
                   dc = device.allocate(4 * kN);
    device.write(da, a.data(), 4 * kN);
    device.write(db, b.data(), 4 * kN);
    Launch l;
    l.entry_pc = program.find_symbol("vec_add")->value;
    l.range.global[0] = kN;
    l.range.local[0] = 64;  // 32 work-groups
    l.args = {KernelArg::of_value(da), KernelArg::of_value(db), KernelArg::of_value(dc)};

    auto check = [&](uint64_t cycles) {
        const std::vector<std::string> got = lines(contents(out));
        ASSERT_GE(got.size(), 2u) << cycles << " cycles";
        uint64_t last_cycle = 0, last_done = 0;
        for (const std::string& g : got) {
            unsigned long long cycle = 0, done = 0, total = 0;
            std::string digits;
            for (char c : g)
                if (c != ',') digits += c;
            ASSERT_EQ(std::sscanf(digits.c_str(), "t: cycle %llu work-groups %llu/%llu", &cycle,
                                  &done, &total),
                      3)
                << g;
            EXPECT_EQ(total, 32u) << g;
            EXPECT_GT(cycle, last_cycle) << g;
            // The host counts from its start of the launch, the CP from the dispatch.
            EXPECT_LE(cycle, cycles + 1000) << g;
            EXPECT_GE(done, last_done) << g;
            EXPECT_LE(done, 32u) << g;
            last_cycle = cycle;
            last_done = done;
        }
        EXPECT_GT(last_done, 0u);
        std::vector<float> c(kN);
        device.read(dc, c.data(), 4 * kN);
        for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
    };
    const LaunchStats stats = device.run(loaded, l);
    check(stats.cycles);

    std::fclose(out);
    out = std::tmpfile();
    ASSERT_NE(out, nullptr);
    line = ProgressLine("t", out, false, 0.0);
    device.write(dc, std::vector<float>(kN).data(), 4 * kN);
    LaunchOutcome outcome;
    device.wait(device.submit(loaded, l, [&](const LaunchOutcome& o) { outcome = o; }));
    ASSERT_EQ(outcome.error, "");
    check(outcome.stats.cycles);
    std::fclose(out);
}

}  // namespace
}  // namespace mvp::host
