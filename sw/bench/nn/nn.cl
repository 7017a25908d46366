// Nearest neighbour (as in Rodinia): the Euclidean distance of every record's (latitude,
// longitude) to the query point; the host picks the closest records.
#pragma OPENCL FP_CONTRACT OFF

__kernel void distances(__global const float2* locations, __global float* dist, uint records,
                        float lat, float lng) {
    uint i = get_global_id(0);
    if (i >= records) return;
    float2 loc = locations[i];
    float dlat = loc.x - lat;
    float dlng = loc.y - lng;
    dist[i] = sqrt(dlat * dlat + dlng * dlng);
}
