// The OpenCL C source of sfu_math.s, as the comment at the top of the assembly gives it.
__kernel void sfu_math(__global const float* x, __global float* out) {
    uint i = get_global_id(0);
    float v = x[i];
    float a = fabs(v) + 1.0f;
    __global float* o = out + 8 * i;
    o[0] = native_sin(v);
    o[1] = native_cos(v);
    o[2] = native_exp2(v);
    o[3] = native_log2(a);
    o[4] = native_sqrt(a);
    o[5] = native_recip(v);
    o[6] = native_rsqrt(a);
    o[7] = a;
}
