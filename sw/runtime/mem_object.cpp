#include "mem_object.h"

#include <exception>

#include "context.h"
#include "device.h"

namespace mvp::runtime {

MemObject::MemObject(Context* context, cl_mem_flags flags, size_t size, void* host_ptr,
                     uint32_t address)
    : context_(context),
      flags_(flags),
      size_(size),
      host_ptr_((flags & CL_MEM_USE_HOST_PTR) != 0 ? host_ptr : nullptr),
      address_(address) {
    context_->retain();
}

MemObject::MemObject(MemObject* parent, cl_mem_flags flags, size_t origin, size_t size)
    : context_(parent->context()),
      flags_(flags),
      size_(size),
      host_ptr_(parent->host_ptr() != nullptr ? static_cast<uint8_t*>(parent->host_ptr()) + origin
                                              : nullptr),
      parent_(parent),
      origin_(origin),
      address_(parent->address() + static_cast<uint32_t>(origin)) {
    context_->retain();
    parent_->retain();
}

MemObject::~MemObject() {
    for (auto it = destructors_.rbegin(); it != destructors_.rend(); ++it)
        it->callback(this, it->user_data);
    if (parent_ != nullptr) {
        parent_->release();
    } else {
        try {
            context_->device()->gpu().release(address_);
        } catch (const std::exception&) {
            // The allocation is gone already; nothing else to free.
        }
    }
    context_->release();
}

void MemObject::add_destructor_callback(DestructorCallback callback, void* user_data) {
    destructors_.push_back({callback, user_data});
}

void* MemObject::add_mapping(size_t offset, size_t size, cl_map_flags flags) {
    Mapping mapping{nullptr, offset, size, flags, nullptr};
    if (host_ptr_ != nullptr) {
        mapping.pointer = static_cast<uint8_t*>(host_ptr_) + offset;
    } else {
        mapping.storage.reset(new uint8_t[size > 0 ? size : 1]);
        mapping.pointer = mapping.storage.get();
    }
    void* pointer = mapping.pointer;
    mappings_.push_back(std::move(mapping));
    return pointer;
}

bool MemObject::find_mapping(const void* pointer, size_t* offset, size_t* size,
                             cl_map_flags* flags) const {
    for (const Mapping& m : mappings_) {
        if (m.pointer != pointer) continue;
        *offset = m.offset;
        *size = m.size;
        *flags = m.flags;
        return true;
    }
    return false;
}

void MemObject::remove_mapping(const void* pointer) {
    for (auto it = mappings_.begin(); it != mappings_.end(); ++it) {
        if (it->pointer == pointer) {
            mappings_.erase(it);
            return;
        }
    }
}

cl_int MemObject::get_info(cl_mem_info param, Info* out) const {
    switch (param) {
        case CL_MEM_TYPE:
            *out = Info::of<cl_mem_object_type>(CL_MEM_OBJECT_BUFFER);
            return CL_SUCCESS;
        case CL_MEM_FLAGS:
            *out = Info::of<cl_mem_flags>(flags_);
            return CL_SUCCESS;
        case CL_MEM_SIZE:
            *out = Info::of<size_t>(size_);
            return CL_SUCCESS;
        case CL_MEM_HOST_PTR:
            *out = Info::of<void*>(host_ptr_);
            return CL_SUCCESS;
        case CL_MEM_MAP_COUNT:
            *out = Info::of<cl_uint>(map_count());
            return CL_SUCCESS;
        case CL_MEM_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        case CL_MEM_CONTEXT:
            *out = Info::of<cl_context>(context_);
            return CL_SUCCESS;
        case CL_MEM_ASSOCIATED_MEMOBJECT:
            *out = Info::of<cl_mem>(parent_);
            return CL_SUCCESS;
        case CL_MEM_OFFSET:
            *out = Info::of<size_t>(origin_);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
