// OpenCL 1.2 integer functions (section 6.12.3), and OpenCL 2.0's ctz, for char, uchar, short,
// ushort, int, uint, long and ulong, scalar and 2/3/4/8/16-wide vectors (the vector forms element
// by element, from __MVP_V1/V2/V3), and the scalar float min, max and clamp. Included by
// mvp_opencl.h.
#pragma once

// 64-bit count of leading zeros of x != 0 from the 32-bit one.
__MVP_PURE int __mvp_clz64(ulong x) {
    uint hi = (uint)(x >> 32);
    return hi != 0 ? __builtin_clz(hi) : 32 + __builtin_clz((uint)x);
}

// The functions whose definition is the same for every width: T with unsigned UT, N bits.
#define __MVP_INT_COMMON(T, UT, N)                                                                 \
    __MVP_PURE T min(T a, T b) { return b < a ? b : a; }                                           \
    __MVP_PURE T max(T a, T b) { return a < b ? b : a; }                                           \
    __MVP_PURE T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                            \
    __MVP_PURE UT abs_diff(T x, T y) { return x > y ? (UT)((UT)x - (UT)y) : (UT)((UT)y - (UT)x); } \
    __MVP_PURE T hadd(T x, T y) { return (T)((x >> 1) + (y >> 1) + (x & y & 1)); }                 \
    __MVP_PURE T rhadd(T x, T y) { return (T)((x >> 1) + (y >> 1) + ((x | y) & 1)); }              \
    __MVP_PURE T rotate(T v, T i) {                                                                \
        UT u = (UT)v;                                                                              \
        uint s = (uint)(UT)i & (N - 1);                                                            \
        return (T)(UT)((UT)(u << s) | (UT)(u >> ((N - s) & (N - 1))));                             \
    }                                                                                              \
    __MVP_PURE T clz(T x) {                                                                        \
        return (UT)x == 0                                                                          \
                   ? (T)N                                                                          \
                   : (T)(N <= 32 ? __builtin_clz((uint)(UT)x) - (32 - N) : __mvp_clz64((ulong)x)); \
    }                                                                                              \
    __MVP_PURE T popcount(T x) {                                                                   \
        return (T)(N <= 32 ? __builtin_popcount((uint)(UT)x) : __builtin_popcountll((ulong)x));    \
    }                                                                                              \
    __MVP_PURE T ctz(T x) {                                                                        \
        return (UT)x == 0 ? (T)N                                                                   \
                          : (T)(N <= 32 ? __builtin_ctz((uint)(UT)x) : __builtin_ctzll((ulong)x)); \
    }                                                                                              \
    __MVP_PURE T mad_hi(T a, T b, T c) { return (T)(mul_hi(a, b) + c); }
#define __MVP_INT_SIGNED_ABS(T, UT) \
    __MVP_PURE UT abs(T x) { return x < 0 ? (UT)((UT)0 - (UT)x) : (UT)x; }
#define __MVP_INT_UNSIGNED_ABS(T) \
    __MVP_PURE T abs(T x) { return x; }

// 8- and 16-bit types: exact in int (mad_sat in long), then clamped.
__MVP_PURE int __mvp_clamp_int(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
#define __MVP_INT_NARROW(T, UT, N, LO, HI)                                                 \
    __MVP_PURE T mul_hi(T a, T b) { return (T)(((int)a * (int)b) >> N); }                  \
    __MVP_PURE T add_sat(T x, T y) { return (T)__mvp_clamp_int((int)x + (int)y, LO, HI); } \
    __MVP_PURE T sub_sat(T x, T y) { return (T)__mvp_clamp_int((int)x - (int)y, LO, HI); } \
    __MVP_PURE T mad_sat(T a, T b, T c) {                                                  \
        long v = (long)a * b + c;                                                          \
        return (T)(v < (LO) ? (LO) : v > (HI) ? (HI) : v);                                 \
    }                                                                                      \
    __MVP_INT_COMMON(T, UT, N)

// 32- and 64-bit types: overflow of the wrapped sum or difference from the operands' signs.
#define __MVP_INT_WIDE_SIGNED(T, UT, N, LO, HI)                     \
    __MVP_PURE T add_sat(T x, T y) {                                \
        T r = (T)((UT)x + (UT)y);                                   \
        return ((x ^ r) & (y ^ r)) < 0 ? (x < 0 ? (LO) : (HI)) : r; \
    }                                                               \
    __MVP_PURE T sub_sat(T x, T y) {                                \
        T r = (T)((UT)x - (UT)y);                                   \
        return ((x ^ y) & (x ^ r)) < 0 ? (x < 0 ? (LO) : (HI)) : r; \
    }                                                               \
    __MVP_INT_COMMON(T, UT, N)
#define __MVP_INT_WIDE_UNSIGNED(T, N, HI)                               \
    __MVP_PURE T add_sat(T x, T y) { return x + y < x ? (HI) : x + y; } \
    __MVP_PURE T sub_sat(T x, T y) { return x < y ? 0 : x - y; }        \
    __MVP_INT_COMMON(T, T, N)

__MVP_PURE uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
__MVP_PURE int mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
// The high 64 bits of the 128-bit product from four 32 x 32 -> 64 products; the signed one
// subtracts what reading a negative operand as unsigned added.
__MVP_PURE ulong mul_hi(ulong a, ulong b) {
    ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
    ulong p01 = a0 * b1, p10 = a1 * b0;
    ulong mid = ((a0 * b0) >> 32) + (uint)p01 + (uint)p10;
    return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
__MVP_PURE long mul_hi(long a, long b) {
    ulong h = mul_hi((ulong)a, (ulong)b);
    return (long)(h - (a < 0 ? (ulong)b : 0) - (b < 0 ? (ulong)a : 0));
}

__MVP_INT_NARROW(char, uchar, 8, CHAR_MIN, CHAR_MAX)
__MVP_INT_NARROW(uchar, uchar, 8, 0, UCHAR_MAX)
__MVP_INT_NARROW(short, ushort, 16, SHRT_MIN, SHRT_MAX)
__MVP_INT_NARROW(ushort, ushort, 16, 0, USHRT_MAX)
__MVP_INT_WIDE_SIGNED(int, uint, 32, INT_MIN, INT_MAX)
__MVP_INT_WIDE_UNSIGNED(uint, 32, UINT_MAX)
__MVP_INT_WIDE_SIGNED(long, ulong, 64, LONG_MIN, LONG_MAX)
__MVP_INT_WIDE_UNSIGNED(ulong, 64, ULONG_MAX)
__MVP_INT_SIGNED_ABS(char, uchar)
__MVP_INT_SIGNED_ABS(short, ushort)
__MVP_INT_SIGNED_ABS(int, uint)
__MVP_INT_SIGNED_ABS(long, ulong)
__MVP_INT_UNSIGNED_ABS(uchar)
__MVP_INT_UNSIGNED_ABS(ushort)
__MVP_INT_UNSIGNED_ABS(uint)
__MVP_INT_UNSIGNED_ABS(ulong)

__MVP_PURE int mad_sat(int a, int b, int c) {
    long v = (long)a * b + c;
    return v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
}
__MVP_PURE uint mad_sat(uint a, uint b, uint c) {
    ulong v = (ulong)a * b + c;
    return v > UINT_MAX ? UINT_MAX : (uint)v;
}
// 128-bit a * b + c as high and low words; saturated when the high word is not the low
// word's sign extension (signed) or not 0 (unsigned).
__MVP_PURE long mad_sat(long a, long b, long c) {
    ulong lo = (ulong)a * (ulong)b, sum = lo + (ulong)c;
    long hi = mul_hi(a, b) + (c < 0 ? -1 : 0) + (sum < lo);
    return hi == ((long)sum >> 63) ? (long)sum : hi < 0 ? LONG_MIN : LONG_MAX;
}
__MVP_PURE ulong mad_sat(ulong a, ulong b, ulong c) {
    ulong lo = a * b, sum = lo + c;
    return mul_hi(a, b) != 0 || sum < lo ? ULONG_MAX : sum;
}

// 24-bit multiplies: the operands' low 24 bits (sign-extended for int).
__MVP_PURE int mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
__MVP_PURE uint mul24(uint a, uint b) { return (a & 0xffffff) * (b & 0xffffff); }
__MVP_PURE int mad24(int a, int b, int c) { return mul24(a, b) + c; }
__MVP_PURE uint mad24(uint a, uint b, uint c) { return mul24(a, b) + c; }

__MVP_PURE short upsample(char hi, uchar lo) { return (short)((ushort)(uchar)hi << 8 | lo); }
__MVP_PURE ushort upsample(uchar hi, uchar lo) { return (ushort)((ushort)hi << 8 | lo); }
__MVP_PURE int upsample(short hi, ushort lo) { return (int)((uint)(ushort)hi << 16 | lo); }
__MVP_PURE uint upsample(ushort hi, ushort lo) { return (uint)hi << 16 | lo; }
__MVP_PURE long upsample(int hi, uint lo) { return (long)((ulong)(uint)hi << 32 | lo); }
__MVP_PURE ulong upsample(uint hi, uint lo) { return (ulong)hi << 32 | lo; }

__MVP_PURE float min(float a, float b) { return b < a ? b : a; }
__MVP_PURE float max(float a, float b) { return a < b ? b : a; }
__MVP_PURE float clamp(float x, float lo, float hi) { return min(max(x, lo), hi); }

// Vector forms, and the (vector, scalar) forms of min, max and clamp.
#define __MVP_INT_VECTORS_W(T, UT, W)                            \
    __MVP_PURE T##W min(T##W a, T b) { return min(a, (T##W)b); } \
    __MVP_PURE T##W max(T##W a, T b) { return max(a, (T##W)b); } \
    __MVP_PURE T##W clamp(T##W x, T lo, T hi) { return clamp(x, (T##W)lo, (T##W)hi); }
#define __MVP_INT_VECTORS(T, UT)  \
    __MVP_V2(T, min, T, T)        \
    __MVP_V2(T, max, T, T)        \
    __MVP_V3(T, clamp, T, T, T)   \
    __MVP_V1(UT, abs, T)          \
    __MVP_V2(UT, abs_diff, T, T)  \
    __MVP_V2(T, add_sat, T, T)    \
    __MVP_V2(T, sub_sat, T, T)    \
    __MVP_V2(T, hadd, T, T)       \
    __MVP_V2(T, rhadd, T, T)      \
    __MVP_V1(T, clz, T)           \
    __MVP_V1(T, popcount, T)      \
    __MVP_V1(T, ctz, T)           \
    __MVP_V2(T, rotate, T, T)     \
    __MVP_V2(T, mul_hi, T, T)     \
    __MVP_V3(T, mad_hi, T, T, T)  \
    __MVP_V3(T, mad_sat, T, T, T) \
    __MVP_INT_VECTORS_W(T, UT, 2) \
    __MVP_INT_VECTORS_W(T, UT, 3) \
    __MVP_INT_VECTORS_W(T, UT, 4) \
    __MVP_INT_VECTORS_W(T, UT, 8) \
    __MVP_INT_VECTORS_W(T, UT, 16)
__MVP_INT_VECTORS(char, uchar)
__MVP_INT_VECTORS(uchar, uchar)
__MVP_INT_VECTORS(short, ushort)
__MVP_INT_VECTORS(ushort, ushort)
__MVP_INT_VECTORS(int, uint)
__MVP_INT_VECTORS(uint, uint)
__MVP_INT_VECTORS(long, ulong)
__MVP_INT_VECTORS(ulong, ulong)
__MVP_V2(int, mul24, int, int)
__MVP_V2(uint, mul24, uint, uint)
__MVP_V3(int, mad24, int, int, int)
__MVP_V3(uint, mad24, uint, uint, uint)
__MVP_V2(short, upsample, char, uchar)
__MVP_V2(ushort, upsample, uchar, uchar)
__MVP_V2(int, upsample, short, ushort)
__MVP_V2(uint, upsample, ushort, ushort)
__MVP_V2(long, upsample, int, uint)
__MVP_V2(ulong, upsample, uint, uint)

#undef __MVP_INT_COMMON
#undef __MVP_INT_SIGNED_ABS
#undef __MVP_INT_UNSIGNED_ABS
#undef __MVP_INT_NARROW
#undef __MVP_INT_WIDE_SIGNED
#undef __MVP_INT_WIDE_UNSIGNED
#undef __MVP_INT_VECTORS_W
#undef __MVP_INT_VECTORS
