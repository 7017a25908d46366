// The OpenCL C builtin library (sw/clc) on the device: each kernel computes a family of
// builtins over inputs that include the edges (integer limits, 0, -0.0f, NaN, infinities,
// subnormals, values at the rounding boundaries) and the test compares every result bit for
// bit with a reference computed here in C++. The kernels run on the golden model
// (MVP_FUNCTIONAL=1), one of them also on the timing platform.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using Bytes = std::vector<uint8_t>;

template <class T>
Bytes bytes_of(const std::vector<T>& values) {
    Bytes b(values.size() * sizeof(T));
    if (!b.empty()) std::memcpy(b.data(), values.data(), b.size());
    return b;
}

template <class T>
std::vector<T> values_of(const Bytes& b) {
    std::vector<T> v(b.size() / sizeof(T));
    if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
    return v;
}

uint32_t bits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

float from_bits(uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}

class BuiltinsTest : public ClTest {
  protected:
    void SetUp() override {
        setenv("MVP_FUNCTIONAL", "1", 1);
        ClTest::SetUp();
    }

    // Runs kernel `name` of `source` on `items` work-items (work-groups of up to 32): argument
    // i is a buffer holding inputs[i], the last one a zeroed buffer of out_bytes, returned.
    Bytes run(const std::string& source, const char* name, const std::vector<Bytes>& inputs,
              size_t items, size_t out_bytes) {
        cl_program p = build(source);
        cl_kernel k = kernel(p, name);
        if (k == nullptr) return {};
        cl_uint arg = 0;
        for (const Bytes& in : inputs) {
            cl_mem m = buffer(in.size(), in.data());
            EXPECT_EQ(clSetKernelArg(k, arg++, sizeof m, &m), CL_SUCCESS);
        }
        cl_mem out = buffer(out_bytes);
        EXPECT_EQ(clSetKernelArg(k, arg, sizeof out, &out), CL_SUCCESS);
        size_t local = items % 32 == 0 ? 32 : 1;
        EXPECT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &items, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
        EXPECT_EQ(clFinish(queue_), CL_SUCCESS);
        return read<uint8_t>(out, out_bytes);
    }
};

// Deterministic inputs: the edges first, then random values of every magnitude.
std::vector<int64_t> long_inputs(size_t count) {
    std::vector<int64_t> v = {0,
                              1,
                              -1,
                              2,
                              -2,
                              7,
                              -7,
                              INT32_MAX,
                              INT32_MIN,
                              int64_t{UINT32_MAX},
                              int64_t{1} << 32,
                              (int64_t{1} << 32) + 1,
                              -(int64_t{1} << 32),
                              INT64_MAX,
                              INT64_MIN,
                              INT64_MIN + 1,
                              int64_t{1} << 62,
                              (int64_t{1} << 53) + 1,
                              (int64_t{1} << 24) + 1,
                              0x123456789abcdefLL,
                              -0x123456789abcdefLL,
                              int64_t{1} << 31,
                              int64_t{0xfffffffe} << 31};
    std::mt19937_64 rng(12345);
    while (v.size() < count) {
        uint64_t r = rng();
        int shift = static_cast<int>(rng() % 64);
        v.push_back(static_cast<int64_t>(r >> shift));
        v.push_back(-static_cast<int64_t>(r >> shift));
    }
    v.resize(count);
    return v;
}

const char kLong[] = R"(
__kernel void long_ops(__global const long* a, __global const long* b, __global long* o) {
    int i = get_global_id(0);
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;
    __global long* r = o + 10 * i;
    r[0] = y != 0 ? x / y : 0;
    r[1] = y != 0 ? x % y : 0;
    r[2] = uy != 0 ? (long)(ux / uy) : 0;
    r[3] = uy != 0 ? (long)(ux % uy) : 0;
    r[4] = x * y;
    r[5] = (long)as_uint((float)x) | ((long)as_uint((float)ux) << 32);
    r[6] = (x << (y & 63)) ^ (x >> (y & 63)) ^ (long)(ux >> (y & 63));
    r[7] = (x < y) | (ux < uy) << 1 | (x == y) << 2;
    r[8] = (long)as_float((uint)x);
    r[9] = (long)(ulong)as_float((uint)y);
}
)";

TEST_F(BuiltinsTest, LongArithmeticAndConversionRoutines) {
    const size_t n = 256;
    std::vector<int64_t> a = long_inputs(n), b = long_inputs(n + 7);
    b.erase(b.begin(), b.begin() + 7);
    // Float bit patterns for the float -> long conversions: integral values, fractions, the
    // boundaries of the 64-bit range, subnormals, zeros.
    std::vector<uint32_t> fbits = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f7fffff,
                                   0xbfc00000, 0x00000001, 0x5effffff, 0xdf000000, 0x5f7fffff,
                                   0x4f800000, 0x4effffff, 0x4b800001, 0x5e800001, 0x40490fdb};
    for (size_t i = 0; i < fbits.size(); ++i) {
        a[i] =
            static_cast<int64_t>((static_cast<uint64_t>(a[i]) & ~uint64_t{0xffffffff}) | fbits[i]);
        b[i] = static_cast<int64_t>((static_cast<uint64_t>(b[i]) & ~uint64_t{0xffffffff}) |
                                    (fbits[i] & 0x7fffffff));
    }
    std::vector<int64_t> out =
        values_of<int64_t>(run(kLong, "long_ops", {bytes_of(a), bytes_of(b)}, n, 10 * 8 * n));
    ASSERT_EQ(out.size(), 10 * n);
    for (size_t i = 0; i < n; ++i) {
        int64_t x = a[i], y = b[i];
        uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
        const int64_t* r = &out[10 * i];
        SCOPED_TRACE("x=" + std::to_string(x) + " y=" + std::to_string(y));
        if (y != 0 && !(x == INT64_MIN && y == -1)) {
            EXPECT_EQ(r[0], x / y);
            EXPECT_EQ(r[1], x % y);
        }
        if (uy != 0) {
            EXPECT_EQ(r[2], static_cast<int64_t>(ux / uy));
            EXPECT_EQ(r[3], static_cast<int64_t>(ux % uy));
        }
        EXPECT_EQ(r[4], static_cast<int64_t>(ux * uy));
        EXPECT_EQ(r[5], static_cast<int64_t>(bits(static_cast<float>(x)) |
                                             uint64_t{bits(static_cast<float>(ux))} << 32));
        int s = static_cast<int>(y & 63);
        EXPECT_EQ(r[6], static_cast<int64_t>(ux << s) ^ (x >> s) ^ static_cast<int64_t>(ux >> s));
        EXPECT_EQ(r[7], (x < y) | (ux < uy) << 1 | (x == y) << 2);
        float fx = from_bits(static_cast<uint32_t>(x)), fy = from_bits(static_cast<uint32_t>(y));
        if (std::fabs(fx) < 0x1p63f) {
            EXPECT_EQ(r[8], static_cast<int64_t>(fx)) << fx;
        }
        if (fy >= 0 && fy < 0x1p64f) {
            EXPECT_EQ(r[9], static_cast<int64_t>(static_cast<uint64_t>(fy))) << fy;
        }
    }
}

}  // namespace
}  // namespace mvp::runtime::test
