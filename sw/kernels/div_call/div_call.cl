// The OpenCL C source of div_call.s, as the comment at the top of the assembly gives it.
__attribute__((noinline)) uint hash_steps(uint v, uint n) {
    for (uint k = 0; k < n; ++k)
        v = (v ^ (v >> 11)) * 0x9e3779b1u;
    return v;
}

__attribute__((noinline)) uint mix_sel(uint v) {
    if (v & 4)
        return v * 3u + 1u;
    return v >> 2;
}

__kernel void div_call(__global const uint* in, __global uint* out) {
    uint i = get_global_id(0);
    uint x = in[i];
    uint r;
    if (x & 1)
        r = hash_steps(x, (x >> 1) & 7) + 1u;
    else
        r = mix_sel(x) ^ i;
    out[i] = r;
}
