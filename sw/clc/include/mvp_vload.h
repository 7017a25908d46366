// OpenCL 1.2 vector data load and store (section 6.12.7): vloadn/vstoren for every element
// type and address space, and the half forms (vload_half[n], vloada_halfn, vstore_half[n] and
// vstorea_halfn in the four rounding modes). half is a storage format: the conversions
// between its bits and float are written here in integer arithmetic, with subnormals,
// infinities and NaN. Included by mvp_opencl.h.
#pragma once

// vloadn(offset, p) reads p[offset * n .. offset * n + n - 1], element by element (p need only
// be aligned to the element).
#define __MVP_VLOAD(T, AS)                                      \
    __MVP_INLINE T##2 vload2(size_t o, const AS T* p) {         \
        p += o * 2;                                             \
        return (T##2)(p[0], p[1]);                              \
    }                                                           \
    __MVP_INLINE T##3 vload3(size_t o, const AS T* p) {         \
        p += o * 3;                                             \
        return (T##3)(p[0], p[1], p[2]);                        \
    }                                                           \
    __MVP_INLINE T##4 vload4(size_t o, const AS T* p) {         \
        return (T##4)(vload2(o * 2, p), vload2(o * 2 + 1, p));  \
    }                                                           \
    __MVP_INLINE T##8 vload8(size_t o, const AS T* p) {         \
        return (T##8)(vload4(o * 2, p), vload4(o * 2 + 1, p));  \
    }                                                           \
    __MVP_INLINE T##16 vload16(size_t o, const AS T* p) {       \
        return (T##16)(vload8(o * 2, p), vload8(o * 2 + 1, p)); \
    }
#define __MVP_VSTORE(T, AS)                                  \
    __MVP_INLINE void vstore2(T##2 v, size_t o, AS T* p) {   \
        p += o * 2;                                          \
        p[0] = v.x;                                          \
        p[1] = v.y;                                          \
    }                                                        \
    __MVP_INLINE void vstore3(T##3 v, size_t o, AS T* p) {   \
        p += o * 3;                                          \
        p[0] = v.x;                                          \
        p[1] = v.y;                                          \
        p[2] = v.z;                                          \
    }                                                        \
    __MVP_INLINE void vstore4(T##4 v, size_t o, AS T* p) {   \
        vstore2(v.lo, o * 2, p);                             \
        vstore2(v.hi, o * 2 + 1, p);                         \
    }                                                        \
    __MVP_INLINE void vstore8(T##8 v, size_t o, AS T* p) {   \
        vstore4(v.lo, o * 2, p);                             \
        vstore4(v.hi, o * 2 + 1, p);                         \
    }                                                        \
    __MVP_INLINE void vstore16(T##16 v, size_t o, AS T* p) { \
        vstore8(v.lo, o * 2, p);                             \
        vstore8(v.hi, o * 2 + 1, p);                         \
    }
#define __MVP_VLOAD_STORE(AS_MACRO, AS) \
    AS_MACRO(char, AS)                  \
    AS_MACRO(uchar, AS)                 \
    AS_MACRO(short, AS)                 \
    AS_MACRO(ushort, AS)                \
    AS_MACRO(int, AS)                   \
    AS_MACRO(uint, AS)                  \
    AS_MACRO(long, AS)                  \
    AS_MACRO(ulong, AS)                 \
    AS_MACRO(float, AS)
__MVP_VLOAD_STORE(__MVP_VLOAD, __global)
__MVP_VLOAD_STORE(__MVP_VLOAD, __local)
__MVP_VLOAD_STORE(__MVP_VLOAD, __constant)
__MVP_VLOAD_STORE(__MVP_VLOAD, __private)
__MVP_VLOAD_STORE(__MVP_VSTORE, __global)
__MVP_VLOAD_STORE(__MVP_VSTORE, __local)
__MVP_VLOAD_STORE(__MVP_VSTORE, __private)
#undef __MVP_VLOAD
#undef __MVP_VSTORE
#undef __MVP_VLOAD_STORE

// half bits -> float, exact: normal numbers rebias the exponent, subnormals are m * 2^-24,
// infinities and NaN keep their payload in the top mantissa bits.
__MVP_PURE float __mvp_half_to_float(ushort h) {
    uint sign = (uint)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f) return as_float(sign | 0x7f800000 | m << 13);
    if (e == 0) return as_float(sign | as_uint((float)m * 0x1p-24f));
    return as_float(sign | (e + 112) << 23 | m << 13);
}

// float -> half bits in a rounding mode (0 nearest even, 1 toward zero, 2 toward +inf, 3 toward
// -inf): the magnitude truncated to 10 fraction bits (fewer for half subnormals) and rounded
// up by one unit from the bits shifted out; a carry moves into the exponent, up to infinity.
__MVP_PURE ushort __mvp_float_to_half(float f, int mode) {
    uint b = as_uint(f), a = b & 0x7fffffff;
    ushort sign = (ushort)((b >> 16) & 0x8000);
    if (a > 0x7f800000) return sign | 0x7e00 | (ushort)((a >> 13) & 0x3ff);
    if (a == 0x7f800000) return sign | 0x7c00;
    int e = (int)(a >> 23) - 127;
    bool away = mode == 2 ? !sign : mode == 3 ? sign != 0 : false;
    if (e >= 16) return sign | (mode == 0 || away ? 0x7c00 : 0x7bff);
    uint sig = e == -127 ? (a & 0x7fffff) << 1 : (a & 0x7fffff) | 0x800000;
    int shift = e >= -14 ? 13 : 13 + (-14 - e);
    uint kept, rest, tie;
    if (shift > 24) {
        kept = 0;
        rest = a != 0;
        tie = 0x80000000u;
    } else {
        kept = sig >> shift;
        rest = sig & ((1u << shift) - 1);
        tie = 1u << (shift - 1);
    }
    uint h = e >= -14 ? ((uint)(e + 15) << 10) + (kept & 0x3ff) : kept;
    bool up = mode == 0 ? rest > tie || (rest == tie && (kept & 1)) : rest != 0 && away;
    return sign | (ushort)(h + up);
}

#define __MVP_HALF_MODE(AS, M, MODE)                                       \
    __MVP_INLINE void vstore_half##M(float v, size_t o, AS half* p) {      \
        ((AS ushort*)p)[o] = __mvp_float_to_half(v, MODE);                 \
    }                                                                      \
    __MVP_INLINE void vstore_half2##M(float2 v, size_t o, AS half* p) {    \
        vstore_half##M(v.x, o * 2, p);                                     \
        vstore_half##M(v.y, o * 2 + 1, p);                                 \
    }                                                                      \
    __MVP_INLINE void vstore_half3##M(float3 v, size_t o, AS half* p) {    \
        vstore_half##M(v.x, o * 3, p);                                     \
        vstore_half##M(v.y, o * 3 + 1, p);                                 \
        vstore_half##M(v.z, o * 3 + 2, p);                                 \
    }                                                                      \
    __MVP_INLINE void vstore_half4##M(float4 v, size_t o, AS half* p) {    \
        vstore_half2##M(v.lo, o * 2, p);                                   \
        vstore_half2##M(v.hi, o * 2 + 1, p);                               \
    }                                                                      \
    __MVP_INLINE void vstore_half8##M(float8 v, size_t o, AS half* p) {    \
        vstore_half4##M(v.lo, o * 2, p);                                   \
        vstore_half4##M(v.hi, o * 2 + 1, p);                               \
    }                                                                      \
    __MVP_INLINE void vstore_half16##M(float16 v, size_t o, AS half* p) {  \
        vstore_half8##M(v.lo, o * 2, p);                                   \
        vstore_half8##M(v.hi, o * 2 + 1, p);                               \
    }                                                                      \
    __MVP_INLINE void vstorea_half2##M(float2 v, size_t o, AS half* p) {   \
        vstore_half2##M(v, o, p);                                          \
    }                                                                      \
    __MVP_INLINE void vstorea_half3##M(float3 v, size_t o, AS half* p) {   \
        vstore_half3##M(v, 0, p + o * 4);                                  \
    }                                                                      \
    __MVP_INLINE void vstorea_half4##M(float4 v, size_t o, AS half* p) {   \
        vstore_half4##M(v, o, p);                                          \
    }                                                                      \
    __MVP_INLINE void vstorea_half8##M(float8 v, size_t o, AS half* p) {   \
        vstore_half8##M(v, o, p);                                          \
    }                                                                      \
    __MVP_INLINE void vstorea_half16##M(float16 v, size_t o, AS half* p) { \
        vstore_half16##M(v, o, p);                                         \
    }
#define __MVP_HALF_STORE(AS)     \
    __MVP_HALF_MODE(AS, , 0)     \
    __MVP_HALF_MODE(AS, _rte, 0) \
    __MVP_HALF_MODE(AS, _rtz, 1) \
    __MVP_HALF_MODE(AS, _rtp, 2) \
    __MVP_HALF_MODE(AS, _rtn, 3)
#define __MVP_HALF_LOAD(AS)                                                                        \
    __MVP_INLINE float vload_half(size_t o, const AS half* p) {                                    \
        return __mvp_half_to_float(((const AS ushort*)p)[o]);                                      \
    }                                                                                              \
    __MVP_INLINE float2 vload_half2(size_t o, const AS half* p) {                                  \
        return (float2)(vload_half(o * 2, p), vload_half(o * 2 + 1, p));                           \
    }                                                                                              \
    __MVP_INLINE float3 vload_half3(size_t o, const AS half* p) {                                  \
        return (float3)(vload_half(o * 3, p), vload_half(o * 3 + 1, p), vload_half(o * 3 + 2, p)); \
    }                                                                                              \
    __MVP_INLINE float4 vload_half4(size_t o, const AS half* p) {                                  \
        return (float4)(vload_half2(o * 2, p), vload_half2(o * 2 + 1, p));                         \
    }                                                                                              \
    __MVP_INLINE float8 vload_half8(size_t o, const AS half* p) {                                  \
        return (float8)(vload_half4(o * 2, p), vload_half4(o * 2 + 1, p));                         \
    }                                                                                              \
    __MVP_INLINE float16 vload_half16(size_t o, const AS half* p) {                                \
        return (float16)(vload_half8(o * 2, p), vload_half8(o * 2 + 1, p));                        \
    }                                                                                              \
    __MVP_INLINE float2 vloada_half2(size_t o, const AS half* p) { return vload_half2(o, p); }     \
    __MVP_INLINE float3 vloada_half3(size_t o, const AS half* p) {                                 \
        return vload_half3(0, p + o * 4);                                                          \
    }                                                                                              \
    __MVP_INLINE float4 vloada_half4(size_t o, const AS half* p) { return vload_half4(o, p); }     \
    __MVP_INLINE float8 vloada_half8(size_t o, const AS half* p) { return vload_half8(o, p); }     \
    __MVP_INLINE float16 vloada_half16(size_t o, const AS half* p) { return vload_half16(o, p); }
__MVP_HALF_LOAD(__global)
__MVP_HALF_LOAD(__local)
__MVP_HALF_LOAD(__constant)
__MVP_HALF_LOAD(__private)
__MVP_HALF_STORE(__global)
__MVP_HALF_STORE(__local)
__MVP_HALF_STORE(__private)
#undef __MVP_HALF_MODE
#undef __MVP_HALF_STORE
#undef __MVP_HALF_LOAD
