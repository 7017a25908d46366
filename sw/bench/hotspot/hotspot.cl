// HotSpot thermal simulation step (as in Rodinia): each cell's temperature moves by the power
// it dissipates and the heat it exchanges with its four neighbours (edges use their own
// temperature for the missing neighbour) and with the ambient, terms added in a fixed order.
#pragma OPENCL FP_CONTRACT OFF

__kernel void hotspot(__global const float* temp, __global const float* power, __global float* out,
                      int cols, int rows, float step_div_cap, float rx_1, float ry_1, float rz_1,
                      float ambient) {
    int c = get_global_id(0);
    int r = get_global_id(1);
    if (c >= cols || r >= rows) return;
    int i = r * cols + c;
    float t = temp[i];
    float n = r > 0 ? temp[i - cols] : t;
    float s = r < rows - 1 ? temp[i + cols] : t;
    float w = c > 0 ? temp[i - 1] : t;
    float e = c < cols - 1 ? temp[i + 1] : t;
    float delta =
        power[i] + (s + n - 2.0f * t) * ry_1 + (e + w - 2.0f * t) * rx_1 + (ambient - t) * rz_1;
    out[i] = t + step_div_cap * delta;
}
