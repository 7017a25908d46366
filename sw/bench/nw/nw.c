/* nw: Needleman-Wunsch scores of two random DNA sequences of 192 letters (a 193 x 193 score
   matrix), 16 x 16 blocks in 23 launches along the block anti-diagonals, __local memory and a
   barrier per cell diagonal. Integer scores compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 192, BS = 16, BLOCKS = N / BS, PENALTY = 4, MATCH = 5, MISMATCH = -3 };

typedef struct {
    cl_uchar a[N], b[N];
} inputs;

static void init_borders(cl_int *score) {
    for (int i = 0; i <= N; ++i) {
        score[i * (N + 1)] = -PENALTY * i;
        score[i] = -PENALTY * i;
    }
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    static cl_int score[(N + 1) * (N + 1)];
    init_borders(score);
    cl_mem score_buf = bench_buffer(dev, sizeof score, score);
    cl_mem a = bench_buffer(dev, N, in->a);
    cl_mem b = bench_buffer(dev, N, in->b);
    cl_kernel k = bench_kernel(dev, "nw_block");
    cl_uint n = N;
    cl_int penalty = PENALTY, match = MATCH, mismatch = MISMATCH;
    BENCH_ARG(dev, k, 0, score_buf);
    BENCH_ARG(dev, k, 1, a);
    BENCH_ARG(dev, k, 2, b);
    BENCH_ARG(dev, k, 3, n);
    BENCH_ARG(dev, k, 6, penalty);
    BENCH_ARG(dev, k, 7, match);
    BENCH_ARG(dev, k, 8, mismatch);
    for (cl_uint d = 0; d < 2 * BLOCKS - 1; ++d) {
        cl_uint first = d < BLOCKS ? 0 : d - BLOCKS + 1;
        cl_uint last = d < BLOCKS ? d : BLOCKS - 1;
        BENCH_ARG(dev, k, 4, d);
        BENCH_ARG(dev, k, 5, first);
        bench_launch1(dev, k, (last - first + 1) * BS, BS);
    }
    bench_read(dev, score_buf, sizeof score, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(score_buf);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
}

static int max3(int a, int b, int c) {
    int m = a > b ? a : b;
    return m > c ? m : c;
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_int *s = outs[0].data;
    init_borders(s);
    for (int i = 1; i <= N; ++i)
        for (int j = 1; j <= N; ++j)
            s[i * (N + 1) + j] = max3(
                s[(i - 1) * (N + 1) + j - 1] + (in->a[i - 1] == in->b[j - 1] ? MATCH : MISMATCH),
                s[(i - 1) * (N + 1) + j] - PENALTY, s[i * (N + 1) + j - 1] - PENALTY);
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x3e3e);
    for (int i = 0; i < N; ++i) {
        in.a[i] = "ACGT"[bench_randn(4)];
        in.b[i] = "ACGT"[bench_randn(4)];
    }
    bench_output outs[] = {{"score", BENCH_I32, (N + 1) * (N + 1), 0, 0, 0, NULL}};
    bench_spec spec = {"nw", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
