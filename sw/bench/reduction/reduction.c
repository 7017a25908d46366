/* reduction: the sum of 192 K unsigned integers (modulo 2^32), 32 work-groups of 64 each
   adding a strided run, then one work-group over the 32 group sums. Compared exactly: the
   group sums and the total. */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 192 * 1024, LOCAL = 64, GROUPS = 32 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem in = bench_buffer(dev, N * 4, ctx);
    cl_mem sums = bench_buffer(dev, GROUPS * 4, NULL);
    cl_mem total = bench_buffer(dev, 4, NULL);
    cl_kernel k = bench_kernel(dev, "reduce");
    cl_uint n = N, groups = GROUPS;
    BENCH_ARG(dev, k, 0, in);
    BENCH_ARG(dev, k, 1, n);
    BENCH_ARG(dev, k, 2, sums);
    bench_launch1(dev, k, GROUPS * LOCAL, LOCAL);
    BENCH_ARG(dev, k, 0, sums);
    BENCH_ARG(dev, k, 1, groups);
    BENCH_ARG(dev, k, 2, total);
    bench_launch1(dev, k, LOCAL, LOCAL);
    bench_read(dev, sums, GROUPS * 4, outs[0].data);
    bench_read(dev, total, 4, outs[1].data);
    clReleaseKernel(k);
    clReleaseMemObject(in);
    clReleaseMemObject(sums);
    clReleaseMemObject(total);
}

static void reference(bench_output *outs, void *ctx) {
    const cl_uint *in = ctx;
    cl_uint *sums = outs[0].data, *total = outs[1].data;
    for (cl_uint i = 0; i < N; ++i) sums[(i / LOCAL) % GROUPS] += in[i];
    for (int g = 0; g < GROUPS; ++g) *total += sums[g];
}

int main(int argc, char **argv) {
    static cl_uint in[N];
    bench_seed(0x12345);
    for (int i = 0; i < N; ++i) in[i] = bench_rand();
    bench_output outs[] = {{"group_sums", BENCH_U32, GROUPS, 0, 0, 0, NULL},
                           {"total", BENCH_U32, 1, 0, 0, 0, NULL}};
    bench_spec spec = {"reduction", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, in};
    return bench_main(argc, argv, &spec);
}
