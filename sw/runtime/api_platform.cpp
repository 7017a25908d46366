// Platform and device queries.

#include <CL/cl.h>

#include "api_common.h"
#include "device.h"
#include "icd.h"
#include "platform.h"

using namespace mvp::runtime;

namespace {

constexpr cl_device_type kKnownDeviceTypes = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                             CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                             CL_DEVICE_TYPE_CUSTOM;

// The platform a handle names; NULL selects the only platform.
Platform* platform_or_default(cl_platform_id handle) {
    if (handle == nullptr) return Platform::instance();
    Platform::instance();
    return from_handle<Platform>(handle);
}

}  // namespace

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries,
                                                            cl_platform_id* platforms,
                                                            cl_uint* num_platforms) {
    return guarded(__func__, [&]() -> cl_int {
        if ((num_entries == 0 && platforms != nullptr) ||
            (platforms == nullptr && num_platforms == nullptr))
            return CL_INVALID_VALUE;
        if (platforms != nullptr) platforms[0] = Platform::instance();
        if (num_platforms != nullptr) *num_platforms = 1;
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                             cl_platform_info param_name,
                                                             size_t param_value_size,
                                                             void* param_value,
                                                             size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Platform* p = platform_or_default(platform);
        if (p == nullptr) return CL_INVALID_PLATFORM;
        Info info;
        cl_int err = p->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform,
                                                          cl_device_type device_type,
                                                          cl_uint num_entries,
                                                          cl_device_id* devices,
                                                          cl_uint* num_devices) {
    return guarded(__func__, [&]() -> cl_int {
        Platform* p = platform_or_default(platform);
        if (p == nullptr) return CL_INVALID_PLATFORM;
        if (device_type == 0 ||
            (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~kKnownDeviceTypes) != 0))
            return CL_INVALID_DEVICE_TYPE;
        if ((num_entries == 0 && devices != nullptr) ||
            (devices == nullptr && num_devices == nullptr))
            return CL_INVALID_VALUE;
        Device* device = p->device();
        bool matches = (device_type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT)) != 0;
        if (device == nullptr || !matches) {
            if (num_devices != nullptr) *num_devices = 0;
            return CL_DEVICE_NOT_FOUND;
        }
        if (devices != nullptr) devices[0] = device;
        if (num_devices != nullptr) *num_devices = 1;
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device,
                                                           cl_device_info param_name,
                                                           size_t param_value_size,
                                                           void* param_value,
                                                           size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Device* d = from_handle<Device>(device);
        if (d == nullptr) return CL_INVALID_DEVICE;
        Info info;
        cl_int err = d->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clCreateSubDevices(cl_device_id in_device, const cl_device_partition_property* properties,
                   cl_uint num_devices, cl_device_id* out_devices, cl_uint* num_devices_ret) {
    (void)num_devices;
    (void)out_devices;
    (void)num_devices_ret;
    return guarded(__func__, [&]() -> cl_int {
        if (from_handle<Device>(in_device) == nullptr) return CL_INVALID_DEVICE;
        // The device supports no partitioning scheme.
        (void)properties;
        return CL_INVALID_VALUE;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id device) {
    return guarded(__func__, [&]() -> cl_int {
        // The root device lives as long as the process: nothing to count.
        return from_handle<Device>(device) == nullptr ? CL_INVALID_DEVICE : CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id device) {
    return guarded(__func__, [&]() -> cl_int {
        return from_handle<Device>(device) == nullptr ? CL_INVALID_DEVICE : CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY void* CL_API_CALL
clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char* func_name) {
    // No extension functions; in the ICD library, the entry points the loader asks for (icd.h).
    (void)platform;
    return func_name == nullptr ? nullptr : icd_function_address(func_name);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform) {
    return guarded(__func__, [&]() -> cl_int {
        return platform_or_default(platform) == nullptr ? CL_INVALID_PLATFORM : CL_SUCCESS;
    });
}
