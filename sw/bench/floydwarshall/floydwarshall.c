/* floydwarshall: all-pairs shortest paths of a random weighted directed graph of 48 nodes (one
   launch per intermediate node, 8 x 8 work-groups); the distances and the next-hop matrix for
   path reconstruction. Row k and column k do not change in pass k, so the result does not
   depend on the order of the work-items: compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 48, INF = 1u << 28 };

typedef struct {
    cl_uint dist[N * N], next[N * N];
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem dist = bench_buffer(dev, sizeof in->dist, in->dist);
    cl_mem next = bench_buffer(dev, sizeof in->next, in->next);
    cl_kernel kern = bench_kernel(dev, "floyd_pass");
    cl_uint n = N;
    BENCH_ARG(dev, kern, 0, dist);
    BENCH_ARG(dev, kern, 1, next);
    BENCH_ARG(dev, kern, 2, n);
    size_t global[2] = {N, N}, local[2] = {8, 8};
    for (cl_uint k = 0; k < N; ++k) {
        BENCH_ARG(dev, kern, 3, k);
        bench_launch(dev, kern, 2, global, local);
    }
    bench_read(dev, dist, sizeof in->dist, outs[0].data);
    bench_read(dev, next, sizeof in->next, outs[1].data);
    clReleaseKernel(kern);
    clReleaseMemObject(dist);
    clReleaseMemObject(next);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_uint *d = outs[0].data, *nx = outs[1].data;
    for (int i = 0; i < N * N; ++i) {
        d[i] = in->dist[i];
        nx[i] = in->next[i];
    }
    for (int k = 0; k < N; ++k)
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j)
                if (d[i * N + k] + d[k * N + j] < d[i * N + j]) {
                    d[i * N + j] = d[i * N + k] + d[k * N + j];
                    nx[i * N + j] = nx[i * N + k];
                }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0xf10d);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            int edge = i == j || bench_randn(100) < 15;
            in.dist[i * N + j] = i == j ? 0 : edge ? 1 + bench_randn(100) : INF;
            in.next[i * N + j] = edge ? (cl_uint)j : ~0u;
        }
    bench_output outs[] = {{"dist", BENCH_U32, N * N, 0, 0, 0, NULL},
                           {"next", BENCH_U32, N * N, 0, 0, 0, NULL}};
    bench_spec spec = {"floydwarshall", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
