// Pathfinder (dynamic programming on a grid, as in Rodinia): the cheapest path cost to each
// column of a row is its wall cost plus the least of the three costs above it. A work-group of
// 64 computes `height` rows at once in __local memory (a pyramid): its valid columns shrink by
// one on each side per row, so neighbouring groups overlap by 2 * height columns.
#define BLOCK 64

__kernel void pathfinder(__global const int* wall, __global const int* src, __global int* dst,
                         int cols, int start_row, int height) {
    __local int prev[BLOCK];
    __local int cur[BLOCK];
    int tx = get_local_id(0);
    int x = (int)get_group_id(0) * (BLOCK - 2 * height) - height + tx;
    bool inside = x >= 0 && x < cols;
    prev[tx] = inside ? src[x] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int t = 0; t < height; ++t) {
        bool active = inside && tx >= t + 1 && tx <= BLOCK - 2 - t;
        if (active) {
            int best = prev[tx];
            if (x > 0) best = min(best, prev[tx - 1]);
            if (x < cols - 1) best = min(best, prev[tx + 1]);
            cur[tx] = best + wall[(start_row + t) * cols + x];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (active) prev[tx] = cur[tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (inside && tx >= height && tx < BLOCK - height) dst[x] = prev[tx];
}
