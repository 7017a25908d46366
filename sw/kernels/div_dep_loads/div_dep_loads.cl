// The OpenCL C source of div_dep_loads.s, as the comment at the top of the assembly gives it.
__kernel void div_dep_loads(__global const uint* idx, __global const uint* data,
                            __global uint* out, uint mask) {
    uint i = get_global_id(0);
    uint s = data[i];
    uint v;
    if (s & 1) {
        uint a = idx[i];
        uint b = idx[a];
        uint c = idx[b];
        v = data[c] + a;
    } else {
        uint a = data[s & mask];
        uint b = idx[a & mask];
        uint c = idx[b];
        v = idx[c] ^ s;
    }
    out[i] = v;
}
