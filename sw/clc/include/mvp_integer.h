// OpenCL 1.2 integer functions (section 6.12.3). Included by mvp_opencl.h.
#pragma once

__MVP_PURE uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
__MVP_PURE int mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
#define __MVP_MIN_MAX(T)                                                                       \
    __MVP_PURE T min(T a, T b) { return b < a ? b : a; }                                       \
    __MVP_PURE T max(T a, T b) { return a < b ? b : a; }                                       \
    __MVP_PURE T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
__MVP_MIN_MAX(char)
__MVP_MIN_MAX(uchar)
__MVP_MIN_MAX(short)
__MVP_MIN_MAX(ushort)
__MVP_MIN_MAX(int)
__MVP_MIN_MAX(uint)
__MVP_MIN_MAX(float)
#undef __MVP_MIN_MAX
__MVP_PURE uint abs(int x) { return (uint)(x < 0 ? -x : x); }
__MVP_PURE uint abs(uint x) { return x; }
