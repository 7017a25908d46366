// OpenCL 1.2 geometric functions (section 6.12.5) for float, float2, float3 and float4:
// cross dot distance length normalize fast_distance fast_length fast_normalize. length and
// normalize scale by a power of two when the largest component is huge or tiny, so that the
// sum of squares neither overflows nor underflows; normalize multiplies by the reciprocal
// square root so that a subnormal result is rounded once. Included by mvp_opencl.h.
#pragma once

__MVP_PURE float dot(float a, float b) { return a * b; }
__MVP_PURE float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
__MVP_PURE float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__MVP_PURE float dot(float4 a, float4 b) { return dot(a.lo, b.lo) + dot(a.hi, b.hi); }
__MVP_PURE float3 cross(float3 a, float3 b) {
    return (float3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__MVP_PURE float4 cross(float4 a, float4 b) { return (float4)(cross(a.xyz, b.xyz), 0.0f); }

__MVP_PURE float __mvp_max_abs(float a) { return __builtin_fabsf(a); }
__MVP_PURE float __mvp_max_abs(float2 a) {
    return __builtin_fmaxf(__builtin_fabsf(a.x), __builtin_fabsf(a.y));
}
__MVP_PURE float __mvp_max_abs(float3 a) {
    return __builtin_fmaxf(__mvp_max_abs(a.xy), __builtin_fabsf(a.z));
}
__MVP_PURE float __mvp_max_abs(float4 a) {
    return __builtin_fmaxf(__mvp_max_abs(a.lo), __mvp_max_abs(a.hi));
}
// The power of two that brings a largest magnitude m (subnormals included) into [2^-63, 2^63]
// (1 when it is there).
__MVP_PURE float __mvp_geometric_scale(float m) {
    return m > 0x1p63f ? 0x1p-70f : m < 0x1p-100f ? 0x1p126f : m < 0x1p-63f ? 0x1p70f : 1.0f;
}

#define __MVP_GEOMETRIC(T)                                                      \
    __MVP_FUNC_PURE float length(T p) {                                         \
        float m = __mvp_max_abs(p);                                             \
        if (m == 0.0f || m == INFINITY || m != m) return m;                     \
        float s = __mvp_geometric_scale(m);                                     \
        T q = p * s;                                                            \
        return sqrt(dot(q, q)) * (1.0f / s);                                    \
    }                                                                           \
    __MVP_PURE float distance(T a, T b) { return length(a - b); }               \
    __MVP_FUNC_PURE T normalize(T p) {                                          \
        float m = __mvp_max_abs(p);                                             \
        if (m == 0.0f || m != m) return p;                                      \
        if (m == INFINITY) {                                                    \
            p = copysign(select((T)0.0f, (T)1.0f, isinf(p)), p);                \
            m = 1.0f;                                                           \
        }                                                                       \
        float s = __mvp_geometric_scale(m);                                     \
        T q = p * s;                                                            \
        float r = rsqrt(dot(q, q));                                             \
        /* Scaled down, q has lost the low bits of small components: they are   \
           multiplied unscaled (p * r <= 2^70) and scaled after, exactly unless \
           subnormal. Scaled up, q is exact. */                                 \
        return s < 1.0f ? (p * r) * s : q * r;                                  \
    }                                                                           \
    __MVP_PURE float fast_length(T p) { return sqrt(dot(p, p)); }               \
    __MVP_PURE float fast_distance(T a, T b) { return fast_length(a - b); }     \
    __MVP_PURE T fast_normalize(T p) { return p * half_rsqrt(dot(p, p)); }
__MVP_GEOMETRIC(float)
__MVP_GEOMETRIC(float2)
__MVP_GEOMETRIC(float3)
__MVP_GEOMETRIC(float4)
#undef __MVP_GEOMETRIC
