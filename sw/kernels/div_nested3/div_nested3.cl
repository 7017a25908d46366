// The OpenCL C source of div_nested3.s, as the comment at the top of the assembly gives it.
__kernel void div_nested3(__global const int* in, __global uint* out, int lo, int hi) {
    uint i = get_global_id(0);
    int x = in[i];
    uint v;
    if (x < lo) {
        if (x & 1)
            v = (uint)(lo - x) * 5u;
        else
            v = (uint)(lo - x) ^ 0xa5a5u;
        v += (uint)(x >> 4);
    } else if (x < hi) {
        if (x & 2)
            v = (uint)x * (uint)x;
        else
            v = (uint)(x - lo) << 3;
        v ^= 0x77u;
    } else {
        v = (uint)x + 0x1000u;
    }
    out[i] = v;
}
