/* nn: distances of 80 K hurricane-like records (latitude, longitude as float2) to a query
   point, and the 8 nearest records chosen on the host (lowest index on ties). sqrt is
   correctly rounded on MVP and POCL: distances compared exactly, and the chosen indices. */
#include <math.h>
#include <stdlib.h>

#include "../common/bench.h"

enum { RECORDS = 80 * 1024, NEAREST = 8, LOCAL = 64 };
static const float LAT = 30.5f, LNG = -90.25f;

static void pick_nearest(const float *dist, cl_uint *index) {
    for (int k = 0; k < NEAREST; ++k) {
        cl_uint best = 0;
        float best_d = INFINITY;
        for (cl_uint i = 0; i < RECORDS; ++i) {
            int taken = 0;
            for (int j = 0; j < k; ++j) taken |= index[j] == i;
            if (!taken && dist[i] < best_d) {
                best_d = dist[i];
                best = i;
            }
        }
        index[k] = best;
    }
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    cl_mem loc = bench_buffer(dev, RECORDS * 8, ctx);
    cl_mem dist = bench_buffer(dev, RECORDS * 4, NULL);
    cl_kernel k = bench_kernel(dev, "distances");
    cl_uint records = RECORDS;
    float lat = LAT, lng = LNG;
    BENCH_ARG(dev, k, 0, loc);
    BENCH_ARG(dev, k, 1, dist);
    BENCH_ARG(dev, k, 2, records);
    BENCH_ARG(dev, k, 3, lat);
    BENCH_ARG(dev, k, 4, lng);
    bench_launch1(dev, k, RECORDS, LOCAL);
    bench_read(dev, dist, RECORDS * 4, outs[0].data);
    pick_nearest(outs[0].data, outs[1].data);
    clReleaseKernel(k);
    clReleaseMemObject(loc);
    clReleaseMemObject(dist);
}

static void reference(bench_output *outs, void *ctx) {
    const float *loc = ctx;
    float *dist = outs[0].data;
    for (int i = 0; i < RECORDS; ++i) {
        float dlat = loc[2 * i] - LAT, dlng = loc[2 * i + 1] - LNG;
        dist[i] = sqrtf(dlat * dlat + dlng * dlng);
    }
    pick_nearest(dist, outs[1].data);
}

int main(int argc, char **argv) {
    static float loc[2 * RECORDS];
    bench_seed(0x22);
    for (int i = 0; i < RECORDS; ++i) {
        loc[2 * i] = bench_randf(7.0f, 70.0f);
        loc[2 * i + 1] = bench_randf(-180.0f, 0.0f);
    }
    bench_output outs[] = {{"dist", BENCH_F32, RECORDS, 0, 0, 0, NULL},
                           {"nearest", BENCH_U32, NEAREST, 0, 0, 0, NULL}};
    bench_spec spec = {"nn", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, loc};
    return bench_main(argc, argv, &spec);
}
