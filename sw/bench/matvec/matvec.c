/* matvec: y = A x for a 320 x 448 float matrix, one work-group of 64 per row with a __local
   tree for the partial sums. The reference adds in the same order: compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { ROWS = 320, COLS = 448, LOCAL = 64 };

typedef struct {
    float a[ROWS * COLS], x[COLS];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem a = bench_buffer(dev, sizeof in->a, in->a);
    cl_mem x = bench_buffer(dev, sizeof in->x, in->x);
    cl_mem y = bench_buffer(dev, ROWS * 4, NULL);
    cl_kernel k = bench_kernel(dev, "matvec");
    cl_uint cols = COLS;
    BENCH_ARG(dev, k, 0, a);
    BENCH_ARG(dev, k, 1, x);
    BENCH_ARG(dev, k, 2, y);
    BENCH_ARG(dev, k, 3, cols);
    bench_launch1(dev, k, ROWS * LOCAL, LOCAL);
    bench_read(dev, y, ROWS * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(a);
    clReleaseMemObject(x);
    clReleaseMemObject(y);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *y = outs[0].data;
    for (int r = 0; r < ROWS; ++r) {
        float partial[LOCAL];
        for (int l = 0; l < LOCAL; ++l) {
            float sum = 0.0f;
            for (int c = l; c < COLS; c += LOCAL) sum += in->a[r * COLS + c] * in->x[c];
            partial[l] = sum;
        }
        for (int s = LOCAL / 2; s > 0; s >>= 1)
            for (int l = 0; l < s; ++l) partial[l] += partial[l + s];
        y[r] = partial[0];
    }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x3a7);
    for (int i = 0; i < ROWS * COLS; ++i) in.a[i] = bench_randf(-1.0f, 1.0f);
    for (int i = 0; i < COLS; ++i) in.x[i] = bench_randf(-1.0f, 1.0f);
    bench_output outs[] = {{"y", BENCH_F32, ROWS, 0, 0, 0, NULL}};
    bench_spec spec = {"matvec", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
