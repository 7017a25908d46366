/* srad: 2 iterations of SRAD on a 64 x 48 speckled image (8 x 8 work-groups, two kernels per
   iteration); q0^2 of each iteration is computed on the host from the current image's region
   of interest (the same C code for every device). The coefficients need divisions (within
   2.5 ulp in OpenCL): the image and the last coefficients are compared within a relative
   tolerance of 1e-5 or an absolute one of 1e-6. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { COLS = 64, ROWS = 48, N = COLS * ROWS, ITERS = 2, ROI = 16 };
static const float LAMBDA = 0.5f;

/* The speckle scale: variance over squared mean of the top-left ROI x ROI region. */
static float q0sqr(const float *image) {
    float sum = 0, sum2 = 0;
    for (int r = 0; r < ROI; ++r)
        for (int c = 0; c < ROI; ++c) {
            float v = image[r * COLS + c];
            sum += v;
            sum2 += v * v;
        }
    float mean = sum / (ROI * ROI);
    float var = sum2 / (ROI * ROI) - mean * mean;
    return var / (mean * mean);
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    float *image = outs[0].data;
    memcpy(image, ctx, N * 4);
    cl_mem img = bench_buffer(dev, N * 4, image);
    cl_mem d[4], coeff = bench_buffer(dev, N * 4, NULL);
    for (int i = 0; i < 4; ++i) d[i] = bench_buffer(dev, N * 4, NULL);
    cl_kernel k1 = bench_kernel(dev, "srad_coeff");
    cl_kernel k2 = bench_kernel(dev, "srad_update");
    cl_int cols = COLS, rows = ROWS;
    float lambda = LAMBDA;
    BENCH_ARG(dev, k1, 0, img);
    BENCH_ARG(dev, k2, 0, img);
    for (int i = 0; i < 4; ++i) {
        BENCH_ARG(dev, k1, 1 + i, d[i]);
        BENCH_ARG(dev, k2, 1 + i, d[i]);
    }
    BENCH_ARG(dev, k1, 5, coeff);
    BENCH_ARG(dev, k1, 6, cols);
    BENCH_ARG(dev, k1, 7, rows);
    BENCH_ARG(dev, k2, 5, coeff);
    BENCH_ARG(dev, k2, 6, cols);
    BENCH_ARG(dev, k2, 7, rows);
    BENCH_ARG(dev, k2, 8, lambda);
    size_t global[2] = {COLS, ROWS}, local[2] = {8, 8};
    for (int it = 0; it < ITERS; ++it) {
        float q0 = q0sqr(image);
        BENCH_ARG(dev, k1, 8, q0);
        bench_launch(dev, k1, 2, global, local);
        bench_launch(dev, k2, 2, global, local);
        bench_read(dev, img, N * 4, image);
    }
    bench_read(dev, coeff, N * 4, outs[1].data);
    clReleaseKernel(k1);
    clReleaseKernel(k2);
    clReleaseMemObject(img);
    clReleaseMemObject(coeff);
    for (int i = 0; i < 4; ++i) clReleaseMemObject(d[i]);
}

static int mini(int a, int b) { return a < b ? a : b; }
static int maxi(int a, int b) { return a > b ? a : b; }

static void reference(bench_output *outs, void *ctx) {
    float *image = outs[0].data, *coeff = outs[1].data;
    static float dn[N], ds[N], dw[N], de[N];
    memcpy(image, ctx, N * 4);
    for (int it = 0; it < ITERS; ++it) {
        float q0 = q0sqr(image);
        for (int r = 0; r < ROWS; ++r)
            for (int c = 0; c < COLS; ++c) {
                int k = r * COLS + c;
                float jc = image[k];
                float n = image[maxi(r - 1, 0) * COLS + c] - jc;
                float s = image[mini(r + 1, ROWS - 1) * COLS + c] - jc;
                float w = image[r * COLS + maxi(c - 1, 0)] - jc;
                float e = image[r * COLS + mini(c + 1, COLS - 1)] - jc;
                float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
                float l = (n + s + w + e) / jc;
                float num = 0.5f * g2 - 0.0625f * (l * l);
                float den = 1.0f + 0.25f * l;
                float qsqr = num / (den * den);
                den = (qsqr - q0) / (q0 * (1.0f + q0));
                float cf = 1.0f / (1.0f + den);
                dn[k] = n;
                ds[k] = s;
                dw[k] = w;
                de[k] = e;
                coeff[k] = cf < 0.0f ? 0.0f : cf > 1.0f ? 1.0f : cf;
            }
        for (int r = 0; r < ROWS; ++r)
            for (int c = 0; c < COLS; ++c) {
                int k = r * COLS + c;
                float cs = coeff[mini(r + 1, ROWS - 1) * COLS + c];
                float ce = coeff[r * COLS + mini(c + 1, COLS - 1)];
                float d = coeff[k] * dn[k] + cs * ds[k] + coeff[k] * dw[k] + ce * de[k];
                image[k] = image[k] + 0.25f * LAMBDA * d;
            }
    }
}

int main(int argc, char **argv) {
    static float image[N];
    bench_seed(0x5ad);
    for (int i = 0; i < N; ++i) image[i] = expf(bench_randf(0.0f, 1.0f));
    bench_output outs[] = {{"image", BENCH_F32, N, 0, 1e-6, 1e-5, NULL},
                           {"coeff", BENCH_F32, N, 0, 1e-6, 1e-5, NULL}};
    bench_spec spec = {"srad", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, image};
    return bench_main(argc, argv, &spec);
}
