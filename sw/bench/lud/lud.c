/* lud: in-place LU decomposition (no pivoting) of a diagonally dominant 64 x 64 matrix,
   126 launches. Division is within 2.5 ulp in OpenCL (MVP: reciprocal and one Newton step)
   and its differences propagate through the later steps, so the factors are compared within a
   relative tolerance of 1e-5 or an absolute one of 1e-6 (elements are of order 1). */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 64 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem a = bench_buffer(dev, N * N * 4, ctx);
    cl_kernel scale = bench_kernel(dev, "scale_column");
    cl_kernel update = bench_kernel(dev, "update");
    cl_uint n = N;
    BENCH_ARG(dev, scale, 0, a);
    BENCH_ARG(dev, scale, 1, n);
    BENCH_ARG(dev, update, 0, a);
    BENCH_ARG(dev, update, 1, n);
    for (cl_uint k = 0; k + 1 < N; ++k) {
        size_t rest = N - 1 - k;
        size_t global1 = (rest + 7) / 8 * 8, local1 = 8;
        size_t global[2] = {global1, global1}, local[2] = {8, 8};
        BENCH_ARG(dev, scale, 2, k);
        bench_launch(dev, scale, 1, &global1, &local1);
        BENCH_ARG(dev, update, 2, k);
        bench_launch(dev, update, 2, global, local);
    }
    bench_read(dev, a, N * N * 4, outs[0].data);
    clReleaseKernel(scale);
    clReleaseKernel(update);
    clReleaseMemObject(a);
}

static void reference(bench_output *outs, void *ctx) {
    float *a = outs[0].data;
    const float *in = ctx;
    for (int i = 0; i < N * N; ++i) a[i] = in[i];
    for (int k = 0; k + 1 < N; ++k) {
        for (int i = k + 1; i < N; ++i) a[i * N + k] = a[i * N + k] / a[k * N + k];
        for (int i = k + 1; i < N; ++i)
            for (int j = k + 1; j < N; ++j)
                a[i * N + j] = a[i * N + j] - a[i * N + k] * a[k * N + j];
    }
}

int main(int argc, char **argv) {
    static float a[N * N];
    bench_seed(0x1d);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) a[i * N + j] = bench_randf(-1.0f, 1.0f) + (i == j ? N : 0);
    bench_output outs[] = {{"lu", BENCH_F32, N * N, 0, 1e-6, 1e-5, NULL}};
    bench_spec spec = {"lud", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, a};
    return bench_main(argc, argv, &spec);
}
