// Tiled single-precision matrix multiply C = alpha * A * B + beta * C (row-major, M x K times
// K x N): each 8 x 8 work-group stages one tile of A and one of B in __local memory per step,
// and each work-item accumulates its dot product in ascending k.
#pragma OPENCL FP_CONTRACT OFF
#define TILE 8

__kernel void sgemm(__global const float* a, __global const float* b, __global float* c, uint m,
                    uint n, uint k, float alpha, float beta) {
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    uint col = get_global_id(0);
    uint row = get_global_id(1);
    uint lx = get_local_id(0);
    uint ly = get_local_id(1);
    float acc = 0.0f;
    for (uint t = 0; t < k; t += TILE) {
        ta[ly][lx] = a[row * k + t + lx];
        tb[ly][lx] = b[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint i = 0; i < TILE; ++i) acc += ta[ly][i] * tb[i][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = alpha * acc + beta * c[row * n + col];
}
