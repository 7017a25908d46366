// OpenCL 1.2 math functions (section 6.12.2), single precision, with their native_ and half_
// forms. Included by mvp_opencl.h.
#pragma once

__MVP_PURE float fmin(float a, float b) { return __builtin_fminf(a, b); }
__MVP_PURE float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
__MVP_PURE float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float mad(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float fabs(float a) { return __builtin_fabsf(a); }
__MVP_PURE float copysign(float a, float b) { return __builtin_copysignf(a, b); }
__MVP_PURE float sqrt(float a) { return __builtin_sqrtf(a); }
__MVP_PURE float native_sqrt(float a) { return __builtin_sqrtf(a); }
__MVP_PURE float native_recip(float a) {
    float r;
    __asm__("# mvp: frcp %0, %1" : "=r"(r) : "r"(a));
    return r;
}
__MVP_PURE float native_divide(float a, float b) { return a * native_recip(b); }

__MVP_V2(float, fmin, float, float)
__MVP_V2(float, fmax, float, float)
__MVP_V3(float, fma, float, float, float)
__MVP_V3(float, mad, float, float, float)
__MVP_V1(float, fabs, float)
__MVP_V2(float, copysign, float, float)
__MVP_V1(float, sqrt, float)
