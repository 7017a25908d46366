// Sum reduction in two passes: every work-item adds a strided run of elements, the work-group
// combines its 64 partial sums as a tree in __local memory, and work-item 0 writes the group's
// sum; a second launch of the same kernel reduces the group sums.
#define LOCAL 64

__kernel void reduce(__global const uint* in, uint n, __global uint* out) {
    __local uint partial[LOCAL];
    uint lid = get_local_id(0);
    uint sum = 0;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) sum += in[i];
    partial[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = LOCAL / 2; s > 0; s >>= 1) {
        if (lid < s) partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = partial[0];
}
