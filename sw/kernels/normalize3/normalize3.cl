// The OpenCL C source of normalize3.s, as the comment at the top of the assembly gives it.
__kernel void normalize3(__global const float4* v, __global float4* out,
                         __global float* inv_len) {
    uint i = get_global_id(0);
    float4 p = v[i];
    float s = fma(p.z, p.z, fma(p.y, p.y, p.x * p.x));
    float r = native_rsqrt(s);
    out[i] = (float4)(p.x * r, p.y * r, p.z * r, s * r);
    inv_len[i] = r;
}
