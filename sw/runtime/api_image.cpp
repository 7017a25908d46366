// Image commands. The device supports no images, so no image object can exist and every image
// command names an invalid memory object.

#include <CL/cl.h>

#include "api_common.h"
#include "command_queue.h"

using namespace mvp::runtime;

namespace {

cl_int no_image(cl_command_queue command_queue) {
    return guarded("image command", [&]() -> cl_int {
        if (from_handle<CommandQueue>(command_queue) == nullptr) return CL_INVALID_COMMAND_QUEUE;
        return CL_INVALID_MEM_OBJECT;
    });
}

}  // namespace

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue command_queue,
                                                              cl_mem, cl_bool, const size_t*,
                                                              const size_t*, size_t, size_t, void*,
                                                              cl_uint, const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue command_queue,
                                                               cl_mem, cl_bool, const size_t*,
                                                               const size_t*, size_t, size_t,
                                                               const void*, cl_uint,
                                                               const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue command_queue,
                                                              cl_mem, const void*, const size_t*,
                                                              const size_t*, cl_uint,
                                                              const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue command_queue,
                                                              cl_mem, cl_mem, const size_t*,
                                                              const size_t*, const size_t*, cl_uint,
                                                              const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueCopyImageToBuffer(cl_command_queue command_queue, cl_mem, cl_mem, const size_t*,
                           const size_t*, size_t, cl_uint, const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueCopyBufferToImage(cl_command_queue command_queue, cl_mem, cl_mem, size_t, const size_t*,
                           const size_t*, cl_uint, const cl_event*, cl_event*) {
    return no_image(command_queue);
}

extern "C" CL_API_ENTRY void* CL_API_CALL clEnqueueMapImage(cl_command_queue command_queue, cl_mem,
                                                            cl_bool, cl_map_flags, const size_t*,
                                                            const size_t*, size_t*, size_t*,
                                                            cl_uint, const cl_event*, cl_event*,
                                                            cl_int* errcode_ret) {
    cl_int err = no_image(command_queue);
    if (errcode_ret != nullptr) *errcode_ret = err;
    return nullptr;
}
