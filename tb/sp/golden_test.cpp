// The regression kernels through the SP pipeline (fake ICC and LD/ST memory of fixed
// latencies) under several configurations, compared with the golden model: every buffer bit
// for bit, and the number of thread instructions executed.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tb/sp/golden_cases.h"
#include "tb/sp/pipeline_bench.h"

namespace mvp::tb {
namespace {

struct Variant {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;
    unsigned icc_latency = 1;
    unsigned memory_latency = 4;
};

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = {
        {"v21", {}},
        {"collector", {{"mvpgpu_rf_model", "collector"}}},
        {"stall", {{"mvpgpu_thdc_policy", "stall"}}, 3, 40},
        {"park", {{"mvpgpu_thdc_policy", "park"}}, 3, 40},
        {"switch0", {{"mvpgpu_thdc_switch_threshold", "0"}}, 2, 60},
        {"warp1", {{"mvpgpu_n_threads_per_sp_and_warp_size", "1"}}},
        {"issue2",
         {{"mvpgpu_issue_width", "2"},
          {"mvpgpu_ibuffer_entries", "4"},
          {"mvpgpu_thdc_running_warps", "8"},
          {"mvpgpu_pipeline_widths", "2,1,2,1,2,2,1,2,1,2,2,1,1"}},
         2,
         9},
        {"warp8_lat",
         {{"mvpgpu_n_threads_per_sp_and_warp_size", "8"},
          {"ptx_opcode_latency_int", "5,6,7,8,9,1"},
          {"ptx_opcode_initiation_fp", "2,2,2,2,4"}},
         4,
         17},
        {"warp32", {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}}},
        {"warp64_fetch1",
         {{"mvpgpu_n_threads_per_sp_and_warp_size", "64"},
          {"mvpgpu_fetch_width", "1"},
          {"mvpgpu_ibuffer_entries", "1"}}},
        // The default divergence policy is MP-IPDOM: the PDOM stack, and MP-IPDOM with tables
        // too small for the kernels' splits (parked splits, reconvergence at the parent's point).
        {"pdom", {{"mvpgpu_divergence", "pdom"}}, 3, 40},
        {"warp32_pdom",
         {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}, {"mvpgpu_divergence", "pdom"}}},
        {"warp32_tables2",
         {{"mvpgpu_n_threads_per_sp_and_warp_size", "32"},
          {"mvpgpu_mpipdom_st_entries", "2"},
          {"mvpgpu_mpipdom_rt_entries", "1"}},
         2,
         30},
        {"warp8_park_tables1",
         {{"mvpgpu_n_threads_per_sp_and_warp_size", "8"},
          {"mvpgpu_thdc_policy", "park"},
          {"mvpgpu_mpipdom_st_entries", "1"}},
         1,
         20},
    };
    return v;
}

class GoldenCompare : public ::testing::TestWithParam<std::tuple<size_t, size_t>> {};

TEST_P(GoldenCompare, MatchesGoldenModel) {
    const GoldenCase& c = golden_cases()[std::get<0>(GetParam())];
    const Variant& v = variants()[std::get<1>(GetParam())];
    config::Config cfg = make_config(v.options);
    PipelineBench b("b", cfg, v.icc_latency, v.memory_latency);
    std::vector<uint32_t> addr;
    std::vector<KernelArg> args = place_buffers(c, b.global, kBufferBase, &addr);
    GlobalMemory golden(kGlobalBytes);
    place_buffers(c, golden, kBufferBase, nullptr);
    Kernel k = build_kernel_file("sw/kernels/" + c.kernel, c.entry, c.range, args);
    FunctionalModel::Stats gs = run_golden(k, golden, b.params);
    b.run(k);
    ASSERT_EQ(b.error, "");
    EXPECT_EQ(b.groups_done, gs.work_groups);
    if (!c.interleaving_dependent) {
        EXPECT_EQ(b.sp->counters.thread_instructions, gs.thread_instructions);
    }
    EXPECT_EQ(b.sp->counters.warp_instructions, b.sp->counters.retired);
    for (size_t i = 0; i < c.buffers.size(); ++i) {
        for (uint32_t w = 0; w < c.buffers[i].words; ++w) {
            uint32_t x, y;
            b.global.read(addr[i] + 4 * w, &x, 4);
            golden.read(addr[i] + 4 * w, &y, 4);
            ASSERT_EQ(x, y) << "buffer " << i << " word " << w;
        }
    }
    EXPECT_TRUE(b.sp->idle());
    EXPECT_EQ(b.sp->pool.in_use(), 0u);
}

std::string name_of(const ::testing::TestParamInfo<std::tuple<size_t, size_t>>& info) {
    return golden_cases()[std::get<0>(info.param)].name + "_" +
           variants()[std::get<1>(info.param)].name;
}

INSTANTIATE_TEST_SUITE_P(Kernels, GoldenCompare,
                         ::testing::Combine(::testing::Range<size_t>(0, golden_cases().size()),
                                            ::testing::Range<size_t>(0, variants().size())),
                         name_of);

}  // namespace
}  // namespace mvp::tb
