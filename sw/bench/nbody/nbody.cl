// All-pairs n-body step: every body sums the softened gravitational pull of all bodies, read
// tile by tile (64 bodies per tile) through __local memory in ascending order, then advances
// its velocity and position (leapfrog).
#pragma OPENCL FP_CONTRACT OFF
#define TILE 64

__kernel void nbody_step(__global const float4* pos, __global const float4* vel,
                         __global float4* new_pos, __global float4* new_vel, uint n, float dt,
                         float eps2) {
    __local float4 tile[TILE];
    uint i = get_global_id(0);
    uint lid = get_local_id(0);
    float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (uint base = 0; base < n; base += TILE) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint j = 0; j < TILE; ++j) {
            float4 q = tile[j];
            float dx = q.x - p.x;
            float dy = q.y - p.y;
            float dz = q.z - p.z;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = 1.0f / sqrt(d2);
            float s = q.w * (inv * inv * inv);
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[i];
    v.x += ax * dt;
    v.y += ay * dt;
    v.z += az * dt;
    p.x += v.x * dt;
    p.y += v.y * dt;
    p.z += v.z * dt;
    new_pos[i] = p;
    new_vel[i] = v;
}
