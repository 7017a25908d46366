/* kmeans: 3 iterations of k-means on 2048 points of 4 features around 6 clusters: the
   assignment on the device, the centroid update on the host (the same C code for every
   device, so a difference in the memberships shows up in the next assignment). Memberships of
   every iteration and the final centroids compared exactly. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { P = 2048, D = 4, K = 6, ITERS = 3, LOCAL = 64 };

typedef struct {
    float features[D * P]; /* feature-major */
} inputs;

static void update_centroids(const inputs *in, const cl_int *member, float *centroids) {
    float sum[K * D] = {0};
    int count[K] = {0};
    for (int p = 0; p < P; ++p) {
        ++count[member[p]];
        for (int d = 0; d < D; ++d) sum[member[p] * D + d] += in->features[d * P + p];
    }
    for (int c = 0; c < K; ++c)
        for (int d = 0; d < D; ++d)
            if (count[c] > 0) centroids[c * D + d] = sum[c * D + d] / (float)count[c];
}

static void initial_centroids(const inputs *in, float *centroids) {
    for (int c = 0; c < K; ++c)
        for (int d = 0; d < D; ++d) centroids[c * D + d] = in->features[d * P + c * 7];
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float centroids[K * D];
    initial_centroids(in, centroids);
    cl_mem features = bench_buffer(dev, sizeof in->features, in->features);
    cl_mem cent = bench_buffer(dev, sizeof centroids, NULL);
    cl_mem member = bench_buffer(dev, P * 4, NULL);
    cl_kernel k = bench_kernel(dev, "assign");
    cl_uint points = P, dims = D, clusters = K;
    BENCH_ARG(dev, k, 0, features);
    BENCH_ARG(dev, k, 1, cent);
    BENCH_ARG(dev, k, 2, member);
    BENCH_ARG(dev, k, 3, points);
    BENCH_ARG(dev, k, 4, dims);
    BENCH_ARG(dev, k, 5, clusters);
    for (int it = 0; it < ITERS; ++it) {
        cl_int *m = (cl_int *)outs[0].data + it * P;
        bench_write(dev, cent, sizeof centroids, centroids);
        bench_launch1(dev, k, P, LOCAL);
        bench_read(dev, member, P * 4, m);
        update_centroids(in, m, centroids);
    }
    memcpy(outs[1].data, centroids, sizeof centroids);
    clReleaseKernel(k);
    clReleaseMemObject(features);
    clReleaseMemObject(cent);
    clReleaseMemObject(member);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float centroids[K * D];
    initial_centroids(in, centroids);
    for (int it = 0; it < ITERS; ++it) {
        cl_int *m = (cl_int *)outs[0].data + it * P;
        for (int p = 0; p < P; ++p) {
            int best = 0;
            float best_dist = INFINITY;
            for (int c = 0; c < K; ++c) {
                float dist = 0.0f;
                for (int d = 0; d < D; ++d) {
                    float diff = in->features[d * P + p] - centroids[c * D + d];
                    dist += diff * diff;
                }
                if (dist < best_dist) {
                    best_dist = dist;
                    best = c;
                }
            }
            m[p] = best;
        }
        update_centroids(in, m, centroids);
    }
    memcpy(outs[1].data, centroids, sizeof centroids);
}

int main(int argc, char **argv) {
    static inputs in;
    float centres[K * D];
    bench_seed(0x63a5);
    for (int i = 0; i < K * D; ++i) centres[i] = bench_randf(-10.0f, 10.0f);
    for (int p = 0; p < P; ++p) {
        int c = (int)bench_randn(K);
        for (int d = 0; d < D; ++d)
            in.features[d * P + p] = centres[c * D + d] + bench_randf(-4.0f, 4.0f);
    }
    bench_output outs[] = {{"membership", BENCH_I32, ITERS * P, 0, 0, 0, NULL},
                           {"centroids", BENCH_F32, K * D, 0, 0, 0, NULL}};
    bench_spec spec = {"kmeans", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
