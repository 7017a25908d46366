// The OpenCL C source of histogram.s, as the comment at the top of the assembly gives it.
__kernel void histogram(__global const uint* data, __global uint* bins,
                        __global uint* total, uint mask) {
    uint v = data[get_global_id(0)];
    uint b = (v ^ (v >> 7)) & mask;
    atomic_inc(&bins[b]);
    atomic_add(total, v & 15);
}
