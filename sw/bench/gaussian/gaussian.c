/* gaussian: solves A x = b for a diagonally dominant 56 x 56 system by Gaussian elimination
   on the device (110 launches) and back substitution on the host. Divisions are within 2.5 ulp
   in OpenCL and their differences propagate: the reduced matrix and x are compared within a
   relative tolerance of 1e-5 or an absolute one of 1e-5. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { N = 56 };

typedef struct {
    float a[N * N], b[N];
} inputs;

static void back_substitute(const float *a, const float *b, float *x) {
    for (int i = N - 1; i >= 0; --i) {
        float sum = b[i];
        for (int j = i + 1; j < N; ++j) sum = sum - a[i * N + j] * x[j];
        x[i] = sum / a[i * N + i];
    }
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem a = bench_buffer(dev, sizeof in->a, in->a);
    cl_mem b = bench_buffer(dev, sizeof in->b, in->b);
    cl_mem m = bench_buffer(dev, N * 4, NULL);
    cl_kernel fan1 = bench_kernel(dev, "fan1");
    cl_kernel fan2 = bench_kernel(dev, "fan2");
    cl_uint n = N;
    BENCH_ARG(dev, fan1, 0, a);
    BENCH_ARG(dev, fan1, 1, m);
    BENCH_ARG(dev, fan1, 2, n);
    BENCH_ARG(dev, fan2, 0, a);
    BENCH_ARG(dev, fan2, 1, b);
    BENCH_ARG(dev, fan2, 2, m);
    BENCH_ARG(dev, fan2, 3, n);
    for (cl_uint t = 0; t + 1 < N; ++t) {
        size_t rows = N - 1 - t, cols = N - t + 1;
        size_t global1 = (rows + 7) / 8 * 8, local1 = 8;
        size_t global[2] = {(cols + 7) / 8 * 8, global1}, local[2] = {8, 8};
        BENCH_ARG(dev, fan1, 3, t);
        bench_launch(dev, fan1, 1, &global1, &local1);
        BENCH_ARG(dev, fan2, 4, t);
        bench_launch(dev, fan2, 2, global, local);
    }
    bench_read(dev, a, sizeof in->a, outs[0].data);
    float rhs[N];
    bench_read(dev, b, sizeof rhs, rhs);
    back_substitute(outs[0].data, rhs, outs[1].data);
    clReleaseKernel(fan1);
    clReleaseKernel(fan2);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(m);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *a = outs[0].data, b[N], m[N];
    memcpy(a, in->a, sizeof in->a);
    memcpy(b, in->b, sizeof b);
    for (int t = 0; t + 1 < N; ++t) {
        for (int i = t + 1; i < N; ++i) m[i] = a[i * N + t] / a[t * N + t];
        for (int i = t + 1; i < N; ++i) {
            for (int j = t; j < N; ++j) a[i * N + j] = a[i * N + j] - m[i] * a[t * N + j];
            b[i] = b[i] - m[i] * b[t];
        }
    }
    back_substitute(a, b, outs[1].data);
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x6a55);
    for (int i = 0; i < N; ++i) {
        for (int j = 0; j < N; ++j) in.a[i * N + j] = bench_randf(-1.0f, 1.0f) + (i == j ? N : 0);
        in.b[i] = bench_randf(-10.0f, 10.0f);
    }
    bench_output outs[] = {{"reduced", BENCH_F32, N * N, 0, 1e-5, 1e-5, NULL},
                           {"x", BENCH_F32, N, 0, 1e-5, 1e-5, NULL}};
    bench_spec spec = {"gaussian", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
