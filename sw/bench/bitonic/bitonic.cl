// One step of a bitonic sorting network over global memory: work-item i compares element i
// with its partner i ^ j (j the step's distance) when the partner is above it, and orders the
// pair ascending or descending by bit k of i (k the size of the bitonic sequences being merged).
__kernel void bitonic_step(__global uint* keys, uint j, uint k) {
    uint i = get_global_id(0);
    uint partner = i ^ j;
    if (partner <= i) return;
    uint a = keys[i];
    uint b = keys[partner];
    bool ascending = (i & k) == 0;
    if ((a > b) == ascending) {
        keys[i] = b;
        keys[partner] = a;
    }
}
