#pragma once

#include <CL/cl.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "device.h"
#include "info.h"
#include "modules/golden/launch.h"
#include "object.h"

namespace mvp::runtime {

class MemObject;
class Program;

// An OpenCL kernel: a global function of a built program and its argument values.
//
// A kernel compiled from OpenCL C declares its arguments (toolchain::KernelInfo): they are
// checked as OpenCL says and laid out in argument words as doc/opencl-c.md describes.
// MVP assembly carries no argument types, so an argument is known by the size it is set with:
// sizeof(cl_mem) for a buffer (its device address is passed), 4 bytes for a scalar, and a
// NULL value with a size for a __local area. The kernel's argument count is at least the
// number of argument registers ($4-$7) its entry code reads before writing them, and at least
// one more than the highest index set; every argument below it must be set before a launch.
class Kernel : public _cl_kernel, public Object {
  public:
    using Handle = cl_kernel;
    static constexpr cl_uint kMaxArgs = Device::kMaxArgs;

    // Retains the program and keeps it from being rebuilt.
    Kernel(Program* program, std::string name, uint32_t entry_pc);
    ~Kernel() override;

    Program* program() const { return program_; }
    const std::string& name() const { return name_; }
    uint32_t entry_pc() const { return entry_pc_; }
    cl_uint num_args() const;

    // clSetKernelArg: CL_INVALID_ARG_INDEX, CL_INVALID_ARG_SIZE, CL_INVALID_MEM_OBJECT or
    // CL_SUCCESS.
    cl_int set_arg(cl_uint index, size_t size, const void* value);

    // The arguments of a launch, buffers resolved to their device addresses, and the buffers
    // they name. CL_INVALID_KERNEL_ARGS when one is not set or its buffer has been released.
    cl_int launch_args(std::vector<KernelArg>* args, std::vector<MemObject*>* buffers) const;

    // Bytes of __local memory of a work-group: the kernel-scope __local variables and the
    // arguments set so far.
    cl_ulong local_mem_size() const;

    // The work-group size the kernel requires (reqd_work_group_size), or null.
    const uint32_t* required_work_group_size() const;
    // CL_KERNEL_WORK_GROUP_SIZE: the device's maximum for a kernel compiled from OpenCL C
    // (larger groups than the SP's threads run on work-item fibers), the SP's for assembly.
    cl_uint max_work_group_size() const;

    cl_int get_info(cl_kernel_info param, Info* out) const;
    cl_int get_work_group_info(cl_kernel_work_group_info param, Info* out) const;
    // clGetKernelArgInfo: CL_KERNEL_ARG_INFO_NOT_AVAILABLE unless the kernel comes from OpenCL C
    // built with -cl-kernel-arg-info.
    cl_int get_arg_info(cl_uint index, cl_kernel_arg_info param, Info* out) const;

  private:
    struct Arg {
        enum class Kind : uint8_t { kUnset, kValue, kBuffer, kLocal };
        Kind kind = Kind::kUnset;
        uint32_t value = 0;  // the scalar, or the __local size
        cl_mem buffer = nullptr;
        std::vector<uint8_t> bytes;  // a value of an OpenCL C kernel, as the host gave it
    };

    // clSetKernelArg for a kernel compiled from OpenCL C, checked against its declaration.
    cl_int set_declared_arg(cl_uint index, size_t size, const void* value);
    // A __local area of `size` bytes, and a buffer given by a pointer to its handle.
    cl_int local_arg(size_t size, Arg* arg) const;
    cl_int buffer_arg(const void* value, Arg* arg) const;

    Program* program_;
    std::string name_;
    uint32_t entry_pc_;
    cl_uint register_args_;
    // The compiler's description when the kernel comes from OpenCL C (null for assembly).
    const toolchain::KernelInfo* info_;
    std::vector<Arg> args_;  // kMaxArgs, or as many as an OpenCL C kernel declares
};

}  // namespace mvp::runtime
