// The OpenCL C source of div_early_exit.s, as the comment at the top of the assembly gives it.
__kernel void div_early_exit(__global const uint* in, __global uint* out, uint n) {
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uint x = in[i];
    if ((x & 7) == 0) {
        out[i] = 0;
        return;
    }
    uint acc = x;
    for (uint k = 0; k < 8; ++k) {
        acc = acc * x + k;
        if (acc & 0x10000) {
            out[i] = acc;
            return;
        }
    }
    out[i] = acc ^ 0xffffu;
}
