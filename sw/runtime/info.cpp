#include "info.h"

namespace mvp::runtime {

Info Info::of_bytes(const void* data, size_t bytes) {
    Info info;
    const auto* p = static_cast<const uint8_t*>(data);
    info.bytes_.assign(p, p + bytes);
    return info;
}

cl_int Info::copy_to(size_t value_size, void* value, size_t* size_ret) const {
    if (value != nullptr) {
        if (value_size < bytes_.size()) return CL_INVALID_VALUE;
        if (!bytes_.empty()) std::memcpy(value, bytes_.data(), bytes_.size());
    }
    if (size_ret != nullptr) *size_ret = bytes_.size();
    return CL_SUCCESS;
}

}  // namespace mvp::runtime
