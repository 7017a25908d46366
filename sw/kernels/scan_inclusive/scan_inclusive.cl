// The OpenCL C source of scan_inclusive.s, as the comment at the top of the assembly gives it.
__kernel void scan_inclusive(__global const int* in, __global int* out,
                             __local int* buf) {
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    uint n = get_local_size(0);
    buf[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < n; off <<= 1) {
        int v = lid >= off ? buf[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[lid] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = buf[lid];
}
