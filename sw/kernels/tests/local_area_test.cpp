// Per-work-group areas of local memory on the timing platform: several groups that use
// __local memory resident on one SP at once while their areas fit below the private stacks,
// one at a time when only one area fits (the refusals counted as local-memory limited), and
// results identical to the golden model and to a C++ reference either way. Kernels:
// reduce_sum (a __local argument, hand-written assembly) and local_tiles (kernel-scope __local
// arrays and a __local argument, OpenCL C).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_runner.h"
#include "modules/hierarchy/gpu.h"
#include "modules/sp/sp.h"
#include "platforms/mvp/platform.h"
#include "sw/toolchain/opencl_compiler.h"

namespace mvp::kernels {
namespace {

using Engine = host::Device::Engine;

config::Config one_sp_config() {
    SuiteConfig c{"1sp",
                  Engine::kTiming,
                  {{"mvpgpu_tlm_check", "1"},
                   {"mvpgpu_platform", "mvp_1sp"},
                   {"mvpgpu_n_tpc_per_gpc", "1"},
                   {"mvpgpu_n_sm_per_tpc", "1"},
                   {"mvpgpu_n_sp_per_sm", "1"}}};
    return c.make_config();
}

const SpPipeline::Counters& sp0_counters(host::Device& device) {
    return device.platform()->gpu().sps().at(0)->pipeline().counters;
}

std::vector<int32_t> random_ints(size_t n, uint32_t seed) {
    Rng rng(seed);
    std::vector<int32_t> v(n);
    for (int32_t& x : v) x = rng.range(-1000, 1000);
    return v;
}

// reduce_sum over 256 ints in groups of 16 with a __local area of `local_bytes` (the kernel
// uses the first 64).
const SpPipeline::Counters& run_reduce_sum(KernelRunner& k, uint32_t local_bytes) {
    const uint32_t n = 256, local = 16;
    std::vector<int32_t> in = random_ints(n, 7);
    std::vector<int32_t> expect(n / local, 0);
    for (uint32_t i = 0; i < n; ++i) expect[i / local] += in[i];
    k.load("reduce_sum");
    uint32_t din = k.upload(in);
    uint32_t dout = k.filled<int32_t>(n / local, 0x5a5a5a5a);
    k.run(range_1d(n, local),
          {value_arg(din), value_arg(dout), local_arg(local_bytes), value_arg(n)});
    EXPECT_EQ(k.download<int32_t>(dout, n / local), expect);
    return sp0_counters(k.device());
}

// 64-byte areas: four groups of 16 fill the SP's 64 thread slots; the warps are the limit.
TEST(LocalArea, SeveralGroupsWithLocalArgumentsShareAnSp) {
    KernelRunner k(one_sp_config(), Engine::kTiming);
    const SpPipeline::Counters& c = run_reduce_sum(k, 64);
    EXPECT_EQ(c.workgroups_started, 16u);
    EXPECT_EQ(c.max_resident_groups, 4u);
    EXPECT_EQ(c.max_local_area_bytes, 4u * 64);
    EXPECT_GT(c.occupancy_limit_warps, 0u);
    EXPECT_EQ(c.occupancy_limit_local_mem, 0u);
}

// 8 KiB areas: one fits in the 12 KiB below the stacks, so the groups run one at a time.
TEST(LocalArea, OneGroupAtATimeWhenOnlyOneAreaFits) {
    KernelRunner k(one_sp_config(), Engine::kTiming);
    const SpPipeline::Counters& c = run_reduce_sum(k, 8192);
    EXPECT_EQ(c.workgroups_started, 16u);
    EXPECT_EQ(c.max_resident_groups, 1u);
    EXPECT_EQ(c.max_local_area_bytes, 8192u);
    EXPECT_GT(c.occupancy_limit_local_mem, 0u);
}

// 4 KiB areas: three fit (12 KiB), one short of the four the warps allow.
TEST(LocalArea, LocalMemoryLimitsTheResidentGroups) {
    KernelRunner k(one_sp_config(), Engine::kTiming);
    const SpPipeline::Counters& c = run_reduce_sum(k, 4096);
    EXPECT_EQ(c.max_resident_groups, 3u);
    EXPECT_GT(c.occupancy_limit_local_mem, 0u);
}

// local_tiles built with -D TILE=<tile> (a SystemC platform per process: one test per size).
class LocalTiles {
  public:
    explicit LocalTiles(uint32_t tile)
        : program_(toolchain::OpenClCompiler("-D TILE=" + std::to_string(tile))
                       .build({"sw/kernels/local_tiles/local_tiles.cl"}, {}, true, &log_)) {}
    const toolchain::Program& program() const { return program_; }
    const std::string& log() const { return log_; }

    // Runs the kernel over `in` in groups of 16 (the last one smaller when the size is not a
    // multiple) on `device` and returns `out`.
    std::vector<int32_t> run(host::Device& device, const std::vector<int32_t>& in) const {
        host::LoadedProgram loaded = device.load(program_);
        const uint32_t n = static_cast<uint32_t>(in.size());
        uint32_t din = device.allocate(4 * n);
        device.write(din, in.data(), 4 * n);
        uint32_t dout = device.allocate(4 * n);
        Launch launch;
        launch.entry_pc = program_.find_symbol("local_tiles")->value;
        launch.range = range_1d(n, 16);
        launch.args = {value_arg(din), value_arg(dout), local_arg(4 * 16)};
        device.run(loaded, launch);
        std::vector<int32_t> out(n);
        device.read(dout, out.data(), 4 * n);
        return out;
    }

  private:
    std::string log_;
    toolchain::Program program_;
};

std::vector<int32_t> tiles_reference(const std::vector<int32_t>& in, uint32_t local) {
    std::vector<int32_t> out(in.size());
    for (size_t g0 = 0; g0 < in.size(); g0 += local) {
        const size_t size = std::min<size_t>(local, in.size() - g0);
        int32_t sum = 0;
        for (size_t l = 0; l < size; ++l) sum += in[g0 + l];
        for (size_t l = 0; l < size; ++l)
            out[g0 + l] = 3 * in[g0 + size - 1 - l] + 2 * in[g0 + (l + 1) % size] + sum;
    }
    return out;
}

// Runs local_tiles with TILE `tile` on the timing platform with one SP and on the golden
// model; both must give the reference. Returns the SP's counters.
SpPipeline::Counters check_tiles(uint32_t tile) {
    LocalTiles k(tile);
    EXPECT_GE(k.program().local_bytes, 4 * tile + 4) << k.log();
    const std::vector<int32_t> in = random_ints(150, 11);
    const std::vector<int32_t> expect = tiles_reference(in, 16);
    host::Device timing(one_sp_config(), Engine::kTiming);
    host::Device golden(one_sp_config(), Engine::kFunctional);
    EXPECT_EQ(k.run(timing, in), expect);
    EXPECT_EQ(k.run(golden, in), expect);
    return sp0_counters(timing);
}

// Areas of 64 + 16 bytes of variables and 64 of the argument: four groups resident.
TEST(LocalArea, KernelScopeLocalArraysSeveralGroupsPerSp) {
    SpPipeline::Counters c = check_tiles(16);
    EXPECT_EQ(c.workgroups_started, 10u);
    EXPECT_EQ(c.max_resident_groups, 4u);
    EXPECT_EQ(c.occupancy_limit_local_mem, 0u);
}

// A 10 KiB array: one area fits below the stacks.
TEST(LocalArea, KernelScopeLocalArraysOneAreaFits) {
    SpPipeline::Counters c = check_tiles(2560);
    EXPECT_EQ(c.workgroups_started, 10u);
    EXPECT_EQ(c.max_resident_groups, 1u);
    EXPECT_GT(c.occupancy_limit_local_mem, 0u);
}

}  // namespace
}  // namespace mvp::kernels
