// The OpenCL C source of transpose.s, as the comment at the top of the assembly gives it.
__kernel void transpose(__global const float* in, __global float* out) {
    uint x = get_global_id(0);
    uint y = get_global_id(1);
    uint w = get_global_size(0);
    uint h = get_global_size(1);
    out[x * h + y] = in[y * w + x];
}
