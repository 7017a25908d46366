// The OpenCL C source of poly_eval.s. The assembly keeps every fmul and fadd separate, so
// contraction is off; its ftoi saturates, which is convert_int_sat_rtz (a plain (int) cast is
// undefined out of range).
#pragma OPENCL FP_CONTRACT OFF

__kernel void poly_eval(__global const int* in, __global float* outf,
                        __global int* outi, float scale) {
    uint i = get_global_id(0);
    float x = (float)in[i] * scale;
    float p = ((0.5f * x + -1.25f) * x + 3.0f) * x + -7.5f;
    outf[i] = p;
    outi[i] = convert_int_sat_rtz(p);
}
