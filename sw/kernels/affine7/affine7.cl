// The OpenCL C source of affine7.s. The assembly rounds beta * (float)(j + bias) with fmul and
// fuses alpha * x[j] into the sum with fmac: fma(alpha, x[j], beta * ...).
__kernel void affine7(__global const float* x, __global const int* idx,
                      __global float* out, float alpha, float beta, int bias, uint n) {
    uint i = get_global_id(0);
    if (i >= n)
        return;
    int j = idx[i];
    out[i] = fma(alpha, x[j], beta * (float)(j + bias));
}
