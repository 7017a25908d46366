// The OpenCL C source of subword_mix.s, as the comment at the top of the assembly gives it.
__kernel void subword_mix(__global const char* s8, __global const short* s16,
                          __global int* out, __global short* out16) {
    uint i = get_global_id(0);
    int a = s8[i];
    uint b = ((__global const uchar*)s8)[i];
    int c = s16[i];
    uint d = ((__global const ushort*)s16)[i];
    out[i] = a * c + (int)(b ^ d);
    out16[i] = (short)(a + c);
}
