// The OpenCL C source of atomic_fadd.s, as the comment at the top of the assembly gives it.
__kernel void atomic_fadd(__global const float* in, __global float* sums, uint nsums) {
    uint i = get_global_id(0);
    __global volatile int* p = (__global volatile int*)&sums[i & (nsums - 1)];
    float v = in[i];
    int old = *p, prev;
    do {
        prev = old;
        old = atomic_cmpxchg(p, prev, as_int(as_float(prev) + v));
    } while (old != prev);
}
