// Dense matrix-vector product y = A x with one work-group per row: each work-item adds the
// products of a strided set of columns, and the group adds its 64 partial sums as a tree in
// __local memory (a fixed order of additions).
#pragma OPENCL FP_CONTRACT OFF
#define LOCAL 64

__kernel void matvec(__global const float* a, __global const float* x, __global float* y,
                     uint cols) {
    __local float partial[LOCAL];
    uint row = get_group_id(0);
    uint lid = get_local_id(0);
    float sum = 0.0f;
    for (uint c = lid; c < cols; c += LOCAL) sum += a[row * cols + c] * x[c];
    partial[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = LOCAL / 2; s > 0; s >>= 1) {
        if (lid < s) partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) y[row] = partial[0];
}
