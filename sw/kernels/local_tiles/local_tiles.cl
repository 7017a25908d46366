// Per-group local memory: kernel-scope __local arrays (the .lmem section, at %local_base) and
// a __local argument (after them). Each work-group stores its elements in both, sums them with
// a local atomic, and writes every element mixed with its mirror and the group's sum, so a
// group that saw another resident group's __local data gives a wrong result. TILE (the
// kernel-scope array's length, at least the group size) is a build option.
__kernel void local_tiles(__global const int* in, __global int* out, __local int* twice) {
    __local int tile[TILE];
    __local int sum[1];
    int l = get_local_id(0);
    int n = get_local_size(0);
    int v = in[get_global_id(0)];
    if (l == 0) sum[0] = 0;
    tile[l] = v;
    twice[l] = 2 * v;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&sum[0], v);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = 3 * tile[n - 1 - l] + twice[(l + 1) % n] + sum[0];
}
