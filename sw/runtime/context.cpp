#include "context.h"

#include "device.h"

namespace mvp::runtime {

Context::Context(Device* device, std::vector<cl_context_properties> properties, Notify notify,
                 void* user_data)
    : device_(device), properties_(std::move(properties)), notify_(notify), user_data_(user_data) {}

void Context::notify(const std::string& message) const {
    if (notify_ != nullptr) notify_(message.c_str(), nullptr, 0, user_data_);
}

cl_int Context::get_info(cl_context_info param, Info* out) const {
    switch (param) {
        case CL_CONTEXT_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        case CL_CONTEXT_NUM_DEVICES:
            *out = Info::of<cl_uint>(1);
            return CL_SUCCESS;
        case CL_CONTEXT_DEVICES:
            *out = Info::of<cl_device_id>(device_);
            return CL_SUCCESS;
        case CL_CONTEXT_PROPERTIES:
            *out = Info::of_array(properties_);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
