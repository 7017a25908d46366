// The OpenCL C source of div_dual_unbalanced.s, as the comment at the top of the assembly gives it.
__kernel void div_dual_unbalanced(__global const uint* in, __global uint* out,
                                  uint rounds) {
    uint i = get_global_id(0);
    uint x = in[i];
    uint v;
    if ((x & 3) == 0) {
        v = x;
        for (uint k = 0; k < rounds; ++k)
            v = (v ^ (v >> 7)) * 0x2c1b3c6du + k;
    } else {
        v = x ^ 0x5bd1e995u;
    }
    out[i] = v;
}
