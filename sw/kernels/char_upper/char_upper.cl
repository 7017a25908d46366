// The OpenCL C source of char_upper.s, as the comment at the top of the assembly gives it.
__kernel void char_upper(__global const char* in, __global char* out,
                         __global short* delta, uint n) {
    uint i = get_global_id(0);
    if (i >= n)
        return;
    uchar c = ((__global const uchar*)in)[i];
    if (c >= 'a' && c <= 'z')
        c -= 'a' - 'A';
    out[i] = c;
    char prev = i > 0 ? in[i - 1] : 0;
    delta[i] = (short)(in[i] - prev);
}
