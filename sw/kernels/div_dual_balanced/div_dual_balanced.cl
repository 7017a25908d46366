// The OpenCL C source of div_dual_balanced.s, as the comment at the top of the assembly gives it.
__kernel void div_dual_balanced(__global const uint* in, __global uint* out) {
    uint i = get_global_id(0);
    uint x = in[i];
    uint v;
    if (x & 1) {
        v = x * 0x9e3779b1u;
        v ^= v >> 15;
        v *= 0x85ebca6bu;
        v ^= v >> 13;
    } else {
        v = x + 0x7f4a7c15u;
        v ^= v << 7;
        v *= 0xc2b2ae35u;
        v ^= v >> 16;
    }
    out[i] = v + i;
}
