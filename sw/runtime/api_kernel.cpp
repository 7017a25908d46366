// Kernels and their arguments.

#include <CL/cl.h>

#include <cstring>
#include <string>
#include <vector>

#include "api_common.h"
#include "context.h"
#include "device.h"
#include "kernel.h"
#include "program.h"

using namespace mvp::runtime;

extern "C" CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program,
                                                             const char* kernel_name,
                                                             cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_kernel {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return err = CL_INVALID_PROGRAM, nullptr;
        if (!p->built()) return err = CL_INVALID_PROGRAM_EXECUTABLE, nullptr;
        if (kernel_name == nullptr) return err = CL_INVALID_VALUE, nullptr;
        uint32_t entry_pc;
        if (!p->find_kernel(kernel_name, &entry_pc)) return err = CL_INVALID_KERNEL_NAME, nullptr;
        return create<Kernel>(p, kernel_name, entry_pc);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program,
                                                                    cl_uint num_kernels,
                                                                    cl_kernel* kernels,
                                                                    cl_uint* num_kernels_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        if (!p->built()) return CL_INVALID_PROGRAM_EXECUTABLE;
        std::vector<std::string> names = p->kernel_names();
        if (kernels != nullptr && num_kernels < names.size()) return CL_INVALID_VALUE;
        if (kernels != nullptr) {
            for (size_t i = 0; i < names.size(); ++i) {
                uint32_t entry_pc = 0;
                p->find_kernel(names[i], &entry_pc);
                kernels[i] = create<Kernel>(p, names[i], entry_pc);
            }
        }
        if (num_kernels_ret != nullptr) *num_kernels_ret = static_cast<cl_uint>(names.size());
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel kernel) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        k->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel kernel) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        k->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint arg_index,
                                                          size_t arg_size, const void* arg_value) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        return k->set_arg(arg_index, arg_size, arg_value);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel kernel,
                                                           cl_kernel_info param_name,
                                                           size_t param_value_size,
                                                           void* param_value,
                                                           size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        Info info;
        cl_int err = k->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel kernel, cl_uint arg_index,
                                                              cl_kernel_arg_info param_name,
                                                              size_t param_value_size,
                                                              void* param_value,
                                                              size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        Info info;
        cl_int err = k->get_arg_info(arg_index, param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(
    cl_kernel kernel, cl_device_id device, cl_kernel_work_group_info param_name,
    size_t param_value_size, void* param_value, size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        // NULL names the only device of the kernel's context.
        if (device != nullptr &&
            (from_handle<Device>(device) == nullptr || device != k->program()->context()->device()))
            return CL_INVALID_DEVICE;
        Info info;
        cl_int err = k->get_work_group_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}
