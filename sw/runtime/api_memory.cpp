// Memory objects. Only buffers exist: the device supports no images and no samplers.

#include <CL/cl.h>

#include <bitset>

#include "api_common.h"
#include "context.h"
#include "device.h"
#include "mem_object.h"

using namespace mvp::runtime;

namespace {

constexpr cl_mem_flags kDeviceAccess = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
constexpr cl_mem_flags kHostAccess =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
constexpr cl_mem_flags kHostPtr =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;

bool more_than_one(cl_mem_flags bits) { return std::bitset<64>(bits).count() > 1; }

// The flags of a buffer as clCreateBuffer accepts them.
bool valid_buffer_flags(cl_mem_flags flags) {
    if ((flags & ~(kDeviceAccess | kHostAccess | kHostPtr)) != 0) return false;
    if (more_than_one(flags & kDeviceAccess) || more_than_one(flags & kHostAccess)) return false;
    if ((flags & CL_MEM_USE_HOST_PTR) != 0 &&
        (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0)
        return false;
    return true;
}

// The flags of a sub-buffer: what it does not say it inherits from its parent; it may not ask
// for an access the parent forbids.
bool sub_buffer_flags(cl_mem_flags parent, cl_mem_flags flags, cl_mem_flags* result) {
    if ((flags & kHostPtr) != 0 || !valid_buffer_flags(flags)) return false;
    cl_mem_flags device = flags & kDeviceAccess;
    cl_mem_flags parent_device = parent & kDeviceAccess;
    if (device == 0) {
        device = parent_device;
    } else if ((parent_device == CL_MEM_WRITE_ONLY && device != CL_MEM_WRITE_ONLY) ||
               (parent_device == CL_MEM_READ_ONLY && device != CL_MEM_READ_ONLY)) {
        return false;
    }
    cl_mem_flags host = flags & kHostAccess;
    cl_mem_flags parent_host = parent & kHostAccess;
    if (host == 0) {
        host = parent_host;
    } else if (parent_host != 0 && host != parent_host && host != CL_MEM_HOST_NO_ACCESS) {
        return false;  // a sub-buffer may only narrow the host's access
    }
    *result = device | host | (parent & kHostPtr);
    return true;
}

}  // namespace

extern "C" CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags,
                                                          size_t size, void* host_ptr,
                                                          cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_mem {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        if (!valid_buffer_flags(flags)) return err = CL_INVALID_VALUE, nullptr;
        if (size == 0 || size > c->device()->max_alloc_size())
            return err = CL_INVALID_BUFFER_SIZE, nullptr;
        bool wants_host_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
        if (wants_host_ptr != (host_ptr != nullptr)) return err = CL_INVALID_HOST_PTR, nullptr;

        mvp::host::Device& gpu = c->device()->gpu();
        uint32_t address;
        try {
            address = gpu.allocate(size);
        } catch (const mvp::host::DeviceError& e) {
            report_error(__func__, e.what());
            return err = CL_MEM_OBJECT_ALLOCATION_FAILURE, nullptr;
        }
        MemObject* mem = create<MemObject>(c, flags, size, host_ptr, address);
        if (wants_host_ptr) {
            try {
                gpu.write(address, host_ptr, size);
            } catch (...) {
                mem->release();
                throw;
            }
        }
        return mem;
    });
}

extern "C" CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                                             cl_buffer_create_type type,
                                                             const void* info,
                                                             cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_mem {
        MemObject* parent = from_handle<MemObject>(buffer);
        if (parent == nullptr || parent->parent() != nullptr)
            return err = CL_INVALID_MEM_OBJECT, nullptr;
        cl_mem_flags resolved;
        if (!sub_buffer_flags(parent->flags(), flags, &resolved))
            return err = CL_INVALID_VALUE, nullptr;
        if (type != CL_BUFFER_CREATE_TYPE_REGION || info == nullptr)
            return err = CL_INVALID_VALUE, nullptr;
        const auto* region = static_cast<const cl_buffer_region*>(info);
        if (region->size == 0) return err = CL_INVALID_BUFFER_SIZE, nullptr;
        if (region->origin > parent->size() || region->size > parent->size() - region->origin)
            return err = CL_INVALID_VALUE, nullptr;
        if (region->origin % Device::kBaseAlignBytes != 0)
            return err = CL_MISALIGNED_SUB_BUFFER_OFFSET, nullptr;
        return create<MemObject>(parent, resolved, region->origin, region->size);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem memobj) {
    return guarded(__func__, [&]() -> cl_int {
        MemObject* m = from_handle<MemObject>(memobj);
        if (m == nullptr) return CL_INVALID_MEM_OBJECT;
        m->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj) {
    return guarded(__func__, [&]() -> cl_int {
        MemObject* m = from_handle<MemObject>(memobj);
        if (m == nullptr) return CL_INVALID_MEM_OBJECT;
        m->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                                              size_t param_value_size,
                                                              void* param_value,
                                                              size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        MemObject* m = from_handle<MemObject>(memobj);
        if (m == nullptr) return CL_INVALID_MEM_OBJECT;
        Info info;
        cl_int err = m->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(
    cl_mem memobj, void(CL_CALLBACK* pfn_notify)(cl_mem, void*), void* user_data) {
    return guarded(__func__, [&]() -> cl_int {
        MemObject* m = from_handle<MemObject>(memobj);
        if (m == nullptr) return CL_INVALID_MEM_OBJECT;
        if (pfn_notify == nullptr) return CL_INVALID_VALUE;
        m->add_destructor_callback(pfn_notify, user_data);
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags,
                                                         const cl_image_format* image_format,
                                                         const cl_image_desc* image_desc,
                                                         void* host_ptr, cl_int* errcode_ret) {
    (void)flags;
    (void)image_format;
    (void)image_desc;
    (void)host_ptr;
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_mem {
        if (from_handle<Context>(context) == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        return err = CL_INVALID_OPERATION, nullptr;  // no image support
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(
    cl_context context, cl_mem_flags flags, cl_mem_object_type image_type, cl_uint num_entries,
    cl_image_format* image_formats, cl_uint* num_image_formats) {
    (void)flags;
    (void)image_type;
    return guarded(__func__, [&]() -> cl_int {
        if (from_handle<Context>(context) == nullptr) return CL_INVALID_CONTEXT;
        if (num_entries == 0 && image_formats != nullptr) return CL_INVALID_VALUE;
        if (num_image_formats != nullptr) *num_image_formats = 0;
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem image, cl_image_info param_name,
                                                          size_t param_value_size,
                                                          void* param_value,
                                                          size_t* param_value_size_ret) {
    (void)image;
    (void)param_name;
    (void)param_value_size;
    (void)param_value;
    (void)param_value_size_ret;
    return CL_INVALID_MEM_OBJECT;  // no image can exist
}

extern "C" CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context,
                                                               cl_bool normalized_coords,
                                                               cl_addressing_mode addressing_mode,
                                                               cl_filter_mode filter_mode,
                                                               cl_int* errcode_ret) {
    (void)normalized_coords;
    (void)addressing_mode;
    (void)filter_mode;
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_sampler {
        if (from_handle<Context>(context) == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        return err = CL_INVALID_OPERATION, nullptr;  // no image support
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
    (void)sampler;
    return CL_INVALID_SAMPLER;
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
    (void)sampler;
    return CL_INVALID_SAMPLER;
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler,
                                                            cl_sampler_info param_name,
                                                            size_t param_value_size,
                                                            void* param_value,
                                                            size_t* param_value_size_ret) {
    (void)sampler;
    (void)param_name;
    (void)param_value_size;
    (void)param_value;
    (void)param_value_size_ret;
    return CL_INVALID_SAMPLER;
}
