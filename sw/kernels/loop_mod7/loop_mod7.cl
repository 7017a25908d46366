// The OpenCL C source of loop_mod7.s, as the comment at the top of the assembly gives it.
__kernel void loop_mod7(__global const int* in, __global int* out) {
    int gid = get_global_id(0);
    int x = in[gid];
    int acc = x;
    for (int i = 0; i < gid % 7; i++)
        acc += x * i + (acc >> 3);
    out[gid] = acc;
}
