/* A sum reduction on the MVP GPU: each work-group of 64 adds its ints in __local memory,
   with a barrier between the steps of the tree, and writes one partial sum; the host adds the
   partial sums. n is not a multiple of 64, so the last group is smaller. Checks every partial
   sum and the total and prints a verdict line; exits non-zero on any mismatch.

   usage: reduce KERNEL.s [N]      (the kernel is sw/apps/reduce/reduce.s) */
#include <stdio.h>
#include <stdlib.h>

#include "../common/app_util.h"

#define GROUP_SIZE 64

const char *app_name = "reduce";

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s KERNEL.s [N]\n", argv[0]);
        return 2;
    }
    char *source = app_read_file(argv[1]);
    cl_uint n = argc > 2 ? (cl_uint)strtoul(argv[2], NULL, 10) : 1000;
    if (n == 0) {
        fprintf(stderr, "reduce: N must be positive\n");
        return 2;
    }
    cl_uint groups = (n + GROUP_SIZE - 1) / GROUP_SIZE;

    cl_int *data = malloc(n * sizeof(cl_int));
    cl_int *partial = malloc(groups * sizeof(cl_int));
    srand(4321);
    for (cl_uint i = 0; i < n; ++i) data[i] = rand() % 2001 - 1000;

    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_int err;
    app_open_device(&device, &context, &queue);

    cl_program program = app_build_program(context, device, source);
    cl_kernel kernel = clCreateKernel(program, "reduce_sum", &err);
    CHECK(err);

    cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(cl_int),
                               data, &err);
    CHECK(err);
    cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, groups * sizeof(cl_int), NULL, &err);
    CHECK(err);

    CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &in));
    CHECK(clSetKernelArg(kernel, 1, sizeof(cl_mem), &out));
    CHECK(clSetKernelArg(kernel, 2, GROUP_SIZE * sizeof(cl_int), NULL)); /* __local scratch */
    CHECK(clSetKernelArg(kernel, 3, sizeof(cl_uint), &n));

    size_t global = n;
    size_t local = GROUP_SIZE;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, groups * sizeof(cl_int), partial, 0, NULL,
                              NULL));

    long long total = 0;
    long long expected_total = 0;
    cl_uint correct_groups = 0;
    for (cl_uint g = 0; g < groups; ++g) {
        long long expected = 0;
        for (cl_uint i = g * GROUP_SIZE; i < n && i < (g + 1) * GROUP_SIZE; ++i)
            expected += data[i];
        if (partial[g] == expected) {
            ++correct_groups;
        } else {
            fprintf(stderr, "reduce: group %u summed to %d, expected %lld\n", g, partial[g],
                    expected);
        }
        total += partial[g];
        expected_total += expected;
    }
    int ok = correct_groups == groups && total == expected_total;
    printf("reduce: sum of %u ints = %lld (expected %lld), %u/%u groups correct: %s\n", n, total,
           expected_total, correct_groups, groups, ok ? "PASSED" : "FAILED");

    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    free(source);
    free(data);
    free(partial);
    return ok ? 0 : 1;
}
