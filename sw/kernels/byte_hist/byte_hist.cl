// The OpenCL C source of byte_hist.s, as the comment at the top of the assembly gives it.
__kernel void byte_hist(__global const uchar* bytes, __global uint* bins,
                        __local uint* local_bins, uint n) {
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    for (uint b = lid; b < 256; b += lsize)
        local_bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&local_bins[bytes[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < 256; b += lsize)
        atomic_add(&bins[b], local_bins[b]);
}
