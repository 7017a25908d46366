// Sparse matrix-vector product y = A x with A in CSR form (row offsets, column indices,
// values): one work-item per row, its products summed in the order of the row's entries.
#pragma OPENCL FP_CONTRACT OFF

__kernel void spmv_csr(__global const uint* row_ptr, __global const uint* cols,
                       __global const float* vals, __global const float* x, __global float* y,
                       uint rows) {
    uint row = get_global_id(0);
    if (row >= rows) return;
    float sum = 0.0f;
    for (uint e = row_ptr[row]; e < row_ptr[row + 1]; ++e) sum += vals[e] * x[cols[e]];
    y[row] = sum;
}
