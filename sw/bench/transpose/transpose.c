/* transpose: a 160 x 120 float matrix (not square) transposed through __local tiles, then
   transposed back; both results compared bit for bit. */
#include <stdlib.h>

#include "../common/bench.h"

enum { W = 160, H = 120, TILE = 8 };

static void launch(bench_device *dev, cl_kernel k, cl_mem in, cl_mem out, cl_uint w, cl_uint h) {
    BENCH_ARG(dev, k, 0, in);
    BENCH_ARG(dev, k, 1, out);
    BENCH_ARG(dev, k, 2, w);
    BENCH_ARG(dev, k, 3, h);
    size_t global[2] = {(w + TILE - 1) / TILE * TILE, (h + TILE - 1) / TILE * TILE};
    size_t local[2] = {TILE, TILE};
    bench_launch(dev, k, 2, global, local);
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem a = bench_buffer(dev, W * H * 4, ctx);
    cl_mem t = bench_buffer(dev, W * H * 4, NULL);
    cl_mem back = bench_buffer(dev, W * H * 4, NULL);
    cl_kernel k = bench_kernel(dev, "transpose");
    launch(dev, k, a, t, W, H);
    launch(dev, k, t, back, H, W);
    bench_read(dev, t, W * H * 4, outs[0].data);
    bench_read(dev, back, W * H * 4, outs[1].data);
    clReleaseKernel(k);
    clReleaseMemObject(a);
    clReleaseMemObject(t);
    clReleaseMemObject(back);
}

static void reference(bench_output *outs, void *ctx) {
    const float *a = ctx;
    float *t = outs[0].data, *back = outs[1].data;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) t[x * H + y] = a[y * W + x];
    for (int i = 0; i < W * H; ++i) back[i] = a[i];
}

int main(int argc, char **argv) {
    static float a[W * H];
    bench_seed(0x7a);
    for (int i = 0; i < W * H; ++i) a[i] = bench_randf(-1000.0f, 1000.0f);
    bench_output outs[] = {{"transposed", BENCH_F32, W * H, 0, 0, 0, NULL},
                           {"round_trip", BENCH_F32, W * H, 0, 0, 0, NULL}};
    bench_spec spec = {"transpose", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, a};
    return bench_main(argc, argv, &spec);
}
