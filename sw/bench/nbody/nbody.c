/* nbody: one all-pairs step of 192 bodies (float4 position and mass, 64-body __local tiles).
   Each pull needs a division, within 2.5 ulp in OpenCL (MVP: reciprocal and one Newton step),
   and the 192 pulls are summed: positions and velocities are compared within a relative
   tolerance of 1e-4 or an absolute one of 1e-4 (velocities are of order 1). */
#include <math.h>
#include <stdlib.h>

#include "../common/bench.h"

enum { N = 192, TILE = 64 };
static const float DT = 0.01f, EPS2 = 0.01f;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    const float *in = ctx; /* positions, then velocities */
    cl_mem pos = bench_buffer(dev, N * 16, in);
    cl_mem vel = bench_buffer(dev, N * 16, in + 4 * N);
    cl_mem new_pos = bench_buffer(dev, N * 16, NULL);
    cl_mem new_vel = bench_buffer(dev, N * 16, NULL);
    cl_kernel k = bench_kernel(dev, "nbody_step");
    cl_uint n = N;
    float dt = DT, eps2 = EPS2;
    BENCH_ARG(dev, k, 0, pos);
    BENCH_ARG(dev, k, 1, vel);
    BENCH_ARG(dev, k, 2, new_pos);
    BENCH_ARG(dev, k, 3, new_vel);
    BENCH_ARG(dev, k, 4, n);
    BENCH_ARG(dev, k, 5, dt);
    BENCH_ARG(dev, k, 6, eps2);
    bench_launch1(dev, k, N, TILE);
    bench_read(dev, new_pos, N * 16, outs[0].data);
    bench_read(dev, new_vel, N * 16, outs[1].data);
    clReleaseKernel(k);
    clReleaseMemObject(pos);
    clReleaseMemObject(vel);
    clReleaseMemObject(new_pos);
    clReleaseMemObject(new_vel);
}

static void reference(bench_output *outs, void *ctx) {
    const float *pos = ctx, *vel = pos + 4 * N;
    float *np = outs[0].data, *nv = outs[1].data;
    for (int i = 0; i < N; ++i) {
        const float *p = pos + 4 * i;
        float ax = 0, ay = 0, az = 0;
        for (int j = 0; j < N; ++j) {
            const float *q = pos + 4 * j;
            float dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
            float d2 = dx * dx + dy * dy + dz * dz + EPS2;
            float inv = 1.0f / sqrtf(d2);
            float s = q[3] * (inv * inv * inv);
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        float vx = vel[4 * i] + ax * DT, vy = vel[4 * i + 1] + ay * DT,
              vz = vel[4 * i + 2] + az * DT;
        nv[4 * i] = vx;
        nv[4 * i + 1] = vy;
        nv[4 * i + 2] = vz;
        nv[4 * i + 3] = vel[4 * i + 3];
        np[4 * i] = p[0] + vx * DT;
        np[4 * i + 1] = p[1] + vy * DT;
        np[4 * i + 2] = p[2] + vz * DT;
        np[4 * i + 3] = p[3];
    }
}

int main(int argc, char **argv) {
    static float in[8 * N];
    bench_seed(0x9b0d);
    for (int i = 0; i < N; ++i) {
        in[4 * i] = bench_randf(-10.0f, 10.0f);
        in[4 * i + 1] = bench_randf(-10.0f, 10.0f);
        in[4 * i + 2] = bench_randf(-10.0f, 10.0f);
        in[4 * i + 3] = bench_randf(0.5f, 2.0f);
        in[4 * N + 4 * i] = bench_randf(-1.0f, 1.0f);
        in[4 * N + 4 * i + 1] = bench_randf(-1.0f, 1.0f);
        in[4 * N + 4 * i + 2] = bench_randf(-1.0f, 1.0f);
        in[4 * N + 4 * i + 3] = 0.0f;
    }
    bench_output outs[] = {{"pos", BENCH_F32, 4 * N, 0, 1e-4, 1e-4, NULL},
                           {"vel", BENCH_F32, 4 * N, 0, 1e-4, 1e-4, NULL}};
    bench_spec spec = {"nbody", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, in};
    return bench_main(argc, argv, &spec);
}
