// The OpenCL C source of cas_max.s, as the comment at the top of the assembly gives it.
__kernel void cas_max(__global const int* in, __global int* result) {
    int v = in[get_global_id(0)];
    int old = *result;
    while (old < v) {
        int prev = atomic_cmpxchg(result, old, v);
        if (prev == old)
            break;
        old = prev;
    }
}
