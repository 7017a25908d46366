// Back-propagation (as in Rodinia), the kernels of one training step of a two-layer network.
// forward_partial: work-item (j, c) sums the weighted inputs of chunk c (64 inputs, in order)
// for hidden unit j; forward_finish adds the chunks' sums in order and applies the sigmoid;
// adjust_weights moves every input-to-hidden weight by the learning-rate step plus momentum
// (2-D NDRange over the weights). Input 0 is the constant 1 (the bias).
#pragma OPENCL FP_CONTRACT OFF
#define CHUNK 64

__kernel void forward_partial(__global const float* input, __global const float* weights,
                              __global float* partial, uint hiddens) {
    uint j = get_global_id(0);
    uint c = get_global_id(1);
    float sum = 0.0f;
    for (uint i = c * CHUNK; i < (c + 1) * CHUNK; ++i) sum += weights[i * hiddens + j] * input[i];
    partial[c * hiddens + j] = sum;
}

__kernel void forward_finish(__global const float* partial, __global float* hidden, uint chunks,
                             uint hiddens) {
    uint j = get_global_id(0);
    float sum = 0.0f;
    for (uint c = 0; c < chunks; ++c) sum += partial[c * hiddens + j];
    hidden[j] = 1.0f / (1.0f + exp(-sum));
}

__kernel void adjust_weights(__global const float* delta, __global const float* input,
                             __global float* weights, __global float* old_weights, uint hiddens,
                             float eta, float momentum) {
    uint j = get_global_id(0);
    uint i = get_global_id(1);
    uint w = i * hiddens + j;
    float step = eta * delta[j] * input[i] + momentum * old_weights[w];
    weights[w] += step;
    old_weights[w] = step;
}
