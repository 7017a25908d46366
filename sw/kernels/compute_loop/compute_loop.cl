// The OpenCL C source of compute_loop.s, as the comment at the top of the assembly gives it.
__kernel void compute_loop(__global const uint* seed, __global uint* out_i,
                           __global float* out_f, uint iters) {
    uint gid = get_global_id(0);
    uint x = seed[gid];
    float f = (float)(int)(x & 0xffff) * 0x1p-16f;
    for (uint k = 0; k < iters; k++) {
        x = x * 1664525u + 1013904223u;
        x ^= x >> 9;
        float g = (float)(int)(x & 0xff) * 0x1p-8f;
        f = fma(f, 0.75f, g);
    }
    out_i[gid] = x;
    out_f[gid] = f;
}
