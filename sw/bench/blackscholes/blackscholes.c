/* blackscholes: call and put prices of 6144 European options. log and exp are within 3 ulp in
   OpenCL (and the C library's differ again), and their differences pass through the
   cumulative normal: prices (up to about 100) are compared within a relative tolerance of
   1e-5 or an absolute one of 2e-5. */
#include <math.h>
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 6144, LOCAL = 64 };
static const float RATE = 0.02f, VOLATILITY = 0.30f;

typedef struct {
    float spot[N], strike[N], years[N];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem spot = bench_buffer(dev, sizeof in->spot, in->spot);
    cl_mem strike = bench_buffer(dev, sizeof in->strike, in->strike);
    cl_mem years = bench_buffer(dev, sizeof in->years, in->years);
    cl_mem call = bench_buffer(dev, N * 4, NULL);
    cl_mem put = bench_buffer(dev, N * 4, NULL);
    cl_kernel k = bench_kernel(dev, "black_scholes");
    float rate = RATE, volatility = VOLATILITY;
    cl_uint n = N;
    BENCH_ARG(dev, k, 0, spot);
    BENCH_ARG(dev, k, 1, strike);
    BENCH_ARG(dev, k, 2, years);
    BENCH_ARG(dev, k, 3, call);
    BENCH_ARG(dev, k, 4, put);
    BENCH_ARG(dev, k, 5, rate);
    BENCH_ARG(dev, k, 6, volatility);
    BENCH_ARG(dev, k, 7, n);
    bench_launch1(dev, k, N, LOCAL);
    bench_read(dev, call, N * 4, outs[0].data);
    bench_read(dev, put, N * 4, outs[1].data);
    clReleaseKernel(k);
    clReleaseMemObject(spot);
    clReleaseMemObject(strike);
    clReleaseMemObject(years);
    clReleaseMemObject(call);
    clReleaseMemObject(put);
}

static float cnd(float d) {
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float poly =
        k * (0.31938153f +
             k * (-0.356563782f + k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f))));
    float c = 0.39894228040143267794f * expf(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - c : c;
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *call = outs[0].data, *put = outs[1].data;
    for (int i = 0; i < N; ++i) {
        float s = in->spot[i], x = in->strike[i], t = in->years[i];
        float sqrt_t = sqrtf(t);
        float d1 =
            (logf(s / x) + (RATE + 0.5f * VOLATILITY * VOLATILITY) * t) / (VOLATILITY * sqrt_t);
        float d2 = d1 - VOLATILITY * sqrt_t;
        float cnd1 = cnd(d1), cnd2 = cnd(d2);
        float discounted = x * expf(-RATE * t);
        call[i] = s * cnd1 - discounted * cnd2;
        put[i] = discounted * (1.0f - cnd2) - s * (1.0f - cnd1);
    }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0xb5);
    for (int i = 0; i < N; ++i) {
        in.spot[i] = bench_randf(5.0f, 30.0f);
        in.strike[i] = bench_randf(1.0f, 100.0f);
        in.years[i] = bench_randf(0.25f, 10.0f);
    }
    bench_output outs[] = {{"call", BENCH_F32, N, 0, 2e-5, 1e-5, NULL},
                           {"put", BENCH_F32, N, 0, 2e-5, 1e-5, NULL}};
    bench_spec spec = {"blackscholes", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
