/* bitonic: sorts 2048 unsigned keys (with duplicates) by a bitonic network, one launch per
   step (66 launches). The output must equal the host's sort of the input, which makes it
   sorted and a permutation of the input; compared exactly. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { N = 2048, LOCAL = 64 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem keys = bench_buffer(dev, N * 4, ctx);
    cl_kernel kern = bench_kernel(dev, "bitonic_step");
    BENCH_ARG(dev, kern, 0, keys);
    for (cl_uint k = 2; k <= N; k <<= 1) {
        for (cl_uint j = k >> 1; j > 0; j >>= 1) {
            BENCH_ARG(dev, kern, 1, j);
            BENCH_ARG(dev, kern, 2, k);
            bench_launch1(dev, kern, N, LOCAL);
        }
    }
    bench_read(dev, keys, N * 4, outs[0].data);
    clReleaseKernel(kern);
    clReleaseMemObject(keys);
}

static void reference(bench_output *outs, void *ctx) { bench_sorted_u32(ctx, N, outs[0].data); }

int main(int argc, char **argv) {
    static cl_uint keys[N];
    bench_seed(0xb170);
    for (int i = 0; i < N; ++i) keys[i] = bench_randn(4096) * 1000003u;
    bench_output outs[] = {{"sorted", BENCH_U32, N, 0, 0, 0, NULL}};
    bench_spec spec = {"bitonic", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, keys};
    return bench_main(argc, argv, &spec);
}
