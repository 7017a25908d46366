// The OpenCL C source of matmul.s, as the comment at the top of the assembly gives it.
__kernel void matmul(__global const float* a, __global const float* b,
                     __global float* c, uint m, uint n, uint k) {
    uint col = get_global_id(0);
    uint row = get_global_id(1);
    if (row >= m || col >= n)
        return;
    float acc = 0.0f;
    for (uint i = 0; i < k; i++)
        acc = fma(a[row * k + i], b[i * n + col], acc);
    c[row * n + col] = acc;
}
