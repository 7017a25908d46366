/* hotspot: 5 steps of the HotSpot thermal model on a 64 x 48 chip grid (8 x 8 work-groups),
   ping-ponging two temperature buffers. Each cell's update is one fixed expression: compared
   exactly. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { COLS = 64, ROWS = 48, N = COLS * ROWS, STEPS = 5 };
static const float STEP_DIV_CAP = 0.0546875f, RX_1 = 0.75f, RY_1 = 0.625f, RZ_1 = 0.015625f,
                   AMBIENT = 80.0f;

typedef struct {
    float temp[N], power[N];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem buf[2] = {bench_buffer(dev, N * 4, in->temp), bench_buffer(dev, N * 4, NULL)};
    cl_mem power = bench_buffer(dev, N * 4, in->power);
    cl_kernel k = bench_kernel(dev, "hotspot");
    cl_int cols = COLS, rows = ROWS;
    float sdc = STEP_DIV_CAP, rx = RX_1, ry = RY_1, rz = RZ_1, amb = AMBIENT;
    BENCH_ARG(dev, k, 1, power);
    BENCH_ARG(dev, k, 3, cols);
    BENCH_ARG(dev, k, 4, rows);
    BENCH_ARG(dev, k, 5, sdc);
    BENCH_ARG(dev, k, 6, rx);
    BENCH_ARG(dev, k, 7, ry);
    BENCH_ARG(dev, k, 8, rz);
    BENCH_ARG(dev, k, 9, amb);
    size_t global[2] = {COLS, ROWS}, local[2] = {8, 8};
    for (int s = 0; s < STEPS; ++s) {
        BENCH_ARG(dev, k, 0, buf[s % 2]);
        BENCH_ARG(dev, k, 2, buf[(s + 1) % 2]);
        bench_launch(dev, k, 2, global, local);
    }
    bench_read(dev, buf[STEPS % 2], N * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(buf[0]);
    clReleaseMemObject(buf[1]);
    clReleaseMemObject(power);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    static float a[N], b[N];
    memcpy(a, in->temp, sizeof a);
    for (int step = 0; step < STEPS; ++step) {
        for (int r = 0; r < ROWS; ++r)
            for (int c = 0; c < COLS; ++c) {
                int i = r * COLS + c;
                float t = a[i];
                float n = r > 0 ? a[i - COLS] : t, s = r < ROWS - 1 ? a[i + COLS] : t;
                float w = c > 0 ? a[i - 1] : t, e = c < COLS - 1 ? a[i + 1] : t;
                float delta = in->power[i] + (s + n - 2.0f * t) * RY_1 + (e + w - 2.0f * t) * RX_1 +
                              (AMBIENT - t) * RZ_1;
                b[i] = t + STEP_DIV_CAP * delta;
            }
        memcpy(a, b, sizeof a);
    }
    memcpy(outs[0].data, a, sizeof a);
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x407);
    for (int i = 0; i < N; ++i) {
        in.temp[i] = bench_randf(320.0f, 340.0f);
        in.power[i] = bench_randf(0.0f, 1.0f);
    }
    bench_output outs[] = {{"temp", BENCH_F32, N, 0, 0, 0, NULL}};
    bench_spec spec = {"hotspot", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
