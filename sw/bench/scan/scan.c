/* scan: exclusive prefix sum of 20 K unsigned integers: 80 blocks of 256 scanned by
   work-groups of 64 (4 elements per work-item), the 80 block sums (padded with zeros to one
   block) scanned by one work-group, then added back. Compared exactly (sums modulo 2^32). */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 20 * 1024, LOCAL = 64, BLOCK = 256, BLOCKS = N / BLOCK };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem in = bench_buffer(dev, N * 4, ctx);
    cl_mem out = bench_buffer(dev, N * 4, NULL);
    static const cl_uint zeros[BLOCK];
    cl_mem sums = bench_buffer(dev, BLOCK * 4, zeros);
    cl_mem scanned = bench_buffer(dev, BLOCK * 4, NULL);
    cl_mem total = bench_buffer(dev, 4, NULL);
    cl_kernel scan = bench_kernel(dev, "scan_block");
    cl_kernel add = bench_kernel(dev, "add_offsets");
    BENCH_ARG(dev, scan, 0, in);
    BENCH_ARG(dev, scan, 1, out);
    BENCH_ARG(dev, scan, 2, sums);
    bench_launch1(dev, scan, N / 4, LOCAL);
    BENCH_ARG(dev, scan, 0, sums);
    BENCH_ARG(dev, scan, 1, scanned);
    BENCH_ARG(dev, scan, 2, total);
    bench_launch1(dev, scan, BLOCK / 4, LOCAL);
    BENCH_ARG(dev, add, 0, out);
    BENCH_ARG(dev, add, 1, scanned);
    bench_launch1(dev, add, N, LOCAL);
    bench_read(dev, out, N * 4, outs[0].data);
    bench_read(dev, total, 4, outs[1].data);
    clReleaseKernel(scan);
    clReleaseKernel(add);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseMemObject(sums);
    clReleaseMemObject(scanned);
    clReleaseMemObject(total);
}

static void reference(bench_output *outs, void *ctx) {
    const cl_uint *in = ctx;
    cl_uint *out = outs[0].data, *total = outs[1].data;
    cl_uint sum = 0;
    for (int i = 0; i < N; ++i) {
        out[i] = sum;
        sum += in[i];
    }
    *total = sum;
}

int main(int argc, char **argv) {
    static cl_uint in[N];
    bench_seed(0x5ca);
    for (int i = 0; i < N; ++i) in[i] = bench_randn(1000);
    bench_output outs[] = {{"prefix", BENCH_U32, N, 0, 0, 0, NULL},
                           {"total", BENCH_U32, 1, 0, 0, 0, NULL}};
    bench_spec spec = {"scan", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, in};
    return bench_main(argc, argv, &spec);
}
