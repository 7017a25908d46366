// What the Khronos conformance suite found missing or wrong (doc/conformance.md), each as a
// test of its own: the compiler's front door (every -cl-std, the predefined macros, headers of
// clCompileProgram, binaries of objects and libraries), builtins (async copies, shuffle, ctz,
// normalize of subnormal results), kernel attributes, symbol+offset addressing and the device's
// limits as OpenCL 1.2 FULL_PROFILE sets them.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using ConformanceTest = ClTest;

std::string device_string(cl_device_id device, cl_device_info what) {
    size_t size = 0;
    clGetDeviceInfo(device, what, 0, nullptr, &size);
    std::string s(size, '\0');
    clGetDeviceInfo(device, what, size, s.data(), nullptr);
    return s.c_str();
}

template <class T>
T device_value(cl_device_id device, cl_device_info what) {
    T value{};
    EXPECT_EQ(clGetDeviceInfo(device, what, sizeof value, &value, nullptr), CL_SUCCESS);
    return value;
}

cl_program source_program(cl_context context, const std::string& source) {
    const char* text = source.c_str();
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    return p;
}

// Every -cl-std builds the builtin library; the predefined macros of OpenCL C 1.2 section 6.10
// and the macros of the extensions the device lists are defined.
TEST_F(ConformanceTest, EveryClStdBuildsWithThePredefinedMacros) {
    const char* source = R"(
#if !defined(__OPENCL_VERSION__) || __OPENCL_VERSION__ != 120 || !defined(CL_VERSION_1_0) || \
    !defined(CL_VERSION_1_1) || !defined(CL_VERSION_1_2) || !defined(__ENDIAN_LITTLE__) || \
    !defined(__kernel_exec) || !defined(__FILE__) || !defined(__LINE__)
#error a predefined macro is missing
#endif
#if !defined(cl_khr_global_int32_base_atomics) || !defined(cl_khr_local_int32_extended_atomics) \
    || !defined(cl_khr_byte_addressable_store)
#error an extension macro is missing
#endif
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
__kernel void k(__global int* out) {
    out[0] = __OPENCL_C_VERSION__;
    out[1] = atom_add(out + 2, 5) + (int)sqrt(16.0f);
}
)";
    const std::vector<std::pair<const char*, int>> stds = {
        {"", 120}, {"-cl-std=CL1.0", 100}, {"-cl-std=CL1.1", 110}, {"-cl-std=CL1.2", 120}};
    for (const auto& [option, version] : stds) {
        cl_program p = source_program(context_, source);
        ASSERT_EQ(clBuildProgram(p, 1, &device_, option, nullptr, nullptr), CL_SUCCESS)
            << option << ": " << build_log(p, device_);
        cl_kernel k = clCreateKernel(p, "k", nullptr);
        ASSERT_NE(k, nullptr);
        std::vector<int> init = {0, 0, 10};
        cl_mem m = buffer(3 * sizeof(int), init.data());
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
        run_1d(queue_, k, 1, 1);
        EXPECT_EQ(read<int>(m, 3), (std::vector<int>{version, 14, 15})) << option;
        clReleaseKernel(k);
        clReleaseProgram(p);
    }
    cl_program p = source_program(context_, source);
    EXPECT_EQ(clBuildProgram(p, 1, &device_, "-cl-std=CL2.0", nullptr, nullptr),
              CL_INVALID_BUILD_OPTIONS);
    clReleaseProgram(p);
}

// The device lists exactly the extensions it implements, and its limits are at least the
// FULL_PROFILE minimums of OpenCL 1.2 table 4.3.
TEST_F(ConformanceTest, DeviceLimitsAndExtensions) {
    EXPECT_EQ(device_string(device_, CL_DEVICE_EXTENSIONS),
              "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
              "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
              "cl_khr_byte_addressable_store");
    EXPECT_GE(device_value<size_t>(device_, CL_DEVICE_MAX_PARAMETER_SIZE), 1024u);
    EXPECT_GE(device_value<cl_uint>(device_, CL_DEVICE_MAX_CONSTANT_ARGS), 8u);
    EXPECT_GE(device_value<cl_ulong>(device_, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), 65536u);
    EXPECT_GE(device_value<cl_ulong>(device_, CL_DEVICE_LOCAL_MEM_SIZE), 32768u);
}

// CL_DEVICE_LOCAL_MEM_SIZE is what a kernel can use: one __local argument of that size, every
// byte of it written and read back by the work-group.
TEST_F(ConformanceTest, AllOfTheLocalMemoryCanBeGivenToAnArgument) {
    cl_program p = build(R"(
__kernel void fill(__local uint* scratch, uint words, __global uint* out) {
    uint l = get_local_id(0), n = get_local_size(0);
    for (uint i = l; i < words; i += n) scratch[i] = i * 3u + 1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint sum = 0;
    for (uint i = l; i < words; i += n) sum += scratch[words - 1 - i];
    out[get_global_id(0)] = sum;
}
)");
    cl_kernel k = kernel(p, "fill");
    const cl_ulong bytes = device_value<cl_ulong>(device_, CL_DEVICE_LOCAL_MEM_SIZE);
    const cl_uint words = static_cast<cl_uint>(bytes / 4);
    const size_t local = 16;
    cl_mem out = buffer(local * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, bytes, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof words, &words), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof out, &out), CL_SUCCESS);
    run_1d(queue_, k, local, local);
    std::vector<uint32_t> expected(local, 0);
    for (uint32_t l = 0; l < local; ++l)
        for (uint32_t i = l; i < words; i += local) expected[l] += (words - 1 - i) * 3u + 1u;
    EXPECT_EQ(read<uint32_t>(out, local), expected);
}

// Eight __constant arguments, each read by the kernel.
TEST_F(ConformanceTest, EightConstantArguments) {
    cl_program p = build(R"(
__kernel void sum8(__constant int* a, __constant int* b, __constant int* c, __constant int* d,
                   __constant int* e, __constant int* f, __constant int* g, __constant int* h,
                   __global int* out) {
    int i = get_global_id(0);
    out[i] = a[i] + 2 * b[i] + 3 * c[i] + 4 * d[i] + 5 * e[i] + 6 * f[i] + 7 * g[i] + 8 * h[i];
}
)");
    cl_kernel k = kernel(p, "sum8");
    const size_t n = 4;
    std::vector<int> expected(n, 0);
    for (cl_uint arg = 0; arg < 8; ++arg) {
        std::vector<int> values(n);
        for (size_t i = 0; i < n; ++i) {
            values[i] = static_cast<int>(arg * 10 + i);
            expected[i] += static_cast<int>(arg + 1) * values[i];
        }
        cl_mem m = buffer(n * sizeof(int), values.data());
        ASSERT_EQ(clSetKernelArg(k, arg, sizeof m, &m), CL_SUCCESS);
    }
    cl_mem out = buffer(n * sizeof(int));
    ASSERT_EQ(clSetKernelArg(k, 8, sizeof out, &out), CL_SUCCESS);
    run_1d(queue_, k, n, n);
    EXPECT_EQ(read<int>(out, n), expected);
}

// __local arguments are aligned to the size of their pointee type, whatever comes before.
TEST_F(ConformanceTest, LocalArgumentsAreAlignedToTheirType) {
    cl_program p = build(R"(
__kernel void where(__local char* a, __local float16* b, __local int4* c, __local long16* d,
                    __global uint* out) {
    out[0] = (uint)(size_t)a;
    out[1] = (uint)(size_t)b;
    out[2] = (uint)(size_t)c;
    out[3] = (uint)(size_t)d;
    d[0] = (long16)(7);
    b[0] = (float16)(1.5f);
    out[4] = (uint)d[0].s3 + (uint)b[0].s9;
}
)");
    cl_kernel k = kernel(p, "where");
    cl_mem out = buffer(5 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, 3, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, 64, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, 16, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 3, 128, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 4, sizeof out, &out), CL_SUCCESS);
    run_1d(queue_, k, 1, 1);
    std::vector<uint32_t> got = read<uint32_t>(out, 5);
    EXPECT_EQ(got[1] % 64, 0u) << std::hex << got[1];
    EXPECT_EQ(got[2] % 16, 0u) << std::hex << got[2];
    EXPECT_EQ(got[3] % 128, 0u) << std::hex << got[3];
    EXPECT_GE(got[1], got[0] + 3);
    EXPECT_GE(got[2], got[1] + 64);
    EXPECT_GE(got[3], got[2] + 16);
    EXPECT_EQ(got[4], 8u);
}

// async_work_group_copy, the strided copy both ways, wait_group_events and prefetch: a
// work-group stages a tile in __local memory, reverses it, and writes it back with a stride.
TEST_F(ConformanceTest, AsyncCopiesThroughLocalMemory) {
    cl_program p = build(R"(
__kernel void stage(__global const int4* in, __global int4* out, __global int* gathered,
                    __local int4* tile, __local int* column) {
    size_t n = get_local_size(0), g = get_group_id(0);
    prefetch(in + g * n, n);
    event_t e = async_work_group_copy(tile, in + g * n, n, 0);
    wait_group_events(1, &e);
    size_t l = get_local_id(0);
    int4 mine = tile[n - 1 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = mine * 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_strided_copy((__global int*)out + g * n * 4, (__local int*)tile, n, 4, 0);
    event_t f = async_work_group_strided_copy(column, (__global const int*)(in + g * n) + 1, n, 4, 0);
    wait_group_events(1, &f);
    e = async_work_group_copy(gathered + g * n, column, n, e);
    wait_group_events(1, &e);
}
)");
    cl_kernel k = kernel(p, "stage");
    const size_t n = 8, groups = 3, items = n * groups;
    std::vector<int> in(items * 4);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>(i * 7 - 40);
    cl_mem a = buffer(in.size() * 4, in.data());
    std::vector<int> zeros(items * 4, -1);
    cl_mem b = buffer(zeros.size() * 4, zeros.data());
    cl_mem c = buffer(items * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof c, &c), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 3, n * 16, nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 4, n * 4, nullptr), CL_SUCCESS);
    run_1d(queue_, k, items, n);
    std::vector<int> out(items * 4, -1), gathered(items);
    for (size_t g = 0; g < groups; ++g)
        for (size_t l = 0; l < n; ++l) {
            // tile[l] = 2 * in[g*n + n-1-l]; the strided copy takes the first word of tile
            // words 0..n-1 (the first two int4s of the tile) to every fourth int of out.
            const size_t word = l;  // the l-th int of the tile
            const size_t vec = word / 4, lane = word % 4;
            out[(g * n + l) * 4] = 2 * in[(g * n + n - 1 - vec) * 4 + lane];
            gathered[g * n + l] = in[(g * n + l) * 4 + 1];
        }
    EXPECT_EQ(read<int>(b, items * 4), out);
    EXPECT_EQ(read<int>(c, items), gathered);
}

// shuffle and shuffle2 on several element types and widths; mask bits above the index are
// ignored.
TEST_F(ConformanceTest, ShuffleAndShuffle2) {
    cl_program p = build(R"(
__kernel void mix(__global int* out) {
    int4 a = (int4)(10, 11, 12, 13);
    int4 b = (int4)(20, 21, 22, 23);
    int8 s = shuffle(a, (uint8)(3, 2, 1, 0, 7, 4, 5, 0x106));
    vstore8(s, 0, out);
    int4 t = shuffle2(a, b, (uint4)(0, 4, 6, 0x1d));
    vstore4(t, 0, out + 8);
    uchar16 c = (uchar16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) * (uchar)3;
    uchar2 d = shuffle(c, (uchar2)(15, 1));
    out[12] = d.x;
    out[13] = d.y;
    float2 f = shuffle2((float4)(0.5f, 1.5f, 2.5f, 3.5f), (float4)(4.5f), (uint2)(7, 2));
    out[14] = (int)(f.x * 2);
    out[15] = (int)(f.y * 2);
}
)");
    cl_kernel k = kernel(p, "mix");
    cl_mem m = buffer(16 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    run_1d(queue_, k, 1, 1);
    EXPECT_EQ(read<int>(m, 16),
              (std::vector<int>{13, 12, 11, 10, 13, 10, 11, 12, 10, 20, 22, 21, 45, 3, 9, 5}));
}

// ctz of every integer width, scalar and vector, 0 giving the width.
TEST_F(ConformanceTest, CountTrailingZeros) {
    cl_program p = build(R"(
__kernel void z(__global int* out) {
    out[0] = ctz((uchar)0);
    out[1] = ctz((char)-128);
    out[2] = ctz((ushort)0x0100);
    out[3] = ctz((short)0);
    out[4] = ctz(0x80000000u);
    out[5] = ctz(0);
    out[6] = (int)ctz(0x0000000100000000ul);
    out[7] = (int)ctz(0l);
    int4 v = ctz((int4)(1, 2, 12, 0));
    vstore4(v, 0, out + 8);
}
)");
    cl_kernel k = kernel(p, "z");
    cl_mem m = buffer(12 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    run_1d(queue_, k, 1, 1);
    EXPECT_EQ(read<int>(m, 12), (std::vector<int>{8, 7, 8, 16, 31, 32, 32, 64, 0, 1, 2, 32}));
}

// normalize within its bound when a component of the result is subnormal.
TEST_F(ConformanceTest, NormalizeOfSubnormalResults) {
    cl_program p = build(R"(
__kernel void n(__global const float4* in, __global float4* out) {
    size_t i = get_global_id(0);
    out[i] = normalize(in[i]);
}
)");
    cl_kernel k = kernel(p, "n");
    const std::vector<float> in = {1.0f,   3e-39f, 0.0f,    -2e-40f,  // one large, three tiny
                                   1e30f,  1e-10f, 0.0f,    0.0f,     // tiny beside huge
                                   2e-39f, 1e-44f, -3e-39f, 0.0f,     // all subnormal
                                   -4.0f,  3.0f,   7e-39f,  1e-45f};
    const size_t count = in.size() / 4;
    cl_mem a = buffer(in.size() * 4, in.data());
    cl_mem b = buffer(in.size() * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
    run_1d(queue_, k, count, count);
    std::vector<float> got = read<float>(b, in.size());
    for (size_t v = 0; v < count; ++v) {
        double sum = 0;
        for (size_t c = 0; c < 4; ++c) sum += double(in[v * 4 + c]) * double(in[v * 4 + c]);
        for (size_t c = 0; c < 4; ++c) {
            const double expected = double(in[v * 4 + c]) / std::sqrt(sum);
            // The conformance bound: 2 + n/2 ulp of the result (subnormal ulp below 2^-126).
            const int exponent =
                expected == 0 ? -149 : std::max(std::ilogb(std::fabs(expected)) - 23, -149);
            const double ulp = std::ldexp(1.0, exponent);
            EXPECT_LE(std::fabs(double(got[v * 4 + c]) - expected), 4.0 * ulp)
                << "vector " << v << " component " << c << ": " << got[v * 4 + c] << " vs "
                << expected;
        }
    }
}

// The exact values of the edge cases of math_brute_force: atan2pi of two infinities is a
// quarter, and half_divide of two subnormals is their quotient (within its 8192 ulp), not the
// infinity of a divisor taken for zero while the dividend is kept.
TEST_F(ConformanceTest, MathEdgeCases) {
    cl_program p = build(R"(
__kernel void edges(__global const float* in, __global float* out) {
    float inf = INFINITY;
    out[0] = atan2pi(inf, -inf);
    out[1] = atan2pi(-inf, -inf);
    out[2] = atan2pi(inf, inf);
    out[3] = atan2pi(-inf, inf);
    out[4] = half_divide(in[0], in[1]);
    out[5] = half_divide(in[2], in[3]);
}
)");
    cl_kernel k = kernel(p, "edges");
    const std::vector<float> in = {-0x1.345ee4p-127f, -0x1.e83bap-129f, 0x1.8p+3f, 0x1p-130f};
    cl_mem a = buffer(in.size() * 4, in.data());
    cl_mem b = buffer(6 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
    run_1d(queue_, k, 1, 1);
    const std::vector<float> got = read<float>(b, 6);
    EXPECT_EQ(got[0], 0.75f);
    EXPECT_EQ(got[1], -0.75f);
    EXPECT_EQ(got[2], 0.25f);
    EXPECT_EQ(got[3], -0.25f);
    const double q = double(in[0]) / double(in[1]);
    EXPECT_LE(std::fabs(got[4] - q), 8192 * std::ldexp(1.0, std::ilogb(q) - 23)) << got[4];
    EXPECT_TRUE(std::isinf(got[5]) && got[5] > 0) << got[5];  // 12 / 2^-130 overflows
}

// Attributes of a kernel, as CL_KERNEL_ATTRIBUTES reports them, and the compile work-group size.
TEST_F(ConformanceTest, KernelAttributesAreReported) {
    cl_program p = build(R"(
__kernel __attribute__((vec_type_hint(int))) __attribute__((work_group_size_hint(8, 2, 1)))
void hinted(__global int* o) { o[0] = 1; }
__kernel __attribute__((reqd_work_group_size(4, 2, 1))) __attribute__((vec_type_hint(float4)))
void required(__global int* o) { o[get_global_id(0)] = get_local_size(0) * 10 + get_local_size(1); }
__kernel void plain(__global int* o) { o[0] = 2; }
)");
    auto attributes = [](cl_kernel k) {
        size_t size = 0;
        EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, 0, nullptr, &size), CL_SUCCESS);
        std::string s(size, '\0');
        EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, size, s.data(), nullptr), CL_SUCCESS);
        return std::string(s.c_str());
    };
    cl_kernel hinted = kernel(p, "hinted");
    cl_kernel required = kernel(p, "required");
    cl_kernel plain = kernel(p, "plain");
    const std::string h = attributes(hinted);
    EXPECT_NE(h.find("vec_type_hint(int)"), std::string::npos) << h;
    EXPECT_NE(h.find("work_group_size_hint(8,2,1)"), std::string::npos) << h;
    const std::string r = attributes(required);
    EXPECT_NE(r.find("reqd_work_group_size(4,2,1)"), std::string::npos) << r;
    EXPECT_NE(r.find("vec_type_hint(float4)"), std::string::npos) << r;
    EXPECT_EQ(attributes(plain), "");
    size_t compile[3] = {};
    EXPECT_EQ(clGetKernelWorkGroupInfo(required, device_, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                       sizeof compile, compile, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(compile[0], 4u);
    EXPECT_EQ(compile[1], 2u);
    EXPECT_EQ(compile[2], 1u);
    // A NULL local size takes the required size.
    cl_mem m = buffer(8 * 4);
    ASSERT_EQ(clSetKernelArg(required, 0, sizeof m, &m), CL_SUCCESS);
    size_t global[2] = {4, 2};
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, required, 2, nullptr, global, nullptr, 0, nullptr, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(read<int>(m, 4), (std::vector<int>{42, 42, 42, 42}));
}

// Addresses of a symbol plus an offset, in the forms clang emits: a constant table read at a
// fixed index, a __local vector's element through a pointer difference, and a private array's
// constant initialiser.
TEST_F(ConformanceTest, SymbolPlusOffsetAddressing) {
    cl_program p = build(R"(
__constant int table[12] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
__kernel void offsets(__global int* out, int i) {
    __local int8 v;
    if (get_local_id(0) == 0) v = (int8)(100, 101, 102, 103, 104, 105, 106, 107);
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int* first = (__local int*)&v;
    __local int* last = first + 7;
    out[0] = table[7] + table[11];
    out[1] = *last + (int)(last - first);
    int priv[6] = {1, 2, 3, 4, 5, 6};
    out[2] = priv[i] + priv[5];
    out[3] = table[i + 4];
}
)");
    cl_kernel k = kernel(p, "offsets");
    cl_mem m = buffer(4 * 4);
    int i = 3;
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof i, &i), CL_SUCCESS);
    run_1d(queue_, k, 1, 1);
    EXPECT_EQ(read<int>(m, 4), (std::vector<int>{28, 114, 10, 12}));
}

// clCompileProgram with embedded headers and a kernel-less library source; compiled objects
// and libraries have binaries that load again and link.
TEST_F(ConformanceTest, HeadersLibrariesAndObjectBinaries) {
    cl_int err;
    cl_program header = source_program(context_, "#define SCALE 3\nint scaled(int x);\n");
    cl_program library = source_program(context_, R"(
#include "inc/scale.h"
int scaled(int x) { return x * SCALE; }
)");
    cl_program user = source_program(context_, R"(
#include "inc/scale.h"
__kernel void use(__global int* o) { o[get_global_id(0)] = scaled(o[get_global_id(0)]) + SCALE; }
)");
    const char* names[] = {"inc/scale.h"};
    ASSERT_EQ(clCompileProgram(library, 1, &device_, nullptr, 1, &header, names, nullptr, nullptr),
              CL_SUCCESS)
        << build_log(library, device_);
    ASSERT_EQ(clCompileProgram(user, 1, &device_, nullptr, 1, &header, names, nullptr, nullptr),
              CL_SUCCESS)
        << build_log(user, device_);
    cl_program lib = clLinkProgram(context_, 1, &device_, "-create-library", 1, &library, nullptr,
                                   nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);

    // Round trip: the binaries of the object and of the library make programs again.
    auto reload = [&](cl_program from, cl_program_binary_type expected_type) {
        size_t size = 0;
        EXPECT_EQ(clGetProgramInfo(from, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
                  CL_SUCCESS);
        EXPECT_GT(size, 0u);
        std::vector<unsigned char> bytes(size);
        unsigned char* data = bytes.data();
        EXPECT_EQ(clGetProgramInfo(from, CL_PROGRAM_BINARIES, sizeof data, &data, nullptr),
                  CL_SUCCESS);
        const unsigned char* in = bytes.data();
        cl_int status, e;
        cl_program again =
            clCreateProgramWithBinary(context_, 1, &device_, &size, &in, &status, &e);
        EXPECT_EQ(e, CL_SUCCESS);
        EXPECT_EQ(status, CL_SUCCESS);
        cl_program_binary_type type = 0;
        EXPECT_EQ(clGetProgramBuildInfo(again, device_, CL_PROGRAM_BINARY_TYPE, sizeof type, &type,
                                        nullptr),
                  CL_SUCCESS);
        EXPECT_EQ(type, expected_type);
        return again;
    };
    cl_program user2 = reload(user, CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
    cl_program lib2 = reload(lib, CL_PROGRAM_BINARY_TYPE_LIBRARY);
    cl_program inputs[] = {user2, lib2};
    cl_program exe =
        clLinkProgram(context_, 1, &device_, nullptr, 2, inputs, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS) << build_log(exe, device_);
    cl_kernel k = clCreateKernel(exe, "use", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::vector<int> values = {1, -2, 7};
    cl_mem m = buffer(values.size() * 4, values.data());
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    run_1d(queue_, k, values.size(), 1);
    EXPECT_EQ(read<int>(m, values.size()), (std::vector<int>{6, -3, 24}));
    clReleaseKernel(k);
    for (cl_program q : {header, library, user, lib, user2, lib2, exe}) clReleaseProgram(q);
}

// OpenCL C whose kernels the old text guess missed (`void kernel`, a kernel made by a macro)
// builds as OpenCL C; an error in it names the OpenCL C line.
TEST_F(ConformanceTest, OpenClCIsRecognisedWhateverItsSpelling) {
    cl_program p = build(R"(
#define KERNEL(name) __kernel void name(__global int* o)
void kernel first(__global int* o) { o[0] = 1; }
KERNEL(second) { o[1] = 2; }
)");
    cl_kernel k1 = kernel(p, "first");
    cl_kernel k2 = kernel(p, "second");
    cl_mem m = buffer(2 * 4);
    ASSERT_EQ(clSetKernelArg(k1, 0, sizeof m, &m), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k2, 0, sizeof m, &m), CL_SUCCESS);
    run_1d(queue_, k1, 1, 1);
    run_1d(queue_, k2, 1, 1);
    EXPECT_EQ(read<int>(m, 2), (std::vector<int>{1, 2}));

    cl_program bad = source_program(context_, "void kernel f(__global int* o) {\n  o[0] = y;\n}\n");
    EXPECT_EQ(clBuildProgram(bad, 1, &device_, nullptr, nullptr, nullptr),
              CL_BUILD_PROGRAM_FAILURE);
    const std::string log = build_log(bad, device_);
    EXPECT_TRUE(std::regex_search(log, std::regex(R"(^source\.cl:2:10: error: .*'y')"))) << log;
    clReleaseProgram(bad);
}

}  // namespace
}  // namespace mvp::runtime::test
