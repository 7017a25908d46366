// Work-efficient exclusive prefix sum (Blelloch). Each work-item adds 4 consecutive elements,
// the work-group scans its 64 totals in __local memory with an up-sweep (reduce) and a
// down-sweep, and each work-item writes its 4 exclusive sums; the group's total goes to
// block_sums. Scanning the block sums with the same kernel and adding them (add_offsets) gives
// the scan of the whole array.
#define LOCAL 64
#define PER_ITEM 4

__kernel void scan_block(__global const uint* in, __global uint* out, __global uint* block_sums) {
    __local uint temp[LOCAL];
    uint lid = get_local_id(0);
    uint base = get_global_id(0) * PER_ITEM;
    uint v[PER_ITEM];
    uint total = 0;
    for (uint i = 0; i < PER_ITEM; ++i) {
        v[i] = in[base + i];
        total += v[i];
    }
    temp[lid] = total;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = 1; stride < LOCAL; stride <<= 1) {
        uint idx = (lid + 1) * stride * 2 - 1;
        if (idx < LOCAL) temp[idx] += temp[idx - stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        block_sums[get_group_id(0)] = temp[LOCAL - 1];
        temp[LOCAL - 1] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = LOCAL / 2; stride > 0; stride >>= 1) {
        uint idx = (lid + 1) * stride * 2 - 1;
        if (idx < LOCAL) {
            uint left = temp[idx - stride];
            temp[idx - stride] = temp[idx];
            temp[idx] += left;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    uint running = temp[lid];
    for (uint i = 0; i < PER_ITEM; ++i) {
        out[base + i] = running;
        running += v[i];
    }
}

__kernel void add_offsets(__global uint* data, __global const uint* offsets) {
    data[get_global_id(0)] += offsets[get_global_id(0) / (LOCAL * PER_ITEM)];
}
