// The OpenCL 1.1 entry points that 1.2 deprecates, for older host programs.

#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#include <CL/cl.h>

#include "api_common.h"
#include "command_queue.h"
#include "icd.h"

using namespace mvp::runtime;

extern "C" CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags,
                                                           const cl_image_format* image_format,
                                                           size_t width, size_t height,
                                                           size_t row_pitch, void* host_ptr,
                                                           cl_int* errcode_ret) {
    cl_image_desc desc = {};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = width;
    desc.image_height = height;
    desc.image_row_pitch = row_pitch;
    return clCreateImage(context, flags, image_format, &desc, host_ptr, errcode_ret);
}

extern "C" CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags,
                                                           const cl_image_format* image_format,
                                                           size_t width, size_t height,
                                                           size_t depth, size_t row_pitch,
                                                           size_t slice_pitch, void* host_ptr,
                                                           cl_int* errcode_ret) {
    cl_image_desc desc = {};
    desc.image_type = CL_MEM_OBJECT_IMAGE3D;
    desc.image_width = width;
    desc.image_height = height;
    desc.image_depth = depth;
    desc.image_row_pitch = row_pitch;
    desc.image_slice_pitch = slice_pitch;
    return clCreateImage(context, flags, image_format, &desc, host_ptr, errcode_ret);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue command_queue,
                                                           cl_event* event) {
    if (event == nullptr) return CL_INVALID_VALUE;
    return clEnqueueMarkerWithWaitList(command_queue, 0, nullptr, event);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue command_queue,
                                                                  cl_uint num_events,
                                                                  const cl_event* event_list) {
    if (num_events == 0 || event_list == nullptr) return CL_INVALID_VALUE;
    cl_int err = clEnqueueBarrierWithWaitList(command_queue, num_events, event_list, nullptr);
    return err == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : err;
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue command_queue) {
    return clEnqueueBarrierWithWaitList(command_queue, 0, nullptr, nullptr);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clSetCommandQueueProperty(cl_command_queue command_queue, cl_command_queue_properties properties,
                          cl_bool enable, cl_command_queue_properties* old_properties) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        const cl_command_queue_properties known =
            CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
        if ((properties & ~known) != 0) return CL_INVALID_VALUE;
        if (old_properties != nullptr) *old_properties = q->properties();
        q->set_properties(properties, enable == CL_TRUE);
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void) { return CL_SUCCESS; }

extern "C" CL_API_ENTRY void* CL_API_CALL clGetExtensionFunctionAddress(const char* func_name) {
    // No extension functions; in the ICD library, the entry points the loader asks for (icd.h).
    return func_name == nullptr ? nullptr : mvp::runtime::icd_function_address(func_name);
}
