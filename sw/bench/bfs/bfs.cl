// Breadth-first search by levels (frontier masks, as in Rodinia): expand visits the frontier's
// neighbours and marks the unvisited ones; update makes them the next frontier and raises the
// host's continue flag. Several work-items may write one neighbour's cost in a level, all
// with the same value. The flags are bytes, as in Rodinia: work-items on different SPs write
// neighbouring bytes of one word.
__kernel void expand(__global const uint* row_ptr, __global const uint* edges,
                     __global uchar* mask, __global uchar* updating,
                     __global const uchar* visited, __global int* cost, uint nodes) {
    uint v = get_global_id(0);
    if (v >= nodes || !mask[v]) return;
    mask[v] = 0;
    for (uint e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
        uint w = edges[e];
        if (!visited[w]) {
            cost[w] = cost[v] + 1;
            updating[w] = 1;
        }
    }
}

__kernel void update(__global uchar* mask, __global uchar* updating, __global uchar* visited,
                     __global uint* again, uint nodes) {
    uint v = get_global_id(0);
    if (v >= nodes || !updating[v]) return;
    mask[v] = 1;
    visited[v] = 1;
    updating[v] = 0;
    *again = 1;
}
