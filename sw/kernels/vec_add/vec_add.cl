// The OpenCL C source of vec_add.s, as the comment at the top of the assembly gives it.
__kernel void vec_add(__global const float* a, __global const float* b,
                      __global float* c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
