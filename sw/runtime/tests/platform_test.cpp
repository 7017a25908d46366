// Platform, device, context and queue queries and their errors.

#include <cstdlib>
#include <string>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
    size_t size = 0;
    EXPECT_EQ(clGetPlatformInfo(platform, param, 0, nullptr, &size), CL_SUCCESS);
    std::string text(size, '\0');
    EXPECT_EQ(clGetPlatformInfo(platform, param, size, text.data(), nullptr), CL_SUCCESS);
    return text.c_str();
}

std::string device_string(cl_device_id device, cl_device_info param) {
    char text[256] = {};
    EXPECT_EQ(clGetDeviceInfo(device, param, sizeof text, text, nullptr), CL_SUCCESS);
    return text;
}

TEST(Platform, OnePlatform) {
    cl_uint count = 0;
    ASSERT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
    EXPECT_EQ(count, 1u);
    cl_platform_id platforms[2] = {nullptr, nullptr};
    ASSERT_EQ(clGetPlatformIDs(2, platforms, &count), CL_SUCCESS);
    EXPECT_NE(platforms[0], nullptr);
    EXPECT_EQ(platforms[1], nullptr);
    EXPECT_EQ(clGetPlatformIDs(0, platforms, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clGetPlatformIDs(1, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST(Platform, Info) {
    cl_platform_id platform;
    ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
    EXPECT_EQ(platform_string(platform, CL_PLATFORM_PROFILE), "FULL_PROFILE");
    EXPECT_EQ(platform_string(platform, CL_PLATFORM_VERSION).rfind("OpenCL 1.2 ", 0), 0u);
    EXPECT_EQ(platform_string(platform, CL_PLATFORM_NAME), "MVP-TLM");
    EXPECT_EQ(platform_string(platform, CL_PLATFORM_EXTENSIONS), "");
    char small[4];
    EXPECT_EQ(clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof small, small, nullptr),
              CL_INVALID_VALUE);
    EXPECT_EQ(clGetPlatformInfo(platform, 0x7777, 0, nullptr, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clGetPlatformInfo(reinterpret_cast<cl_platform_id>(&small), CL_PLATFORM_NAME, 0,
                                nullptr, nullptr),
              CL_INVALID_PLATFORM);
}

TEST(Device, Ids) {
    cl_platform_id platform;
    ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
    cl_uint count = 0;
    EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count), CL_SUCCESS);
    EXPECT_EQ(count, 1u);
    cl_device_id gpu = nullptr;
    cl_device_id default_device = nullptr;
    EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &gpu, nullptr), CL_SUCCESS);
    EXPECT_EQ(clGetDeviceIDs(nullptr, CL_DEVICE_TYPE_DEFAULT, 1, &default_device, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(gpu, default_device);
    EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, nullptr, &count),
              CL_DEVICE_NOT_FOUND);
    EXPECT_EQ(count, 0u);
    EXPECT_EQ(clGetDeviceIDs(platform, cl_device_type{1} << 40, 1, &gpu, nullptr),
              CL_INVALID_DEVICE_TYPE);
    EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, &gpu, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, nullptr, nullptr), CL_INVALID_VALUE);
}

TEST(Device, Info) {
    cl_device_id device;
    ASSERT_EQ(clGetDeviceIDs(nullptr, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);
    cl_device_type type = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, nullptr), CL_SUCCESS);
    EXPECT_EQ(type, cl_device_type{CL_DEVICE_TYPE_GPU});
    size_t group = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group, &group, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(group, 1024u);
    size_t items[3] = {};
    size_t size = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, &size),
              CL_SUCCESS);
    EXPECT_EQ(size, sizeof items);
    EXPECT_EQ(items[0], 1024u);
    EXPECT_EQ(items[2], 64u);
    cl_ulong local = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(local, 32768u);
    cl_ulong global = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, nullptr),
              CL_SUCCESS);
    EXPECT_GT(global, 1u << 20);
    cl_uint units = 0;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr),
              CL_SUCCESS);
    if (std::getenv("MVP_CONFIG") == nullptr) {
        EXPECT_EQ(units, 32u);  // mvp_v2_1: 32 SPs
    }
    cl_platform_id platform = nullptr;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr),
              CL_SUCCESS);
    cl_platform_id expected;
    ASSERT_EQ(clGetPlatformIDs(1, &expected, nullptr), CL_SUCCESS);
    EXPECT_EQ(platform, expected);
    EXPECT_NE(device_string(device, CL_DEVICE_NAME).find("MVP"), std::string::npos);
    EXPECT_EQ(device_string(device, CL_DEVICE_VERSION).rfind("OpenCL 1.2 ", 0), 0u);
    EXPECT_EQ(device_string(device, CL_DEVICE_OPENCL_C_VERSION).rfind("OpenCL C 1.2", 0), 0u);
    cl_bool images = CL_TRUE;
    EXPECT_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(images, cl_bool{CL_FALSE});
    EXPECT_EQ(clGetDeviceInfo(device, 0x7777, sizeof units, &units, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clGetDeviceInfo(nullptr, CL_DEVICE_TYPE, sizeof type, &type, nullptr),
              CL_INVALID_DEVICE);
    EXPECT_EQ(clRetainDevice(device), CL_SUCCESS);
    EXPECT_EQ(clReleaseDevice(device), CL_SUCCESS);
}

TEST(Context, CreateAndErrors) {
    cl_platform_id platform;
    cl_device_id device;
    ASSERT_EQ(clGetPlatformIDs(1, &platform, nullptr), CL_SUCCESS);
    ASSERT_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);

    cl_int err = CL_SUCCESS;
    EXPECT_EQ(clCreateContext(nullptr, 0, &device, nullptr, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateContext(nullptr, 1, nullptr, nullptr, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    cl_device_id bogus = reinterpret_cast<cl_device_id>(&err);
    EXPECT_EQ(clCreateContext(nullptr, 1, &bogus, nullptr, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_DEVICE);
    // A NULL errcode_ret is allowed: the error is only seen as a NULL result.
    EXPECT_EQ(clCreateContext(nullptr, 1, &bogus, nullptr, nullptr, nullptr), nullptr);
    cl_context_properties bad[] = {0x7777, 0, 0};
    EXPECT_EQ(clCreateContext(bad, 1, &device, nullptr, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_PROPERTY);
    cl_context_properties wrong_platform[] = {CL_CONTEXT_PLATFORM,
                                              reinterpret_cast<cl_context_properties>(&err), 0};
    EXPECT_EQ(clCreateContext(wrong_platform, 1, &device, nullptr, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_PLATFORM);

    cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                          reinterpret_cast<cl_context_properties>(platform), 0};
    cl_context context = clCreateContext(properties, 1, &device, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_context_properties copy[3] = {};
    size_t size = 0;
    EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_PROPERTIES, sizeof copy, copy, &size),
              CL_SUCCESS);
    EXPECT_EQ(size, sizeof properties);
    EXPECT_EQ(copy[1], properties[1]);
    cl_uint references = 0;
    EXPECT_EQ(clRetainContext(context), CL_SUCCESS);
    EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, sizeof references, &references,
                               nullptr),
              CL_SUCCESS);
    EXPECT_EQ(references, 2u);
    cl_device_id devices[1] = {};
    EXPECT_EQ(clGetContextInfo(context, CL_CONTEXT_DEVICES, sizeof devices, devices, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(devices[0], device);
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
    // The handle is gone: using it again is an error, not a crash.
    EXPECT_EQ(clReleaseContext(context), CL_INVALID_CONTEXT);

    cl_context from_type =
        clCreateContextFromType(nullptr, CL_DEVICE_TYPE_GPU, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clReleaseContext(from_type), CL_SUCCESS);
    EXPECT_EQ(clCreateContextFromType(nullptr, CL_DEVICE_TYPE_CPU, nullptr, nullptr, &err),
              nullptr);
    EXPECT_EQ(err, CL_DEVICE_NOT_FOUND);
}

TEST(CommandQueue, CreateAndErrors) {
    cl_device_id device;
    ASSERT_EQ(clGetDeviceIDs(nullptr, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);
    cl_int err;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);

    EXPECT_EQ(clCreateCommandQueue(nullptr, device, 0, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_CONTEXT);
    EXPECT_EQ(clCreateCommandQueue(context, nullptr, 0, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_DEVICE);
    EXPECT_EQ(clCreateCommandQueue(context, device, cl_command_queue_properties{1} << 20, &err),
              nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);

    cl_command_queue queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_command_queue_properties properties = 0;
    EXPECT_EQ(
        clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(properties, cl_command_queue_properties{CL_QUEUE_PROFILING_ENABLE});
    cl_context owner = nullptr;
    EXPECT_EQ(clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof owner, &owner, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(owner, context);
    // The queue keeps its context alive after the application releases it.
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
    EXPECT_EQ(clFlush(queue), CL_SUCCESS);
    EXPECT_EQ(clFinish(queue), CL_SUCCESS);
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
    EXPECT_EQ(clFinish(queue), CL_INVALID_COMMAND_QUEUE);
    EXPECT_EQ(clReleaseContext(context), CL_INVALID_CONTEXT);
}

}  // namespace
}  // namespace mvp::runtime::test
