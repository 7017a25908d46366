#pragma once

#include <CL/cl.h>

#include <utility>

// cl.h declares every handle type as a pointer to an incomplete struct. The runtime defines
// those structs as empty bases of its object classes: a handle is a pointer to its object's
// base, so handles and objects convert without reinterpret_cast.
struct _cl_platform_id {};
struct _cl_device_id {};
struct _cl_context {};
struct _cl_command_queue {};
struct _cl_mem {};
struct _cl_program {};
struct _cl_kernel {};
struct _cl_event {};

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
