/* backprop: one training step of a 1536-input (bias included), 32-hidden, 1-output network:
   the hidden layer (weighted sums by chunks of 64 inputs, sigmoid with exp) on the device, the
   output layer and the error terms on the host (the same C code for every device), then the
   input-to-hidden weight update on the device. exp is within 3 ulp in OpenCL: hidden activations
   and weights are compared within a relative tolerance of 1e-5 or an absolute one of 1e-6. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { IN = 1536, HID = 32, CHUNK = 64, CHUNKS = IN / CHUNK, WEIGHTS = IN * HID };
static const float ETA = 0.3f, MOMENTUM = 0.3f, TARGET = 0.9f;

typedef struct {
    float input[IN], weights[WEIGHTS], hidden_out[HID + 1];
} inputs;

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

/* The hidden units' error terms from the output unit's, on the host. */
static void hidden_deltas(const inputs *in, const float *hidden, float *delta) {
    float sum = in->hidden_out[0];
    for (int j = 0; j < HID; ++j) sum += in->hidden_out[j + 1] * hidden[j];
    float out = sigmoid(sum);
    float out_delta = out * (1.0f - out) * (TARGET - out);
    for (int j = 0; j < HID; ++j)
        delta[j] = hidden[j] * (1.0f - hidden[j]) * (in->hidden_out[j + 1] * out_delta);
}

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    static const float zeros[WEIGHTS];
    cl_mem input = bench_buffer(dev, sizeof in->input, in->input);
    cl_mem weights = bench_buffer(dev, sizeof in->weights, in->weights);
    cl_mem old_weights = bench_buffer(dev, sizeof zeros, zeros);
    cl_mem partial = bench_buffer(dev, CHUNKS * HID * 4, NULL);
    cl_mem hidden = bench_buffer(dev, HID * 4, NULL);
    cl_mem delta_buf = bench_buffer(dev, HID * 4, NULL);
    cl_kernel forward = bench_kernel(dev, "forward_partial");
    cl_kernel finish = bench_kernel(dev, "forward_finish");
    cl_kernel adjust = bench_kernel(dev, "adjust_weights");
    cl_uint hiddens = HID, chunks = CHUNKS;
    float eta = ETA, momentum = MOMENTUM;
    BENCH_ARG(dev, forward, 0, input);
    BENCH_ARG(dev, forward, 1, weights);
    BENCH_ARG(dev, forward, 2, partial);
    BENCH_ARG(dev, forward, 3, hiddens);
    size_t global[2] = {HID, CHUNKS}, local[2] = {32, 2};
    bench_launch(dev, forward, 2, global, local);
    BENCH_ARG(dev, finish, 0, partial);
    BENCH_ARG(dev, finish, 1, hidden);
    BENCH_ARG(dev, finish, 2, chunks);
    BENCH_ARG(dev, finish, 3, hiddens);
    bench_launch1(dev, finish, HID, HID);
    float *h = outs[0].data, delta[HID];
    bench_read(dev, hidden, HID * 4, h);
    hidden_deltas(in, h, delta);
    bench_write(dev, delta_buf, sizeof delta, delta);
    BENCH_ARG(dev, adjust, 0, delta_buf);
    BENCH_ARG(dev, adjust, 1, input);
    BENCH_ARG(dev, adjust, 2, weights);
    BENCH_ARG(dev, adjust, 3, old_weights);
    BENCH_ARG(dev, adjust, 4, hiddens);
    BENCH_ARG(dev, adjust, 5, eta);
    BENCH_ARG(dev, adjust, 6, momentum);
    size_t global_w[2] = {HID, IN};
    bench_launch(dev, adjust, 2, global_w, local);
    bench_read(dev, weights, sizeof in->weights, outs[1].data);
    clReleaseKernel(forward);
    clReleaseKernel(finish);
    clReleaseKernel(adjust);
    clReleaseMemObject(input);
    clReleaseMemObject(weights);
    clReleaseMemObject(old_weights);
    clReleaseMemObject(partial);
    clReleaseMemObject(hidden);
    clReleaseMemObject(delta_buf);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *h = outs[0].data, *w = outs[1].data, delta[HID];
    for (int j = 0; j < HID; ++j) {
        float sum = 0.0f;
        for (int c = 0; c < CHUNKS; ++c) {
            float part = 0.0f;
            for (int i = c * CHUNK; i < (c + 1) * CHUNK; ++i)
                part += in->weights[i * HID + j] * in->input[i];
            sum += part;
        }
        h[j] = sigmoid(sum);
    }
    hidden_deltas(in, h, delta);
    for (int i = 0; i < IN; ++i)
        for (int j = 0; j < HID; ++j)
            w[i * HID + j] =
                in->weights[i * HID + j] + (ETA * delta[j] * in->input[i] + MOMENTUM * 0.0f);
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0xbac);
    in.input[0] = 1.0f;
    for (int i = 1; i < IN; ++i) in.input[i] = bench_randf(0.0f, 1.0f);
    for (int i = 0; i < WEIGHTS; ++i) in.weights[i] = bench_randf(-0.05f, 0.05f);
    for (int j = 0; j <= HID; ++j) in.hidden_out[j] = bench_randf(-1.0f, 1.0f);
    bench_output outs[] = {{"hidden", BENCH_F32, HID, 0, 1e-6, 1e-5, NULL},
                           {"weights", BENCH_F32, WEIGHTS, 0, 1e-6, 1e-5, NULL}};
    bench_spec spec = {"backprop", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
