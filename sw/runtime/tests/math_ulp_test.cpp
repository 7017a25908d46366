// Accuracy of the OpenCL C math library (sw/clc/include/mvp_math.h) on the device: every
// function runs over its special values, the float edges, random bit patterns of the whole
// range and a dense random sweep of its interesting interval, on the golden model
// (MVP_FUNCTIONAL=1). Each result is compared with a long double reference computed here; the
// worst error in ulp (OpenCL's definition: the spacing of floats at the reference) must stay
// within the OpenCL 1.2 full-profile bound. The test prints the measured table that
// doc/opencl-c.md shows.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

using Ld = long double;

float from_bits(uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}

constexpr size_t kInputs = 1 << 17;
const Ld kInf = std::numeric_limits<Ld>::infinity();
const Ld kNan = std::numeric_limits<Ld>::quiet_NaN();
const Ld kPi = 3.141592653589793238462643383279502884L;

// How a function's second argument is given: a float, an int (ldexp, pown, rootn), or none.
enum class Arg { kNone, kFloat, kInt };

struct MathFunction {
    const char* name;
    const char* expr;  // OpenCL C expression of x (float), y (float) and n (int)
    Arg second;
    double bound;     // ulp; 0 means exact
    const char* how;  // implementation, for the table
    Ld lo, hi;        // the dense sweep's interval of x (and y)
    std::function<Ld(float, float, int)> ref;
};

bool is_integer(Ld v) { return std::isfinite(v) && std::floor(v) == v; }

// sin(pi x), cos(pi x), tan(pi x) with the exact reduction and the special values of the
// OpenCL specification at integers and half-integers.
Ld ref_sinpi(float x) {
    if (!std::isfinite(x)) return kNan;
    if (is_integer(x)) return std::copysign(0.0L, static_cast<Ld>(x));
    Ld r = static_cast<Ld>(x) - 2.0L * std::nearbyint(static_cast<Ld>(x) / 2.0L);
    return std::sin(kPi * r);
}
Ld ref_cospi(float x) {
    if (!std::isfinite(x)) return kNan;
    if (std::fabs(x) < 0x1p23f && std::fmod(std::fabs(static_cast<Ld>(x)), 1.0L) == 0.5L)
        return 0.0L;
    Ld r = static_cast<Ld>(x) - 2.0L * std::nearbyint(static_cast<Ld>(x) / 2.0L);
    return std::cos(kPi * r);
}
Ld ref_tanpi(float x) {
    if (!std::isfinite(x)) return kNan;
    Ld xl = x;
    if (is_integer(xl)) {
        bool odd = std::fmod(std::fabs(xl), 2.0L) == 1.0L;
        return std::copysign(0.0L, odd ? -xl : xl);
    }
    if (std::fabs(x) < 0x1p23f && std::fmod(std::fabs(xl), 1.0L) == 0.5L) {
        bool odd = std::fmod(std::fabs(std::floor(xl)), 2.0L) == 1.0L;
        return odd ? -kInf : kInf;
    }
    Ld r = xl - std::nearbyint(xl);
    return std::tan(kPi * r);
}

Ld ref_pow(float x, float y) {
    if (y == 0.0f || x == 1.0f) return 1.0L;
    if (std::isinf(y) && x == -1.0f) return 1.0L;
    return std::pow(static_cast<Ld>(x), static_cast<Ld>(y));
}
Ld ref_powr(float x, float y) {
    if (std::isnan(x) || std::isnan(y) || x < 0.0f) return kNan;
    if (x == 0.0f) return y == 0.0f ? kNan : (y < 0.0f ? kInf : 0.0L);
    if (std::isinf(x)) return y == 0.0f ? kNan : (y < 0.0f ? 0.0L : kInf);
    if (x == 1.0f) return std::isinf(y) ? kNan : 1.0L;
    return std::pow(static_cast<Ld>(x), static_cast<Ld>(y));
}
Ld ref_rootn(float x, int n) {
    if (n == 0 || std::isnan(x) || (x < 0.0f && n % 2 == 0)) return kNan;
    bool odd = n % 2 != 0;
    Ld sign = odd && std::signbit(x) ? -1.0L : 1.0L;
    Ld ax = std::fabs(static_cast<Ld>(x));
    if (ax == 0.0L) return sign * (n < 0 ? kInf : 0.0L);
    return sign * std::pow(ax, 1.0L / n);
}
Ld ref_pown(float x, int n) {
    if (n == 0) return 1.0L;
    return std::pow(static_cast<Ld>(x), static_cast<Ld>(n));
}
Ld ref_ilogb(float x) {
    if (x == 0.0f) return static_cast<Ld>(INT32_MIN);
    if (std::isnan(x)) return static_cast<Ld>(INT32_MAX);
    if (std::isinf(x)) return static_cast<Ld>(INT32_MAX);
    return std::ilogb(static_cast<Ld>(x));
}
Ld ref_lgamma(float x) {
    if (x <= 0.0f && is_integer(x)) return kInf;
    return std::lgamma(static_cast<Ld>(x));
}
Ld ref_tgamma(float x) {
    if (x < 0.0f && is_integer(x)) return kNan;
    if (x == 0.0f) return std::copysign(kInf, static_cast<Ld>(x));
    return std::tgamma(static_cast<Ld>(x));
}
Ld ref_fract(float x) {
    if (std::isnan(x)) return kNan;
    if (std::isinf(x)) return std::copysign(0.0L, static_cast<Ld>(x));
    Ld f = static_cast<Ld>(x) - std::floor(static_cast<Ld>(x));
    f = std::fmin(f, static_cast<Ld>(0x1.fffffep-1f));
    return f == 0.0L ? std::copysign(0.0L, static_cast<Ld>(x)) : f;
}
Ld ref_modf(float x) {
    if (std::isinf(x)) return std::copysign(0.0L, static_cast<Ld>(x));
    Ld i;
    return std::modf(static_cast<Ld>(x), &i);
}
Ld ref_frexp(float x) {
    int e;
    return std::frexp(static_cast<Ld>(x), &e);
}
Ld ref_nextafter(float x, float y) { return std::nextafter(x, y); }
// fmin and fmax order -0 below +0.
Ld ref_fmin(float x, float y) {
    if (x == 0.0f && y == 0.0f) return std::signbit(x) || std::signbit(y) ? -0.0L : 0.0L;
    return std::fmin(static_cast<Ld>(x), static_cast<Ld>(y));
}
Ld ref_fmax(float x, float y) {
    if (x == 0.0f && y == 0.0f) return std::signbit(x) && std::signbit(y) ? -0.0L : 0.0L;
    return std::fmax(static_cast<Ld>(x), static_cast<Ld>(y));
}
// native_divide with a normal divisor (with a subnormal one, frcp overflows: see
// doc/opencl-c.md).
Ld ref_native_divide(float x, float y) {
    if (std::fabs(y) < 0x1p-126f && y != 0.0f) return kNan;
    return static_cast<Ld>(x) / static_cast<Ld>(y);
}

std::vector<MathFunction> functions() {
    using F = MathFunction;
    auto u = [](Ld (*f)(Ld)) { return [f](float x, float, int) { return f(static_cast<Ld>(x)); }; };
    auto b = [](Ld (*f)(Ld, Ld)) {
        return [f](float x, float y, int) { return f(static_cast<Ld>(x), static_cast<Ld>(y)); };
    };
    const char* sfu = "SFU";
    const char* poly = "reduction + polynomial";
    const char* exact = "exact";
    return {
        F{"exp", "exp(x)", Arg::kNone, 3, "SFU fexp2 of a pair", -104, 89, u(std::exp)},
        F{"exp2", "exp2(x)", Arg::kNone, 3, sfu, -150, 128, u(std::exp2)},
        F{"exp10", "exp10(x)", Arg::kNone, 3, "SFU fexp2 of a pair", -46, 39,
          [](float x, float, int) { return std::pow(10.0L, static_cast<Ld>(x)); }},
        F{"expm1", "expm1(x)", Arg::kNone, 3, poly, -20, 89, u(std::expm1)},
        F{"log", "log(x)", Arg::kNone, 3, poly, 0, 4, u(std::log)},
        F{"log2", "log2(x)", Arg::kNone, 3, sfu, 0, 4, u(std::log2)},
        F{"log10", "log10(x)", Arg::kNone, 3, poly, 0, 4, u(std::log10)},
        F{"log1p", "log1p(x)", Arg::kNone, 2, poly, -1, 3, u(std::log1p)},
        F{"pow", "pow(x, y)", Arg::kFloat, 16, "log pair + SFU fexp2", -8, 8,
          [](float x, float y, int) { return ref_pow(x, y); }},
        F{"powr", "powr(x, y)", Arg::kFloat, 16, "log pair + SFU fexp2", 0, 8,
          [](float x, float y, int) { return ref_powr(x, y); }},
        F{"pown", "pown(x, n)", Arg::kInt, 16, "log pair + SFU fexp2", -8, 8,
          [](float x, float, int n) { return ref_pown(x, n); }},
        F{"rootn", "rootn(x, n)", Arg::kInt, 16, "log pair + SFU fexp2", -8, 8,
          [](float x, float, int n) { return ref_rootn(x, n); }},
        F{"sqrt", "sqrt(x)", Arg::kNone, 3, sfu, 0, 4, u(std::sqrt)},
        F{"rsqrt", "rsqrt(x)", Arg::kNone, 2, sfu, 0, 4,
          [](float x, float, int) { return 1.0L / std::sqrt(static_cast<Ld>(x)); }},
        F{"cbrt", "cbrt(x)", Arg::kNone, 2, "Newton + exact residual", -8, 8, u(std::cbrt)},
        F{"hypot", "hypot(x, y)", Arg::kFloat, 4, "scaled SFU fsqrt", -8, 8, b(std::hypot)},
        F{"sin", "sin(x)", Arg::kNone, 4, sfu, -10, 10, u(std::sin)},
        F{"cos", "cos(x)", Arg::kNone, 4, sfu, -10, 10, u(std::cos)},
        F{"tan", "tan(x)", Arg::kNone, 5, "SFU fsin / fcos", -10, 10, u(std::tan)},
        F{"sinpi", "sinpi(x)", Arg::kNone, 4, poly, -4, 4,
          [](float x, float, int) { return ref_sinpi(x); }},
        F{"cospi", "cospi(x)", Arg::kNone, 4, poly, -4, 4,
          [](float x, float, int) { return ref_cospi(x); }},
        F{"tanpi", "tanpi(x)", Arg::kNone, 6, poly, -4, 4,
          [](float x, float, int) { return ref_tanpi(x); }},
        F{"sincos (sin)", "sincos(x, &t)", Arg::kNone, 4, sfu, -10, 10, u(std::sin)},
        F{"sincos (cos)", "(sincos(x, &t), t)", Arg::kNone, 4, sfu, -10, 10, u(std::cos)},
        F{"asin", "asin(x)", Arg::kNone, 4, poly, -1, 1, u(std::asin)},
        F{"acos", "acos(x)", Arg::kNone, 4, poly, -1, 1, u(std::acos)},
        F{"atan", "atan(x)", Arg::kNone, 5, poly, -4, 4, u(std::atan)},
        F{"atan2", "atan2(x, y)", Arg::kFloat, 6, poly, -4, 4, b(std::atan2)},
        F{"asinpi", "asinpi(x)", Arg::kNone, 5, poly, -1, 1,
          [](float x, float, int) { return std::asin(static_cast<Ld>(x)) / kPi; }},
        F{"acospi", "acospi(x)", Arg::kNone, 5, poly, -1, 1,
          [](float x, float, int) { return std::acos(static_cast<Ld>(x)) / kPi; }},
        F{"atanpi", "atanpi(x)", Arg::kNone, 5, poly, -4, 4,
          [](float x, float, int) { return std::atan(static_cast<Ld>(x)) / kPi; }},
        F{"atan2pi", "atan2pi(x, y)", Arg::kFloat, 6, poly, -4, 4,
          [](float x, float y, int) {
              return std::atan2(static_cast<Ld>(x), static_cast<Ld>(y)) / kPi;
          }},
        F{"sinh", "sinh(x)", Arg::kNone, 4, "expm1 / exp", -12, 12, u(std::sinh)},
        F{"cosh", "cosh(x)", Arg::kNone, 4, "exp", -12, 12, u(std::cosh)},
        F{"tanh", "tanh(x)", Arg::kNone, 5, "expm1", -10, 10, u(std::tanh)},
        F{"asinh", "asinh(x)", Arg::kNone, 4, "log1p / log", -8, 8, u(std::asinh)},
        F{"acosh", "acosh(x)", Arg::kNone, 4, "log1p / log", 1, 8, u(std::acosh)},
        F{"atanh", "atanh(x)", Arg::kNone, 5, "log1p", -1, 1, u(std::atanh)},
        F{"erf", "erf(x)", Arg::kNone, 16, poly, -5, 5, u(std::erf)},
        F{"erfc", "erfc(x)", Arg::kNone, 16, poly, -3, 11, u(std::erfc)},
        F{"tgamma", "tgamma(x)", Arg::kNone, 16, "polynomial, Stirling, reflection", -40, 36,
          [](float x, float, int) { return ref_tgamma(x); }},
        F{"ceil", "ceil(x)", Arg::kNone, 0.5, exact, -8, 8, u(std::ceil)},
        F{"floor", "floor(x)", Arg::kNone, 0.5, exact, -8, 8, u(std::floor)},
        F{"rint", "rint(x)", Arg::kNone, 0.5, exact, -8, 8, u(std::nearbyint)},
        F{"round", "round(x)", Arg::kNone, 0.5, exact, -8, 8, u(std::round)},
        F{"trunc", "trunc(x)", Arg::kNone, 0.5, exact, -8, 8, u(std::trunc)},
        F{"fabs", "fabs(x)", Arg::kNone, 0, exact, -8, 8, u(std::fabs)},
        F{"copysign", "copysign(x, y)", Arg::kFloat, 0, exact, -8, 8, b(std::copysign)},
        F{"fmin", "fmin(x, y)", Arg::kFloat, 0, exact, -8, 8,
          [](float x, float y, int) { return ref_fmin(x, y); }},
        F{"fmax", "fmax(x, y)", Arg::kFloat, 0, exact, -8, 8,
          [](float x, float y, int) { return ref_fmax(x, y); }},
        F{"fdim", "fdim(x, y)", Arg::kFloat, 0.5, exact, -8, 8, b(std::fdim)},
        F{"fma", "fma(x, y, x)", Arg::kFloat, 0.5, exact, -8, 8,
          [](float x, float y, int) { return static_cast<Ld>(std::fma(x, y, x)); }},
        F{"fmod", "fmod(x, y)", Arg::kFloat, 0, exact, -8, 8, b(std::fmod)},
        F{"remainder", "remainder(x, y)", Arg::kFloat, 0, exact, -8, 8, b(std::remainder)},
        F{"remquo (quotient)", "(remquo(x, y, &q), (float)q)", Arg::kFloat, 0, exact, -64, 64,
          [](float x, float y, int) -> Ld {
              if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0.0f) return 0.0L;
              Ld r = std::remainder(static_cast<Ld>(x), static_cast<Ld>(y));
              Ld n = (static_cast<Ld>(x) - r) / static_cast<Ld>(y);
              if (!(std::fabs(n) < 0x1p30L)) return kNan;  // not checked
              int low = static_cast<int>(std::fmod(std::fabs(n), 128.0L));
              return std::signbit(x) != std::signbit(y) ? -low : low;
          }},
        F{"maxmag", "maxmag(x, y)", Arg::kFloat, 0, exact, -8, 8,
          [](float x, float y, int) -> Ld {
              if (std::fabs(x) > std::fabs(y)) return x;
              if (std::fabs(y) > std::fabs(x)) return y;
              return ref_fmax(x, y);
          }},
        F{"minmag", "minmag(x, y)", Arg::kFloat, 0, exact, -8, 8,
          [](float x, float y, int) -> Ld {
              if (std::fabs(x) < std::fabs(y)) return x;
              if (std::fabs(y) < std::fabs(x)) return y;
              return ref_fmin(x, y);
          }},
        F{"nextafter", "nextafter(x, y)", Arg::kFloat, 0, exact, -8, 8,
          [](float x, float y, int) { return ref_nextafter(x, y); }},
        F{"ldexp", "ldexp(x, n)", Arg::kInt, 0.5, exact, -8, 8,
          [](float x, float, int n) {
              return static_cast<Ld>(std::ldexp(x, n));  // float: rounds like the device
          }},
        F{"frexp", "frexp(x, &q)", Arg::kNone, 0, exact, -8, 8,
          [](float x, float, int) { return ref_frexp(x); }},
        F{"frexp (exponent)", "(frexp(x, &q), (float)q)", Arg::kNone, 0, exact, -8, 8,
          [](float x, float, int) -> Ld {
              int e = 0;
              if (std::isfinite(x)) std::frexp(x, &e);
              return e;
          }},
        F{"ilogb", "(float)ilogb(x)", Arg::kNone, 0, exact, -8, 8,
          [](float x, float, int) { return static_cast<Ld>(static_cast<float>(ref_ilogb(x))); }},
        F{"logb", "logb(x)", Arg::kNone, 0, exact, -8, 8, u(std::logb)},
        F{"modf", "modf(x, &t)", Arg::kNone, 0, exact, -8, 8,
          [](float x, float, int) { return ref_modf(x); }},
        F{"fract", "fract(x, &t)", Arg::kNone, 0.5, exact, -8, 8,
          [](float x, float, int) { return ref_fract(x); }},
        F{"lgamma", "lgamma(x)", Arg::kNone, 16, "polynomial, Stirling, reflection", 0.0625, 40,
          [](float x, float, int) { return ref_lgamma(x); }},
        F{"half_sin", "half_sin(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::sin)},
        F{"half_cos", "half_cos(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::cos)},
        F{"half_tan", "half_tan(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::tan)},
        F{"half_exp", "half_exp(x)", Arg::kNone, 8192, sfu, -104, 89, u(std::exp)},
        F{"half_exp2", "half_exp2(x)", Arg::kNone, 8192, sfu, -150, 128, u(std::exp2)},
        F{"half_exp10", "half_exp10(x)", Arg::kNone, 8192, sfu, -46, 39,
          [](float x, float, int) { return std::pow(10.0L, static_cast<Ld>(x)); }},
        F{"half_log", "half_log(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log)},
        F{"half_log2", "half_log2(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log2)},
        F{"half_log10", "half_log10(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log10)},
        F{"half_sqrt", "half_sqrt(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::sqrt)},
        F{"half_rsqrt", "half_rsqrt(x)", Arg::kNone, 8192, sfu, 0, 4,
          [](float x, float, int) { return 1.0L / std::sqrt(static_cast<Ld>(x)); }},
        F{"half_recip", "half_recip(x)", Arg::kNone, 8192, sfu, -4, 4,
          [](float x, float, int) { return 1.0L / static_cast<Ld>(x); }},
        F{"half_divide", "half_divide(x, y)", Arg::kFloat, 8192, sfu, -8, 8,
          [](float x, float y, int) { return ref_native_divide(x, y); }},
        F{"half_powr", "half_powr(x, y)", Arg::kFloat, 8192, sfu, 0, 8,
          [](float x, float y, int) { return ref_powr(x, y); }},
        F{"native_sin", "native_sin(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::sin)},
        F{"native_cos", "native_cos(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::cos)},
        F{"native_tan", "native_tan(x)", Arg::kNone, 8192, sfu, -65536, 65536, u(std::tan)},
        F{"native_exp", "native_exp(x)", Arg::kNone, 8192, sfu, -104, 89, u(std::exp)},
        F{"native_exp2", "native_exp2(x)", Arg::kNone, 8192, sfu, -150, 128, u(std::exp2)},
        F{"native_exp10", "native_exp10(x)", Arg::kNone, 8192, sfu, -46, 39,
          [](float x, float, int) { return std::pow(10.0L, static_cast<Ld>(x)); }},
        F{"native_log", "native_log(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log)},
        F{"native_log2", "native_log2(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log2)},
        F{"native_log10", "native_log10(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::log10)},
        F{"native_sqrt", "native_sqrt(x)", Arg::kNone, 8192, sfu, 0, 4, u(std::sqrt)},
        F{"native_rsqrt", "native_rsqrt(x)", Arg::kNone, 8192, sfu, 0, 4,
          [](float x, float, int) { return 1.0L / std::sqrt(static_cast<Ld>(x)); }},
        F{"native_recip", "native_recip(x)", Arg::kNone, 8192, sfu, -4, 4,
          [](float x, float, int) { return 1.0L / static_cast<Ld>(x); }},
        F{"native_divide", "native_divide(x, y)", Arg::kFloat, 8192, sfu, -8, 8,
          [](float x, float y, int) { return ref_native_divide(x, y); }},
        F{"native_powr", "native_powr(x, y)", Arg::kFloat, 8192, sfu, 0, 8,
          [](float x, float y, int) { return ref_powr(x, y); }},
        F{"x / y", "x / y", Arg::kFloat, 2.5, "SFU frcp + Newton step", -8, 8,
          [](float x, float y, int) { return static_cast<Ld>(x) / static_cast<Ld>(y); }},
    };
}

// The error of `got` against the reference in ulp of the reference (the spacing of floats at
// |ref|, 2^-149 at least); 0 when both are the same special value, infinity on a mismatch.
double ulp_error(float got, Ld ref, int min_exponent = -126) {
    if (std::isnan(ref)) return std::isnan(got) ? 0.0 : INFINITY;
    if (std::isnan(got)) return INFINITY;
    if (std::isinf(ref) || std::fabs(ref) >= 0x1p128L) {
        Ld r = std::copysign(kInf, ref);
        return static_cast<Ld>(got) == r ? 0.0 : INFINITY;
    }
    if (ref == 0.0L && got == 0.0f) return std::signbit(got) == std::signbit(ref) ? 0.0 : INFINITY;
    Ld g = got;
    if (std::isinf(got)) {
        if (std::signbit(got) != std::signbit(ref)) return INFINITY;
        g = std::copysign(0x1p128L, ref);
    }
    int e = std::max(std::ilogb(std::fabs(ref)), min_exponent);
    Ld ulp = std::ldexp(1.0L, e - 23);
    return static_cast<double>(std::fabs(g - ref) / ulp);
}

// Special values and edges of the float format.
std::vector<float> edges() {
    std::vector<float> v = {0.0f,
                            -0.0f,
                            INFINITY,
                            -INFINITY,
                            NAN,
                            1.0f,
                            -1.0f,
                            0.5f,
                            -0.5f,
                            2.0f,
                            -2.0f,
                            1.5f,
                            -1.5f,
                            3.0f,
                            -3.0f,
                            0.25f,
                            10.0f,
                            -10.0f,
                            from_bits(1),
                            from_bits(0x80000001u),
                            from_bits(0x007fffffu),
                            from_bits(0x00800000u),
                            from_bits(0x7f7fffffu),
                            from_bits(0xff7fffffu),
                            0x1p-24f,
                            0x1p23f,
                            0x1p24f,
                            -0x1p23f,
                            88.7f,
                            -103.9f,
                            1e-30f,
                            -1e-30f};
    for (int e = -149; e <= 127; e += 3) {
        v.push_back(std::ldexp(1.0f, e));
        v.push_back(-std::ldexp(1.5f, e));
        v.push_back(std::nextafter(std::ldexp(1.0f, e), 0.0f));
    }
    for (int i = -20; i <= 20; ++i) {
        v.push_back(0.5f * static_cast<float>(i));
        v.push_back(std::nextafter(0.5f * static_cast<float>(i), INFINITY));
        v.push_back(std::nextafter(0.5f * static_cast<float>(i), -INFINITY));
    }
    return v;
}

struct Inputs {
    std::vector<float> x, y;
    std::vector<int32_t> n;
};

// kInputs inputs: the edges (crossed with each other for two-argument functions), then half
// random bit patterns of the whole range, half uniform in [lo, hi].
Inputs make_inputs(const MathFunction& f, uint32_t seed) {
    Inputs in;
    std::mt19937 rng(seed);
    std::vector<float> e = edges();
    std::vector<int32_t> ints = {
        0,   1,    -1,         2,         -2,      3,          -3,           4,   5,
        -5,  7,    64,         -64,       127,     -127,       128,          200, -200,
        300, -300, 0x7fffffff, INT32_MIN, 1 << 24, -(1 << 24), (1 << 24) + 1};
    if (f.second == Arg::kNone) {
        in.x = e;
    } else {
        size_t m = f.second == Arg::kInt ? ints.size() : e.size();
        for (float a : e)
            for (size_t j = 0; j < m; ++j) {
                in.x.push_back(a);
                if (f.second == Arg::kInt) {
                    in.n.push_back(ints[j]);
                    in.y.push_back(0.0f);
                } else {
                    in.y.push_back(e[j]);
                }
            }
    }
    std::uniform_real_distribution<double> dense(static_cast<double>(f.lo),
                                                 static_cast<double>(f.hi));
    std::uniform_int_distribution<int> small_int(-40, 40);
    while (in.x.size() < kInputs) {
        bool random_bits = in.x.size() % 2 == 0;
        auto draw = [&]() {
            return random_bits ? from_bits(rng()) : static_cast<float>(dense(rng));
        };
        in.x.push_back(draw());
        if (f.second == Arg::kFloat) in.y.push_back(draw());
        if (f.second == Arg::kInt) {
            in.y.push_back(0.0f);
            in.n.push_back(random_bits ? static_cast<int32_t>(rng()) : small_int(rng));
        }
    }
    if (f.second == Arg::kNone) in.y.assign(in.x.size(), 0.0f);
    if (f.second != Arg::kInt) in.n.assign(in.x.size(), 0);
    return in;
}

std::string kernel_source(const std::vector<MathFunction>& fs) {
    std::string s;
    for (size_t i = 0; i < fs.size(); ++i) {
        s += "__kernel void f" + std::to_string(i) +
             "(__global const float* xs, __global const float* ys, __global const int* ns, "
             "__global float* out, uint count) {\n"
             "    for (uint i = get_global_id(0); i < count; i += get_global_size(0)) {\n"
             "        float x = xs[i], y = ys[i], t;\n"
             "        int n = ns[i], q;\n"
             "        out[i] = " +
             std::string(fs[i].expr) + ";\n    }\n}\n";
    }
    return s;
}

// Each test prints its rows of the table:
// | function | bound (ulp) | measured worst (ulp) | inputs | implementation |
class MathUlpTest : public ClTest {
  protected:
    void SetUp() override {
        setenv("MVP_FUNCTIONAL", "1", 1);
        ClTest::SetUp();
    }
    // Runs the named functions over their inputs and checks each one's worst error.
    void check(const std::vector<std::string>& names);
};

void MathUlpTest::check(const std::vector<std::string>& names) {
    std::vector<MathFunction> all = functions(), fs;
    for (const std::string& n : names)
        for (const MathFunction& f : all)
            if (n == f.name) fs.push_back(f);
    ASSERT_EQ(fs.size(), names.size());
    cl_program program = build(kernel_source(fs));
    ASSERT_NE(program, nullptr);
    for (size_t i = 0; i < fs.size(); ++i) {
        const MathFunction& f = fs[i];
        Inputs in = make_inputs(f, 1234u + static_cast<uint32_t>(i));
        cl_kernel k = kernel(program, ("f" + std::to_string(i)).c_str());
        ASSERT_NE(k, nullptr);
        cl_uint count = static_cast<cl_uint>(in.x.size());
        cl_mem xs = buffer(count * 4, in.x.data());
        cl_mem ys = buffer(count * 4, in.y.data());
        cl_mem ns = buffer(count * 4, in.n.data());
        cl_mem out = buffer(count * 4);
        cl_mem args[] = {xs, ys, ns, out};
        for (cl_uint a = 0; a < 4; ++a)
            ASSERT_EQ(clSetKernelArg(k, a, sizeof(cl_mem), &args[a]), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(k, 4, sizeof count, &count), CL_SUCCESS);
        size_t global = 4096, local = 32;
        ASSERT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
        std::vector<float> got = read<float>(out, count);
        double worst = 0.0;
        size_t worst_at = 0, tested = 0;
        // Rows whose reference is NaN for inputs they leave out (see the reference functions).
        const bool has_untested = std::string(f.name) == "remquo (quotient)" ||
                                  std::string(f.expr).find("divide") != std::string::npos;
        for (size_t j = 0; j < count; ++j) {
            Ld ref = f.ref(in.x[j], in.y[j], in.n[j]);
            if (has_untested && std::isnan(ref) && !std::isnan(in.x[j]) && !std::isnan(in.y[j]))
                continue;
            ++tested;
            // lgamma's accuracy is implementation-defined: near its zeros its error is absolute,
            // measured in ulp of 1.
            double err = ulp_error(got[j], ref, std::string(f.name) == "lgamma" ? 0 : -126);
            if (!(err <= worst)) {
                worst = err;
                worst_at = j;
            }
        }
        std::printf("| `%s` | %g | %.2f | %zu | %s |\n", f.name, f.bound, worst, tested, f.how);
        if (!(worst <= f.bound)) {
            ADD_FAILURE() << f.name << ": " << worst << " ulp at x = " << in.x[worst_at]
                          << std::hexfloat << " (" << in.x[worst_at] << "), y = " << in.y[worst_at]
                          << ", n = " << std::dec << in.n[worst_at] << ": got " << std::hexfloat
                          << got[worst_at] << ", expected "
                          << static_cast<double>(
                                 f.ref(in.x[worst_at], in.y[worst_at], in.n[worst_at]));
        }
    }
}

TEST_F(MathUlpTest, ExponentialsAndLogarithms) {
    check({"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "pow", "powr", "pown",
           "rootn", "sqrt", "rsqrt", "cbrt", "hypot", "x / y"});
}

TEST_F(MathUlpTest, Trigonometric) {
    check({"sin", "cos", "tan", "sinpi", "cospi", "tanpi", "sincos (sin)", "sincos (cos)", "asin",
           "acos", "atan", "atan2", "asinpi", "acospi", "atanpi", "atan2pi"});
}

TEST_F(MathUlpTest, HyperbolicErrorGamma) {
    check({"sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "tgamma", "lgamma"});
}

TEST_F(MathUlpTest, ExactFunctions) {
    check({"ceil",      "floor",
           "rint",      "round",
           "trunc",     "fabs",
           "copysign",  "fmin",
           "fmax",      "fdim",
           "fma",       "fmod",
           "remainder", "remquo (quotient)",
           "maxmag",    "minmag",
           "nextafter", "ldexp",
           "frexp",     "frexp (exponent)",
           "ilogb",     "logb",
           "modf",      "fract"});
}

TEST_F(MathUlpTest, HalfForms) {
    check({"half_sin", "half_cos", "half_tan", "half_exp", "half_exp2", "half_exp10", "half_log",
           "half_log2", "half_log10", "half_sqrt", "half_rsqrt", "half_recip", "half_divide",
           "half_powr"});
}

TEST_F(MathUlpTest, NativeForms) {
    check({"native_sin", "native_cos", "native_tan", "native_exp", "native_exp2", "native_exp10",
           "native_log", "native_log2", "native_log10", "native_sqrt", "native_rsqrt",
           "native_recip", "native_divide", "native_powr"});
}

}  // namespace
}  // namespace mvp::runtime::test
