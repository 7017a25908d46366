// OpenCL C program objects through the runtime: the MVP binary of a program built from OpenCL C
// (clGetProgramInfo(CL_PROGRAM_BINARIES) and clCreateProgramWithBinary) keeps its kernels'
// argument declarations and __local variables; clGetKernelArgInfo; reqd_work_group_size.

#include <cstring>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using OpenClCProgramTest = ClTest;

const char kScale[] = R"(
typedef struct { float gain; int bias; } params;

__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void scale(__global const float* restrict in, __global int* out, params p,
           __local int* scratch, __constant float* table, const uint n) {
    __local int total[8];
    int l = get_local_id(0);
    int i = get_global_id(0);
    scratch[l] = i < n ? (int)(in[i] * p.gain * table[l & 1]) + p.bias : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    total[l] = scratch[l] + scratch[7 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) out[i] = total[l] - total[7 - l] + scratch[l];
}
)";

cl_program create_and_build(cl_context context, const char* source, const char* options) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(p, 0, nullptr, options, nullptr, nullptr), CL_SUCCESS);
    return p;
}

std::string arg_string(cl_kernel k, cl_uint index, cl_kernel_arg_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetKernelArgInfo(k, index, param, 0, nullptr, &size), CL_SUCCESS);
    std::string text(size, '\0');
    EXPECT_EQ(clGetKernelArgInfo(k, index, param, size, text.data(), nullptr), CL_SUCCESS);
    return text.c_str();
}

template <class T>
T arg_value(cl_kernel k, cl_uint index, cl_kernel_arg_info param) {
    T value{};
    EXPECT_EQ(clGetKernelArgInfo(k, index, param, sizeof value, &value, nullptr), CL_SUCCESS);
    return value;
}

std::vector<unsigned char> program_binary(cl_program p) {
    size_t size = 0;
    EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
              CL_SUCCESS);
    std::vector<unsigned char> bytes(size);
    unsigned char* target = bytes.data();
    EXPECT_EQ(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof target, &target, nullptr),
              CL_SUCCESS);
    return bytes;
}

// Runs `scale` on 20 items in groups of 8 and checks the result against the same computation
// in C++.
void run_scale(cl_command_queue queue, cl_kernel k, cl_mem in, cl_mem out, cl_mem table,
               const std::vector<float>& input, const float* tab) {
    struct {
        cl_float gain;
        cl_int bias;
    } p = {2.5f, -3};
    cl_uint n = 20;
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof in, &in), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof p, &p), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 3, 8 * sizeof(cl_int), nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 4, sizeof table, &table), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 5, sizeof n, &n), CL_SUCCESS);
    size_t global = 24, local = 8, wrong = 4;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &wrong, 0, nullptr, nullptr),
              CL_INVALID_WORK_GROUP_SIZE);
    // With no local size the launch takes the required one (OpenCL 2.0 and later; the same
    // result as the explicit size below).
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    std::vector<int32_t> got(24);
    ASSERT_EQ(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, got.size() * 4, got.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    for (int g = 0; g < 3; ++g) {
        int32_t s[8], total[8];
        for (int l = 0; l < 8; ++l) {
            int i = 8 * g + l;
            s[l] = i < 20 ? static_cast<int32_t>(input[i] * 2.5f * tab[l & 1]) - 3 : 0;
        }
        for (int l = 0; l < 8; ++l) total[l] = s[l] + s[7 - l];
        for (int l = 0; l < 8; ++l) {
            int i = 8 * g + l;
            EXPECT_EQ(got[i], i < 20 ? total[l] - total[7 - l] + s[l] : 0) << "item " << i;
        }
    }
}

TEST_F(OpenClCProgramTest, KernelArgInfoFromTheDeclaration) {
    cl_program p = create_and_build(context_, kScale, "-cl-kernel-arg-info");
    cl_kernel k = kernel(p, "scale");
    using AQ = cl_kernel_arg_address_qualifier;
    EXPECT_EQ(arg_value<AQ>(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              static_cast<AQ>(CL_KERNEL_ARG_ADDRESS_GLOBAL));
    EXPECT_EQ(arg_value<AQ>(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              static_cast<AQ>(CL_KERNEL_ARG_ADDRESS_PRIVATE));
    EXPECT_EQ(arg_value<AQ>(k, 3, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              static_cast<AQ>(CL_KERNEL_ARG_ADDRESS_LOCAL));
    EXPECT_EQ(arg_value<AQ>(k, 4, CL_KERNEL_ARG_ADDRESS_QUALIFIER),
              static_cast<AQ>(CL_KERNEL_ARG_ADDRESS_CONSTANT));
    EXPECT_EQ(arg_value<cl_kernel_arg_access_qualifier>(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER),
              static_cast<cl_kernel_arg_access_qualifier>(CL_KERNEL_ARG_ACCESS_NONE));
    EXPECT_EQ(arg_string(k, 0, CL_KERNEL_ARG_TYPE_NAME), "float*");
    EXPECT_EQ(arg_string(k, 2, CL_KERNEL_ARG_TYPE_NAME), "params");
    EXPECT_EQ(arg_string(k, 5, CL_KERNEL_ARG_TYPE_NAME), "uint");
    using TQ = cl_kernel_arg_type_qualifier;
    EXPECT_EQ(arg_value<TQ>(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER),
              static_cast<TQ>(CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT));
    EXPECT_EQ(arg_value<TQ>(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER),
              static_cast<TQ>(CL_KERNEL_ARG_TYPE_NONE));
    EXPECT_EQ(arg_value<TQ>(k, 4, CL_KERNEL_ARG_TYPE_QUALIFIER),
              static_cast<TQ>(CL_KERNEL_ARG_TYPE_CONST));
    const char* names[] = {"in", "out", "p", "scratch", "table", "n"};
    for (cl_uint i = 0; i < 6; ++i) EXPECT_EQ(arg_string(k, i, CL_KERNEL_ARG_NAME), names[i]);
    char buf[4];
    EXPECT_EQ(clGetKernelArgInfo(k, 6, CL_KERNEL_ARG_NAME, sizeof buf, buf, nullptr),
              CL_INVALID_ARG_INDEX);
    EXPECT_EQ(clGetKernelArgInfo(k, 0, 0x1234, sizeof buf, buf, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_NAME, 3, buf, nullptr), CL_INVALID_VALUE);

    // Without -cl-kernel-arg-info, and for MVP assembly, there is no argument information. (The
    // fixture releases the kernels it made; the test releases its own programs.)
    cl_program plain = create_and_build(context_, kScale, "");
    cl_kernel pk = kernel(plain, "scale");
    EXPECT_EQ(clGetKernelArgInfo(pk, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, nullptr),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    EXPECT_EQ(clGetKernelArgInfo(pk, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof buf, buf, nullptr),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    cl_program assembly = build(read_text("sw/kernels/cl_hello/_cl_hello.s"));
    cl_kernel ak = kernel(assembly, "square");
    EXPECT_EQ(clGetKernelArgInfo(ak, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, nullptr),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    EXPECT_EQ(clReleaseProgram(plain), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
}

TEST_F(OpenClCProgramTest, BinaryOfAnOpenClCProgramRoundTrips) {
    cl_program p = create_and_build(context_, kScale, "-cl-kernel-arg-info");
    std::vector<unsigned char> bytes = program_binary(p);
    ASSERT_FALSE(bytes.empty());

    const unsigned char* data = bytes.data();
    size_t length = bytes.size();
    cl_int status = -1, err = -1;
    cl_program copy =
        clCreateProgramWithBinary(context_, 1, &device_, &length, &data, &status, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(status, CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(copy, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    EXPECT_EQ(program_binary(copy), bytes);

    cl_kernel k = kernel(copy, "scale");
    cl_uint nargs = 0;
    ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, nullptr), CL_SUCCESS);
    EXPECT_EQ(nargs, 6u);
    EXPECT_EQ(arg_string(k, 2, CL_KERNEL_ARG_NAME), "p");
    size_t reqd[3] = {};
    ASSERT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof reqd,
                                       reqd, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(reqd[0], 8u);
    EXPECT_EQ(reqd[1], 1u);
    EXPECT_EQ(reqd[2], 1u);
    // A declared argument keeps its size check after the round trip.
    cl_uint small = 1;
    EXPECT_EQ(clSetKernelArg(k, 2, sizeof small, &small), CL_INVALID_ARG_SIZE);

    std::vector<float> input(24);
    for (size_t i = 0; i < input.size(); ++i) input[i] = 1.75f * static_cast<float>(i) - 9.0f;
    const float tab[2] = {1.0f, -0.5f};
    cl_mem in = buffer(input.size() * 4, input.data());
    cl_mem out = buffer(24 * 4);
    cl_mem table = buffer(sizeof tab, tab);
    run_scale(queue_, k, in, out, table, input, tab);
    // The kernel-scope __local array and the __local argument count in the local memory size.
    cl_ulong local = 0;
    ASSERT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local,
                                       nullptr),
              CL_SUCCESS);
    EXPECT_EQ(local, 8u * 4 + 8u * 4);
    EXPECT_EQ(clReleaseProgram(copy), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);

    // A damaged binary is refused.
    std::vector<unsigned char> bad(bytes.begin(), bytes.begin() + bytes.size() / 2);
    data = bad.data();
    length = bad.size();
    cl_program none =
        clCreateProgramWithBinary(context_, 1, &device_, &length, &data, &status, &err);
    EXPECT_EQ(none, nullptr);
    EXPECT_EQ(err, CL_INVALID_BINARY);
    EXPECT_EQ(status, CL_INVALID_BINARY);
}

// Work-groups on different SPs store single bytes of the same words: every store reaches memory
// (each SP's DCC writes back only the bytes it wrote).
TEST_F(OpenClCProgramTest, ByteStoresFromManySpsToOneWordAllLand) {
    cl_program p = create_and_build(context_, R"(
__kernel void scatter_bytes(__global uchar* out, __global const uint* perm) {
    uint i = get_global_id(0);
    out[perm[i]] = (uchar)(i * 7 + 1);
}
)",
                                    "");
    cl_kernel k = kernel(p, "scatter_bytes");
    const uint32_t n = 4096;
    std::vector<uint32_t> perm(n);
    // Item i stores byte (i % 64) * 64 + i / 64: neighbouring bytes come from different groups.
    for (uint32_t i = 0; i < n; ++i) perm[i] = (i % 64) * 64 + i / 64;
    cl_mem out = buffer(n);
    cl_mem pb = buffer(n * 4, perm.data());
    std::vector<uint8_t> zeros(n, 0);
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, out, CL_TRUE, 0, n, zeros.data(), 0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof pb, &pb), CL_SUCCESS);
    size_t global = n, local = 64;
    ASSERT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
              CL_SUCCESS);
    std::vector<uint8_t> got = read<uint8_t>(out, n);
    size_t wrong = 0;
    for (uint32_t i = 0; i < n; ++i) wrong += got[perm[i]] != static_cast<uint8_t>(i * 7 + 1);
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
}

}  // namespace
}  // namespace mvp::runtime::test
