// SRAD, speckle-reducing anisotropic diffusion (as in Rodinia): srad_coeff computes each
// pixel's directional differences and its diffusion coefficient from the instantaneous
// coefficient of variation and the speckle scale q0^2 of this iteration (clamped to [0, 1]);
// srad_update moves each pixel by the divergence of the coefficient-weighted differences.
// Borders repeat the edge pixel.
#pragma OPENCL FP_CONTRACT OFF

__kernel void srad_coeff(__global const float* image, __global float* dn, __global float* ds,
                         __global float* dw, __global float* de, __global float* coeff, int cols,
                         int rows, float q0sqr) {
    int c = get_global_id(0);
    int r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    int k = r * cols + c;
    float jc = image[k];
    float n = image[max(r - 1, 0) * cols + c] - jc;
    float s = image[min(r + 1, rows - 1) * cols + c] - jc;
    float w = image[r * cols + max(c - 1, 0)] - jc;
    float e = image[r * cols + min(c + 1, cols - 1)] - jc;
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - 0.0625f * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float cf = 1.0f / (1.0f + den);
    dn[k] = n;
    ds[k] = s;
    dw[k] = w;
    de[k] = e;
    coeff[k] = clamp(cf, 0.0f, 1.0f);
}

__kernel void srad_update(__global float* image, __global const float* dn, __global const float* ds,
                          __global const float* dw, __global const float* de,
                          __global const float* coeff, int cols, int rows, float lambda) {
    int c = get_global_id(0);
    int r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    int k = r * cols + c;
    float cn = coeff[k];
    float cs = coeff[min(r + 1, rows - 1) * cols + c];
    float cw = coeff[k];
    float ce = coeff[r * cols + min(c + 1, cols - 1)];
    float d = cn * dn[k] + cs * ds[k] + cw * dw[k] + ce * de[k];
    image[k] = image[k] + 0.25f * lambda * d;
}
