// The OpenCL C source of call_branch.s, as the comment at the top of the assembly gives it.
__attribute__((noinline)) int mix(int v, int salt) {
    int h = v * 0x45d9f3b;
    h ^= (int)((uint)h >> 16);
    return h + salt + (int)get_local_id(0);
}

__kernel void call_branch(__global const int* in, __global int* out, int salt) {
    int i = get_global_id(0);
    int x = in[i];
    int r;
    if (x & 1)
        r = mix(x, salt) + i;
    else
        r = x << 1;
    out[i] = r;
}
