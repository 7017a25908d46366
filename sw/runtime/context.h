#pragma once

#include <CL/cl.h>

#include <string>
#include <vector>

#include "info.h"
#include "object.h"

namespace mvp::runtime {

class Device;

// An OpenCL context: the one device, the properties it was created with and the
// application's error callback.
class Context : public _cl_context, public Object {
  public:
    using Handle = cl_context;
    using Notify = void(CL_CALLBACK*)(const char* errinfo, const void* private_info,
                                      size_t private_size, void* user_data);

    // `properties` is the zero-terminated list as given (empty when the application gave
    // NULL).
    Context(Device* device, std::vector<cl_context_properties> properties, Notify notify,
            void* user_data);

    Device* device() const { return device_; }

    // Passes an error message to the application's callback, when it gave one.
    void notify(const std::string& message) const;

    cl_int get_info(cl_context_info param, Info* out) const;

  private:
    Device* device_;
    std::vector<cl_context_properties> properties_;
    Notify notify_;
    void* user_data_;
};

}  // namespace mvp::runtime
