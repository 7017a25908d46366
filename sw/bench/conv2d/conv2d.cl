// 2-D convolution of an image with a 5 x 5 filter held in __constant memory, clamping
// coordinates at the borders; the 25 products are added row by row.
#pragma OPENCL FP_CONTRACT OFF
#define R 2

__kernel void conv2d(__global const float* image, __constant float* filter, __global float* out,
                     int width, int height) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= height) return;
    float sum = 0.0f;
    for (int dy = -R; dy <= R; ++dy) {
        int yy = clamp(y + dy, 0, height - 1);
        for (int dx = -R; dx <= R; ++dx) {
            int xx = clamp(x + dx, 0, width - 1);
            sum += image[yy * width + xx] * filter[(dy + R) * (2 * R + 1) + dx + R];
        }
    }
    out[y * width + x] = sum;
}
