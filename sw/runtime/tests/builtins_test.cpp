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

using u128 = unsigned __int128;

// The integer functions a kernel per type computes, one ulong per result; upsample only for
// types of at most 32 bits, mul24 and mad24 only for int and uint.
const char* const kIntegerCalls[] = {"abs(x)",
                                     "abs_diff(x, y)",
                                     "add_sat(x, y)",
                                     "sub_sat(x, y)",
                                     "hadd(x, y)",
                                     "rhadd(x, y)",
                                     "clz(x)",
                                     "popcount(x)",
                                     "rotate(x, y)",
                                     "mul_hi(x, y)",
                                     "mad_hi(x, y, z)",
                                     "mad_sat(x, y, z)",
                                     "min(x, y)",
                                     "max(x, y)",
                                     "clamp(x, min(y, z), max(y, z))",
                                     "upsample(x, (U)y)",
                                     "mul24(x >> 8, y >> 8)",
                                     "mad24(x >> 8, y >> 8, z)"};
constexpr int kIntegerColumns = 18;

__int128 clamp128(__int128 v, const ScalarType& t) {
    return std::min(std::max(v, t.min()), t.max());
}

// The expected result of kIntegerCalls[c] (its bits, and the result's width in bits).
uint64_t expected_integer(int c, const ScalarType& t, __int128 x, __int128 y, __int128 z,
                          int* width) {
    const int n = t.bits;
    *width = n;
    auto high = [&](__int128 a, __int128 b) -> __int128 {
        if (t.is_signed) return (a * b) >> n;
        return static_cast<__int128>((static_cast<u128>(a) * static_cast<u128>(b)) >> n);
    };
    uint64_t ux = static_cast<uint64_t>(x) & t.mask();
    switch (c) {
        case 0:
            return static_cast<uint64_t>(x < 0 ? -x : x);
        case 1:
            return static_cast<uint64_t>(x > y ? x - y : y - x);
        case 2:
            return static_cast<uint64_t>(clamp128(x + y, t));
        case 3:
            return static_cast<uint64_t>(clamp128(x - y, t));
        case 4:
            return static_cast<uint64_t>((x + y) >> 1);
        case 5:
            return static_cast<uint64_t>((x + y + 1) >> 1);
        case 6: {
            int count = 0;
            for (int b = n - 1; b >= 0 && ((ux >> b) & 1) == 0; --b) ++count;
            return count;
        }
        case 7: {
            int count = 0;
            for (int b = 0; b < n; ++b) count += (ux >> b) & 1;
            return count;
        }
        case 8: {
            int s = static_cast<int>(static_cast<uint64_t>(y) & (n - 1));
            return s == 0 ? ux : (ux << s | ux >> (n - s));
        }
        case 9:
            return static_cast<uint64_t>(high(x, y));
        case 10:
            return static_cast<uint64_t>(high(x, y) + z);
        case 11:
            if (t.is_signed) return static_cast<uint64_t>(clamp128(x * y + z, t));
            {
                u128 v = static_cast<u128>(x) * static_cast<u128>(y) + static_cast<u128>(z);
                return v > static_cast<u128>(t.max()) ? t.mask() : static_cast<uint64_t>(v);
            }
        case 12:
            return static_cast<uint64_t>(std::min(x, y));
        case 13:
            return static_cast<uint64_t>(std::max(x, y));
        case 14:
            return static_cast<uint64_t>(std::min(std::max(x, std::min(y, z)), std::max(y, z)));
        case 15:
            *width = 2 * n;
            return static_cast<uint64_t>(x) << n | (static_cast<uint64_t>(y) & t.mask());
        default: {
            // mul24 and mad24 of the operands shifted right by 8 (in their 24-bit range).
            __int128 p = (x >> 8) * (y >> 8);
            return static_cast<uint64_t>(c == 16 ? p : p + z);
        }
    }
}

std::string integer_kernels() {
    std::string src;
    for (int t = 0; t < 8; ++t) {
        const ScalarType& s = kTypes[t];
        std::string T = s.name, U = s.is_signed ? std::string("u") + s.name : s.name;
        src +=
            "#define U " + U + "\n__kernel void int_" + T + "(__global const " + T +
            "* in, __global ulong* o) {\n    int i = get_global_id(0);\n    " + T +
            " x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];\n    __global ulong* r = o + " +
            std::to_string(kIntegerColumns) + " * i;\n";
        for (int c = 0; c < kIntegerColumns; ++c) {
            if (c == 15 && s.bits == 64) continue;
            if (c >= 16 && s.bits != 32) continue;
            src += "    r[" + std::to_string(c) + "] = (ulong)" + kIntegerCalls[c] + ";\n";
        }
        src += "}\n#undef U\n";
    }
    return src;
}

TEST_F(BuiltinsTest, IntegerFunctionsEveryType) {
    cl_program p = build(integer_kernels());
    const size_t n = 64;
    for (int t = 0; t < 8; ++t) {
        const ScalarType& s = kTypes[t];
        std::vector<uint64_t> v = conversion_inputs(s, 3 * n);
        // Mix the edges with each other: x, y, z from different places of the list.
        std::vector<uint64_t> in(3 * n);
        for (size_t i = 0; i < n; ++i) {
            in[3 * i] = v[i];
            in[3 * i + 1] = v[(i * 7 + 3) % (3 * n)];
            in[3 * i + 2] = v[(i * 13 + 5) % (3 * n)];
        }
        Bytes packed(3 * n * s.bits / 8);
        for (size_t i = 0; i < 3 * n; ++i) std::memcpy(&packed[i * s.bits / 8], &in[i], s.bits / 8);
        cl_kernel k = kernel(p, (std::string("int_") + s.name).c_str());
        ASSERT_NE(k, nullptr);
        cl_mem bin = buffer(packed.size(), packed.data());
        cl_mem bout = buffer(kIntegerColumns * 8 * n);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof bin, &bin), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof bout, &bout), CL_SUCCESS);
        size_t global = n, local = 32;
        ASSERT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
        std::vector<uint64_t> out = read<uint64_t>(bout, kIntegerColumns * n);
        for (size_t i = 0; i < n; ++i) {
            __int128 x = int_value(s, in[3 * i]), y = int_value(s, in[3 * i + 1]),
                     z = int_value(s, in[3 * i + 2]);
            for (int c = 0; c < kIntegerColumns; ++c) {
                if ((c == 15 && s.bits == 64) || (c >= 16 && s.bits != 32)) continue;
                int width;
                uint64_t want = expected_integer(c, s, x, y, z, &width);
                uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
                EXPECT_EQ(out[kIntegerColumns * i + c] & mask, want & mask)
                    << s.name << " " << kIntegerCalls[c] << " x=0x" << std::hex << in[3 * i]
                    << " y=0x" << in[3 * i + 1] << " z=0x" << in[3 * i + 2];
            }
        }
    }
}

double half_value(uint16_t h) {
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? 65536.0 : std::ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}

// The half bits of a float in a rounding mode, from the two half magnitudes around |f| (the
// bit patterns of half magnitudes are ordered like their values; infinity counts as 2^16).
uint16_t reference_half(float f, int mode) {
    uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    if (std::isinf(f)) return sign | 0x7c00;
    double a = std::fabs(static_cast<double>(f));
    uint16_t lo = 0;
    for (int step = 0x4000; step > 0; step >>= 1)
        if (lo + step <= 0x7bff && half_value(static_cast<uint16_t>(lo + step)) <= a) lo += step;
    uint16_t hi = half_value(lo) == a ? lo : static_cast<uint16_t>(lo + 1);
    uint16_t r;
    switch (mode) {
        case 1:
            r = lo;
            break;
        case 2:
            r = sign ? lo : hi;
            break;
        case 3:
            r = sign ? hi : lo;
            break;
        default: {
            double dl = a - half_value(lo), dh = half_value(hi) - a;
            r = dl < dh ? lo : dh < dl ? hi : (lo & 1) ? hi : lo;
        }
    }
    return sign | r;
}

// Relational tests (scalar 1/0, vector -1/0), half loads and stores in every rounding mode,
// vload/vstore, select and bitselect, any/all and the exact common functions, per lane.
const char kMisc[] = R"(
__kernel void misc(__global const float* fx, __global const float* fy, __global uint* o) {
    int i = get_global_id(0);
    float x = fx[i], y = fy[i];
    __global uint* r = o + 32 * i;
    r[0] = isequal(x, y) | isnotequal(x, y) << 1 | isgreater(x, y) << 2 |
           isgreaterequal(x, y) << 3 | isless(x, y) << 4 | islessequal(x, y) << 5 |
           islessgreater(x, y) << 6 | isfinite(x) << 7 | isinf(x) << 8 | isnan(x) << 9 |
           isnormal(x) << 10 | isordered(x, y) << 11 | isunordered(x, y) << 12 |
           signbit(x) << 13;
    float4 v = (float4)(x, y, -x, 1.0f);
    int4 t = isless(v, (float4)y) ^ isnan(v) << 1 ^ isnormal(v) << 2 ^ signbit(v) << 3;
    vstore4(as_uint4(t), 0, r + 1);
    vstore_half(x, 10 * i, (__global half*)(o + 32 * 64));
    vstore_half_rtz(x, 10 * i + 1, (__global half*)(o + 32 * 64));
    vstore_half2_rtp((float2)(x, y), 5 * i + 1, (__global half*)(o + 32 * 64));
    vstorea_half3_rtn((float3)(x, y, -x), 1, (__global half*)(o + 32 * 64) + 10 * i);
    r[5] = as_uint(vload_half(0, (__global const half*)&fx[i]));
    r[6] = as_uint(vload_half(1, (__global const half*)&fx[i]));
    r[7] = as_uint(sign(x));
    r[8] = as_uint(step(y, x));
    r[9] = as_uint(max(x, y)) ^ as_uint(min(x, y));
    r[10] = as_uint(clamp(x, -1.0f, 2.0f));
    int8 a = vload8(i & 7, (__global const int*)fx);
    int8 b = vload8(i & 7, (__global const int*)fy);
    vstore8(select(a, b, a ^ b), 0, (__global int*)r + 11);
    r[19] = as_uint(bitselect(x, y, as_float(0x0f0f0ff0)));
    r[20] = any(a) | all(b) << 1 | any(a.s012) << 2 | all((short4)(b.s0 >> 16)) << 3;
    long3 w = vload3(1, (__global const long*)fy + (i & 7) * 2);
    vstore3(w, 2, (__global ulong*)(r + 21) - 2 * 3);
    r[27] = as_uint(select(x, y, (int)(i & 1)));
    r[28] = as_uint(convert_float_rtn(as_int(x)));
}
)";

TEST_F(BuiltinsTest, RelationalHalfVloadSelectAndCommon) {
    const size_t n = 64;
    std::vector<uint64_t> raw = conversion_inputs(kTypes[8], 2 * n + 8);
    std::vector<float> x(n + 8), y(n + 8);
    for (size_t i = 0; i < n + 8; ++i) {
        x[i] = from_bits(static_cast<uint32_t>(raw[i]));
        y[i] = from_bits(static_cast<uint32_t>(raw[(i * 5 + 7) % raw.size()]));
    }
    // Half-range values: rounding ties, subnormal halves, the overflow boundary.
    const float halves[] = {65504.0f,    65519.99f,  65520.0f, 0x1p-24f,
                            0x1p-25f,    0x1.8p-25f, 0x1p-15f, 1.0009765625f + 0x1p-11f,
                            0x1.0018p0f, 6.1e-5f,    3.0e-8f,  -0x1.0018p0f};
    for (size_t i = 0; i < sizeof halves / sizeof halves[0]; ++i) x[40 + i] = halves[i];
    x[20] = y[20];
    x[21] = -0.0f;
    y[21] = 0.0f;
    Bytes out = run(kMisc, "misc", {bytes_of(x), bytes_of(y)}, n, 32 * 4 * n + 20 * 2 * n + 64);
    std::vector<uint32_t> r32 = values_of<uint32_t>(out);
    ASSERT_EQ(r32.size(), 32 * n + 10 * n + 16);
    const uint16_t* h = reinterpret_cast<const uint16_t*>(&r32[32 * n]);
    for (size_t i = 0; i < n; ++i) {
        float a = x[i], b = y[i];
        const uint32_t* r = &r32[32 * i];
        SCOPED_TRACE("lane " + std::to_string(i) + " x=" + std::to_string(bits(a)) +
                     " y=" + std::to_string(bits(b)));
        uint32_t rel = (a == b) | (a != b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a < b) << 4 |
                       (a <= b) << 5 | (a < b || a > b) << 6 | std::isfinite(a) << 7 |
                       std::isinf(a) << 8 | std::isnan(a) << 9 | std::isnormal(a) << 10 |
                       (!std::isnan(a) && !std::isnan(b)) << 11 |
                       (std::isnan(a) || std::isnan(b)) << 12 | std::signbit(a) << 13;
        EXPECT_EQ(r[0], rel);
        float v[4] = {a, b, -a, 1.0f};
        for (int l = 0; l < 4; ++l) {
            // A true relational is all ones (-1); the four are XORed at shifts 0..3.
            auto all = [](bool t) { return t ? ~0u : 0u; };
            const uint32_t want = all(v[l] < b) ^ all(std::isnan(v[l])) << 1 ^
                                  all(std::isnormal(v[l])) << 2 ^ all(std::signbit(v[l])) << 3;
            EXPECT_EQ(static_cast<uint32_t>(r[1 + l]), want) << "lane " << l;
        }
        if (!std::isnan(a)) {
            EXPECT_EQ(h[10 * i], reference_half(a, 0)) << a;
            EXPECT_EQ(h[10 * i + 1], reference_half(a, 1)) << a;
            EXPECT_EQ(h[10 * i + 2], reference_half(a, 2)) << a;
            EXPECT_EQ(h[10 * i + 6], reference_half(-a, 3)) << a;
            EXPECT_EQ(h[10 * i + 4], reference_half(a, 3)) << a;
        } else {
            EXPECT_EQ(h[10 * i] & 0x7c00, 0x7c00);
            EXPECT_NE(h[10 * i] & 0x3ff, 0);
        }
        if (!std::isnan(b)) {
            EXPECT_EQ(h[10 * i + 3], reference_half(b, 2)) << b;
            EXPECT_EQ(h[10 * i + 5], reference_half(b, 3)) << b;
        }
        EXPECT_EQ(h[10 * i + 7], 0) << "vstorea_half3 leaves the fourth element";
        for (int k = 0; k < 2; ++k) {
            uint16_t hb = static_cast<uint16_t>(bits(a) >> (16 * k));
            float want = static_cast<float>(half_value(hb));
            if ((hb & 0x7c00) == 0x7c00) {
                if ((hb & 0x3ff) == 0) {
                    EXPECT_EQ(r[5 + k], bits(std::copysign(INFINITY, want)));
                } else {
                    EXPECT_EQ(r[5 + k], (hb & 0x8000u) << 16 | 0x7f800000u | (hb & 0x3ffu) << 13);
                }
            } else {
                EXPECT_EQ(r[5 + k], bits(want)) << std::hex << hb;
            }
        }
        float sgn = a > 0 ? 1.0f : a < 0 ? -1.0f : std::isnan(a) ? 0.0f : a;
        EXPECT_EQ(r[7], bits(sgn));
        EXPECT_EQ(r[8], bits(a < b ? 0.0f : 1.0f));
        EXPECT_EQ(r[9], bits(a < b ? b : a) ^ bits(b < a ? b : a));
        float c = a < -1.0f ? -1.0f : a;
        EXPECT_EQ(r[10], bits(2.0f < c ? 2.0f : c));
        EXPECT_EQ(r[19], (bits(a) & ~0x0f0f0ff0u) | (bits(b) & 0x0f0f0ff0u));
        EXPECT_EQ(r[27], i & 1 ? bits(b) : bits(a));
        int32_t ai = static_cast<int32_t>(bits(a));
        EXPECT_EQ(r[28], bits(int_to_float(ai, kRtn)));
    }
    // select, any/all and vload/vstore read 8 words from x and y at 8 * i (within the
    // buffers for i < 8).
    for (size_t i = 0; i < 8; ++i) {
        const uint32_t* r = &r32[32 * i];
        int32_t a[8], b[8];
        for (int l = 0; l < 8; ++l) {
            a[l] = static_cast<int32_t>(bits(x[8 * i + l]));
            b[l] = static_cast<int32_t>(bits(y[8 * i + l]));
            EXPECT_EQ(static_cast<int32_t>(r[11 + l]), (a[l] ^ b[l]) < 0 ? b[l] : a[l]);
        }
        bool any_a = false, all_b = true;
        for (int l = 0; l < 8; ++l) {
            any_a |= a[l] < 0;
            all_b &= b[l] < 0;
        }
        uint32_t want = any_a | all_b << 1 | (a[0] < 0 || a[1] < 0 || a[2] < 0) << 2 |
                        (static_cast<int16_t>(b[0] >> 16) < 0) << 3;
        EXPECT_EQ(r[20], want) << "lane " << i;
        const uint32_t* yw = reinterpret_cast<const uint32_t*>(y.data()) + 4 * i + 6;
        for (int k = 0; k < 6; ++k) EXPECT_EQ(r[21 + k], yw[k]) << "lane " << i;
    }
}

// The vector forms: every lane of a vector builtin equals the scalar builtin on that lane, for
// a sample of each family and each width (2, 3, 4, 8, 16). Each check adds one to the item's
// count of differing lanes, compared by bits (NaN lanes by NaN-ness).
const char kVectorForms[] = R"(
#define SAME_F(v, s) (as_uint(v) == as_uint(s) || ((v) != (v) && (s) != (s)))
#define LANES(N, T, vexpr, sexpr, eq)                                   \
    {                                                                  \
        T##N r = vexpr;                                                \
        for (int l = 0; l < N; ++l) bad += !eq(((T*)&r)[l], sexpr);    \
    }
#define SAME_I(a, b) ((a) == (b))
#define ALL_WIDTHS(T, vexpr, sexpr, eq) \
    LANES(2, T, vexpr(2), sexpr, eq)    \
    LANES(3, T, vexpr(3), sexpr, eq)    \
    LANES(4, T, vexpr(4), sexpr, eq)    \
    LANES(8, T, vexpr(8), sexpr, eq)    \
    LANES(16, T, vexpr(16), sexpr, eq)
#define F(n) (*(float##n*)fa)
#define G(n) (*(float##n*)fb)
#define I(n) (*(int##n*)ia)
#define J(n) (*(int##n*)ib)
#define S(n) (*(short##n*)sa)
#define U(n) (*(uint##n*)ia)
__kernel void vec(__global const float* fin, __global const int* iin, __global int* out) {
    int i = get_global_id(0);
    float fa[16], fb[16];
    int ia[16], ib[16];
    short sa[16];
    for (int l = 0; l < 16; ++l) {
        fa[l] = fin[(i * 16 + l) % 512];
        fb[l] = fin[(i * 16 + l * 7 + 3) % 512];
        ia[l] = iin[(i * 16 + l) % 512];
        ib[l] = iin[(i * 16 + l * 5 + 1) % 512];
        sa[l] = (short)ia[l];
    }
    int bad = 0;
#define V_EXP(n) exp(F(n))
    ALL_WIDTHS(float, V_EXP, exp(fa[l]), SAME_F)
#define V_POW(n) pow(F(n), G(n))
    ALL_WIDTHS(float, V_POW, pow(fa[l], fb[l]), SAME_F)
#define V_FMIN(n) fmin(F(n), fb[0])
    ALL_WIDTHS(float, V_FMIN, fmin(fa[l], fb[0]), SAME_F)
#define V_ATAN2(n) atan2(F(n), G(n))
    ALL_WIDTHS(float, V_ATAN2, atan2(fa[l], fb[l]), SAME_F)
#define V_MIX(n) mix(F(n), G(n), 0.25f)
    ALL_WIDTHS(float, V_MIX, mix(fa[l], fb[l], 0.25f), SAME_F)
#define V_CVT(n) convert_int##n##_sat_rte(F(n))
    ALL_WIDTHS(int, V_CVT, convert_int_sat_rte(fa[l]), SAME_I)
#define V_CVTF(n) convert_float##n##_rtp(U(n))
    ALL_WIDTHS(float, V_CVTF, convert_float_rtp((uint)ia[l]), SAME_F)
#define V_ADDSAT(n) add_sat(S(n), S(n))
    ALL_WIDTHS(short, V_ADDSAT, add_sat(sa[l], sa[l]), SAME_I)
#define V_CLAMP(n) clamp(I(n), -1000, ib[0])
    ALL_WIDTHS(int, V_CLAMP, clamp(ia[l], -1000, ib[0]), SAME_I)
#define V_ROT(n) rotate(U(n), (uint##n)(7))
    ALL_WIDTHS(uint, V_ROT, rotate((uint)ia[l], 7u), SAME_I)
#define V_CLZ(n) clz(I(n))
    ALL_WIDTHS(int, V_CLZ, clz(ia[l]), SAME_I)
#define V_LESS(n) isless(F(n), G(n))
    ALL_WIDTHS(int, V_LESS, (isless(fa[l], fb[l]) ? -1 : 0), SAME_I)
#define V_SEL(n) select(I(n), J(n), I(n) < J(n))
    ALL_WIDTHS(int, V_SEL, (ia[l] < ib[l] ? ib[l] : ia[l]), SAME_I)
    out[i] = bad;
}
)";

TEST_F(BuiltinsTest, VectorFormsMatchTheScalarFormLaneByLane) {
    std::mt19937 rng(2024);
    std::vector<float> f(512);
    std::vector<int32_t> n(512);
    const float edges[] = {0.0f, -0.0f,    1.0f,      -1.5f, 0.5f,      100.0f, -88.0f, 2.5f,
                           3.5f, INFINITY, -INFINITY, NAN,   0x1p-149f, 3e9f,   -3e9f,  1e-20f};
    for (size_t k = 0; k < f.size(); ++k) {
        f[k] = k < 16 ? edges[k]
                      : std::ldexp(std::uniform_real_distribution<float>(-1, 1)(rng),
                                   static_cast<int>(rng() % 40) - 20);
        n[k] = k == 0 ? INT32_MIN : k == 1 ? INT32_MAX : static_cast<int32_t>(rng());
    }
    Bytes out = run(kVectorForms, "vec", {bytes_of(f), bytes_of(n)}, 64, 64 * 4);
    std::vector<int32_t> bad = values_of<int32_t>(out);
    ASSERT_EQ(bad.size(), 64u);
    for (size_t i = 0; i < bad.size(); ++i) EXPECT_EQ(bad[i], 0) << "item " << i;
}

// The timing platform (the default device): geometric functions on vectors whose squares
// overflow or underflow binary32, against a double reference within 3 ulp.
class BuiltinsTimingTest : public ClTest {
  protected:
    void SetUp() override {
        unsetenv("MVP_FUNCTIONAL");
        ClTest::SetUp();
    }
};

const char kGeometric[] = R"(
__kernel void geo(__global const float4* v, __global float* o) {
    int i = get_global_id(0);
    float4 p = v[i];
    o[8 * i] = length(p);
    o[8 * i + 1] = length(p.xyz);
    o[8 * i + 2] = distance(p.xy, p.zw);
    vstore4(normalize(p), 0, o + 8 * i + 3);
    o[8 * i + 7] = dot(cross(p.xyz, p.wzy), p.xyz);
}
)";

TEST_F(BuiltinsTimingTest, GeometricWithoutOverflowOnTheTimingPlatform) {
    const std::vector<float> in = {3.0f,      4.0f,  0.0f,     12.0f,     1e30f,   -2e30f,
                                   3e30f,     1e20f, 1e-30f,   2e-30f,    -3e-30f, 0.0f,
                                   0x1p-149f, 0.0f,  0.0f,     0x1p-149f, 1.0f,    -1.0f,
                                   0.5f,      0.25f, INFINITY, 2.0f,      1.0f,    -INFINITY};
    const size_t n = in.size() / 4;
    Bytes out_bytes;
    {
        cl_program p = build(kGeometric);
        cl_kernel k = kernel(p, "geo");
        cl_mem bin = buffer(in.size() * 4, in.data());
        cl_mem bout = buffer(8 * 4 * n);
        ASSERT_EQ(clSetKernelArg(k, 0, sizeof bin, &bin), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 1, sizeof bout, &bout), CL_SUCCESS);
        size_t global = n;
        ASSERT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
            CL_SUCCESS);
        out_bytes = read<uint8_t>(bout, 8 * 4 * n);
    }
    std::vector<float> out = values_of<float>(out_bytes);
    auto near = [](float got, double want) {
        if (std::isinf(want)) return got == static_cast<float>(want);
        // ilogb(0) is INT_MIN: the ulp of 0 is the smallest subnormal's.
        const int exponent = want == 0 ? -126 : std::ilogb(static_cast<float>(want));
        double ulp = std::ldexp(1.0, exponent - 23);
        return std::fabs(got - want) <= 3 * std::max(ulp, std::ldexp(1.0, -149));
    };
    for (size_t i = 0; i < n; ++i) {
        const float* q = &in[4 * i];
        const float* r = &out[8 * i];
        double x = q[0], y = q[1], z = q[2], w = q[3];
        double len4 = std::sqrt(x * x + y * y + z * z + w * w);
        SCOPED_TRACE("vector " + std::to_string(i));
        EXPECT_TRUE(near(r[0], len4)) << r[0] << " vs " << len4;
        EXPECT_TRUE(near(r[1], std::sqrt(x * x + y * y + z * z))) << r[1];
        EXPECT_TRUE(near(r[2], std::hypot(x - z, y - w))) << r[2];
        for (int l = 0; l < 4; ++l) {
            // Infinite elements become +-1, the others 0, before normalizing.
            double want = q[l] / len4;
            if (std::isinf(len4)) {
                int infinities = 0;
                for (int e = 0; e < 4; ++e) infinities += std::isinf(q[e]);
                want = std::isinf(q[l]) ? std::copysign(1.0 / std::sqrt(infinities), q[l]) : 0.0;
            }
            EXPECT_TRUE(near(r[3 + l], want)) << "normalize lane " << l << ": " << r[3 + l];
        }
    }
    // cross(a, b) is orthogonal to a: exactly 0 for small integers.
    EXPECT_EQ(out[8 * 4 + 7], 0.0f);
}

}  // namespace
}  // namespace mvp::runtime::test
