#pragma once

#include <CL/cl.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace mvp::runtime {

// The value of one clGet*Info query as raw bytes, and the copy-out rule every such query
// shares.
class Info {
  public:
    Info() = default;

    template <class T>
    static Info of(const T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        return of_bytes(&value, sizeof(T));
    }
    template <class T>
    static Info of_array(const std::vector<T>& values) {
        static_assert(std::is_trivially_copyable_v<T>);
        return of_bytes(values.data(), values.size() * sizeof(T));
    }
    // The string with its terminating NUL.
    static Info of_string(const std::string& text) {
        return of_bytes(text.c_str(), text.size() + 1);
    }
    static Info of_bytes(const void* data, size_t bytes);

    size_t size() const { return bytes_.size(); }

    // Stores the size in *size_ret (when not NULL) and the value in `value` (when not NULL).
    // Returns CL_INVALID_VALUE when `value` is given but `value_size` is too small.
    cl_int copy_to(size_t value_size, void* value, size_t* size_ret) const;

  private:
    std::vector<uint8_t> bytes_;
};

}  // namespace mvp::runtime
