// OpenCL C programs through the runtime: the compiler path, argument layouts (values wider
// than a word go through the entry wrapper), kernel-scope __local memory, the translated
// integer and floating-point operations, and build errors.

#include <cmath>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using OpenClCTest = ClTest;

// Builds `source`; returns the clBuildProgram status and the log.
cl_int try_build(cl_context context, cl_device_id device, const std::string& source,
                 const char* options, std::string* log) {
    const char* text = source.c_str();
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    if (err != CL_SUCCESS) return err;
    err = clBuildProgram(p, 0, nullptr, options, nullptr, nullptr);
    *log = build_log(p, device);
    clReleaseProgram(p);
    return err;
}

TEST_F(OpenClCTest, SquareFromOpenClC) {
    cl_program p = build(read_text("sw/apps/square/square.cl"));
    cl_kernel k = kernel(p, "square");
    std::vector<float> in(40);
    for (size_t i = 0; i < in.size(); ++i) in[i] = 0.25f * static_cast<float>(i) - 3.0f;
    cl_mem a = buffer(in.size() * 4, in.data());
    cl_mem b = buffer(in.size() * 4);
    cl_uint count = 37;
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof count, &count), CL_SUCCESS);
    // A value argument must have its declared size.
    cl_ulong wide = 1;
    EXPECT_EQ(clSetKernelArg(k, 2, sizeof wide, &wide), CL_INVALID_ARG_SIZE);
    EXPECT_EQ(clSetKernelArg(k, 3, sizeof count, &count), CL_INVALID_ARG_INDEX);
    cl_uint nargs = 0;
    ASSERT_EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, nullptr), CL_SUCCESS);
    EXPECT_EQ(nargs, 3u);
    run_1d(queue_, k, 40, 8);
    std::vector<float> out = read<float>(b, in.size());
    for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(out[i], i < count ? in[i] * in[i] : 0.0f);
}

// Eight arguments, a 64-bit integer, a vector, a structure and a char: the words are unpacked
// by the entry wrapper.
const char kMixed[] = R"(
typedef struct { int a; float b; short c; } triple;
__kernel void mixed(__global int* out, long big, float4 v, triple t, char c, uint u,
                    __global const float* in, int last) {
    int i = get_global_id(0);
    out[8 * i + 0] = (int)(big >> 32);
    out[8 * i + 1] = (int)big;
    out[8 * i + 2] = (int)(v.x + v.y * 10.0f + v.z * 100.0f + v.w * 1000.0f);
    out[8 * i + 3] = t.a + (int)t.b + t.c;
    out[8 * i + 4] = c;
    out[8 * i + 5] = (int)u;
    out[8 * i + 6] = (int)in[i];
    out[8 * i + 7] = last + i;
}
)";

TEST_F(OpenClCTest, ArgumentsWiderThanAWordReachTheKernel) {
    cl_program p = build(kMixed);
    cl_kernel k = kernel(p, "mixed");
    const size_t n = 6;
    cl_mem out = buffer(8 * 4 * n);
    std::vector<float> inv = {7, 8, 9, 10, 11, 12};
    cl_mem in = buffer(4 * n, inv.data());
    cl_long big = static_cast<cl_long>(~uint64_t{0} << 35 | uint64_t{3} << 32 | 0x1234);
    cl_float4 v = {{1, 2, 3, 4}};
    struct {
        cl_int a;
        cl_float b;
        cl_short c;
        cl_short pad;
    } t = {100, 20.0f, -3, 0};
    cl_char c = -7;
    cl_uint u = 0x80000001u;
    cl_int last = 1000;
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof big, &big), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof v, &v), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 3, sizeof t, &t), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 4, sizeof c, &c), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 5, sizeof u, &u), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 6, sizeof in, &in), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 7, sizeof last, &last), CL_SUCCESS);
    run_1d(queue_, k, n, 2);
    std::vector<int32_t> r = read<int32_t>(out, 8 * n);
    for (size_t i = 0; i < n; ++i) {
        EXPECT_EQ(r[8 * i + 0], -5);
        EXPECT_EQ(r[8 * i + 1], 0x1234);
        EXPECT_EQ(r[8 * i + 2], 4321);
        EXPECT_EQ(r[8 * i + 3], 117);
        EXPECT_EQ(r[8 * i + 4], -7);
        EXPECT_EQ(r[8 * i + 5], static_cast<int32_t>(u));
        EXPECT_EQ(r[8 * i + 6], static_cast<int32_t>(inv[i]));
        EXPECT_EQ(r[8 * i + 7], 1000 + static_cast<int32_t>(i));
    }
}

// Kernel arguments up to CL_DEVICE_MAX_PARAMETER_SIZE (1024 bytes): the words beyond the 16 a
// launch carries travel in global memory, __local arguments stay among the first ones.
TEST_F(OpenClCTest, ArgumentsOfUpTo1024BytesReachTheKernel) {
    size_t max_param = 0;
    ASSERT_EQ(clGetDeviceInfo(device_, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof max_param, &max_param,
                              nullptr),
              CL_SUCCESS);
    EXPECT_EQ(max_param, 1024u);
    // 127 longs and a pointer: 1020 bytes, as the conformance suite's min_max_parameter_size.
    std::string params, body;
    for (int i = 0; i < 127; ++i) {
        params += "long a" + std::to_string(i) + ", ";
        body += "    s += a" + std::to_string(i) + " * " + std::to_string(i + 1) + ";\n";
    }
    std::string source = "__kernel void many(" + params +
                         "__global long* out) {\n    long s = 0;\n" + body +
                         "    out[get_global_id(0)] = s + get_global_id(0);\n}\n";
    cl_program p = build(source);
    cl_kernel k = kernel(p, "many");
    cl_long expected = 0;
    for (cl_int i = 0; i < 127; ++i) {
        cl_long v = (static_cast<cl_long>(i) << 33) - 5 * i;
        expected += v * (i + 1);
        ASSERT_EQ(clSetKernelArg(k, i, sizeof v, &v), CL_SUCCESS);
    }
    cl_mem out = buffer(4 * sizeof(cl_long));
    ASSERT_EQ(clSetKernelArg(k, 127, sizeof out, &out), CL_SUCCESS);
    run_1d(queue_, k, 4, 2);
    EXPECT_EQ(read<cl_long>(out, 4),
              (std::vector<cl_long>{expected, expected + 1, expected + 2, expected + 3}));

    // Values, a structure and __local areas after them: the __local arguments are laid out
    // first, the rest runs past word 15 into the spilled block.
    const char* mixed = R"(
typedef struct { int x; long y; char z; } item;
__kernel void spill(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8,
                    int a9, int a10, int a11, int a12, int a13, item t, float4 v,
                    __local int* scratch, __global int* out, __local long* wide, char c) {
    int l = get_local_id(0);
    scratch[l] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13;
    wide[l] = t.y + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    int n = get_local_size(0);
    out[get_global_id(0)] = scratch[(l + 1) % n] + t.x + t.z + (int)(v.x + v.w) + c +
                            (int)(wide[(l + 1) % n] >> 32) + (((size_t)wide & 7) ? 1000 : 0);
}
)";
    cl_program q = build(std::string(mixed));
    cl_kernel ks = kernel(q, "spill");
    int sum = 0;
    for (cl_int i = 0; i < 14; ++i) {
        ASSERT_EQ(clSetKernelArg(ks, i, sizeof i, &i), CL_SUCCESS);
        sum += i;
    }
    struct {
        cl_int x;
        cl_int pad;
        cl_long y;
        cl_char z;
        cl_char pad2[7];
    } t = {40, 0, cl_long{3} << 32, 2, {}};
    cl_float4 v = {{1, 2, 3, 4}};
    cl_char c = -9;
    cl_mem o = buffer(8 * sizeof(cl_int));
    ASSERT_EQ(clSetKernelArg(ks, 14, sizeof t, &t), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(ks, 15, sizeof v, &v), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(ks, 16, 4 * sizeof(cl_int), nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(ks, 17, sizeof o, &o), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(ks, 18, 4 * sizeof(cl_long), nullptr), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(ks, 19, sizeof c, &c), CL_SUCCESS);
    run_1d(queue_, ks, 8, 4);
    const int each = sum + 40 + 2 + 5 - 9 + 3;
    EXPECT_EQ(read<cl_int>(o, 8), std::vector<cl_int>(8, each));
}

// Private arrays larger than the stacks in local memory: the launch places the stacks in a
// private area in device memory, and each work-item's array is its own.
TEST_F(OpenClCTest, PrivateArraysOfAnySizeAreEachWorkItemsOwn) {
    const char* source = R"(
__kernel void priv(__global uint* out, uint n, uint step) {
    volatile uint a[WORDS];
    uint id = get_global_id(0);
    for (uint i = 0; i < n; i += step) a[i] = id * 1000u + i;
    a[n - 1] = id;
    uint s = a[n - 1];
    for (uint i = 0; i < n; i += step) s += a[i] ^ i;
    out[id] = s;
}
)";
    for (uint32_t bytes : {64u, 384u, 4096u, 65536u}) {
        const uint32_t words = bytes / 4;
        const uint32_t step = words >= 1024 ? 61 : 1;  // every word of the array's end is kept
        cl_program p = clCreateProgramWithSource(context_, 1, &source, nullptr, nullptr);
        const std::string options = "-D WORDS=" + std::to_string(words);
        ASSERT_EQ(clBuildProgram(p, 0, nullptr, options.c_str(), nullptr, nullptr), CL_SUCCESS)
            << build_log(p, device_);
        cl_kernel k = clCreateKernel(p, "priv", nullptr);
        const size_t n = 8;
        cl_mem out = buffer(n * 4);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof words, &words), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 2, sizeof step, &step), CL_SUCCESS);
        run_1d(queue_, k, n, 4);
        std::vector<uint32_t> expected(n);
        for (uint32_t id = 0; id < n; ++id) {
            expected[id] = id;
            for (uint32_t i = 0; i < words; i += step)
                expected[id] += (i == words - 1 ? id : id * 1000u + i) ^ i;
        }
        EXPECT_EQ(read<uint32_t>(out, n), expected) << bytes << " bytes per work-item";
        clReleaseKernel(k);
        clReleaseProgram(p);
    }
}

// A work-group sum through a kernel-scope __local array and barriers.
const char kGroupSum[] = R"(
__kernel void group_sum(__global const int* in, __global int* out) {
    __local int part[16];
    int l = get_local_id(0);
    part[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s) part[l] += part[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = part[0];
}
)";

TEST_F(OpenClCTest, KernelScopeLocalMemoryAndBarriers) {
    cl_program p = build(kGroupSum);
    cl_kernel k = kernel(p, "group_sum");
    std::vector<int32_t> in(64);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int32_t>(i * i) - 100;
    cl_mem a = buffer(in.size() * 4, in.data());
    cl_mem b = buffer(4 * 4);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof b, &b), CL_SUCCESS);
    run_1d(queue_, k, 64, 16);
    std::vector<int32_t> out = read<int32_t>(b, 4);
    for (int g = 0; g < 4; ++g) {
        int32_t sum = 0;
        for (int i = 0; i < 16; ++i) sum += in[16 * g + i];
        EXPECT_EQ(out[g], sum) << "group " << g;
    }
}

// Operations MVP has no single instruction for: each lane computes them on its inputs and the
// host computes the same in C.
const char kOps[] = R"(
__kernel void ops(__global const int* x, __global const int* y, __global const float* f,
                  __global const float* g, __global int* o) {
    int i = get_global_id(0);
    int a = x[i], b = y[i];
    uint ua = (uint)a, ub = (uint)b;
    float p = f[i], q = g[i];
    __global int* r = o + 16 * i;
    r[0] = a / b;
    r[1] = a % b;
    r[2] = (int)(ua / ub);
    r[3] = (int)(ua % ub);
    r[4] = a / 7;
    r[5] = (int)(ua / 10u);
    r[6] = (p < q) + 2 * (p <= q) + 4 * (p == q) + 8 * (p > q) + 16 * (p >= q) + 32 * (p != q);
    r[7] = as_int(fmin(p, q));
    r[8] = as_int(fmax(p, q));
    r[9] = as_int(p / q);
    r[10] = (int)(uint)fabs(p * 1.0e6f);
    r[11] = as_int((float)ua);
    r[12] = as_int(fma(p, q, 1.5f));
    r[13] = ua < ub;
    r[14] = as_int(copysign(p, q));
    r[15] = (int)mul_hi(ua, ub);
}
)";

TEST_F(OpenClCTest, TranslatedOperationsMatchC) {
    cl_program p = build(kOps);
    cl_kernel k = kernel(p, "ops");
    std::vector<int32_t> x = {100, -100, 7, -7, 2147483647, -2147483647 - 1, 0, 123456789};
    std::vector<int32_t> y = {7, 7, -3, -3, 2, 3, 5, -1000};
    std::vector<float> f = {1.0f, -2.5f, 0.0f, -0.0f, 3.0e38f, 1.0e-40f, 7.0f, 1.0f / 3.0f};
    std::vector<float> g = {2.0f, -2.5f, -0.0f, 0.0f, -3.0e38f, 2.0e-40f, NAN, 3.0f};
    const size_t n = x.size();
    cl_mem bx = buffer(4 * n, x.data()), by = buffer(4 * n, y.data());
    cl_mem bf = buffer(4 * n, f.data()), bg = buffer(4 * n, g.data());
    cl_mem bo = buffer(4 * 16 * n);
    cl_mem args[] = {bx, by, bf, bg, bo};
    for (cl_uint i = 0; i < 5; ++i)
        ASSERT_EQ(clSetKernelArg(k, i, sizeof(cl_mem), &args[i]), CL_SUCCESS);
    run_1d(queue_, k, n, 4);
    std::vector<int32_t> r = read<int32_t>(bo, 16 * n);
    auto bits = [](float v) {
        int32_t b;
        std::memcpy(&b, &v, 4);
        return b;
    };
    for (size_t i = 0; i < n; ++i) {
        const int32_t* o = &r[16 * i];
        int32_t a = x[i], b = y[i];
        uint32_t ua = static_cast<uint32_t>(a), ub = static_cast<uint32_t>(b);
        float p = f[i], q = g[i];
        SCOPED_TRACE("lane " + std::to_string(i));
        if (!(a == INT32_MIN && b == -1)) {
            EXPECT_EQ(o[0], a / b);
            EXPECT_EQ(o[1], a % b);
        }
        EXPECT_EQ(o[2], static_cast<int32_t>(ua / ub));
        EXPECT_EQ(o[3], static_cast<int32_t>(ua % ub));
        EXPECT_EQ(o[4], a / 7);
        EXPECT_EQ(o[5], static_cast<int32_t>(ua / 10u));
        EXPECT_EQ(o[6], (p < q) + 2 * (p <= q) + 4 * (p == q) + 8 * (p > q) + 16 * (p >= q) +
                            32 * (p != q));
        float mn = std::isnan(q) ? p : std::fmin(p, q), mx = std::isnan(q) ? p : std::fmax(p, q);
        if (p == 0 && q == 0) {
            EXPECT_EQ(std::fabs(*reinterpret_cast<const float*>(&o[7])), 0.0f);
        } else {
            EXPECT_EQ(o[7], bits(mn));
            EXPECT_EQ(o[8], bits(mx));
        }
        float quotient = p / q;
        float got = *reinterpret_cast<const float*>(&o[9]);
        if (std::isnan(quotient)) {
            EXPECT_TRUE(std::isnan(got));
        } else if (std::fabs(q) > 1e-37f && std::fabs(q) < 1e37f) {
            EXPECT_EQ(o[9], bits(quotient)) << p << " / " << q;
        }
        float scaled = std::fabs(p * 1.0e6f);
        if (scaled < 4.0e9f) {
            EXPECT_EQ(o[10], static_cast<int32_t>(static_cast<uint32_t>(scaled)));
        }
        EXPECT_EQ(o[11], bits(static_cast<float>(ua)));
        if (!std::isnan(q) && std::isfinite(std::fma(p, q, 1.5f))) {
            EXPECT_EQ(o[12], bits(std::fma(p, q, 1.5f)));
        }
        EXPECT_EQ(o[13], ua < ub ? 1 : 0);
        EXPECT_EQ(o[14], bits(std::copysign(p, q)));
        EXPECT_EQ(o[15], static_cast<int32_t>((uint64_t{ua} * ub) >> 32));
    }
}

// The fused multiply-add forms (addend negated, product negated, accumulation in place), the
// unsigned-to-float conversion at and above 2^31, and 32-bit constants built by lui + addi.
const char kFused[] = R"(
__kernel void fused(__global const float* f, __global const float* g, __global const uint* u,
                    __global int* o) {
    int i = get_global_id(0);
    float p = f[i], q = g[i], c = f[i + 1];
    __global int* r = o + 8 * i;
    r[0] = as_int(fma(p, q, c));
    r[1] = as_int(fma(p, q, -c));
    r[2] = as_int(-fma(p, q, c));
    r[3] = as_int(fma(-p, q, c));
    float acc = c;
    for (int k = 0; k < 4; ++k) acc = fma(f[i + k], g[i + k], acc);
    r[4] = as_int(acc);
    r[5] = as_int((float)u[i]);
    r[6] = (int)(u[i] ^ 0x12345678u) + (int)(u[i] * 0x9e3779b9u);
    r[7] = 0;
}
)";

TEST_F(OpenClCTest, FusedFormsConversionsAndWideConstants) {
    cl_program p = build(kFused);
    cl_kernel k = kernel(p, "fused");
    const size_t n = 64;
    std::vector<float> f(n + 4), g(n + 4);
    std::vector<uint32_t> u(n);
    for (size_t i = 0; i < f.size(); ++i) {
        f[i] = (static_cast<float>(i % 13) - 6.0f) * 0.3757f + 1.0f / (1.0f + i);
        g[i] = (static_cast<float>(i % 7) - 3.0f) * 1.0009765625f;
    }
    const uint32_t wide[] = {0u,          1u,          0x7fffffffu, 0x80000000u, 0x80000001u,
                             0x80000080u, 0x80000081u, 0x800000c0u, 0xffffff7fu, 0xffffff80u,
                             0xffffffffu, 0xfffffe80u, 0x12345678u, 0x9abcdef1u};
    for (size_t i = 0; i < n; ++i)
        u[i] = i < sizeof wide / 4 ? wide[i] : static_cast<uint32_t>(i * 0x9e3779b9u);
    cl_mem fb = buffer(f.size() * 4, f.data());
    cl_mem gb = buffer(g.size() * 4, g.data());
    cl_mem ub = buffer(u.size() * 4, u.data());
    cl_mem ob = buffer(8 * 4 * n);
    ASSERT_EQ(clSetKernelArg(k, 0, sizeof fb, &fb), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 1, sizeof gb, &gb), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 2, sizeof ub, &ub), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(k, 3, sizeof ob, &ob), CL_SUCCESS);
    run_1d(queue_, k, n, 16);
    std::vector<int32_t> o = read<int32_t>(ob, 8 * n);
    auto bits = [](float x) {
        int32_t b;
        std::memcpy(&b, &x, 4);
        return b;
    };
    for (size_t i = 0; i < n; ++i) {
        SCOPED_TRACE("item " + std::to_string(i));
        const int32_t* r = &o[8 * i];
        float p = f[i], q = g[i], c = f[i + 1];
        EXPECT_EQ(r[0], bits(std::fma(p, q, c)));
        EXPECT_EQ(r[1], bits(std::fma(p, q, -c)));
        EXPECT_EQ(r[2], bits(-std::fma(p, q, c)));
        EXPECT_EQ(r[3], bits(std::fma(-p, q, c)));
        float acc = c;
        for (int j = 0; j < 4; ++j) acc = std::fma(f[i + j], g[i + j], acc);
        EXPECT_EQ(r[4], bits(acc));
        EXPECT_EQ(r[5], bits(static_cast<float>(u[i])));
        EXPECT_EQ(r[6], static_cast<int32_t>((u[i] ^ 0x12345678u) + u[i] * 0x9e3779b9u));
    }
}

TEST_F(OpenClCTest, BuildOptionsReachTheCompiler) {
    const char src[] = "__kernel void k(__global int* o) { o[0] = VALUE * 2; }\n";
    std::string log;
    EXPECT_EQ(try_build(context_, device_, src, nullptr, &log), CL_BUILD_PROGRAM_FAILURE);
    EXPECT_NE(log.find("VALUE"), std::string::npos) << log;
    EXPECT_EQ(try_build(context_, device_, src, "-D VALUE=21", &log), CL_SUCCESS) << log;
    EXPECT_EQ(try_build(context_, device_, src, "-DVALUE=21 -cl-std=CL1.2 -w", &log), CL_SUCCESS)
        << log;
    EXPECT_EQ(try_build(context_, device_, src, "-cl-bogus", &log), CL_INVALID_BUILD_OPTIONS);
    EXPECT_NE(log.find("-cl-bogus"), std::string::npos) << log;
}

TEST_F(OpenClCTest, BadProgramsFailWithFileLineColumn) {
    struct Case {
        const char* source;
        const char* expect;  // in the log
    };
    const Case cases[] = {
        {"__kernel void k(__global int* o) {\n  o[0] = 1\n}\n", R"(source\.cl:2:\d+: error:)"},
        {"__kernel void k(__global double* o) {\n  o[0] = 1.0;\n}\n",
         R"(source\.cl:1:\d+: error: .*double)"},
        {"__kernel void k(image2d_t im, __global int* o) {\n  o[0] = 1;\n}\n",
         R"(source\.cl:1:\d+: error: .*images_are_not_supported)"},
        {"int helper(int);\n__kernel void k(__global int* o) {\n  o[0] = helper(3);\n}\n",
         R"(source\.cl:3:\d+: error: undefined label 'helper' \(source\.cl\.s:\d+:\d+\))"},
        {"__kernel void k(__global int* o) {\n  o[0] = undeclared_function(2);\n}\n",
         R"(source\.cl:2:\d+: error: .*undeclared_function)"},
        // More argument bytes than CL_DEVICE_MAX_PARAMETER_SIZE.
        {"typedef struct { int v[256]; } big;\n"
         "__kernel void k(__global int* o, big b) {\n  o[0] = b.v[3];\n}\n",
         R"(source\.cl:2: error: kernel 'k' has 1028 bytes of arguments; the device takes 1024)"},
    };
    for (const Case& c : cases) {
        std::string log;
        EXPECT_EQ(try_build(context_, device_, c.source, nullptr, &log), CL_BUILD_PROGRAM_FAILURE)
            << c.source;
        EXPECT_TRUE(std::regex_search(log, std::regex(c.expect))) << c.source << "\nlog:\n" << log;
    }
}

}  // namespace
}  // namespace mvp::runtime::test
