// Kernel launches: NDRange shapes, non-uniform work-groups, __local arguments with barriers,
// launch errors and kernel faults.

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

// Every work-item adds 1 to counter[0].
const char kCount[] = R"(
	.text
	.globl	count
	.type	count,@function
count:
	add.si	$3, $zero, 1
	atom.add	$2, $3, ($4)
	jr	$ra
)";

class NDRangeTest : public ClTest {
  protected:
    struct Shape {
        size_t global[2];
        size_t local[2];  // 0: let the runtime choose
        size_t offset[2];
    };

    // Runs ids2d over the shape and checks what every work-item saw, given the work-group
    // size that must have been used.
    void check_ids2d(const Shape& s, const size_t expected_local[2]) {
        cl_program program = build(read_text("sw/runtime/tests/kernels/ids2d.s"));
        cl_kernel k = kernel(program, "ids2d");
        const size_t items = s.global[0] * s.global[1];
        cl_mem out = buffer(items * 4 * sizeof(uint32_t));
        cl_uint width = static_cast<cl_uint>(s.global[0]);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof width, &width), CL_SUCCESS);
        ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, 2, s.offset, s.global,
                                         s.local[0] != 0 ? s.local : nullptr, 0, nullptr, nullptr),
                  CL_SUCCESS);
        std::vector<uint32_t> words = read<uint32_t>(out, items * 4);
        const size_t groups[2] = {(s.global[0] + expected_local[0] - 1) / expected_local[0],
                                  (s.global[1] + expected_local[1] - 1) / expected_local[1]};
        for (size_t y = 0; y < s.global[1]; ++y) {
            for (size_t x = 0; x < s.global[0]; ++x) {
                const uint32_t* w = &words[(y * s.global[0] + x) * 4];
                size_t group_x = x / expected_local[0];
                size_t group_y = y / expected_local[1];
                // The last group in a dimension holds what is left over.
                size_t size_x =
                    std::min(expected_local[0], s.global[0] - group_x * expected_local[0]);
                size_t size_y =
                    std::min(expected_local[1], s.global[1] - group_y * expected_local[1]);
                uint32_t ids = static_cast<uint32_t>((y + s.offset[1]) << 16 | (x + s.offset[0]));
                uint32_t local =
                    static_cast<uint32_t>(size_y << 24 | size_x << 16 |
                                          (y % expected_local[1]) << 8 | (x % expected_local[0]));
                uint32_t group = static_cast<uint32_t>(group_y << 16 | group_x);
                uint32_t num_groups = static_cast<uint32_t>(groups[1] << 16 | groups[0]);
                SCOPED_TRACE("work-item (" + std::to_string(x) + ", " + std::to_string(y) + ")");
                EXPECT_EQ(w[0], ids);
                EXPECT_EQ(w[1], local);
                EXPECT_EQ(w[2], group);
                EXPECT_EQ(w[3], num_groups);
            }
        }
    }
};

TEST_F(NDRangeTest, TwoDimensionsWithNonUniformGroups) {
    // 13 x 7 in groups of 4 x 3: the last column of groups is 1 wide, the last row 1 high.
    const size_t local[2] = {4, 3};
    check_ids2d({{13, 7}, {4, 3}, {5, 2}}, local);
}

TEST_F(NDRangeTest, TwoDimensionsWithDefaultGroups) {
    // No local size: the largest divisor of 12 up to 64 in x, 1 in y.
    const size_t local[2] = {12, 1};
    check_ids2d({{12, 5}, {0, 0}, {0, 0}}, local);
}

TEST_F(NDRangeTest, LocalSizeLargerThanGlobalIsClamped) {
    const size_t local[2] = {13, 4};
    check_ids2d({{13, 7}, {16, 4}, {0, 0}}, local);
}

TEST_F(NDRangeTest, ThreeDimensions) {
    cl_program program = build(kCount);
    cl_kernel k = kernel(program, "count");
    uint32_t zero = 0;
    cl_mem counter = buffer(sizeof zero, &zero);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof counter, &counter), CL_SUCCESS);
    const size_t global[3] = {5, 6, 7};
    const size_t local[3] = {2, 4, 3};
    ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, 3, nullptr, global, local, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<uint32_t>(counter, 1)[0], 5u * 6u * 7u);
}

TEST_F(NDRangeTest, SeedShapeLocal64Global32) {
    cl_program program = build(read_text("sw/kernels/cl_hello/_cl_hello.s"));
    cl_kernel k = kernel(program, "square");
    std::vector<float> in(32);
    for (int i = 0; i < 32; ++i) in[i] = 0.25f * static_cast<float>(i);
    cl_mem input = buffer(32 * sizeof(float), in.data());
    cl_mem output = buffer(32 * sizeof(float));
    cl_uint n = 32;
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof input, &input), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof output, &output), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof n, &n), CL_SUCCESS);
    size_t global = 32;
    size_t local = 64;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<float> out = read<float>(output, 32);
    for (int i = 0; i < 32; ++i) EXPECT_EQ(out[i], in[i] * in[i]);
}

TEST_F(NDRangeTest, LaunchErrors) {
    cl_program program = build(kCount);
    cl_kernel k = kernel(program, "count");
    cl_mem counter = buffer(4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof counter, &counter), CL_SUCCESS);
    auto launch = [&](cl_uint dims, const size_t* offset, const size_t* global,
                      const size_t* local) {
        return clEnqueueNDRangeKernel(queue_, k, dims, offset, global, local, 0, nullptr, nullptr);
    };
    const size_t g256[3] = {256, 1, 1};
    const size_t l128[3] = {128, 1, 1};
    const size_t l16x8[3] = {16, 8, 1};
    const size_t g64x64[3] = {64, 64, 1};
    const size_t l0[3] = {0, 1, 1};
    const size_t g0[3] = {0, 1, 1};
    const size_t huge_offset[3] = {SIZE_MAX - 10, 0, 0};
    EXPECT_EQ(launch(1, nullptr, g256, l128), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_EQ(launch(2, nullptr, g64x64, l16x8), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_EQ(launch(1, nullptr, g256, l0), CL_INVALID_WORK_GROUP_SIZE);
    EXPECT_EQ(launch(0, nullptr, g256, nullptr), CL_INVALID_WORK_DIMENSION);
    EXPECT_EQ(launch(4, nullptr, g256, nullptr), CL_INVALID_WORK_DIMENSION);
    EXPECT_EQ(launch(1, nullptr, nullptr, nullptr), CL_INVALID_GLOBAL_WORK_SIZE);
    EXPECT_EQ(launch(1, nullptr, g0, nullptr), CL_INVALID_GLOBAL_WORK_SIZE);
    EXPECT_EQ(launch(1, huge_offset, g256, nullptr), CL_INVALID_GLOBAL_OFFSET);
    EXPECT_EQ(clEnqueueNDRangeKernel(nullptr, k, 1, nullptr, g256, nullptr, 0, nullptr, nullptr),
              CL_INVALID_COMMAND_QUEUE);
    EXPECT_EQ(
        clEnqueueNDRangeKernel(queue_, nullptr, 1, nullptr, g256, nullptr, 0, nullptr, nullptr),
        CL_INVALID_KERNEL);
    // The largest allowed group still runs.
    const size_t l64[3] = {64, 1, 1};
    EXPECT_EQ(launch(1, nullptr, g256, l64), CL_SUCCESS);
}

TEST_F(NDRangeTest, LocalArgumentWithBarriers) {
    cl_program program = build(read_text("sw/apps/reduce/reduce.s"));
    cl_kernel k = kernel(program, "reduce_sum");
    std::mt19937 random(77);
    // (n, work-group size): uniform groups, a smaller last group, one group smaller than
    // asked, groups that are not powers of two.
    const std::pair<cl_uint, size_t> cases[] = {{256, 64}, {1000, 64}, {20, 64}, {100, 12}};
    for (auto [n, group] : cases) {
        SCOPED_TRACE("n=" + std::to_string(n) + " group=" + std::to_string(group));
        std::vector<int32_t> data(n);
        for (int32_t& v : data) v = static_cast<int32_t>(random() % 2001) - 1000;
        const size_t groups = (n + group - 1) / group;
        cl_mem in = buffer(n * sizeof(int32_t), data.data());
        cl_mem out = buffer(groups * sizeof(int32_t));
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof in, &in), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 2, group * sizeof(int32_t), nullptr), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 3, sizeof n, &n), CL_SUCCESS);
        size_t global = n;
        ASSERT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &group, 0, nullptr, nullptr),
            CL_SUCCESS);
        std::vector<int32_t> partial = read<int32_t>(out, groups);
        for (size_t g = 0; g < groups; ++g) {
            int32_t expected = 0;
            for (size_t i = g * group; i < std::min<size_t>(n, (g + 1) * group); ++i)
                expected += data[i];
            EXPECT_EQ(partial[g], expected) << "group " << g;
        }
    }
}

void CL_CALLBACK remember_error(const char* errinfo, const void*, size_t, void* user_data) {
    *static_cast<std::string*>(user_data) = errinfo;
}

TEST_F(NDRangeTest, KernelFaultIsOutOfResources) {
    std::string notified;
    cl_int err;
    cl_context context = clCreateContext(nullptr, 1, &device_, remember_error, &notified, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_command_queue queue = clCreateCommandQueue(context, device_, 0, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const char* sources[] = {kFault};
    cl_program program = clCreateProgramWithSource(context, 1, sources, nullptr, &err);
    ASSERT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    cl_kernel k = clCreateKernel(program, "bad", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    size_t global = 4;
    cl_event event = nullptr;
    // The launch is queued; the fault is known when the host sees the kernel's completion
    // (here in clWaitForEvents), and reported then, once.
    testing::internal::CaptureStderr();
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, nullptr, 0, nullptr, &event),
              CL_SUCCESS);
    ASSERT_NE(event, nullptr);
    EXPECT_EQ(clWaitForEvents(1, &event), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    std::string printed = testing::internal::GetCapturedStderr();
    EXPECT_EQ(printed.rfind("mvp opencl: clEnqueueNDRangeKernel: kernel 'bad': ", 0), 0u)
        << printed;
    EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 1) << printed;
    EXPECT_NE(notified.find("kernel 'bad'"), std::string::npos);
    cl_int status = 0;
    EXPECT_EQ(
        clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(status, CL_OUT_OF_RESOURCES);
    // Nothing else is left in the queue.
    EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    EXPECT_EQ(clReleaseEvent(event), CL_SUCCESS);
    EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
}

}  // namespace
}  // namespace mvp::runtime::test
