#!/usr/bin/env python3
"""Polynomial coefficients of the single-precision math library (sw/clc/include/mvp_math.h).

Each approximation is a Chebyshev fit (mpmath.chebyfit, near-minimax) of a smooth function on
the reduced interval the library uses; the script prints every polynomial as C float literals,
highest degree first, with the fit's worst relative error. Run it to regenerate the tables:

    python3 sw/clc/tools/math_coefficients.py
"""
import mpmath as mp

mp.mp.dps = 40


def fit(name, f, lo, hi, degree, scale=None):
    """Fits f on [lo, hi]; scale(z) gives the size the error is relative to."""
    coeffs, _ = mp.chebyfit(f, [lo, hi], degree + 1, error=True)
    worst = mp.mpf(0)
    for i in range(2001):
        z = lo + (hi - lo) * i / 2000
        p = mp.polyval(coeffs, z)
        ref = f(z)
        size = abs(scale(z)) if scale else abs(ref)
        if size:
            worst = max(worst, abs(p - ref) / size)
    literals = ", ".join(float(c).hex().replace("0x", "0x") + "f" for c in coeffs)
    print(f"{name}: degree {degree} on [{mp.nstr(lo, 6)}, {mp.nstr(hi, 6)}], "
          f"relative error {mp.nstr(worst, 3)}")
    print("    " + ", ".join(f"{float(mp.mpf(c)):.9g}f" for c in coeffs))
    return literals


def lgamma_quotient(x):
    if x == 1:
        return mp.euler
    if x == 2:
        return 1 - mp.euler
    return mp.loggamma(x) / ((x - 1) * (x - 2))


def main():
    t8 = mp.tan(mp.pi / 8)
    # atan(u) = u + u^3 P(u^2), |u| <= tan(pi/8).
    fit("atan", lambda z: (mp.atan(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z) ** 3 if z else
        mp.mpf(-1) / 3, mp.mpf(0), t8 ** 2, 5, scale=lambda z: mp.mpf(1) / 3 / (1 + z))
    # asin(x) = x + x^3 P(x^2), |x| <= 1/2.
    fit("asin", lambda z: (mp.asin(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z) ** 3 if z else
        mp.mpf(1) / 6, mp.mpf(0), mp.mpf(1) / 4, 6)
    # erf(x) = x P(x^2), |x| <= 1.
    fit("erf", lambda z: mp.erf(mp.sqrt(z)) / mp.sqrt(z) if z else 2 / mp.sqrt(mp.pi),
        mp.mpf(0), mp.mpf(1), 7)
    # erfc(x) = exp(-x^2) Q(x - 1.75) on [1, 2.5], and (1/x) R(1/x^2) on [2.5, 10.1].
    fit("erfc_mid", lambda t: mp.erfc(t + mp.mpf(1.75)) * mp.exp((t + mp.mpf(1.75)) ** 2),
        mp.mpf(-0.75), mp.mpf(0.75), 11)
    fit("erfc_tail", lambda w: mp.erfc(1 / mp.sqrt(w)) * mp.exp(1 / w) / mp.sqrt(w),
        mp.mpf(1) / mp.mpf(10.1) ** 2, mp.mpf(1) / mp.mpf(2.5) ** 2, 9)
    # tgamma(1.5 + t), -1/2 <= t <= 1/2.
    fit("tgamma", lambda t: mp.gamma(mp.mpf(1.5) + t), mp.mpf(-0.5), mp.mpf(0.5), 11)
    # lgamma(x) = (x - 1)(x - 2) P(x - 1.75) on [0.5, 3]: the zeros at 1 and 2 stay exact.
    fit("lgamma", lambda t: lgamma_quotient(t + mp.mpf(1.75)), mp.mpf(-1.25), mp.mpf(1.25), 17)


if __name__ == "__main__":
    main()
