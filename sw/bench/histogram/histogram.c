/* histogram: 256 bins over 96 K bytes with a skewed distribution (many collisions on the
   popular bins), local atomics per work-group and global atomics to merge. The bins are
   order-independent sums: compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 96 * 1024, BINS = 256, LOCAL = 64, PER_ITEM = 64 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    const cl_uchar *data = ctx;
    cl_mem in = bench_buffer(dev, N, data);
    cl_uint zeros[BINS] = {0};
    cl_mem hist = bench_buffer(dev, sizeof zeros, zeros);
    cl_kernel k = bench_kernel(dev, "histogram");
    cl_uint n = N, per_item = PER_ITEM;
    BENCH_ARG(dev, k, 0, in);
    BENCH_ARG(dev, k, 1, n);
    BENCH_ARG(dev, k, 2, per_item);
    BENCH_ARG(dev, k, 3, hist);
    size_t groups = (N + LOCAL * PER_ITEM - 1) / (LOCAL * PER_ITEM);
    bench_launch1(dev, k, groups * LOCAL, LOCAL);
    bench_read(dev, hist, sizeof zeros, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(in);
    clReleaseMemObject(hist);
}

static void reference(bench_output *outs, void *ctx) {
    const cl_uchar *data = ctx;
    cl_uint *hist = outs[0].data;
    for (int i = 0; i < N; ++i) ++hist[data[i]];
}

int main(int argc, char **argv) {
    static cl_uchar data[N];
    bench_seed(0x4157u);
    for (int i = 0; i < N; ++i) {
        /* The minimum of two uniform bytes: low bins are popular. */
        cl_uint a = bench_randn(BINS), b = bench_randn(BINS);
        data[i] = (cl_uchar)(a < b ? a : b);
    }
    bench_output outs[] = {{"hist", BENCH_U32, BINS, 0, 0, 0, NULL}};
    bench_spec spec = {"histogram", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, data};
    return bench_main(argc, argv, &spec);
}
