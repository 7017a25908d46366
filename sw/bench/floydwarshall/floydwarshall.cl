// One pass of Floyd-Warshall all-pairs shortest paths: for the intermediate node k, every
// pair (i, j) keeps the shorter of its path and the path through k (2-D NDRange over pairs).
__kernel void floyd_pass(__global uint* dist, __global uint* next, uint n, uint k) {
    uint j = get_global_id(0);
    uint i = get_global_id(1);
    if (i >= n || j >= n) return;
    uint through = dist[i * n + k] + dist[k * n + j];
    if (through < dist[i * n + j]) {
        dist[i * n + j] = through;
        next[i * n + j] = next[i * n + k];
    }
}
