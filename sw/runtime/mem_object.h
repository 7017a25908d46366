#pragma once

#include <CL/cl.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "info.h"
#include "object.h"

namespace mvp::runtime {

class Context;

// A buffer in the GPU's global memory, or a sub-buffer: a window into its parent's storage.
// Host pointers given with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR are copied into the
// device storage when the buffer is created; a CL_MEM_USE_HOST_PTR buffer is also copied back
// to its host memory when it is mapped, and from it when a write mapping is unmapped.
class MemObject : public _cl_mem, public Object {
  public:
    using Handle = cl_mem;
    using DestructorCallback = void(CL_CALLBACK*)(cl_mem memobj, void* user_data);

    // A buffer that owns `address` (allocated by the caller); retains the context.
    MemObject(Context* context, cl_mem_flags flags, size_t size, void* host_ptr, uint32_t address);
    // A sub-buffer of `parent` at `origin`; retains the parent.
    MemObject(MemObject* parent, cl_mem_flags flags, size_t origin, size_t size);
    // Runs the destructor callbacks (last registered first), then frees the storage.
    ~MemObject() override;

    Context* context() const { return context_; }
    cl_mem_flags flags() const { return flags_; }
    size_t size() const { return size_; }
    void* host_ptr() const { return host_ptr_; }
    MemObject* parent() const { return parent_; }
    // The device address of the first byte.
    uint32_t address() const { return address_; }

    void add_destructor_callback(DestructorCallback callback, void* user_data);

    // The host memory of a mapping of [offset, offset + size): inside the application's
    // memory for CL_MEM_USE_HOST_PTR, otherwise a block owned by the mapping.
    void* add_mapping(size_t offset, size_t size, cl_map_flags flags);
    // Looks up a mapping by its pointer; false when `pointer` is not a mapping of this object.
    bool find_mapping(const void* pointer, size_t* offset, size_t* size, cl_map_flags* flags) const;
    void remove_mapping(const void* pointer);
    cl_uint map_count() const { return static_cast<cl_uint>(mappings_.size()); }

    cl_int get_info(cl_mem_info param, Info* out) const;

  private:
    struct Mapping {
        void* pointer;
        size_t offset;
        size_t size;
        cl_map_flags flags;
        std::unique_ptr<uint8_t[]> storage;  // empty for CL_MEM_USE_HOST_PTR
    };
    struct Destructor {
        DestructorCallback callback;
        void* user_data;
    };

    Context* context_;
    cl_mem_flags flags_;
    size_t size_;
    void* host_ptr_;
    MemObject* parent_ = nullptr;
    size_t origin_ = 0;
    uint32_t address_;
    std::vector<Mapping> mappings_;
    std::vector<Destructor> destructors_;
};

}  // namespace mvp::runtime
