/* Prints the OpenCL platform and device the runtime offers, one "name: value" line each.
   The device reflects MVP_CONFIG and MVP_FUNCTIONAL (doc/opencl.md).

   usage: clinfo */
#include <CL/cl.h>
#include <stdio.h>

static void print_platform_string(cl_platform_id platform, cl_platform_info param,
                                  const char *name) {
    char text[1024];
    if (clGetPlatformInfo(platform, param, sizeof text, text, NULL) == CL_SUCCESS)
        printf("%s: %s\n", name, text);
}

static void print_device_string(cl_device_id device, cl_device_info param, const char *name) {
    char text[1024];
    if (clGetDeviceInfo(device, param, sizeof text, text, NULL) == CL_SUCCESS)
        printf("%s: %s\n", name, text);
}

static void print_device_uint(cl_device_id device, cl_device_info param, const char *name) {
    cl_uint value;
    if (clGetDeviceInfo(device, param, sizeof value, &value, NULL) == CL_SUCCESS)
        printf("%s: %u\n", name, value);
}

static void print_device_ulong(cl_device_id device, cl_device_info param, const char *name) {
    cl_ulong value;
    if (clGetDeviceInfo(device, param, sizeof value, &value, NULL) == CL_SUCCESS)
        printf("%s: %llu\n", name, (unsigned long long)value);
}

static void print_device_size(cl_device_id device, cl_device_info param, const char *name) {
    size_t value;
    if (clGetDeviceInfo(device, param, sizeof value, &value, NULL) == CL_SUCCESS)
        printf("%s: %zu\n", name, value);
}

int main(void) {
    cl_platform_id platform;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) {
        fprintf(stderr, "clinfo: no OpenCL platform\n");
        return 1;
    }
    print_platform_string(platform, CL_PLATFORM_NAME, "platform name");
    print_platform_string(platform, CL_PLATFORM_VENDOR, "platform vendor");
    print_platform_string(platform, CL_PLATFORM_VERSION, "platform version");
    print_platform_string(platform, CL_PLATFORM_PROFILE, "platform profile");

    cl_device_id device;
    cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    if (err != CL_SUCCESS) {
        fprintf(stderr, "clinfo: no device (error %d)\n", (int)err);
        return 1;
    }
    print_device_string(device, CL_DEVICE_NAME, "device name");
    print_device_string(device, CL_DEVICE_VENDOR, "device vendor");
    print_device_string(device, CL_DEVICE_VERSION, "device version");
    print_device_string(device, CL_DEVICE_OPENCL_C_VERSION, "opencl c version");
    print_device_string(device, CL_DRIVER_VERSION, "driver version");
    print_device_uint(device, CL_DEVICE_MAX_COMPUTE_UNITS, "max compute units");
    print_device_uint(device, CL_DEVICE_MAX_CLOCK_FREQUENCY, "max clock frequency (MHz)");
    print_device_size(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, "max work-group size");
    size_t sizes[3];
    if (clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, NULL) ==
        CL_SUCCESS)
        printf("max work-item sizes: %zu %zu %zu\n", sizes[0], sizes[1], sizes[2]);
    print_device_ulong(device, CL_DEVICE_GLOBAL_MEM_SIZE, "global memory size");
    print_device_ulong(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, "max allocation size");
    print_device_ulong(device, CL_DEVICE_LOCAL_MEM_SIZE, "local memory size");
    print_device_uint(device, CL_DEVICE_ADDRESS_BITS, "address bits");
    print_device_uint(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, "base address alignment (bits)");
    return 0;
}
