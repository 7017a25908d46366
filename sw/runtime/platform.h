#pragma once

#include <CL/cl.h>

#include <string>

#include "info.h"
#include "object.h"

namespace mvp::runtime {

class Device;

// The one OpenCL platform of the MVP GPU model, with its one device.
class Platform : public _cl_platform_id, public Object {
  public:
    using Handle = cl_platform_id;

    // The platform, created at first use and never destroyed (handles stay valid until exit).
    static Platform* instance();

    // The GPU, opened at the first call. nullptr when it cannot be opened (a bad MVP_CONFIG,
    // an engine that is not available); the reason is printed once on stderr.
    Device* device();

    cl_int get_info(cl_platform_info param, Info* out) const;

    static constexpr const char* kName = "MVP-TLM";
    static constexpr const char* kVendor = "MVP";
    static constexpr const char* kVersion = "OpenCL 1.2 MVP-TLM";
    static constexpr const char* kProfile = "FULL_PROFILE";

  private:
    bool opened_ = false;
    Device* device_ = nullptr;
};

}  // namespace mvp::runtime
