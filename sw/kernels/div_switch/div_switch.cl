// The OpenCL C source of div_switch.s, as the comment at the top of the assembly gives it.
__kernel void div_switch(__global const uint* in, __global uint* out) {
    uint i = get_global_id(0);
    uint x = in[i];
    uint v;
    switch (x & 7) {
    case 0: v = x + 1u; break;
    case 1: v = x * 3u; break;
    case 2: v = x ^ 0x55u; break;
    case 3: v = x << 2; break;
    case 4: v = x >> 1; break;
    case 5: v = x - 9u; break;
    case 6: v = ~x; break;
    default: v = x * x; break;
    }
    out[i] = v + i;
}
