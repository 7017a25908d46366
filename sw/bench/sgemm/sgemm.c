/* sgemm: C = alpha A B + beta C for 64 x 48 times 48 x 64 matrices with 8 x 8 __local tiles.
   Each element is the same ordered sum on every device (contraction off): compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { M = 64, N = 64, K = 48, TILE = 8 };
static const float ALPHA = 1.5f, BETA = -0.5f;

typedef struct {
    float a[M * K], b[K * N], c[M * N];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem a = bench_buffer(dev, sizeof in->a, in->a);
    cl_mem b = bench_buffer(dev, sizeof in->b, in->b);
    cl_mem c = bench_buffer(dev, sizeof in->c, in->c);
    cl_kernel kern = bench_kernel(dev, "sgemm");
    cl_uint m = M, n = N, k = K;
    float alpha = ALPHA, beta = BETA;
    BENCH_ARG(dev, kern, 0, a);
    BENCH_ARG(dev, kern, 1, b);
    BENCH_ARG(dev, kern, 2, c);
    BENCH_ARG(dev, kern, 3, m);
    BENCH_ARG(dev, kern, 4, n);
    BENCH_ARG(dev, kern, 5, k);
    BENCH_ARG(dev, kern, 6, alpha);
    BENCH_ARG(dev, kern, 7, beta);
    size_t global[2] = {N, M}, local[2] = {TILE, TILE};
    bench_launch(dev, kern, 2, global, local);
    bench_read(dev, c, sizeof in->c, outs[0].data);
    clReleaseKernel(kern);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseMemObject(c);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *c = outs[0].data;
    for (int r = 0; r < M; ++r) {
        for (int col = 0; col < N; ++col) {
            float acc = 0.0f;
            for (int i = 0; i < K; ++i) acc += in->a[r * K + i] * in->b[i * N + col];
            c[r * N + col] = ALPHA * acc + BETA * in->c[r * N + col];
        }
    }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x5eed);
    for (int i = 0; i < M * K; ++i) in.a[i] = bench_randf(-1.0f, 1.0f);
    for (int i = 0; i < K * N; ++i) in.b[i] = bench_randf(-1.0f, 1.0f);
    for (int i = 0; i < M * N; ++i) in.c[i] = bench_randf(-1.0f, 1.0f);
    bench_output outs[] = {{"c", BENCH_F32, M * N, 0, 0, 0, NULL}};
    bench_spec spec = {"sgemm", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
