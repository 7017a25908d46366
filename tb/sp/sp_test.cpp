// The Sp module with its real memory-side blocks and a fixed-latency global memory behind the
// XI: exact cycles of the instruction-fetch path and bit-exact results against the golden
// model.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
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
