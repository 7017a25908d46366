// The OpenCL C source of saxpy.s. The assembly's one fmac is the fused a * x[i] + y[i]: fma.
__kernel void saxpy(float a, __global const float* x, __global float* y, uint n) {
    uint i = get_global_id(0);
    if (i < n)
        y[i] = fma(a, x[i], y[i]);
}
