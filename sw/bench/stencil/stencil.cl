// One Jacobi sweep of a 3-D 7-point stencil: each interior point becomes c0 times itself plus
// c1 times the sum of its six neighbours (added in a fixed order); boundary points are copied.
#pragma OPENCL FP_CONTRACT OFF

__kernel void stencil7(__global const float* in, __global float* out, uint nx, uint ny, uint nz,
                       float c0, float c1) {
    uint x = get_global_id(0);
    uint y = get_global_id(1);
    uint z = get_global_id(2);
    if (x >= nx || y >= ny || z >= nz) return;
    uint i = (z * ny + y) * nx + x;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        out[i] = in[i];
        return;
    }
    float sum = in[i - 1] + in[i + 1];
    sum = sum + in[i - nx];
    sum = sum + in[i + nx];
    sum = sum + in[i - nx * ny];
    sum = sum + in[i + nx * ny];
    out[i] = c0 * in[i] + c1 * sum;
}
