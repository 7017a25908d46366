// Stable LSD radix sort, 4 bits per pass (as in the SDK samples, with global counters). Every
// work-item owns a run of consecutive keys. count: each work-item counts the digits of its run
// into counts[digit * items + item]. scan: an exclusive prefix sum of the counts (one
// work-group walks them in blocks of 64, scans each block in __local memory and carries the
// block's total to the next). scatter: each work-item writes its keys in order at its digits'
// offsets, which keeps equal digits in input order.
#define RADIX 16
#define LOCAL 64

__kernel void count(__global const uint* keys, __global uint* counts, uint per_item, uint shift,
                    uint items) {
    uint item = get_global_id(0);
    uint c[RADIX];
    for (uint d = 0; d < RADIX; ++d) c[d] = 0;
    for (uint i = 0; i < per_item; ++i) ++c[(keys[item * per_item + i] >> shift) & (RADIX - 1)];
    for (uint d = 0; d < RADIX; ++d) counts[d * items + item] = c[d];
}

__kernel void scan(__global uint* counts, uint total) {
    __local uint block[LOCAL];
    uint lid = get_local_id(0);
    uint carry = 0;
    for (uint base = 0; base < total; base += LOCAL) {
        uint v = counts[base + lid];
        block[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        // Hillis-Steele inclusive scan of the block.
        for (uint s = 1; s < LOCAL; s <<= 1) {
            uint add = lid >= s ? block[lid - s] : 0;
            barrier(CLK_LOCAL_MEM_FENCE);
            block[lid] += add;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        counts[base + lid] = carry + block[lid] - v;
        carry += block[LOCAL - 1];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

__kernel void scatter(__global const uint* keys, __global uint* out, __global const uint* offsets,
                      uint per_item, uint shift, uint items) {
    uint item = get_global_id(0);
    uint pos[RADIX];
    for (uint d = 0; d < RADIX; ++d) pos[d] = offsets[d * items + item];
    for (uint i = 0; i < per_item; ++i) {
        uint key = keys[item * per_item + i];
        uint d = (key >> shift) & (RADIX - 1);
        out[pos[d]++] = key;
    }
}
