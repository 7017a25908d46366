// The OpenCL C source of reduce_sum.s, as the comment at the top of the assembly gives it.
__kernel void reduce_sum(__global const int* in, __global int* partial,
                         __local int* scratch, uint n) {
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    scratch[lid] = gid < n ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < lsize; s <<= 1) {
        if ((lid & (2 * s - 1)) == 0 && lid + s < lsize)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
