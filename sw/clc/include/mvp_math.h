// OpenCL 1.2 math functions (section 6.12.2), single precision, with their native_ and half_
// forms. Included by mvp_opencl.h.
//
// The SFU instructions (frcp fsqrt frsqrt fsin fcos fexp2 flog2, each within 2 ulp of the
// correctly rounded result) are used where they meet the full-profile bound on their own:
// sqrt, rsqrt, sin, cos, exp2, log2 and every native_/half_ form. exp, exp10, pow, powr, pown
// and rootn give fexp2 an argument carried as a float pair (hi + lo); log, log10, log1p and the
// pair logarithm of pow use a reduction to [sqrt(1/2), sqrt(2)) and the atanh series; the
// inverse trigonometric, error and gamma functions use a reduction and a polynomial whose
// coefficients come from sw/clc/tools/math_coefficients.py; the rest are exact bit operations.
// doc/opencl-c.md lists each function's bound and its measured worst error.
#pragma once

__MVP_PURE float fmin(float a, float b) { return __builtin_fminf(a, b); }
__MVP_PURE float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
__MVP_PURE float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float mad(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float fabs(float a) { return __builtin_fabsf(a); }
__MVP_PURE float copysign(float a, float b) { return __builtin_copysignf(a, b); }
__MVP_PURE float sqrt(float a) { return __builtin_sqrtf(a); }

#define __MVP_SFU(name, instr)                                                                 \
    __MVP_PURE float name(float a) {                                                           \
        float r;                                                                               \
        __asm__("# mvp: " #instr " %0, %1" : "=r"(r) : "r"(a));                                \
        return r;                                                                              \
    }
__MVP_SFU(native_recip, frcp)
__MVP_SFU(native_rsqrt, frsqrt)
__MVP_SFU(native_sin, fsin)
__MVP_SFU(native_cos, fcos)
__MVP_SFU(native_exp2, fexp2)
__MVP_SFU(native_log2, flog2)
#undef __MVP_SFU
__MVP_PURE float native_sqrt(float a) { return __builtin_sqrtf(a); }
__MVP_PURE float native_divide(float a, float b) { return a * native_recip(b); }
__MVP_PURE float native_tan(float a) { return native_sin(a) * native_recip(native_cos(a)); }
__MVP_PURE float native_exp(float a) { return native_exp2(a * 0x1.715476p+0f); }
__MVP_PURE float native_exp10(float a) { return native_exp2(a * 0x1.a934f0p+1f); }
__MVP_PURE float native_log(float a) { return native_log2(a) * 0x1.62e430p-1f; }
__MVP_PURE float native_log10(float a) { return native_log2(a) * 0x1.344136p-2f; }
__MVP_PURE float native_powr(float x, float y) { return native_exp2(y * native_log2(x)); }

__MVP_PURE float half_recip(float a) { return native_recip(a); }
__MVP_PURE float half_rsqrt(float a) { return native_rsqrt(a); }
__MVP_PURE float half_sqrt(float a) { return native_sqrt(a); }
// frcp takes a subnormal divisor for zero: both operands scaled by 2^24 keep the quotient (a
// subnormal dividend stays meaningful, as the multiplier keeps subnormals).
__MVP_PURE float half_divide(float a, float b) {
    const float s = __builtin_fabsf(b) < 0x1p-126f ? 0x1p24f : 1.0f;
    return native_divide(a * s, b * s);
}
__MVP_PURE float half_sin(float a) { return native_sin(a); }
__MVP_PURE float half_cos(float a) { return native_cos(a); }
__MVP_PURE float half_tan(float a) { return native_tan(a); }
__MVP_PURE float half_exp(float a) { return native_exp(a); }
__MVP_PURE float half_exp2(float a) { return native_exp2(a); }
__MVP_PURE float half_exp10(float a) { return native_exp10(a); }
__MVP_PURE float half_log(float a) { return native_log(a); }
__MVP_PURE float half_log2(float a) { return native_log2(a); }
__MVP_PURE float half_log10(float a) { return native_log10(a); }
__MVP_PURE float half_powr(float x, float y) { return native_powr(x, y); }

// SFU-exact forms: rsqrt, sin, cos, exp2 and log2 meet their bounds (2, 4, 4, 3, 3 ulp).
__MVP_PURE float rsqrt(float a) { return native_rsqrt(a); }
__MVP_PURE float sin(float a) { return native_sin(a); }
__MVP_PURE float cos(float a) { return native_cos(a); }
__MVP_PURE float exp2(float a) { return native_exp2(a); }
__MVP_PURE float log2(float a) { return native_log2(a); }

// Bit-level helpers.
__MVP_PURE int __mvp_isnan(float x) { return (as_uint(x) & 0x7fffffffu) > 0x7f800000u; }
__MVP_PURE int __mvp_isinf(float x) { return (as_uint(x) & 0x7fffffffu) == 0x7f800000u; }
__MVP_PURE int __mvp_isfinite(float x) { return (as_uint(x) & 0x7fffffffu) < 0x7f800000u; }
// 2^n for -149 <= n <= 127 (subnormal powers included).
__MVP_PURE float __mvp_pow2(int n) {
    return n >= -126 ? as_float((uint)(n + 127) << 23) : as_float(1u << (n + 149));
}
// v * 2^n for |v| in [0.5, 2] and -152 <= n <= 129: the first product is exact, the second
// rounds once (to a subnormal or to infinity when the result leaves the normal range).
__MVP_PURE float __mvp_scale(float v, int n) {
    int a = n >> 1;
    return v * __mvp_pow2(a) * __mvp_pow2(n - a);
}

// Rounding to integral values. Every float of magnitude 2^23 or more is an integer.
__MVP_PURE float rint(float x) {
    float a = __builtin_fabsf(x);
    if (!(a < 0x1p23f)) return x;
    return __builtin_copysignf((a + 0x1p23f) - 0x1p23f, x);
}
__MVP_PURE float trunc(float x) {
    if (!(__builtin_fabsf(x) < 0x1p23f)) return x;
    return __builtin_copysignf((float)(int)x, x);
}
__MVP_PURE float floor(float x) {
    float t = trunc(x);
    return t > x ? t - 1.0f : t;
}
__MVP_PURE float ceil(float x) {
    float t = trunc(x);
    return t < x ? t + 1.0f : t;
}
__MVP_PURE float round(float x) {
    float t = trunc(x);
    return __builtin_fabsf(x - t) >= 0.5f ? t + __builtin_copysignf(1.0f, x) : t;
}

// Exact functions on the representation.
__MVP_PURE float fdim(float x, float y) {
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    return x > y ? x - y : 0.0f;
}
__MVP_PURE float maxmag(float x, float y) {
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    if (ax > ay) return x;
    if (ay > ax) return y;
    return fmax(x, y);
}
__MVP_PURE float minmag(float x, float y) {
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    if (ax < ay) return x;
    if (ay < ax) return y;
    return fmin(x, y);
}
__MVP_PURE float nan(uint code) { return as_float(0x7fc00000u | (code & 0x003fffffu)); }
__MVP_PURE float nextafter(float x, float y) {
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    if (x == y) return y;
    if (x == 0.0f) return __builtin_copysignf(as_float(1u), y);
    uint u = as_uint(x);
    return as_float((x < y) == (x > 0.0f) ? u + 1u : u - 1u);
}
__MVP_FUNC_PURE float ldexp(float x, int n) {
    n = n > 300 ? 300 : (n < -300 ? -300 : n);
    while (n > 127) {
        x *= 0x1p127f;
        n -= 127;
    }
    while (n < -126 && __builtin_fabsf(x) >= 1.0f) {
        x *= 0x1p-126f;
        n += 126;
    }
    if (n < -149) return x * 0.0f;
    return x * __mvp_pow2(n);
}
// The unbiased exponent of a finite nonzero x (subnormals included).
__MVP_PURE int __mvp_exponent(float x) {
    uint u = as_uint(x) & 0x7fffffffu;
    if (u >= 0x00800000u) return (int)(u >> 23) - 127;
    return (int)(as_uint(x * 0x1p24f) << 1 >> 24) - 151;
}
__MVP_PURE int ilogb(float x) {
    if (x == 0.0f) return FP_ILOGB0;
    if (__mvp_isnan(x)) return FP_ILOGBNAN;
    if (__mvp_isinf(x)) return 0x7fffffff;
    return __mvp_exponent(x);
}
__MVP_PURE float logb(float x) {
    if (x == 0.0f) return -__builtin_inff();
    if (!__mvp_isfinite(x)) return x * x;
    return (float)__mvp_exponent(x);
}
__MVP_INLINE float frexp(float x, __private int* e) {
    if (x == 0.0f || !__mvp_isfinite(x)) {
        *e = 0;
        return x;
    }
    int k = __mvp_exponent(x) + 1;
    *e = k;
    return ldexp(x, -k);
}
__MVP_INLINE float modf(float x, __private float* ip) {
    float t = trunc(x);
    *ip = t;
    return __builtin_copysignf(__mvp_isinf(x) ? 0.0f : x - t, x);
}
__MVP_INLINE float fract(float x, __private float* ip) {
    float f = floor(x);
    *ip = f;
    if (__mvp_isnan(x)) return x;
    if (__mvp_isinf(x)) return __builtin_copysignf(0.0f, x);
    float r = __builtin_fminf(x - f, 0x1.fffffep-1f);
    return r == 0.0f ? __builtin_copysignf(0.0f, x) : r;
}

// fmod, remainder and remquo: long division of the significands, one quotient bit a step
// (at most 277 steps), exact. *q receives the low bits of the truncated quotient.
__MVP_FUNC float __mvp_fmod_core(float ax, float ay, __private uint* q) {
    int ex = __mvp_exponent(ax), ey = __mvp_exponent(ay);
    uint mx = as_uint(ldexp(ax, -ex)) & 0x007fffffu | 0x00800000u;
    uint my = as_uint(ldexp(ay, -ey)) & 0x007fffffu | 0x00800000u;
    uint bits = 0;
    for (int n = ex - ey; n > 0; --n) {
        uint take = mx >= my;
        if (take) mx -= my;
        bits = (bits << 1) | take;
        mx <<= 1;
    }
    uint take = mx >= my;
    if (take) mx -= my;
    *q = (bits << 1) | take;
    return ldexp((float)mx, ey - 23);
}
__MVP_FUNC_PURE float fmod(float x, float y) {
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    if (__mvp_isnan(x) || __mvp_isnan(y) || __mvp_isinf(x) || y == 0.0f) return (x * y) / (x * y);
    if (ax < ay || __mvp_isinf(y)) return x;
    uint q;
    return __builtin_copysignf(__mvp_fmod_core(ax, ay, &q), x);
}
__MVP_INLINE float remquo(float x, float y, __private int* quo) {
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    *quo = 0;
    if (__mvp_isnan(x) || __mvp_isnan(y) || __mvp_isinf(x) || y == 0.0f) return (x * y) / (x * y);
    if (__mvp_isinf(y)) return x;
    uint q = 0;
    float r = ax;
    if (ax >= ay) r = __mvp_fmod_core(ax, ay, &q);
    // Round the quotient to nearest even: r and ay - r are exact.
    float d = ay - r;
    if (r > d || (r == d && (q & 1u))) {
        r = -d;
        q += 1u;
    }
    int n = (int)(q & 0x7fu);
    *quo = (as_uint(x) ^ as_uint(y)) >> 31 ? -n : n;
    return as_float(as_uint(r) ^ (as_uint(x) & 0x80000000u));
}
__MVP_PURE float remainder(float x, float y) {
    int q;
    return remquo(x, y, &q);
}

// Exponentials. 2^(h + l) for a pair h + l (|l| <= ulp(h)): fexp2 of the reduced argument,
// scaled exactly.
__MVP_FUNC_PURE float __mvp_exp2_pair(float h, float l) {
    if (__mvp_isnan(h)) return h;
    if (h > 129.0f) return __builtin_inff();
    if (h < -152.0f) return 0.0f;
    float n = rint(h);
    return __mvp_scale(native_exp2((h - n) + l), (int)n);
}
// e^(h + l) for a pair.
__MVP_PURE float __mvp_exp_pair(float h, float l) {
    float t = h * 0x1.715476p+0f;
    float e = __builtin_fmaf(h, 0x1.715476p+0f, -t);
    return __mvp_exp2_pair(t, e + __builtin_fmaf(h, 0x1.4ae0c0p-26f, l * 0x1.715476p+0f));
}
__MVP_PURE float exp(float x) { return __mvp_exp_pair(x, 0.0f); }
__MVP_PURE float exp10(float x) {
    float t = x * 0x1.a934f0p+1f;
    return __mvp_exp2_pair(t, __builtin_fmaf(x, 0x1.a934f0p+1f, -t) + x * 0x1.2f346ep-24f);
}
__MVP_FUNC_PURE float expm1(float x) {
    if (__mvp_isnan(x)) return x;
    if (x > 88.75f) return __builtin_inff();
    if (x < -17.33f) return -1.0f;
    if (__builtin_fabsf(x) < 0x1p-25f) return x;
    float n = rint(x * 0x1.715476p+0f);
    float r = __builtin_fmaf(-n, 0x1.62e400p-1f, x);
    r = __builtin_fmaf(-n, 0x1.7f7d1cp-20f, r);
    float r2 = r * r;
    float q = 1.0f / 362880;
    q = __builtin_fmaf(q, r, 1.0f / 40320);
    q = __builtin_fmaf(q, r, 1.0f / 5040);
    q = __builtin_fmaf(q, r, 1.0f / 720);
    q = __builtin_fmaf(q, r, 1.0f / 120);
    q = __builtin_fmaf(q, r, 1.0f / 24);
    q = __builtin_fmaf(q, r, 1.0f / 6);
    q = __builtin_fmaf(q, r, 0.5f);
    float p = __builtin_fmaf(r2, q, r);  // e^r - 1
    int k = (int)n;
    if (k == 0) return p;
    if (k > 24) return __mvp_scale(p + 1.0f, k);
    float s = __mvp_pow2(k);
    if (k < -1) return __builtin_fmaf(s, p, s) - 1.0f;
    return __builtin_fmaf(s, p, s - 1.0f);
}

// Logarithms. For a positive finite x, log(x) = k ln2 + hi + lo with hi + lo = 2 atanh(s),
// s = (m - 1) / (m + 1) carried as a pair, m = x / 2^k in [sqrt(1/2), sqrt(2)).
__MVP_INLINE float __mvp_log_core(float x, __private float* hi, __private float* lo) {
    uint u = as_uint(x);
    int k = 0;
    if (u < 0x00800000u) {
        u = as_uint(x * 0x1p24f);
        k = -24;
    }
    k += (int)(u >> 23) - 127;
    u &= 0x007fffffu;
    if (u > 0x003504f3u) {
        u |= 0x3f000000u;
        k += 1;
    } else {
        u |= 0x3f800000u;
    }
    float m = as_float(u);
    float f = m - 1.0f;
    float dh = 1.0f + m;
    float dl = m - (dh - 1.0f);
    float sh = f / dh;
    float sl = (__builtin_fmaf(-sh, dh, f) - sh * dl) / dh;
    float z = sh * sh;
    float t = 2.0f / 11;
    t = __builtin_fmaf(t, z, 2.0f / 9);
    t = __builtin_fmaf(t, z, 2.0f / 7);
    t = __builtin_fmaf(t, z, 2.0f / 5);
    t = __builtin_fmaf(t, z, 2.0f / 3);
    *hi = 2.0f * sh;
    *lo = __builtin_fmaf(sh * z, t, 2.0f * sl);
    return (float)k;
}
// log(x) as a pair (h + l), x positive and finite.
__MVP_INLINE void __mvp_log_pair(float x, __private float* h, __private float* l) {
    float hi, lo;
    float k = __mvp_log_core(x, &hi, &lo);
    float kh = k * 0x1.62e400p-1f;
    float s = kh + hi;
    float b = s - kh;
    float e = (kh - (s - b)) + (hi - b);
    *h = s;
    *l = e + __builtin_fmaf(k, 0x1.7f7d1cp-20f, lo);
}
// The special values of log, log10 and log1p's reduction: NaN for x < 0, -inf at 0.
__MVP_INLINE int __mvp_log_special(float x, __private float* r) {
    if (__mvp_isnan(x) || x < 0.0f) {
        *r = __builtin_nanf("");
        return 1;
    }
    if (x == 0.0f) {
        *r = -__builtin_inff();
        return 1;
    }
    if (__mvp_isinf(x)) {
        *r = x;
        return 1;
    }
    return 0;
}
__MVP_FUNC_PURE float log(float x) {
    float r, h, l;
    if (__mvp_isnan(x)) return x;
    if (__mvp_log_special(x, &r)) return r;
    __mvp_log_pair(x, &h, &l);
    return h + l;
}
// log(x) * (ch + cl) for a positive finite x.
__MVP_INLINE float __mvp_log_scaled(float x, float ch, float cl) {
    float h, l;
    __mvp_log_pair(x, &h, &l);
    float p = h * ch;
    float e = __builtin_fmaf(h, ch, -p);
    return p + (e + __builtin_fmaf(h, cl, l * ch));
}
__MVP_FUNC_PURE float log10(float x) {
    float r;
    if (__mvp_isnan(x)) return x;
    if (__mvp_log_special(x, &r)) return r;
    return __mvp_log_scaled(x, 0x1.bcb7b2p-2f, -0x1.5b235ep-27f);
}
__MVP_FUNC_PURE float log1p(float x) {
    if (__mvp_isnan(x)) return x;
    if (x == -1.0f) return -__builtin_inff();
    if (x < -1.0f) return __builtin_nanf("");
    if (__mvp_isinf(x)) return x;
    if (__builtin_fabsf(x) < 0x1p-24f) return x;
    // 1 + x = u + c exactly; log1p(x) = log(u) + c / u.
    float u = 1.0f + x;
    float c = __builtin_fabsf(x) > 1.0f ? (x - u) + 1.0f : (1.0f - u) + x;
    float h, l;
    __mvp_log_pair(u, &h, &l);
    return h + (l + c / u);
}

// Powers: 2^((yh + yl) log2(ax)) for a positive finite ax, log2 carried as a pair.
__MVP_FUNC_PURE float __mvp_pow_core(float ax, float yh, float yl) {
    float h, l;
    __mvp_log_pair(ax, &h, &l);
    float th = h * 0x1.715476p+0f;
    float tl = __builtin_fmaf(h, 0x1.715476p+0f, -th) +
               __builtin_fmaf(h, 0x1.4ae0c0p-26f, l * 0x1.715476p+0f);
    float ph = yh * th;
    float pl = __builtin_fmaf(yh, th, -ph) + __builtin_fmaf(yh, tl, yl * th);
    return __mvp_exp2_pair(ph, pl);
}
// 1 for an odd integer, 2 for an even integer, 0 for a non-integer (infinities are even).
__MVP_PURE int __mvp_integer_kind(float y) {
    float a = __builtin_fabsf(y);
    if (!(a < 0x1p24f)) return __mvp_isnan(y) ? 0 : 2;
    int i = (int)a;
    if ((float)i != a) return 0;
    return (i & 1) ? 1 : 2;
}
__MVP_FUNC_PURE float pow(float x, float y) {
    if (y == 0.0f || x == 1.0f) return 1.0f;
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    float ax = __builtin_fabsf(x);
    int kind = __mvp_integer_kind(y);
    float sign = (x < 0.0f || as_uint(x) == 0x80000000u) && kind == 1 ? -1.0f : 1.0f;
    if (__mvp_isinf(y)) {
        if (ax == 1.0f) return 1.0f;
        return (ax < 1.0f) == (y < 0.0f) ? __builtin_inff() : 0.0f;
    }
    if (ax == 0.0f) return sign * (y < 0.0f ? __builtin_inff() : 0.0f);
    if (__mvp_isinf(x)) return sign * (y < 0.0f ? 0.0f : __builtin_inff());
    if (x < 0.0f && kind == 0) return __builtin_nanf("");
    return sign * __mvp_pow_core(ax, y, 0.0f);
}
__MVP_FUNC_PURE float powr(float x, float y) {
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    if (x < 0.0f) return __builtin_nanf("");
    if (x == 0.0f) {
        if (y == 0.0f) return __builtin_nanf("");
        return y < 0.0f ? __builtin_inff() : 0.0f;
    }
    if (__mvp_isinf(x)) {
        if (y == 0.0f) return __builtin_nanf("");
        return y < 0.0f ? 0.0f : __builtin_inff();
    }
    if (x == 1.0f) return __mvp_isinf(y) ? __builtin_nanf("") : 1.0f;
    if (y == 0.0f) return 1.0f;
    if (__mvp_isinf(y)) return (x < 1.0f) == (y < 0.0f) ? __builtin_inff() : 0.0f;
    return __mvp_pow_core(x, y, 0.0f);
}
__MVP_FUNC_PURE float pown(float x, int n) {
    if (n == 0) return 1.0f;
    if (__mvp_isnan(x)) return x;
    float ax = __builtin_fabsf(x);
    float sign = (n & 1) ? __builtin_copysignf(1.0f, x) : 1.0f;
    if (ax == 0.0f) return sign * (n < 0 ? __builtin_inff() : 0.0f);
    if (__mvp_isinf(x)) return sign * (n < 0 ? 0.0f : __builtin_inff());
    // n = (n - nl) + nl, both exact in float.
    int nl = (n > 0x00ffffff || n < -0x00ffffff) ? n & 0xff : 0;
    return sign * __mvp_pow_core(ax, (float)(n - nl), (float)nl);
}
__MVP_FUNC_PURE float rootn(float x, int n) {
    if (n == 0 || __mvp_isnan(x)) return __builtin_nanf("");
    if (x < 0.0f && !(n & 1)) return __builtin_nanf("");
    float ax = __builtin_fabsf(x);
    float sign = (n & 1) ? __builtin_copysignf(1.0f, x) : 1.0f;
    if (ax == 0.0f) return sign * (n < 0 ? __builtin_inff() : 0.0f);
    if (__mvp_isinf(x)) return sign * (n < 0 ? 0.0f : __builtin_inff());
    float fn = (float)n;
    float yh = 1.0f / fn;
    float yl = __builtin_fmaf(-yh, fn, 1.0f) / fn;
    return sign * __mvp_pow_core(ax, yh, yl);
}
__MVP_FUNC_PURE float cbrt(float x) {
    float a = __builtin_fabsf(x);
    if (a == 0.0f || !__mvp_isfinite(x)) return x + x;
    int e = __mvp_exponent(a);
    int q = (e >= 0 ? e : e - 2) / 3;
    float m = ldexp(a, -3 * q);  // [1, 8)
    float y = 0.6f + m * (0.2f - m * 0.0108f);
    y = y + y * (0.25f * (m / (y * y * y)) - 0.25f);
    for (int i = 0; i < 3; ++i) y = (2.0f * y + m / (y * y)) * (1.0f / 3);
    // Final step with the residual y^3 - m computed exactly enough.
    float y2 = y * y;
    float y2l = __builtin_fmaf(y, y, -y2);
    float r = __builtin_fmaf(y, y2, -m) + y * y2l;
    y = y - r / (3.0f * y2);
    return __builtin_copysignf(ldexp(y, q), x);
}
__MVP_FUNC_PURE float hypot(float x, float y) {
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    if (__mvp_isinf(x) || __mvp_isinf(y)) return __builtin_inff();
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    float big = fmax(ax, ay), small = fmin(ax, ay);
    if (small == 0.0f) return big;
    int e = __mvp_exponent(big);
    float b = ldexp(big, -e), s = ldexp(small, -e);
    return ldexp(__builtin_sqrtf(__builtin_fmaf(b, b, s * s)), e);
}

// Trigonometric functions of pi x: exact reduction to |r| <= 1/4, Taylor polynomials in
// u = pi r carried as a pair.
__MVP_INLINE float __mvp_sinpi_kernel(float r) {
    float uh = r * 0x1.921fb6p+1f;
    float ul = __builtin_fmaf(r, 0x1.921fb6p+1f, -uh) + r * -0x1.777a5cp-24f;
    float u2 = uh * uh;
    float p = -1.0f / 39916800;
    p = __builtin_fmaf(p, u2, 1.0f / 362880);
    p = __builtin_fmaf(p, u2, -1.0f / 5040);
    p = __builtin_fmaf(p, u2, 1.0f / 120);
    p = __builtin_fmaf(p, u2, -1.0f / 6);
    return uh + __builtin_fmaf(uh * u2, p, ul);
}
__MVP_INLINE float __mvp_cospi_kernel(float r) {
    float uh = r * 0x1.921fb6p+1f;
    float ul = __builtin_fmaf(r, 0x1.921fb6p+1f, -uh) + r * -0x1.777a5cp-24f;
    float u2 = uh * uh;
    float p = 1.0f / 479001600;
    p = __builtin_fmaf(p, u2, -1.0f / 3628800);
    p = __builtin_fmaf(p, u2, 1.0f / 40320);
    p = __builtin_fmaf(p, u2, -1.0f / 720);
    p = __builtin_fmaf(p, u2, 1.0f / 24);
    float h = 0.5f * u2;
    float w = 1.0f - h;
    float c = ((1.0f - w) - h) + __builtin_fmaf(u2 * u2, p, -uh * ul);
    return w + c;
}
__MVP_FUNC_PURE float sinpi(float x) {
    if (!__mvp_isfinite(x)) return __builtin_nanf("");
    if (!(__builtin_fabsf(x) < 0x1p23f)) return __builtin_copysignf(0.0f, x);
    float n = rint(2.0f * x);
    float r = x - 0.5f * n;
    if (r == 0.0f && !((int)n & 1)) return __builtin_copysignf(0.0f, x);
    int q = (int)n & 3;
    float v = (q & 1) ? __mvp_cospi_kernel(r) : __mvp_sinpi_kernel(r);
    return q >= 2 ? -v : v;
}
__MVP_FUNC_PURE float cospi(float x) {
    if (!__mvp_isfinite(x)) return __builtin_nanf("");
    if (!(__builtin_fabsf(x) < 0x1p24f)) return 1.0f;
    float n = rint(2.0f * x);
    float r = x - 0.5f * n;
    int q = (int)n & 3;
    if (r == 0.0f && (q & 1)) return 0.0f;
    float v = (q & 1) ? __mvp_sinpi_kernel(r) : __mvp_cospi_kernel(r);
    return (q == 1 || q == 2) ? -v : v;
}
__MVP_FUNC_PURE float tanpi(float x) {
    if (!__mvp_isfinite(x)) return __builtin_nanf("");
    if (!(__builtin_fabsf(x) < 0x1p24f)) return __builtin_copysignf(0.0f, x);
    float n = rint(2.0f * x);
    float r = x - 0.5f * n;
    int q = (int)n & 3;
    if (r == 0.0f) {
        if (q == 1) return __builtin_inff();
        if (q == 3) return -__builtin_inff();
        return __builtin_copysignf(0.0f, q == 0 ? x : -x);
    }
    float s = __mvp_sinpi_kernel(r), c = __mvp_cospi_kernel(r);
    return (q & 1) ? -c / s : s / c;
}
__MVP_PURE float tan(float x) { return sin(x) / cos(x); }
__MVP_INLINE float sincos(float x, __private float* c) {
    *c = cos(x);
    return sin(x);
}

// Inverse trigonometric functions. atan(u) = u + u^3 P(u^2) for |u| <= tan(pi/8).
__MVP_PURE float __mvp_atan_kernel(float u) {
    float z = u * u;
    float p = 0.0504813851f;
    p = __builtin_fmaf(p, z, -0.0862467615f);
    p = __builtin_fmaf(p, z, 0.11071365f);
    p = __builtin_fmaf(p, z, -0.142841512f);
    p = __builtin_fmaf(p, z, 0.199999773f);
    p = __builtin_fmaf(p, z, -0.333333333f);
    return __builtin_fmaf(u * z, p, u);
}
// atan(t) for 0 <= t <= 1.
__MVP_PURE float __mvp_atan01(float t) {
    if (t <= 0.41421356f) return __mvp_atan_kernel(t);
    float u = (t - 1.0f) / (t + 1.0f);
    return 0x1.921fb6p-1f + (__mvp_atan_kernel(u) + -0x1.777a5cp-26f);
}
__MVP_FUNC_PURE float atan(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    float r = a > 1.0f ? 0x1.921fb6p+0f - (__mvp_atan01(1.0f / a) - -0x1.777a5cp-25f)
                       : __mvp_atan01(a);
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float atan2(float y, float x) {
    if (__mvp_isnan(x) || __mvp_isnan(y)) return x + y;
    float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y);
    float r;
    if (__mvp_isinf(ax) && __mvp_isinf(ay)) {
        r = 0x1.921fb6p-1f;
    } else if (ay == 0.0f) {
        r = 0.0f;
    } else if (ax == 0.0f) {
        r = 0x1.921fb6p+0f;
    } else {
        // The quotient's divisor stays normal.
        if (ax < 0x1p-100f && ay < 0x1p-100f) {
            ax *= 0x1p64f;
            ay *= 0x1p64f;
        }
        r = ay > ax ? 0x1.921fb6p+0f - (__mvp_atan01(ax / ay) - -0x1.777a5cp-25f)
                    : __mvp_atan01(ay / ax);
    }
    if (as_uint(x) >> 31) r = 0x1.921fb6p+1f - (r - -0x1.777a5cp-24f);
    return __builtin_copysignf(r, y);
}
// asin(x) = x + x^3 P(x^2) for |x| <= 1/2.
__MVP_PURE float __mvp_asin_kernel(float x) {
    float z = x * x;
    float p = 0.0309745404f;
    p = __builtin_fmaf(p, z, 0.0105744155f);
    p = __builtin_fmaf(p, z, 0.023611817f);
    p = __builtin_fmaf(p, z, 0.0302691387f);
    p = __builtin_fmaf(p, z, 0.0446476639f);
    p = __builtin_fmaf(p, z, 0.074999924f);
    p = __builtin_fmaf(p, z, 0.166666667f);
    return __builtin_fmaf(x * z, p, x);
}
__MVP_FUNC_PURE float asin(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x) || a > 1.0f) return __builtin_nanf("");
    if (a <= 0.5f) return __mvp_asin_kernel(x);
    // asin(a) = pi/2 - 2 asin(sqrt((1 - a) / 2)).
    float s = __builtin_sqrtf(0.5f * (1.0f - a));
    float r = 0x1.921fb6p+0f - (2.0f * __mvp_asin_kernel(s) - -0x1.777a5cp-25f);
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float acos(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x) || a > 1.0f) return __builtin_nanf("");
    if (a <= 0.5f) return 0x1.921fb6p+0f - (__mvp_asin_kernel(x) - -0x1.777a5cp-25f);
    float t = 2.0f * __mvp_asin_kernel(__builtin_sqrtf(0.5f * (1.0f - a)));
    return x > 0.0f ? t : 0x1.921fb6p+1f - (t - -0x1.777a5cp-24f);
}
// f / pi with 1/pi as a pair.
__MVP_PURE float __mvp_div_pi(float f) {
    if (f == 0.0f) return f;
    float p = f * 0x1.45f306p-2f;
    return p + __builtin_fmaf(f, 0x1.45f306p-2f, -p) + f * 0x1.b93910p-27f;
}
__MVP_PURE float asinpi(float x) { return __mvp_div_pi(asin(x)); }
__MVP_PURE float acospi(float x) { return __mvp_div_pi(acos(x)); }
__MVP_PURE float atanpi(float x) { return __mvp_div_pi(atan(x)); }
// Both infinite: the exact quarters (the rounded angle divided by pi would miss them by an ulp).
__MVP_PURE float atan2pi(float y, float x) {
    if (__mvp_isinf(x) && __mvp_isinf(y))
        return __builtin_copysignf(as_uint(x) >> 31 ? 0.75f : 0.25f, y);
    return __mvp_div_pi(atan2(y, x));
}

// Hyperbolic functions and their inverses.
__MVP_FUNC_PURE float cosh(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return a;
    if (a > 12.0f) return __mvp_exp_pair(a - 0x1.62e400p-1f, -0x1.7f7d1cp-20f);
    float e = exp(a);
    return 0.5f * e + 0.5f / e;
}
__MVP_FUNC_PURE float sinh(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    float r;
    if (a > 12.0f) {
        r = __mvp_exp_pair(a - 0x1.62e400p-1f, -0x1.7f7d1cp-20f);
    } else {
        float t = expm1(a);
        r = 0.5f * (t + t / (t + 1.0f));
    }
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float tanh(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    float r = 1.0f;
    if (a < 9.1f) {
        float t = expm1(2.0f * a);
        r = t / (t + 2.0f);
    }
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float asinh(float x) {
    float a = __builtin_fabsf(x);
    if (!__mvp_isfinite(x) || a < 0x1p-12f) return x;
    float r;
    if (a > 0x1p12f) {
        r = log(a) + 0x1.62e430p-1f;
    } else if (a > 2.0f) {
        r = log(2.0f * a + 1.0f / (__builtin_sqrtf(a * a + 1.0f) + a));
    } else {
        float a2 = a * a;
        r = log1p(a + a2 / (1.0f + __builtin_sqrtf(1.0f + a2)));
    }
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float acosh(float x) {
    if (__mvp_isnan(x)) return x;
    if (x < 1.0f) return __builtin_nanf("");
    if (__mvp_isinf(x)) return x;
    if (x > 0x1p12f) return log(x) + 0x1.62e430p-1f;
    if (x > 2.0f) return log(2.0f * x - 1.0f / (x + __builtin_sqrtf(x * x - 1.0f)));
    float t = x - 1.0f;
    return log1p(t + __builtin_sqrtf(__builtin_fmaf(t, t, 2.0f * t)));
}
__MVP_FUNC_PURE float atanh(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    if (a > 1.0f) return __builtin_nanf("");
    if (a == 1.0f) return __builtin_copysignf(__builtin_inff(), x);
    if (a < 0x1p-12f) return x;
    float r = a < 0.5f ? 0.5f * log1p(2.0f * a + 2.0f * a * a / (1.0f - a))
                       : 0.5f * log1p(2.0f * a / (1.0f - a));
    return __builtin_copysignf(r, x);
}

// Error functions: erf(x) = x P(x^2) for |x| <= 1; erfc(x) = e^(-x^2) Q(x - 1.75) on [1, 2.5] and
// e^(-x^2) R(1/x^2) / x on [2.5, 10.1], e^(-x^2) from the pair -x^2.
__MVP_PURE float __mvp_erf_small(float x) {
    float z = x * x;
    float p = -9.66704457e-06f;
    p = __builtin_fmaf(p, z, 0.00011265959f);
    p = __builtin_fmaf(p, z, -0.000848408041f);
    p = __builtin_fmaf(p, z, 0.00522103181f);
    p = __builtin_fmaf(p, z, -0.0268654307f);
    p = __builtin_fmaf(p, z, 0.112837825f);
    p = __builtin_fmaf(p, z, -0.376126385f);
    p = __builtin_fmaf(p, z, 1.12837917f);
    return x * p;
}
// erfc(a) for 1 <= a.
__MVP_FUNC_PURE float __mvp_erfc_large(float a) {
    if (a > 10.1f) return 0.0f;
    float q;
    if (a <= 2.5f) {
        float t = a - 1.75f;
        q = -3.34256098e-06f;
        q = __builtin_fmaf(q, t, 1.15979876e-05f);
        q = __builtin_fmaf(q, t, -3.34866134e-05f);
        q = __builtin_fmaf(q, t, 0.000108524607f);
        q = __builtin_fmaf(q, t, -0.000343612619f);
        q = __builtin_fmaf(q, t, 0.00103949393f);
        q = __builtin_fmaf(q, t, -0.00302096414f);
        q = __builtin_fmaf(q, t, 0.00840428082f);
        q = __builtin_fmaf(q, t, -0.0222599957f);
        q = __builtin_fmaf(q, t, 0.0557636319f);
        q = __builtin_fmaf(q, t, -0.130976346f);
        q = __builtin_fmaf(q, t, 0.284972235f);
    } else {
        float w = 1.0f / (a * a);
        q = -355.213852f;
        q = __builtin_fmaf(q, w, 364.555914f);
        q = __builtin_fmaf(q, w, -176.539226f);
        q = __builtin_fmaf(q, w, 56.2258041f);
        q = __builtin_fmaf(q, w, -14.409292f);
        q = __builtin_fmaf(q, w, 3.60181591f);
        q = __builtin_fmaf(q, w, -1.05488383f);
        q = __builtin_fmaf(q, w, 0.423088692f);
        q = __builtin_fmaf(q, w, -0.282094276f);
        q = __builtin_fmaf(q, w, 0.564189582f);
        q = q / a;
    }
    float h = a * a;
    float l = __builtin_fmaf(a, a, -h);
    return __mvp_exp_pair(-h, -l) * q;
}
__MVP_FUNC_PURE float erf(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    if (a <= 1.0f) return __mvp_erf_small(x);
    float r = a > 4.0f ? 1.0f : 1.0f - __mvp_erfc_large(a);
    return __builtin_copysignf(r, x);
}
__MVP_FUNC_PURE float erfc(float x) {
    float a = __builtin_fabsf(x);
    if (__mvp_isnan(x)) return x;
    if (a <= 1.0f) return 1.0f - __mvp_erf_small(x);
    float e = __mvp_erfc_large(a);
    return x < 0.0f ? 2.0f - e : e;
}

// Gamma functions. tgamma(x) = P(x - 1.5) on [1, 2]; Stirling's series beyond 8, in log space
// with pairs; reflection for x < 0.
__MVP_PURE float __mvp_gamma12(float x) {
    float t = x - 1.5f;
    float p = -0.0108976942f;
    p = __builtin_fmaf(p, t, 0.0163316602f);
    p = __builtin_fmaf(p, t, -0.0162570449f);
    p = __builtin_fmaf(p, t, 0.0243901088f);
    p = __builtin_fmaf(p, t, -0.0381311032f);
    p = __builtin_fmaf(p, t, 0.0588039766f);
    p = __builtin_fmaf(p, t, -0.0775153573f);
    p = __builtin_fmaf(p, t, 0.144633821f);
    p = __builtin_fmaf(p, t, -0.107294971f);
    p = __builtin_fmaf(p, t, 0.414813703f);
    p = __builtin_fmaf(p, t, 0.032338398f);
    p = __builtin_fmaf(p, t, 0.886226925f);
    return p;
}
// log(tgamma(x)) for x >= 8 as a pair: (x - 1/2) log x - x + log(2 pi)/2 + 1/(12x) - ...
__MVP_INLINE void __mvp_stirling(float x, __private float* h, __private float* l) {
    float lh, ll;
    __mvp_log_pair(x, &lh, &ll);
    float a = x - 0.5f;
    float ph = a * lh;
    float pl = __builtin_fmaf(a, lh, -ph) + a * ll;
    float s = ph - x;
    float e = ((ph - s) - x) + pl;
    float w = 1.0f / x;
    float w2 = w * w;
    float c = w * (1.0f / 12 + w2 * (-1.0f / 360 + w2 * (1.0f / 1260)));
    float t = s + 0x1.d67f1cp-1f;
    e += ((s - t) + 0x1.d67f1cp-1f) + (0x1.0c97d6p-26f + c);
    *h = t + e;
    *l = e - (*h - t);
}
// tgamma(x) for x > 0, finite.
__MVP_FUNC_PURE float __mvp_tgamma_pos(float x) {
    if (x > 35.5f) return __builtin_inff();
    if (x >= 8.0f) {
        float h, l;
        __mvp_stirling(x, &h, &l);
        return __mvp_exp_pair(h, l);
    }
    if (x < 1.0f) return __mvp_gamma12(x + 1.0f) / x;
    float p = 1.0f;
    while (x >= 2.0f) {
        x -= 1.0f;
        p *= x;
    }
    return p * __mvp_gamma12(x);
}
__MVP_FUNC_PURE float tgamma(float x) {
    if (__mvp_isnan(x)) return x;
    if (x == 0.0f) return __builtin_copysignf(__builtin_inff(), x);
    if (x > 0.0f) return __mvp_isinf(x) ? x : __mvp_tgamma_pos(x);
    if (__mvp_isinf(x) || trunc(x) == x) return __builtin_nanf("");
    // Gamma(x) = pi / (sinpi(x) Gamma(1 - x)), Gamma(1 - x) = -x Gamma(-x) below -1 (exact
    // argument).
    float s = sinpi(x);
    if (x > -1.0f) return 0x1.921fb6p+1f / (s * __mvp_tgamma_pos(1.0f - x));
    float y = -x;
    if (y <= 34.0f) return 0x1.921fb6p+1f / (s * y * __mvp_tgamma_pos(y));
    if (y > 50.0f) return __builtin_copysignf(0.0f, s);
    // |Gamma(x)| = e^(log(pi / (|s| y)) - h - l), h + l = log(Gamma(y)).
    float h, l;
    __mvp_stirling(y, &h, &l);
    float g = log(0x1.921fb6p+1f / (__builtin_fabsf(s) * y));
    float d = g - h;
    float b = d - g;
    float e = (g - (d - b)) - (h + b);
    return __builtin_copysignf(__mvp_exp_pair(d, e - l), s);
}

// lgamma(x) = (x - 1)(x - 2) P(x - 1.75) on [0.5, 3].
__MVP_PURE float __mvp_lgamma_kernel(float x) {
    float t = x - 1.75f;
    float p = -2.60906301e-05f;
    p = __builtin_fmaf(p, t, 4.7517988e-05f);
    p = __builtin_fmaf(p, t, 9.67527278e-05f);
    p = __builtin_fmaf(p, t, -0.00017562115f);
    p = __builtin_fmaf(p, t, -0.000218224758f);
    p = __builtin_fmaf(p, t, 0.000397712974f);
    p = __builtin_fmaf(p, t, 0.000122804018f);
    p = __builtin_fmaf(p, t, -0.00021705852f);
    p = __builtin_fmaf(p, t, -0.000399966529f);
    p = __builtin_fmaf(p, t, 0.000756967591f);
    p = __builtin_fmaf(p, t, -0.00102342252f);
    p = __builtin_fmaf(p, t, 0.0020280876f);
    p = __builtin_fmaf(p, t, -0.00423201131f);
    p = __builtin_fmaf(p, t, 0.00878693261f);
    p = __builtin_fmaf(p, t, -0.0190536118f);
    p = __builtin_fmaf(p, t, 0.044519819f);
    p = __builtin_fmaf(p, t, -0.11948159f);
    p = __builtin_fmaf(p, t, 0.450139318f);
    return (x - 1.0f) * (x - 2.0f) * p + 0.0f;
}
// lgamma(x) for x > 0, finite.
__MVP_FUNC_PURE float __mvp_lgamma_pos(float x) {
    if (x >= 8.0f) {
        if (x > 0x1p120f) return x * (log(x) - 1.0f);
        float h, l;
        __mvp_stirling(x, &h, &l);
        return h + l;
    }
    if (x < 0.5f) return __mvp_lgamma_kernel(x + 1.0f) - log(x);
    if (x <= 3.0f) return __mvp_lgamma_kernel(x);
    float p = 1.0f;
    while (x > 3.0f) {
        x -= 1.0f;
        p *= x;
    }
    return log(p) + __mvp_lgamma_kernel(x);
}
__MVP_INLINE float lgamma_r(float x, __private int* sign) {
    *sign = 1;
    if (__mvp_isnan(x)) return x;
    if (__mvp_isinf(x)) return __builtin_inff();
    if (x == 0.0f) {
        *sign = as_uint(x) >> 31 ? -1 : 1;
        return __builtin_inff();
    }
    if (x > 0.0f) return __mvp_lgamma_pos(x);
    if (trunc(x) == x) return __builtin_inff();
    // |Gamma(x)| = pi / (|sinpi(x)| Gamma(1 - x)).
    float s = sinpi(x);
    *sign = s < 0.0f ? -1 : 1;
    if (x > -0x1p-20f) return -log(-x);
    return log(0x1.921fb6p+1f / __builtin_fabsf(s)) - __mvp_lgamma_pos(1.0f - x);
}
__MVP_PURE float lgamma(float x) {
    int s;
    return lgamma_r(x, &s);
}

// Vector forms.
__MVP_V2(float, fmin, float, float)
__MVP_V2(float, fmax, float, float)
__MVP_V3(float, fma, float, float, float)
__MVP_V3(float, mad, float, float, float)
__MVP_V2(float, copysign, float, float)
__MVP_V2(float, fdim, float, float)
__MVP_V2(float, maxmag, float, float)
__MVP_V2(float, minmag, float, float)
__MVP_V2(float, nextafter, float, float)
__MVP_V2(float, fmod, float, float)
__MVP_V2(float, remainder, float, float)
__MVP_V2(float, atan2, float, float)
__MVP_V2(float, atan2pi, float, float)
__MVP_V2(float, hypot, float, float)
__MVP_V2(float, pow, float, float)
__MVP_V2(float, powr, float, float)
__MVP_V2(float, native_divide, float, float)
__MVP_V2(float, native_powr, float, float)
__MVP_V2(float, half_divide, float, float)
__MVP_V2(float, half_powr, float, float)
__MVP_V2(float, ldexp, float, int)
__MVP_V2(float, pown, float, int)
__MVP_V2(float, rootn, float, int)
__MVP_V1(int, ilogb, float)
__MVP_V1(float, nan, uint)
#define __MVP_MATH_V1(name) __MVP_V1(float, name, float)
__MVP_MATH_V1(fabs)
__MVP_MATH_V1(sqrt)
__MVP_MATH_V1(rsqrt)
__MVP_MATH_V1(cbrt)
__MVP_MATH_V1(ceil)
__MVP_MATH_V1(floor)
__MVP_MATH_V1(rint)
__MVP_MATH_V1(round)
__MVP_MATH_V1(trunc)
__MVP_MATH_V1(logb)
__MVP_MATH_V1(exp)
__MVP_MATH_V1(exp2)
__MVP_MATH_V1(exp10)
__MVP_MATH_V1(expm1)
__MVP_MATH_V1(log)
__MVP_MATH_V1(log2)
__MVP_MATH_V1(log10)
__MVP_MATH_V1(log1p)
__MVP_MATH_V1(sin)
__MVP_MATH_V1(cos)
__MVP_MATH_V1(tan)
__MVP_MATH_V1(sinpi)
__MVP_MATH_V1(cospi)
__MVP_MATH_V1(tanpi)
__MVP_MATH_V1(asin)
__MVP_MATH_V1(acos)
__MVP_MATH_V1(atan)
__MVP_MATH_V1(asinpi)
__MVP_MATH_V1(acospi)
__MVP_MATH_V1(atanpi)
__MVP_MATH_V1(sinh)
__MVP_MATH_V1(cosh)
__MVP_MATH_V1(tanh)
__MVP_MATH_V1(asinh)
__MVP_MATH_V1(acosh)
__MVP_MATH_V1(atanh)
__MVP_MATH_V1(erf)
__MVP_MATH_V1(erfc)
__MVP_MATH_V1(tgamma)
__MVP_MATH_V1(lgamma)
__MVP_MATH_V1(native_recip)
__MVP_MATH_V1(native_rsqrt)
__MVP_MATH_V1(native_sqrt)
__MVP_MATH_V1(native_sin)
__MVP_MATH_V1(native_cos)
__MVP_MATH_V1(native_tan)
__MVP_MATH_V1(native_exp)
__MVP_MATH_V1(native_exp2)
__MVP_MATH_V1(native_exp10)
__MVP_MATH_V1(native_log)
__MVP_MATH_V1(native_log2)
__MVP_MATH_V1(native_log10)
__MVP_MATH_V1(half_recip)
__MVP_MATH_V1(half_rsqrt)
__MVP_MATH_V1(half_sqrt)
__MVP_MATH_V1(half_sin)
__MVP_MATH_V1(half_cos)
__MVP_MATH_V1(half_tan)
__MVP_MATH_V1(half_exp)
__MVP_MATH_V1(half_exp2)
__MVP_MATH_V1(half_exp10)
__MVP_MATH_V1(half_log)
__MVP_MATH_V1(half_log2)
__MVP_MATH_V1(half_log10)
#undef __MVP_MATH_V1

// The forms whose second argument is a scalar: fmin, fmax (floatn, float), ldexp (floatn, int).
#define __MVP_MATH_SCALAR2(name, B)                                                            \
    __MVP_INLINE float2 name(float2 a, B b) { return name(a, (B##2)(b)); }                     \
    __MVP_INLINE float3 name(float3 a, B b) { return name(a, (B##3)(b)); }                     \
    __MVP_INLINE float4 name(float4 a, B b) { return name(a, (B##4)(b)); }                     \
    __MVP_INLINE float8 name(float8 a, B b) { return name(a, (B##8)(b)); }                     \
    __MVP_INLINE float16 name(float16 a, B b) { return name(a, (B##16)(b)); }
__MVP_MATH_SCALAR2(fmin, float)
__MVP_MATH_SCALAR2(fmax, float)
__MVP_MATH_SCALAR2(ldexp, int)
#undef __MVP_MATH_SCALAR2

// Pointer-output functions: the vector forms split in halves through __private temporaries;
// the __global and __local forms store what the __private form wrote.
#define __MVP_MATH_PTR_VEC(name, P, n, h)                                                      \
    __MVP_INLINE float##n name(float##n x, __private P##n* p) {                                \
        P##h a, b;                                                                             \
        float##n r = (float##n)(name(x.lo, &a), name(x.hi, &b));                               \
        *p = (P##n)(a, b);                                                                     \
        return r;                                                                              \
    }
#define __MVP_MATH_PTR_SPACE(name, P, n, space)                                                \
    __MVP_INLINE float##n name(float##n x, space P##n* p) {                                    \
        P##n t;                                                                                \
        float##n r = name(x, &t);                                                              \
        *p = t;                                                                                \
        return r;                                                                              \
    }
#define __MVP_MATH_PTR_SPACES(name, P, n)                                                      \
    __MVP_MATH_PTR_SPACE(name, P, n, __global)                                                 \
    __MVP_MATH_PTR_SPACE(name, P, n, __local)
#define __MVP_MATH_PTR(name, P)                                                                \
    __MVP_INLINE float2 name(float2 x, __private P##2 * p) {                                   \
        P a, b;                                                                                \
        float2 r = (float2)(name(x.x, &a), name(x.y, &b));                                     \
        *p = (P##2)(a, b);                                                                     \
        return r;                                                                              \
    }                                                                                          \
    __MVP_INLINE float3 name(float3 x, __private P##3 * p) {                                   \
        P##2 a;                                                                                \
        P b;                                                                                   \
        float3 r = (float3)(name(x.xy, &a), name(x.z, &b));                                    \
        *p = (P##3)(a, b);                                                                     \
        return r;                                                                              \
    }                                                                                          \
    __MVP_MATH_PTR_VEC(name, P, 4, 2)                                                          \
    __MVP_MATH_PTR_VEC(name, P, 8, 4)                                                          \
    __MVP_MATH_PTR_VEC(name, P, 16, 8)                                                         \
    __MVP_INLINE float name(float x, __global P* p) {                                          \
        P t;                                                                                   \
        float r = name(x, &t);                                                                 \
        *p = t;                                                                                \
        return r;                                                                              \
    }                                                                                          \
    __MVP_INLINE float name(float x, __local P* p) {                                           \
        P t;                                                                                   \
        float r = name(x, &t);                                                                 \
        *p = t;                                                                                \
        return r;                                                                              \
    }                                                                                          \
    __MVP_MATH_PTR_SPACES(name, P, 2)                                                          \
    __MVP_MATH_PTR_SPACES(name, P, 3)                                                          \
    __MVP_MATH_PTR_SPACES(name, P, 4)                                                          \
    __MVP_MATH_PTR_SPACES(name, P, 8)                                                          \
    __MVP_MATH_PTR_SPACES(name, P, 16)
__MVP_MATH_PTR(frexp, int)
__MVP_MATH_PTR(modf, float)
__MVP_MATH_PTR(fract, float)
__MVP_MATH_PTR(sincos, float)
__MVP_MATH_PTR(lgamma_r, int)
#undef __MVP_MATH_PTR

// remquo(x, y, quo): the same scheme with two vector arguments.
#define __MVP_REMQUO_SPACE(T, I, space)                                                        \
    __MVP_INLINE T remquo(T x, T y, space I* q) {                                              \
        I t;                                                                                   \
        T r = remquo(x, y, &t);                                                                \
        *q = t;                                                                                \
        return r;                                                                              \
    }
__MVP_INLINE float2 remquo(float2 x, float2 y, __private int2* q) {
    int a, b;
    float2 r = (float2)(remquo(x.x, y.x, &a), remquo(x.y, y.y, &b));
    *q = (int2)(a, b);
    return r;
}
__MVP_INLINE float3 remquo(float3 x, float3 y, __private int3* q) {
    int2 a;
    int b;
    float3 r = (float3)(remquo(x.xy, y.xy, &a), remquo(x.z, y.z, &b));
    *q = (int3)(a, b);
    return r;
}
#define __MVP_REMQUO_VEC(n, h)                                                                 \
    __MVP_INLINE float##n remquo(float##n x, float##n y, __private int##n* q) {                 \
        int##h a, b;                                                                           \
        float##n r = (float##n)(remquo(x.lo, y.lo, &a), remquo(x.hi, y.hi, &b));               \
        *q = (int##n)(a, b);                                                                   \
        return r;                                                                              \
    }
__MVP_REMQUO_VEC(4, 2)
__MVP_REMQUO_VEC(8, 4)
__MVP_REMQUO_VEC(16, 8)
#define __MVP_REMQUO_SPACES(T, I)                                                              \
    __MVP_REMQUO_SPACE(T, I, __global)                                                         \
    __MVP_REMQUO_SPACE(T, I, __local)
__MVP_REMQUO_SPACES(float, int)
__MVP_REMQUO_SPACES(float2, int2)
__MVP_REMQUO_SPACES(float3, int3)
__MVP_REMQUO_SPACES(float4, int4)
__MVP_REMQUO_SPACES(float8, int8)
__MVP_REMQUO_SPACES(float16, int16)
#undef __MVP_REMQUO_SPACE
#undef __MVP_REMQUO_SPACES
#undef __MVP_REMQUO_VEC
#undef __MVP_MATH_PTR_VEC
#undef __MVP_MATH_PTR_SPACE
#undef __MVP_MATH_PTR_SPACES
