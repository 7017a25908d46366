// k-means assignment step: each point (features stored feature-major, as Rodinia transposes
// them) takes the nearest centroid by squared Euclidean distance, the lowest index on ties.
#pragma OPENCL FP_CONTRACT OFF

__kernel void assign(__global const float* features, __global const float* centroids,
                     __global int* membership, uint points, uint dims, uint clusters) {
    uint p = get_global_id(0);
    if (p >= points) return;
    int best = 0;
    float best_dist = INFINITY;
    for (uint c = 0; c < clusters; ++c) {
        float dist = 0.0f;
        for (uint d = 0; d < dims; ++d) {
            float diff = features[d * points + p] - centroids[c * dims + d];
            dist += diff * diff;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = (int)c;
        }
    }
    membership[p] = best;
}
