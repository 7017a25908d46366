// The OpenCL C source of classify3.s, as the comment at the top of the assembly gives it.
__kernel void classify3(__global const int* in, __global int* out, int lo, int hi) {
    int i = get_global_id(0);
    int x = in[i];
    int cls, v;
    if (x < lo) {
        cls = 0;
        if (x & 1)
            v = (lo - x) + 7;
        else
            v = (lo - x) * 2;
    } else if (x <= hi) {
        cls = 1;
        v = (x - lo) * (hi - x);
    } else {
        cls = 2;
        v = x ^ hi;
    }
    out[i] = (v << 2) | cls;
}
