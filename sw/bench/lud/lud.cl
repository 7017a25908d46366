// LU decomposition without pivoting, one step per launch pair: scale_column divides column k
// below the diagonal by the pivot (the L factor), update subtracts the outer product of that
// column and row k from the trailing submatrix (2-D NDRange).
#pragma OPENCL FP_CONTRACT OFF

__kernel void scale_column(__global float* a, uint n, uint k) {
    uint i = k + 1 + get_global_id(0);
    if (i < n) a[i * n + k] = a[i * n + k] / a[k * n + k];
}

__kernel void update(__global float* a, uint n, uint k) {
    uint j = k + 1 + get_global_id(0);
    uint i = k + 1 + get_global_id(1);
    if (i < n && j < n) a[i * n + j] = a[i * n + j] - a[i * n + k] * a[k * n + j];
}
