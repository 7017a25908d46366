#include "app_util.h"

char *app_read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
        perror(path);
        exit(2);
    }
    text[n] = 0;
    fclose(f);
    return text;
}

void app_open_device(cl_device_id *device, cl_context *context, cl_command_queue *queue) {
    cl_platform_id platform;
    cl_int err;
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, device, NULL));
    *context = clCreateContext(NULL, 1, device, NULL, NULL, &err);
    CHECK(err);
    *queue = clCreateCommandQueue(*context, *device, 0, &err);
    CHECK(err);
}

cl_program app_build_program(cl_context context, cl_device_id device, const char *source) {
    cl_int err;
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    CHECK(err);
    if (clBuildProgram(program, 1, &device, NULL, NULL, NULL) != CL_SUCCESS) {
        char log[4096];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "%s: build failed:\n%s\n", app_name, log);
        exit(1);
    }
    return program;
}
