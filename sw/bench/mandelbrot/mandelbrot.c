/* mandelbrot: escape counts of a 64 x 48 window of the Mandelbrot set, 2-D NDRange in
   8 x 8 work-groups. Integer output, compared exactly: every pixel's float iteration is the same
   sequence of correctly rounded operations on both devices. */
#include <stdlib.h>

#include "../common/bench.h"

enum { W = 64, H = 48, MAX_ITER = 64 };
static const float X0 = -2.0f, Y0 = -1.125f, STEP = 0.046875f;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    (void)ctx;
    cl_mem counts = bench_buffer(dev, W * H * 4, NULL);
    cl_kernel k = bench_kernel(dev, "mandelbrot");
    cl_uint w = W, h = H, iters = MAX_ITER;
    float x0 = X0, y0 = Y0, step = STEP;
    BENCH_ARG(dev, k, 0, counts);
    BENCH_ARG(dev, k, 1, w);
    BENCH_ARG(dev, k, 2, h);
    BENCH_ARG(dev, k, 3, x0);
    BENCH_ARG(dev, k, 4, y0);
    BENCH_ARG(dev, k, 5, step);
    BENCH_ARG(dev, k, 6, iters);
    size_t global[2] = {W, H}, local[2] = {8, 8};
    bench_launch(dev, k, 2, global, local);
    bench_read(dev, counts, W * H * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(counts);
}

static void reference(bench_output *outs, void *ctx) {
    (void)ctx;
    cl_uint *counts = outs[0].data;
    for (int py = 0; py < H; ++py) {
        for (int px = 0; px < W; ++px) {
            float cr = X0 + (float)px * STEP, ci = Y0 + (float)py * STEP;
            float zr = 0, zi = 0;
            cl_uint n = 0;
            while (n < MAX_ITER) {
                float zr2 = zr * zr, zi2 = zi * zi;
                if (zr2 + zi2 > 4.0f) break;
                float t = zr * zi;
                zi = t + t + ci;
                zr = zr2 - zi2 + cr;
                ++n;
            }
            counts[py * W + px] = n;
        }
    }
}

int main(int argc, char **argv) {
    bench_output outs[] = {{"counts", BENCH_U32, W * H, 0, 0, 0, NULL}};
    bench_spec spec = {"mandelbrot", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, NULL};
    return bench_main(argc, argv, &spec);
}
