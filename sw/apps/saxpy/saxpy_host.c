/* saxpy on the MVP GPU: y = a * x + y over n floats, in work-groups of 64 with a smaller
   last group (n is not a multiple of 64). Checks every element against the host and prints
   a verdict line; exits non-zero on any mismatch.

   usage: saxpy KERNEL.s [N]      (the kernel is sw/apps/saxpy/saxpy.s) */
#include <stdio.h>
#include <stdlib.h>

#include "../common/app_util.h"

const char *app_name = "saxpy";

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL.s [N]\n", argv[0]);
        return 2;
    }
    char *source = app_read_file(argv[1]);
    cl_uint n = argc > 2 ? (cl_uint)strtoul(argv[2], NULL, 10) : 1000;
    if (n == 0) {
        fprintf(stderr, "saxpy: N must be positive\n");
        return 2;
    }
    const float a = 2.5f;

    float *x = malloc(n * sizeof(float));
    float *y = malloc(n * sizeof(float));
    float *result = malloc(n * sizeof(float));
    srand(12345);
    for (cl_uint i = 0; i < n; ++i) {
        x[i] = (float)rand() / (float)RAND_MAX * 200.0f - 100.0f;
        y[i] = (float)rand() / (float)RAND_MAX * 200.0f - 100.0f;
    }

    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_int err;
    app_open_device(&device, &context, &queue);

    cl_program program = app_build_program(context, device, source);
    cl_kernel kernel = clCreateKernel(program, "saxpy", &err);
    CHECK(err);

    cl_mem x_buf = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                  n * sizeof(float), x, &err);
    CHECK(err);
    cl_mem y_buf = clCreateBuffer(context, CL_MEM_READ_WRITE, n * sizeof(float), NULL, &err);
    CHECK(err);
    CHECK(clEnqueueWriteBuffer(queue, y_buf, CL_TRUE, 0, n * sizeof(float), y, 0, NULL, NULL));

    CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &x_buf));
    CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &y_buf));
    CHECK(clSetKernelArg(kernel, 2, sizeof(float), &a));
    CHECK(clSetKernelArg(kernel, 3, sizeof(cl_uint), &n));

    size_t global = n;
    size_t local = 64;
    cl_event done;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, &done));
    CHECK(clWaitForEvents(1, &done));
    CHECK(clReleaseEvent(done));
    CHECK(clEnqueueReadBuffer(queue, y_buf, CL_TRUE, 0, n * sizeof(float), result, 0, NULL, NULL));

    cl_uint correct = 0;
    for (cl_uint i = 0; i < n; ++i) {
        /* Rounded after the multiply, as the kernel does (no fused multiply-add). */
        volatile float product = a * x[i];
        float expected = product + y[i];
        if (result[i] == expected) {
            ++correct;
        } else if (i - correct < 5) {
            fprintf(stderr, "saxpy: y[%u] = %.9g, expected %.9g\n", i, result[i], expected);
        }
    }
    int ok = correct == n;
    printf("saxpy: %u/%u correct values: %s\n", correct, n, ok ? "PASSED" : "FAILED");

    clReleaseMemObject(x_buf);
    clReleaseMemObject(y_buf);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    free(source);
    free(x);
    free(y);
    free(result);
    return ok ? 0 : 1;
}
