// Matrix transpose through an 8 x 8 tile of __local memory, padded by one column so that the
// transposed reads do not all fall in one bank; reads and writes of global memory are by rows.
#define TILE 8

__kernel void transpose(__global const float* in, __global float* out, uint width, uint height) {
    __local float tile[TILE][TILE + 1];
    uint lx = get_local_id(0);
    uint ly = get_local_id(1);
    uint x = get_group_id(0) * TILE + lx;
    uint y = get_group_id(1) * TILE + ly;
    if (x < width && y < height) tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint tx = get_group_id(1) * TILE + lx;
    uint ty = get_group_id(0) * TILE + ly;
    if (tx < height && ty < width) out[ty * height + tx] = tile[lx][ly];
}
