#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <type_traits>
#include <utility>

#include "icd.h"

// cl.h declares every handle type as a pointer to an incomplete struct. The runtime defines
// those structs as bases of its object classes: a handle is a pointer to its object's base, so
// handles and objects convert without reinterpret_cast. Each base holds only the pointer to the
// ICD dispatch table (cl_khr_icd): the loader, which sees the handle as a pointer to a struct
// that begins with that pointer, calls the runtime through the table. (The handle is the
// address of that base, not of the object, whose polymorphic Object base may come first.)
struct _cl_platform_id {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_device_id {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_context {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_command_queue {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_mem {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_program {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_kernel {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};
struct _cl_event {
    const cl_icd_dispatch* dispatch = mvp::runtime::icd_dispatch();
};

namespace mvp::runtime {

// Base of every OpenCL object: a reference count and an entry in the table of live handles.
// All calls happen with the API lock held (api_common.h), so the count needs no atomics.
// References held by other runtime objects (a kernel keeps its program alive, a queue its
// context) are counted like the application's own.
class Object {
  public:
    Object() = default;
    virtual ~Object() = default;
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;

    cl_uint reference_count() const { return references_; }
    void retain() { ++references_; }
    // Drops one reference; at zero the handle is unregistered and the object deleted.
    void release();

  private:
    template <class T, class... Args>
    friend T* create(Args&&... args);

    cl_uint references_ = 1;
    const void* handle_ = nullptr;
};

// The table of live handles. Looking a handle up never dereferences it, so a stale or foreign
// pointer is reported as an invalid object instead of crashing.
void register_handle(const void* handle, Object* object);
void unregister_handle(const void* handle);
Object* find_object(const void* handle);

// Allocates an object with one reference and registers its handle.
template <class T, class... Args>
T* create(Args&&... args) {
    // The handle is the address of the object's _cl_* base; the loader reads the dispatch
    // table through it, so `dispatch` must be that base's first byte.
    using Base = std::remove_pointer_t<typename T::Handle>;
    static_assert(std::is_standard_layout_v<Base> && offsetof(Base, dispatch) == 0,
                  "a handle must point at its dispatch table pointer");
    T* object = new T(std::forward<Args>(args)...);
    typename T::Handle handle = object;
    object->handle_ = handle;
    register_handle(handle, object);
    return object;
}

// The object behind a handle, or nullptr when the handle is not a live object of type T.
template <class T>
T* from_handle(typename T::Handle handle) {
    if (handle == nullptr) return nullptr;
    return dynamic_cast<T*>(find_object(handle));
}

}  // namespace mvp::runtime
