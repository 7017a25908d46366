// Work-groups of more work-items than an SP has threads (doc/opencl-c.md, "Work-groups larger
// than the SP"): ids, barriers in loops, __local reductions and atomics of groups up to 1024
// work-items, on the golden model and on the timing platform with both divergence policies and
// warps of 4 and 32; the device's and the kernel's limits; launches the fibers cannot run.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

// Each work-item writes its ids and sizes; the group sums a value through __local memory with
// a barrier in each step of a loop, counts its work-items with a __local atomic and adds them
// to a global counter; a second loop of barriers passes a value around the group.
const char kGroups[] = R"(
__kernel void groups(__global uint* ids, __global uint* sums, __global uint* total,
                     __local uint* scratch) {
    __local uint count;
    const uint lid = get_local_id(0) + get_local_size(0) * (get_local_id(1) +
                     get_local_size(1) * get_local_id(2));
    const uint n = get_local_size(0) * get_local_size(1) * get_local_size(2);
    const uint gid = get_global_id(0) + get_global_size(0) * (get_global_id(1) +
                     get_global_size(1) * get_global_id(2));
    const uint group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) +
                       get_num_groups(1) * get_group_id(2));
    if (lid == 0) count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&count);
    __global uint* mine = ids + 8 * gid;
    mine[0] = get_global_id(0);
    mine[1] = get_global_id(1);
    mine[2] = get_global_id(2);
    mine[3] = lid;
    mine[4] = n;
    mine[5] = group;
    scratch[lid] = gid * 3 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < n; s <<= 1) {
        if (lid % (2 * s) == 0 && lid + s < n) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const uint sum = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint v = lid;
    for (uint step = 0; step < 3; ++step) {
        scratch[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = scratch[(lid + 1) % n];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    mine[6] = v;
    mine[7] = get_global_size(0) * 65536 + get_global_size(1) * 256 + get_global_size(2);
    if (lid == 0) {
        sums[group] = sum;
        atomic_add(total, count);
    }
}
)";

struct Shape {
    size_t global[3];
    size_t local[3];
    cl_uint dims;
};

class WorkGroupTest : public ClTest {
  protected:
    // Runs kGroups over `shape` and checks every value against what OpenCL says it is.
    void run_groups(const Shape& shape) {
        cl_program p = build(kGroups);
        cl_kernel k = kernel(p, "groups");
        const size_t items = shape.global[0] * shape.global[1] * shape.global[2];
        const size_t group_items = shape.local[0] * shape.local[1] * shape.local[2];
        const size_t groups = items / group_items;
        cl_mem ids = buffer(items * 8 * 4);
        cl_mem sums = buffer(groups * 4);
        const cl_uint zero = 0;
        cl_mem total = buffer(4, &zero);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof ids, &ids), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof sums, &sums), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 2, sizeof total, &total), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 3, group_items * 4, nullptr), CL_SUCCESS);
        ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, shape.dims, nullptr, shape.global, shape.local,
                                         0, nullptr, nullptr),
                  CL_SUCCESS);
        ASSERT_EQ(clFinish(queue_), CL_SUCCESS);
        const std::vector<cl_uint> got = read<cl_uint>(ids, items * 8);
        const std::vector<cl_uint> got_sums = read<cl_uint>(sums, groups);
        EXPECT_EQ(read<cl_uint>(total, 1)[0], items);
        std::vector<uint64_t> want_sums(groups, 0);
        size_t wrong = 0;
        for (size_t z = 0; z < shape.global[2]; ++z)
            for (size_t y = 0; y < shape.global[1]; ++y)
                for (size_t x = 0; x < shape.global[0]; ++x) {
                    const size_t gid = x + shape.global[0] * (y + shape.global[1] * z);
                    const size_t lid = x % shape.local[0] +
                                       shape.local[0] * (y % shape.local[1] +
                                                         shape.local[1] * (z % shape.local[2]));
                    const size_t ngx = shape.global[0] / shape.local[0];
                    const size_t ngy = shape.global[1] / shape.local[1];
                    const size_t group = x / shape.local[0] +
                                         ngx * (y / shape.local[1] + ngy * (z / shape.local[2]));
                    want_sums[group] += gid * 3 + 1;
                    const cl_uint want[8] = {
                        static_cast<cl_uint>(x),
                        static_cast<cl_uint>(y),
                        static_cast<cl_uint>(z),
                        static_cast<cl_uint>(lid),
                        static_cast<cl_uint>(group_items),
                        static_cast<cl_uint>(group),
                        static_cast<cl_uint>((lid + 3) % group_items),
                        static_cast<cl_uint>(shape.global[0] * 65536 + shape.global[1] * 256 +
                                             shape.global[2])};
                    for (int f = 0; f < 8; ++f)
                        if (got[gid * 8 + f] != want[f] && wrong++ < 5)
                            ADD_FAILURE()
                                << "work-item (" << x << "," << y << "," << z << ") value " << f
                                << ": " << got[gid * 8 + f] << ", expected " << want[f];
                }
        EXPECT_EQ(wrong, 0u);
        for (size_t g = 0; g < groups; ++g)
            EXPECT_EQ(got_sums[g], static_cast<cl_uint>(want_sums[g])) << "group " << g;
    }
};

// The golden model: groups of 1024 work-items (16 a hardware thread) in one, two and three
// dimensions.
class FunctionalWorkGroupTest : public WorkGroupTest {
  protected:
    void SetUp() override {
        setenv("MVP_FUNCTIONAL", "1", 1);
        WorkGroupTest::SetUp();
    }
};

TEST_F(FunctionalWorkGroupTest, GroupsOf1024WorkItemsInOneDimension) {
    run_groups({{4096, 1, 1}, {1024, 1, 1}, 1});
}

TEST_F(FunctionalWorkGroupTest, GroupsOf1024WorkItemsInTwoAndThreeDimensions) {
    run_groups({{64, 32, 1}, {32, 32, 1}, 2});
    run_groups({{16, 16, 8}, {16, 8, 8}, 3});
}

TEST_F(FunctionalWorkGroupTest, GroupsThatAreNotAMultipleOfTheSpsThreads) {
    run_groups({{300, 1, 1}, {100, 1, 1}, 1});  // 50 threads of 2 work-items
    run_groups({{254, 1, 1}, {127, 1, 1}, 1});  // a prime: 1 thread of 127 work-items
}

// The timing platform (one SP), with each divergence policy and warps of 4 and 32: the same
// values as the golden model.
class TimingWorkGroupTest : public WorkGroupTest,
                            public ::testing::WithParamInterface<std::tuple<const char*, int>> {
  protected:
    void SetUp() override {
        config_ = ::testing::TempDir() + "work_group_test_" + std::get<0>(GetParam()) +
                  std::to_string(std::get<1>(GetParam())) + ".config";
        std::ofstream(config_) << "-mvpgpu_platform mvp_1sp\n-mvpgpu_divergence "
                               << std::get<0>(GetParam())
                               << "\n-mvpgpu_n_threads_per_sp_and_warp_size "
                               << std::get<1>(GetParam()) << "\n";
        setenv("MVP_CONFIG", config_.c_str(), 1);
        unsetenv("MVP_FUNCTIONAL");
        WorkGroupTest::SetUp();
    }
    void TearDown() override {
        WorkGroupTest::TearDown();
        std::remove(config_.c_str());
    }
    std::string config_;
};

TEST_P(TimingWorkGroupTest, GroupsOf256WorkItems) {
    run_groups({{16, 16, 1}, {16, 16, 1}, 2});
    run_groups({{512, 1, 1}, {256, 1, 1}, 1});
}

INSTANTIATE_TEST_SUITE_P(Policies, TimingWorkGroupTest,
                         ::testing::Combine(::testing::Values("pdom", "mpipdom"),
                                            ::testing::Values(4, 32)),
                         [](const auto& info) {
                             return std::string(std::get<0>(info.param)) + "_warp" +
                                    std::to_string(std::get<1>(info.param));
                         });

// The device offers OpenCL C kernels work-groups of 1024; kernels written in MVP assembly,
// which have no fiber variant, keep the SP's 64. reqd_work_group_size(256,1,1) runs without a
// local size.
TEST_F(FunctionalWorkGroupTest, LimitsOfTheDeviceAndOfEachKernel) {
    size_t max_group = 0;
    size_t sizes[3] = {0, 0, 0};
    ASSERT_EQ(clGetDeviceInfo(device_, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_group, &max_group,
                              nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clGetDeviceInfo(device_, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(max_group, 1024u);
    EXPECT_EQ(sizes[0], 1024u);
    EXPECT_EQ(sizes[1], 1024u);
    EXPECT_EQ(sizes[2], 64u);

    cl_kernel c = kernel(build(R"(
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void fixed(__global uint* out) { out[get_global_id(0)] = get_local_id(0) + 1000 * get_group_id(0); }
)"),
                         "fixed");
    size_t kernel_max = 0;
    ASSERT_EQ(clGetKernelWorkGroupInfo(c, device_, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_max,
                                       &kernel_max, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(kernel_max, 1024u);
    cl_mem out = buffer(512 * 4);
    ASSERT_EQ(clSetKernelArg(c, 0, sizeof out, &out), CL_SUCCESS);
    const size_t global = 512;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue_, c, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    const std::vector<cl_uint> values = read<cl_uint>(out, 512);
    for (cl_uint i = 0; i < 512; ++i) EXPECT_EQ(values[i], i % 256 + 1000 * (i / 256)) << i;

    // Larger than the device's limit, or one dimension over its own.
    size_t local = 2048;
    size_t big = 2048;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, c, 1, nullptr, &big, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_ITEM_SIZE);
    const size_t global3[3] = {1, 1, 128};
    const size_t local3[3] = {1, 1, 128};
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, c, 3, nullptr, global3, local3, 0, nullptr, nullptr),
              CL_INVALID_WORK_ITEM_SIZE);

    cl_kernel a = kernel(build(R"(
	.text
	.globl	asm_kernel
	.type	asm_kernel,@function
asm_kernel:
	jr	$ra
)"),
                         "asm_kernel");
    ASSERT_EQ(clGetKernelWorkGroupInfo(a, device_, CL_KERNEL_WORK_GROUP_SIZE, sizeof kernel_max,
                                       &kernel_max, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(kernel_max, 64u);
    local = 128;
    big = 256;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, a, 1, nullptr, &big, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
}

// Arguments past the fourth word reach every work-item of a large group on its own stack (the
// kernel ABI's stacked words), __local ones too.
TEST_F(FunctionalWorkGroupTest, StackedArgumentsReachEveryFiber) {
    cl_kernel k = kernel(build(R"(
__kernel void many(__global uint* out, uint a, uint b, uint c, uint d, __local uint* tmp,
                   uint e) {
    const uint lid = get_local_id(0);
    tmp[lid] = a + b + c + d + e + lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(lid + 1) % get_local_size(0)];
}
)"),
                         "many");
    cl_mem out = buffer(512 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    const cl_uint values[5] = {1, 20, 300, 4000, 50000};
    for (cl_uint i = 0; i < 4; ++i)
        ASSERT_EQ(clSetKernelArg(k, 1 + i, sizeof(cl_uint), &values[i]), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 5, 256 * 4, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 6, sizeof(cl_uint), &values[4]), CL_SUCCESS);
    const size_t global = 512, local = 256;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    const std::vector<cl_uint> got = read<cl_uint>(out, 512);
    for (cl_uint i = 0; i < 512; ++i) EXPECT_EQ(got[i], 54321u + (i % 256 + 1) % 256) << i;
}

// A group larger than the SP's threads must divide the global size (OpenCL 1.2's rule; smaller
// groups may still be non-uniform).
TEST_F(FunctionalWorkGroupTest, ANonUniformLargeGroupIsRefused) {
    cl_kernel k =
        kernel(build("__kernel void k(__global uint* o) { o[get_global_id(0)] = 1; }"), "k");
    cl_mem out = buffer(1000 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    const size_t global = 1000;
    size_t local = 256;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    local = 64;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(clFinish(queue_), CL_SUCCESS);
}

}  // namespace
}  // namespace mvp::runtime::test
