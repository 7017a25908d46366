#pragma once

#include <CL/cl.h>

#include <memory>
#include <string>
#include <vector>

#include "info.h"
#include "object.h"
#include "sw/host/device.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/object_file.h"
#include "sw/toolchain/program.h"

namespace mvp::runtime {

class Context;

// An OpenCL program. Its source is MVP assembly (the MVP compiler turns OpenCL C into it
// offline): the strings given to clCreateProgramWithSource are files named source0.s,
// source1.s, ... Building assembles them and links them with the runtime library; compiling
// only assembles them, and linking joins compiled programs. The binary of an executable is
// the toolchain's .mvpx image. An executable is loaded into the GPU's global memory until the
// program is rebuilt or released.
class Program : public _cl_program, public Object {
  public:
    using Handle = cl_program;

    // From source files; retains the context.
    Program(Context* context, std::vector<toolchain::SourceFile> sources);
    // From a linked program (clCreateProgramWithBinary); retains the context.
    Program(Context* context, std::unique_ptr<toolchain::Program> binary);
    // Empty, to receive the result of clLinkProgram; retains the context.
    explicit Program(Context* context);
    ~Program() override;

    Context* context() const { return context_; }
    bool has_source() const { return !sources_.empty(); }

    // Assembles and links the sources (a program from a binary is only loaded). A source
    // error gives CL_BUILD_PROGRAM_FAILURE with the toolchain's one-line message
    // ("source0.s:12:5: error: ...") as the build log.
    cl_int build(const std::string& options);
    // Assembles the sources into objects; CL_COMPILE_PROGRAM_FAILURE with the log on error.
    cl_int compile(const std::string& options);
    // Links the objects of compiled programs (and libraries) with the runtime library into
    // this empty program, or joins them into a library with -create-library.
    // CL_LINK_PROGRAM_FAILURE with the log on error; CL_INVALID_OPERATION when an input has
    // no objects.
    cl_int link(const std::vector<Program*>& inputs, const std::string& options);

    bool built() const { return loaded_ != nullptr; }
    bool has_objects() const { return !objects_.empty(); }
    const toolchain::Program& executable() const { return *executable_; }
    const host::LoadedProgram& loaded() const { return *loaded_; }

    // The kernels: the global functions of the application's code, in address order.
    std::vector<std::string> kernel_names() const;
    // The entry PC of the kernel `name`; false when the program has no such kernel.
    bool find_kernel(const std::string& name, uint32_t* entry_pc) const;

    // Kernels created from this program keep it from being rebuilt.
    void attach_kernel() { ++kernels_; }
    void detach_kernel() { --kernels_; }
    unsigned kernel_count() const { return kernels_; }

    cl_int get_info(cl_program_info param, Info* out) const;
    cl_int get_build_info(cl_program_build_info param, Info* out) const;
    // The binary (.mvpx bytes) of the built program; empty when not built.
    std::vector<uint8_t> binary() const;

  private:
    // Sources in OpenCL C (rather than MVP assembly) go through the OpenCL C compiler.
    bool is_opencl_c() const;
    // Compiles every source with the build options; CL_BUILD_PROGRAM_FAILURE (log set) or
    // CL_INVALID_BUILD_OPTIONS on error.
    cl_int compile_opencl_c(std::vector<toolchain::ObjectFile>* objects,
                            std::vector<toolchain::KernelInfo>* kernels);
    // Loads the executable into the GPU; CL_OUT_OF_RESOURCES when it does not fit.
    cl_int load();
    void unload();
    void start(const std::string& options);

    Context* context_;
    std::vector<toolchain::SourceFile> sources_;
    std::vector<toolchain::KernelInfo> object_kernels_;  // of the compiled objects
    std::vector<toolchain::ObjectFile> objects_;
    std::unique_ptr<toolchain::Program> executable_;
    std::unique_ptr<host::LoadedProgram> loaded_;
    cl_build_status status_ = CL_BUILD_NONE;
    cl_program_binary_type binary_type_ = CL_PROGRAM_BINARY_TYPE_NONE;
    std::string options_;
    std::string log_;
    unsigned kernels_ = 0;
};

}  // namespace mvp::runtime
