// Black-Scholes European option pricing: call and put prices of each option from the
// cumulative normal distribution (Abramowitz-Stegun polynomial), with log, exp and sqrt.
#pragma OPENCL FP_CONTRACT OFF

#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267794f

float cnd(float d) {
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
    float c = RSQRT2PI * exp(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - c : c;
}

__kernel void black_scholes(__global const float* spot, __global const float* strike,
                            __global const float* years, __global float* call, __global float* put,
                            float rate, float volatility, uint n) {
    uint i = get_global_id(0);
    if (i >= n) return;
    float s = spot[i];
    float x = strike[i];
    float t = years[i];
    float sqrt_t = sqrt(t);
    float d1 = (log(s / x) + (rate + 0.5f * volatility * volatility) * t) / (volatility * sqrt_t);
    float d2 = d1 - volatility * sqrt_t;
    float cnd1 = cnd(d1);
    float cnd2 = cnd(d2);
    float discounted = x * exp(-rate * t);
    call[i] = s * cnd1 - discounted * cnd2;
    put[i] = discounted * (1.0f - cnd2) - s * (1.0f - cnd1);
}
