#pragma once

#include <CL/cl.h>

#include <memory>
#include <string>
#include <vector>

#include "info.h"
#include "object.h"
#include "sw/host/device.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/object_archive.h"
#include "sw/toolchain/object_file.h"
#include "sw/toolchain/opencl_compiler.h"
#include "sw/toolchain/program.h"

namespace mvp::runtime {

class Context;

// An OpenCL program. Its source is one text (the strings given to clCreateProgramWithSource,
// joined): OpenCL C, compiled by toolchain::OpenClCompiler, unless it is MVP assembly
// (toolchain::is_mvp_assembly, or the build option -x mvp-asm), which is assembled. Diagnostics
// name it source.cl or source.s. Building compiles and links it with the builtin and runtime
// libraries; compiling makes objects, and linking joins compiled objects and libraries. The
// binary of an executable is the toolchain's .mvpx image, that of compiled objects and
// libraries an .mvpa archive. An executable is loaded into the GPU's global memory until the
// program is rebuilt or released.
class Program : public _cl_program, public Object {
  public:
    using Handle = cl_program;

    // From source text; retains the context.
    Program(Context* context, std::string source);
    // From a linked program (clCreateProgramWithBinary); retains the context.
    Program(Context* context, std::unique_ptr<toolchain::Program> binary);
    // From compiled objects or a library (clCreateProgramWithBinary); retains the context.
    Program(Context* context, toolchain::ObjectArchive archive);
    // Empty, to receive the result of clLinkProgram; retains the context.
    explicit Program(Context* context);
    ~Program() override;

    Context* context() const { return context_; }
    bool has_source() const { return has_source_; }
    const std::string& source() const { return source_; }

    // Compiles or assembles the source and links it (a program from an executable binary is
    // only loaded, one from compiled objects linked). A source error gives
    // CL_BUILD_PROGRAM_FAILURE with the diagnostics ("source.cl:12:5: error: ...") as the
    // build log; unknown options CL_INVALID_BUILD_OPTIONS.
    cl_int build(const std::string& options);
    // Compiles the source into objects; `headers` are what #include finds by name.
    // CL_COMPILE_PROGRAM_FAILURE with the log on error.
    cl_int compile(const std::string& options,
                   const std::vector<toolchain::OpenClCompiler::Header>& headers);
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
    // The binary: .mvpx bytes of an executable, .mvpa bytes of compiled objects or a library;
    // empty when there is neither.
    std::vector<uint8_t> binary() const;

  private:
    // Compiles (OpenCL C) or assembles (MVP assembly) the source into objects_ and
    // object_kernels_; CL_BUILD_PROGRAM_FAILURE (log set) or CL_INVALID_BUILD_OPTIONS.
    cl_int compile_source(const std::string& options,
                          const std::vector<toolchain::OpenClCompiler::Header>& headers);
    // Links objects_ (with their kernels) and the libraries into executable_ and loads it;
    // CL_BUILD_PROGRAM_FAILURE with the log on error.
    cl_int link_objects(std::vector<toolchain::ObjectFile> objects,
                        const std::vector<toolchain::KernelInfo>& kernels);
    // Loads the executable into the GPU; CL_OUT_OF_RESOURCES when it does not fit.
    cl_int load();
    void unload();
    void start(const std::string& options);

    Context* context_;
    std::string source_;
    bool has_source_ = false;
    bool assembly_ = false;                              // the objects come from MVP assembly
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
