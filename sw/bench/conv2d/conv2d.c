/* conv2d: a 72 x 56 image convolved with a 5 x 5 filter (__constant argument) with clamped
   borders, 2-D NDRange in 8 x 8 work-groups. Compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { W = 72, H = 56, R = 2, F = 2 * R + 1 };

typedef struct {
    float image[W * H];
    float filter[F * F];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem image = bench_buffer(dev, sizeof in->image, in->image);
    cl_mem filter = bench_buffer(dev, sizeof in->filter, in->filter);
    cl_mem out = bench_buffer(dev, W * H * 4, NULL);
    cl_kernel k = bench_kernel(dev, "conv2d");
    cl_int w = W, h = H;
    BENCH_ARG(dev, k, 0, image);
    BENCH_ARG(dev, k, 1, filter);
    BENCH_ARG(dev, k, 2, out);
    BENCH_ARG(dev, k, 3, w);
    BENCH_ARG(dev, k, 4, h);
    size_t global[2] = {W, H}, local[2] = {8, 8};
    bench_launch(dev, k, 2, global, local);
    bench_read(dev, out, W * H * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(image);
    clReleaseMemObject(filter);
    clReleaseMemObject(out);
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *out = outs[0].data;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            float sum = 0.0f;
            for (int dy = -R; dy <= R; ++dy)
                for (int dx = -R; dx <= R; ++dx)
                    sum += in->image[clampi(y + dy, 0, H - 1) * W + clampi(x + dx, 0, W - 1)] *
                           in->filter[(dy + R) * F + dx + R];
            out[y * W + x] = sum;
        }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0xc0);
    for (int i = 0; i < W * H; ++i) in.image[i] = bench_randf(0.0f, 255.0f);
    for (int i = 0; i < F * F; ++i) in.filter[i] = bench_randf(-0.2f, 0.2f);
    bench_output outs[] = {{"out", BENCH_F32, W * H, 0, 0, 0, NULL}};
    bench_spec spec = {"conv2d", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
