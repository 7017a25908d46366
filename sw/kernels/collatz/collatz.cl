// The OpenCL C source of collatz.s, as the comment at the top of the assembly gives it.
__kernel void collatz(__global const uint* start, __global uint* steps, uint max_steps) {
    uint gid = get_global_id(0);
    uint n = start[gid];
    uint s = 0;
    while (n != 1) {
        if (s == max_steps)
            break;
        if (n & 1)
            n = 3 * n + 1;
        else
            n >>= 1;
        s++;
    }
    steps[gid] = s;
}
