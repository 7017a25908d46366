/* radixsort: sorts 2048 32-bit keys by 8 passes of 4 bits (count, scan, scatter: 24 launches),
   256 work-items of 8 keys each. The output must equal the host's sort of the input (sorted
   and a permutation of the input): compared exactly. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { N = 2048, PER_ITEM = 8, ITEMS = N / PER_ITEM, RADIX = 16, LOCAL = 64 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem buf[2] = {bench_buffer(dev, N * 4, ctx), bench_buffer(dev, N * 4, NULL)};
    cl_mem counts = bench_buffer(dev, RADIX * ITEMS * 4, NULL);
    cl_kernel count = bench_kernel(dev, "count");
    cl_kernel scan = bench_kernel(dev, "scan");
    cl_kernel scatter = bench_kernel(dev, "scatter");
    cl_uint per_item = PER_ITEM, items = ITEMS, total = RADIX * ITEMS;
    BENCH_ARG(dev, count, 1, counts);
    BENCH_ARG(dev, count, 2, per_item);
    BENCH_ARG(dev, count, 4, items);
    BENCH_ARG(dev, scan, 0, counts);
    BENCH_ARG(dev, scan, 1, total);
    BENCH_ARG(dev, scatter, 2, counts);
    BENCH_ARG(dev, scatter, 3, per_item);
    BENCH_ARG(dev, scatter, 5, items);
    for (cl_uint pass = 0; pass < 8; ++pass) {
        cl_uint shift = pass * 4;
        BENCH_ARG(dev, count, 0, buf[pass % 2]);
        BENCH_ARG(dev, count, 3, shift);
        bench_launch1(dev, count, ITEMS, LOCAL);
        bench_launch1(dev, scan, LOCAL, LOCAL);
        BENCH_ARG(dev, scatter, 0, buf[pass % 2]);
        BENCH_ARG(dev, scatter, 1, buf[(pass + 1) % 2]);
        BENCH_ARG(dev, scatter, 4, shift);
        bench_launch1(dev, scatter, ITEMS, LOCAL);
    }
    bench_read(dev, buf[0], N * 4, outs[0].data);
    clReleaseKernel(count);
    clReleaseKernel(scan);
    clReleaseKernel(scatter);
    clReleaseMemObject(buf[0]);
    clReleaseMemObject(buf[1]);
    clReleaseMemObject(counts);
}

static void reference(bench_output *outs, void *ctx) { bench_sorted_u32(ctx, N, outs[0].data); }

int main(int argc, char **argv) {
    static cl_uint keys[N];
    bench_seed(0x7ad1);
    for (int i = 0; i < N; ++i) keys[i] = bench_rand() >> (i % 3 == 0 ? 20 : 0);
    bench_output outs[] = {{"sorted", BENCH_U32, N, 0, 0, 0, NULL}};
    bench_spec spec = {"radixsort", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, keys};
    return bench_main(argc, argv, &spec);
}
