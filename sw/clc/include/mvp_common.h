// OpenCL 1.2 common functions (section 6.12.4) for float and floatn, with the forms that take
// scalar arguments: clamp degrees max min mix radians step smoothstep sign. Included by
// mvp_opencl.h.
#pragma once

__MVP_PURE float degrees(float r) { return r * 57.295779513082321f; }
__MVP_PURE float radians(float d) { return d * 0.017453292519943295f; }
__MVP_PURE float mix(float x, float y, float a) { return x + (y - x) * a; }
__MVP_PURE float step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }
__MVP_PURE float smoothstep(float e0, float e1, float x) {
    float t = clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}
// 1 or -1 by the sign; zeros keep theirs, NaN gives 0.
__MVP_PURE float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x == x ? x : 0.0f; }

#define __MVP_COMMON_SCALAR_FORMS(W)                                                            \
    __MVP_PURE float##W min(float##W a, float b) { return min(a, (float##W)b); }                \
    __MVP_PURE float##W max(float##W a, float b) { return max(a, (float##W)b); }                \
    __MVP_PURE float##W clamp(float##W x, float lo, float hi) {                                 \
        return clamp(x, (float##W)lo, (float##W)hi);                                            \
    }                                                                                           \
    __MVP_PURE float##W mix(float##W x, float##W y, float a) { return mix(x, y, (float##W)a); } \
    __MVP_PURE float##W step(float e, float##W x) { return step((float##W)e, x); }              \
    __MVP_PURE float##W smoothstep(float e0, float e1, float##W x) {                            \
        return smoothstep((float##W)e0, (float##W)e1, x);                                       \
    }
__MVP_V2(float, min, float, float)
__MVP_V2(float, max, float, float)
__MVP_V3(float, clamp, float, float, float)
__MVP_V1(float, degrees, float)
__MVP_V1(float, radians, float)
__MVP_V3(float, mix, float, float, float)
__MVP_V2(float, step, float, float)
__MVP_V3(float, smoothstep, float, float, float)
__MVP_V1(float, sign, float)
__MVP_COMMON_SCALAR_FORMS(2)
__MVP_COMMON_SCALAR_FORMS(3)
__MVP_COMMON_SCALAR_FORMS(4)
__MVP_COMMON_SCALAR_FORMS(8)
__MVP_COMMON_SCALAR_FORMS(16)
#undef __MVP_COMMON_SCALAR_FORMS
