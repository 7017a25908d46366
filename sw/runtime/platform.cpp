#include "platform.h"

#include <CL/cl_ext.h>

#include <cstdio>
#include <exception>

#include "device.h"
#include "icd.h"

namespace mvp::runtime {

Platform* Platform::instance() {
    static Platform* platform = create<Platform>();
    return platform;
}

Device* Platform::device() {
    if (opened_) return device_;
    opened_ = true;
    try {
        device_ = create<Device>(this);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mvp opencl: no device: %s\n", e.what());
        device_ = nullptr;
    }
    return device_;
}

cl_int Platform::get_info(cl_platform_info param, Info* out) const {
    switch (param) {
        case CL_PLATFORM_PROFILE:
            *out = Info::of_string(kProfile);
            return CL_SUCCESS;
        case CL_PLATFORM_VERSION:
            *out = Info::of_string(kVersion);
            return CL_SUCCESS;
        case CL_PLATFORM_NAME:
            *out = Info::of_string(kName);
            return CL_SUCCESS;
        case CL_PLATFORM_VENDOR:
            *out = Info::of_string(kVendor);
            return CL_SUCCESS;
        case CL_PLATFORM_EXTENSIONS:
            *out = Info::of_string(icd_enabled() ? kIcdExtension : "");
            return CL_SUCCESS;
        case CL_PLATFORM_ICD_SUFFIX_KHR:
            if (!icd_enabled()) return CL_INVALID_VALUE;
            *out = Info::of_string(kIcdSuffix);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
