// The OpenCL C builtin library (sw/clc) on the device: each kernel computes a family of
// builtins over inputs that include the edges (integer limits, 0, -0.0f, NaN, infinities,
// subnormals, values at the rounding boundaries) and the test compares every result bit for
// bit with a reference computed here in C++. The kernels run on the golden model
// (MVP_FUNCTIONAL=1), one of them also on the timing platform.

#include <algorithm>
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

// The scalar types of the conversions and their value ranges.
struct ScalarType {
    const char* name;
    int bits;
    bool is_signed;
    bool is_float;
    __int128 min() const { return is_signed ? -(__int128{1} << (bits - 1)) : 0; }
    __int128 max() const {
        return is_signed ? (__int128{1} << (bits - 1)) - 1 : (__int128{1} << bits) - 1;
    }
    uint64_t mask() const { return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }
};
const ScalarType kTypes[] = {
    {"char", 8, true, false},     {"uchar", 8, false, false},  {"short", 16, true, false},
    {"ushort", 16, false, false}, {"int", 32, true, false},    {"uint", 32, false, false},
    {"long", 64, true, false},    {"ulong", 64, false, false}, {"float", 32, true, true}};
const char* const kModes[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};
enum Mode { kDefault, kRte, kRtz, kRtp, kRtn };

// The value of an integer source held in the low bits of `b`.
__int128 int_value(const ScalarType& t, uint64_t b) {
    b &= t.mask();
    if (t.is_signed && t.bits < 64 && (b >> (t.bits - 1)) != 0) b |= ~t.mask();
    return t.is_signed ? __int128{static_cast<int64_t>(b)} : __int128{b};
}

// The float nearest to the integer v in `mode` (ties to even for the default and _rte),
// found from the two floats around v.
float int_to_float(__int128 v, int mode) {
    long double x = static_cast<long double>(v);
    float r = static_cast<float>(x);
    float lo = r, hi = r;
    if (static_cast<long double>(r) > x) lo = std::nextafter(r, -INFINITY);
    if (static_cast<long double>(r) < x) hi = std::nextafter(r, INFINITY);
    switch (mode) {
        case kRtz:
            return v >= 0 ? lo : hi;
        case kRtp:
            return hi;
        case kRtn:
            return lo;
        default:
            return r;
    }
}

// The expected bits of convert_<d><sat><mode> of the source bits `b`; false when OpenCL
// leaves the result undefined (out of range without _sat, NaN without _sat).
bool expected_conversion(const ScalarType& d, const ScalarType& s, uint64_t b, int mode, bool sat,
                         uint64_t* out) {
    if (d.is_float) {
        *out = s.is_float ? (b & 0xffffffff) : bits(int_to_float(int_value(s, b), mode));
        return true;
    }
    __int128 v;
    if (s.is_float) {
        float f = from_bits(static_cast<uint32_t>(b));
        if (std::isnan(f)) {
            *out = 0;
            return sat;
        }
        float r = mode == kRte   ? std::nearbyint(f)
                  : mode == kRtp ? std::ceil(f)
                  : mode == kRtn ? std::floor(f)
                                 : std::trunc(f);
        long double lr = r;
        if (lr < static_cast<long double>(d.min())) {
            if (!sat) return false;
            v = d.min();
        } else if (lr > static_cast<long double>(d.max())) {
            if (!sat) return false;
            v = d.max();
        } else {
            v = static_cast<__int128>(lr);
        }
    } else {
        v = int_value(s, b);
        if (sat) v = std::min(std::max(v, d.min()), d.max());
    }
    *out = static_cast<uint64_t>(v) & d.mask();
    return true;
}

// Source values: the limits of every type, the float rounding boundaries of each integer
// width, and random values of every magnitude.
std::vector<uint64_t> conversion_inputs(const ScalarType& s, size_t count) {
    std::vector<uint64_t> v;
    if (s.is_float) {
        const float f[] = {0.0f,      -0.0f,         0.5f,        -0.5f,         1.5f,
                           2.5f,      -2.5f,         0.49999997f, -1.0f,         127.5f,
                           127.99f,   128.0f,        -128.5f,     -129.0f,       255.5f,
                           256.0f,    -1.5f,         65535.5f,    65536.0f,      32767.5f,
                           -32768.5f, -32769.0f,     0x1p31f,     -0x1p31f,      2147483520.0f,
                           0x1p32f,   4294967040.0f, 0x1p63f,     -0x1p63f,      9.2233714e18f,
                           0x1p64f,   1.8446743e19f, 8388607.5f,  -8388607.5f,   0x1p23f,
                           INFINITY,  -INFINITY,     1e30f,       -1e30f,        3.5f,
                           -3.5f,     -0.75f,        0.75f,       -4294967296.0f};
        for (float x : f) v.push_back(bits(x));
        v.push_back(0x00000001);
        v.push_back(0x80000001);
        v.push_back(0x7fc00000);
        v.push_back(0xffc00001);
        v.push_back(0x7f800001);
    } else {
        const uint64_t edges[] = {0,
                                  1,
                                  ~uint64_t{0},
                                  127,
                                  128,
                                  255,
                                  256,
                                  32767,
                                  32768,
                                  65535,
                                  65536,
                                  0x7fffffff,
                                  0x80000000,
                                  0xffffffff,
                                  0x100000000,
                                  (1 << 24) + 1,
                                  (1 << 24) + 3,
                                  0x7fffffbf,
                                  0x7fffffc0,
                                  0xffffff7f,
                                  0xffffff80,
                                  0x7fffffffffffffff,
                                  0x8000000000000000,
                                  0x8000000000000001,
                                  0xffffff8000000000,
                                  0xffffff7fffffffff,
                                  0x0020000000000001,
                                  0x7fffff8000000000,
                                  0x7fffffbfffffffff,
                                  0x7fffffc000000000,
                                  0xffffffe000000000,
                                  uint64_t(-(1 << 24) - 1),
                                  uint64_t(-(1 << 24) - 3),
                                  uint64_t(-128),
                                  uint64_t(-129),
                                  uint64_t(-32768),
                                  uint64_t(-32769),
                                  0x80000001};
        for (uint64_t e : edges) v.push_back(e & s.mask());
    }
    std::mt19937_64 rng(777 + s.bits);
    while (v.size() < count) {
        uint64_t r = rng();
        if (s.is_float) {
            // Exponents from 2^-3 to 2^66, both signs.
            uint64_t e = 124 + rng() % 70;
            v.push_back((r & 0x807fffff) | e << 23);
        } else {
            v.push_back((r >> (rng() % 64)) & s.mask());
        }
    }
    return v;
}

// A kernel per source type computes every conversion of it (each destination, _sat, each
// rounding mode), one ulong per result.
std::string conversion_kernels(std::vector<std::string>* names) {
    std::string src;
    for (const ScalarType& s : kTypes) {
        std::string name = std::string("from_") + s.name;
        names->push_back(name);
        src += "__kernel void " + name + "(__global const " + s.name +
               "* in, __global ulong* o) {\n    int i = get_global_id(0);\n    " + s.name +
               " x = in[i];\n    __global ulong* r = o + 85 * i;\n";
        int k = 0;
        for (const ScalarType& d : kTypes) {
            for (int sat = 0; sat < (d.is_float ? 1 : 2); ++sat) {
                for (const char* mode : kModes) {
                    std::string call =
                        std::string("convert_") + d.name + (sat ? "_sat" : "") + mode + "(x)";
                    if (d.is_float) call = "as_uint(" + call + ")";
                    src += "    r[" + std::to_string(k++) + "] = (ulong)" + call + ";\n";
                }
            }
        }
        src += "}\n";
    }
    return src;
}

TEST_F(BuiltinsTest, ConversionsEveryTypeSaturationAndRoundingMode) {
    std::vector<std::string> names;
    cl_program p = build(conversion_kernels(&names));
    const size_t n = 64;
    for (size_t t = 0; t < names.size(); ++t) {
        const ScalarType& s = kTypes[t];
        std::vector<uint64_t> in = conversion_inputs(s, n);
        Bytes packed(n * s.bits / 8);
        for (size_t i = 0; i < n; ++i) std::memcpy(&packed[i * s.bits / 8], &in[i], s.bits / 8);
        cl_kernel k = kernel(p, names[t].c_str());
        ASSERT_NE(k, nullptr);
        cl_mem bin = buffer(packed.size(), packed.data());
        cl_mem bout = buffer(85 * 8 * n);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof bin, &bin), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof bout, &bout), CL_SUCCESS);
        size_t global = n, local = 32;
        ASSERT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
        std::vector<uint64_t> out = read<uint64_t>(bout, 85 * n);
        for (size_t i = 0; i < n; ++i) {
            int col = 0;
            for (const ScalarType& d : kTypes) {
                for (int sat = 0; sat < (d.is_float ? 1 : 2); ++sat) {
                    for (int mode = 0; mode < 5; ++mode, ++col) {
                        uint64_t want;
                        if (!expected_conversion(d, s, in[i], mode, sat != 0, &want)) continue;
                        EXPECT_EQ(out[85 * i + col] & d.mask(), want)
                            << "convert_" << d.name << (sat ? "_sat" : "") << kModes[mode] << "(("
                            << s.name << ")0x" << std::hex << in[i] << ")";
                    }
                }
            }
        }
    }
}

}  // namespace
}  // namespace mvp::runtime::test
