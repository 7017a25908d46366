/* stencil: 3 Jacobi sweeps of a 7-point stencil over a 32 x 16 x 12 grid (3-D NDRange in
   8 x 4 x 2 work-groups), ping-ponging two buffers. Compared exactly. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { NX = 32, NY = 16, NZ = 12, N = NX * NY * NZ, SWEEPS = 3 };
static const float C0 = 0.4f, C1 = 0.1f;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem buf[2] = {bench_buffer(dev, N * 4, ctx), bench_buffer(dev, N * 4, NULL)};
    cl_kernel k = bench_kernel(dev, "stencil7");
    cl_uint nx = NX, ny = NY, nz = NZ;
    float c0 = C0, c1 = C1;
    BENCH_ARG(dev, k, 2, nx);
    BENCH_ARG(dev, k, 3, ny);
    BENCH_ARG(dev, k, 4, nz);
    BENCH_ARG(dev, k, 5, c0);
    BENCH_ARG(dev, k, 6, c1);
    size_t global[3] = {NX, NY, NZ}, local[3] = {8, 4, 2};
    for (int s = 0; s < SWEEPS; ++s) {
        BENCH_ARG(dev, k, 0, buf[s % 2]);
        BENCH_ARG(dev, k, 1, buf[(s + 1) % 2]);
        bench_launch(dev, k, 3, global, local);
    }
    bench_read(dev, buf[SWEEPS % 2], N * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(buf[0]);
    clReleaseMemObject(buf[1]);
}

static void reference(bench_output *outs, void *ctx) {
    static float a[N], b[N];
    memcpy(a, ctx, sizeof a);
    for (int s = 0; s < SWEEPS; ++s) {
        for (int z = 0; z < NZ; ++z)
            for (int y = 0; y < NY; ++y)
                for (int x = 0; x < NX; ++x) {
                    int i = (z * NY + y) * NX + x;
                    if (x == 0 || y == 0 || z == 0 || x == NX - 1 || y == NY - 1 || z == NZ - 1) {
                        b[i] = a[i];
                        continue;
                    }
                    float sum = a[i - 1] + a[i + 1];
                    sum = sum + a[i - NX];
                    sum = sum + a[i + NX];
                    sum = sum + a[i - NX * NY];
                    sum = sum + a[i + NX * NY];
                    b[i] = C0 * a[i] + C1 * sum;
                }
        memcpy(a, b, sizeof a);
    }
    memcpy(outs[0].data, a, sizeof a);
}

int main(int argc, char **argv) {
    static float grid[N];
    bench_seed(0x57e9);
    for (int i = 0; i < N; ++i) grid[i] = bench_randf(0.0f, 100.0f);
    bench_output outs[] = {{"grid", BENCH_F32, N, 0, 0, 0, NULL}};
    bench_spec spec = {"stencil", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, grid};
    return bench_main(argc, argv, &spec);
}
