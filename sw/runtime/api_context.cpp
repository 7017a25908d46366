// Contexts and command queues.

#include <CL/cl.h>

#include <vector>

#include "api_common.h"
#include "command_queue.h"
#include "context.h"
#include "device.h"
#include "platform.h"

using namespace mvp::runtime;

namespace {

// Checks a context property list (pairs ending with 0) and copies it.
cl_int parse_context_properties(const cl_context_properties* properties,
                                std::vector<cl_context_properties>* copy) {
    if (properties == nullptr) return CL_SUCCESS;
    bool seen_platform = false;
    bool seen_sync = false;
    size_t i = 0;
    for (; properties[i] != 0; i += 2) {
        cl_context_properties name = properties[i];
        cl_context_properties value = properties[i + 1];
        if (name == CL_CONTEXT_PLATFORM) {
            if (seen_platform) return CL_INVALID_PROPERTY;
            seen_platform = true;
            Platform::instance();
            if (from_handle<Platform>(reinterpret_cast<cl_platform_id>(value)) == nullptr)
                return CL_INVALID_PLATFORM;
        } else if (name == CL_CONTEXT_INTEROP_USER_SYNC) {
            // A cl_bool: CL_TRUE or CL_FALSE.
            if (seen_sync || (value != CL_TRUE && value != CL_FALSE)) return CL_INVALID_PROPERTY;
            seen_sync = true;
        } else {
            return CL_INVALID_PROPERTY;
        }
    }
    copy->assign(properties, properties + i + 1);
    return CL_SUCCESS;
}

}  // namespace

extern "C" CL_API_ENTRY cl_context CL_API_CALL clCreateContext(
    const cl_context_properties* properties, cl_uint num_devices, const cl_device_id* devices,
    void(CL_CALLBACK* pfn_notify)(const char*, const void*, size_t, void*), void* user_data,
    cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_context {
        if (num_devices == 0 || devices == nullptr || (pfn_notify == nullptr && user_data))
            return err = CL_INVALID_VALUE, nullptr;
        std::vector<cl_context_properties> copy;
        if ((err = parse_context_properties(properties, &copy)) != CL_SUCCESS) return nullptr;
        Device* device = nullptr;
        for (cl_uint i = 0; i < num_devices; ++i) {
            Device* d = from_handle<Device>(devices[i]);
            if (d == nullptr) return err = CL_INVALID_DEVICE, nullptr;
            device = d;
        }
        return create<Context>(device, std::move(copy), pfn_notify, user_data);
    });
}

extern "C" CL_API_ENTRY cl_context CL_API_CALL
clCreateContextFromType(const cl_context_properties* properties, cl_device_type device_type,
                        void(CL_CALLBACK* pfn_notify)(const char*, const void*, size_t, void*),
                        void* user_data, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_context {
        if (pfn_notify == nullptr && user_data != nullptr) return err = CL_INVALID_VALUE, nullptr;
        std::vector<cl_context_properties> copy;
        if ((err = parse_context_properties(properties, &copy)) != CL_SUCCESS) return nullptr;
        constexpr cl_device_type kKnown = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                          CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                          CL_DEVICE_TYPE_CUSTOM;
        if (device_type == 0 || (device_type != CL_DEVICE_TYPE_ALL && (device_type & ~kKnown) != 0))
            return err = CL_INVALID_DEVICE_TYPE, nullptr;
        Device* device = Platform::instance()->device();
        if (device == nullptr || (device_type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT)) == 0)
            return err = CL_DEVICE_NOT_FOUND, nullptr;
        return create<Context>(device, std::move(copy), pfn_notify, user_data);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context) {
    return guarded(__func__, [&]() -> cl_int {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return CL_INVALID_CONTEXT;
        c->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context) {
    return guarded(__func__, [&]() -> cl_int {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return CL_INVALID_CONTEXT;
        c->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context context,
                                                            cl_context_info param_name,
                                                            size_t param_value_size,
                                                            void* param_value,
                                                            size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return CL_INVALID_CONTEXT;
        Info info;
        cl_int err = c->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueue(cl_context context, cl_device_id device,
                     cl_command_queue_properties properties, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_command_queue {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        Device* d = from_handle<Device>(device);
        if (d == nullptr || d != c->device()) return err = CL_INVALID_DEVICE, nullptr;
        // An out-of-order queue may run its commands in order, as this one does.
        constexpr cl_command_queue_properties kSupported =
            CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
        if ((properties & ~kSupported) != 0) return err = CL_INVALID_VALUE, nullptr;
        return create<CommandQueue>(c, d, properties);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue command_queue) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        q->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue command_queue) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        q->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue command_queue,
                                                                 cl_command_queue_info param_name,
                                                                 size_t param_value_size,
                                                                 void* param_value,
                                                                 size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        Info info;
        cl_int err = q->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue command_queue) {
    return guarded(__func__, [&]() -> cl_int {
        if (from_handle<CommandQueue>(command_queue) == nullptr) return CL_INVALID_COMMAND_QUEUE;
        // Commands run when they are queued; only those held back by a user event wait.
        CommandQueue::run_ready_commands();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        q->finish();
        return CL_SUCCESS;
    });
}
