// Mandelbrot set: one work-item per pixel iterates z = z^2 + c until |z|^2 > 4 or the
// iteration limit, and writes the escape count (divergent loop lengths within a warp).
#pragma OPENCL FP_CONTRACT OFF

__kernel void mandelbrot(__global uint* counts, uint width, uint height, float x0, float y0,
                         float step, uint max_iter) {
    uint px = get_global_id(0);
    uint py = get_global_id(1);
    if (px >= width || py >= height) return;
    float cr = x0 + (float)px * step;
    float ci = y0 + (float)py * step;
    float zr = 0.0f;
    float zi = 0.0f;
    uint n = 0;
    while (n < max_iter) {
        float zr2 = zr * zr;
        float zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f) break;
        float t = zr * zi;
        zi = t + t + ci;
        zr = zr2 - zi2 + cr;
        ++n;
    }
    counts[py * width + px] = n;
}
