// 256-bin histogram: each work-group counts its slice of the input into a __local histogram
// with local atomics, then adds its non-zero bins to the global histogram with global atomics.
#define BINS 256

__kernel void histogram(__global const uchar* data, uint n, uint per_item, __global uint* hist) {
    __local uint local_hist[BINS];
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    for (uint b = lid; b < BINS; b += lsize) local_hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint begin = get_group_id(0) * lsize * per_item;
    for (uint i = 0; i < per_item; ++i) {
        uint idx = begin + i * lsize + lid;
        if (idx < n) atomic_inc(&local_hist[data[idx]]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = lid; b < BINS; b += lsize) {
        uint count = local_hist[b];
        if (count != 0) atomic_add(&hist[b], count);
    }
}
