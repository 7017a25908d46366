// The OpenCL C source of div_ptr_chase.s, as the comment at the top of the assembly gives it.
__kernel void div_ptr_chase(__global const uint* next_a, __global const uint* next_b,
                            __global uint* out, uint steps) {
    uint i = get_global_id(0);
    uint p = i;
    if (i & 1) {
        for (uint k = 0; k < steps; ++k)
            p = next_a[p];
    } else {
        for (uint k = 0; k < steps; ++k)
            p = next_b[p];
    }
    out[i] = p;
}
