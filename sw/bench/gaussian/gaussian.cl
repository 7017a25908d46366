// Gaussian elimination (as in Rodinia): for column t, fan1 computes the multipliers of the rows
// below the pivot, fan2 subtracts the multiplied pivot row from them, right-hand side included
// (2-D NDRange, column 0 of the range is the right-hand side).
#pragma OPENCL FP_CONTRACT OFF

__kernel void fan1(__global const float* a, __global float* m, uint n, uint t) {
    uint i = t + 1 + get_global_id(0);
    if (i < n) m[i] = a[i * n + t] / a[t * n + t];
}

__kernel void fan2(__global float* a, __global float* b, __global const float* m, uint n, uint t) {
    uint j = t + get_global_id(0);  // j == t - 1 + 1: column t itself becomes 0
    uint i = t + 1 + get_global_id(1);
    if (i >= n || j > n) return;
    if (j == n) {
        b[i] = b[i] - m[i] * b[t];
    } else {
        a[i * n + j] = a[i * n + j] - m[i] * a[t * n + j];
    }
}
