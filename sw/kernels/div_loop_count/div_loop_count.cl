// The OpenCL C source of div_loop_count.s, as the comment at the top of the assembly gives it.
__kernel void div_loop_count(__global const uint* in, __global uint* out) {
    uint i = get_global_id(0);
    uint x = in[i];
    uint n = x & 31;
    uint acc = x;
    for (uint k = 0; k < n; ++k) {
        acc = acc * 1664525u + 1013904223u;
        if (acc & 0x100)
            acc ^= k;
    }
    out[i] = acc;
}
