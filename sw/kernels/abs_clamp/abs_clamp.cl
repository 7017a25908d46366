// The OpenCL C source of abs_clamp.s. The assembly negates with a wrapping sub, so INT_MIN
// stays INT_MIN and halves to -2^30; the comment's -x is undefined for INT_MIN (clang assumes
// -x >= 0 there and shifts it logically), so the negation is written in unsigned arithmetic.
__kernel void abs_clamp(__global const int* in, __global int* out, int limit) {
    int i = get_global_id(0);
    int x = in[i];
    int r;
    if (x < 0)
        r = (int)(0u - (uint)x) >> 1;
    else
        r = x < limit ? x : limit;
    out[i] = r;
}
