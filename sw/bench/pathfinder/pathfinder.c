/* pathfinder: cheapest top-to-bottom path costs through a 49 x 1000 grid of wall costs 0-9,
   6 launches of 8 rows each (pyramids of height 8 in work-groups of 64, overlapping halos).
   Integer costs of the last row compared exactly. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { ROWS = 49, COLS = 1000, BLOCK = 64, HEIGHT = 8 };

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    const cl_int *wall = ctx;
    cl_mem wall_buf = bench_buffer(dev, ROWS * COLS * 4, wall);
    cl_mem buf[2] = {bench_buffer(dev, COLS * 4, wall), bench_buffer(dev, COLS * 4, NULL)};
    cl_kernel k = bench_kernel(dev, "pathfinder");
    cl_int cols = COLS, height = HEIGHT;
    BENCH_ARG(dev, k, 0, wall_buf);
    BENCH_ARG(dev, k, 3, cols);
    BENCH_ARG(dev, k, 5, height);
    int small = BLOCK - 2 * HEIGHT;
    size_t groups = (COLS + small - 1) / small;
    int launches = 0;
    for (cl_int row = 1; row < ROWS; row += HEIGHT, ++launches) {
        BENCH_ARG(dev, k, 1, buf[launches % 2]);
        BENCH_ARG(dev, k, 2, buf[(launches + 1) % 2]);
        BENCH_ARG(dev, k, 4, row);
        bench_launch1(dev, k, groups * BLOCK, BLOCK);
    }
    bench_read(dev, buf[launches % 2], COLS * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(wall_buf);
    clReleaseMemObject(buf[0]);
    clReleaseMemObject(buf[1]);
}

static void reference(bench_output *outs, void *ctx) {
    const cl_int *wall = ctx;
    cl_int prev[COLS], *cur = outs[0].data;
    memcpy(prev, wall, sizeof prev);
    for (int r = 1; r < ROWS; ++r) {
        for (int x = 0; x < COLS; ++x) {
            int best = prev[x];
            if (x > 0 && prev[x - 1] < best) best = prev[x - 1];
            if (x < COLS - 1 && prev[x + 1] < best) best = prev[x + 1];
            cur[x] = best + wall[r * COLS + x];
        }
        memcpy(prev, cur, sizeof prev);
    }
}

int main(int argc, char **argv) {
    static cl_int wall[ROWS * COLS];
    bench_seed(0xfa7);
    for (int i = 0; i < ROWS * COLS; ++i) wall[i] = (cl_int)bench_randn(10);
    bench_output outs[] = {{"cost", BENCH_I32, COLS, 0, 0, 0, NULL}};
    bench_spec spec = {"pathfinder", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, wall};
    return bench_main(argc, argv, &spec);
}
