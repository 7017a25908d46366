#include "program.h"

#include <algorithm>
#include <sstream>

#include "context.h"
#include "device.h"
#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/linker.h"
#include "sw/toolchain/opencl_compiler.h"

namespace mvp::runtime {

namespace {

// The file name of the runtime library in messages, as build_program() names it.
constexpr char kRuntimeLibraryPath[] = "mvp_builtins.s";

// An OpenCL C source is named like its assembly counterpart with the .cl extension.
std::string opencl_name(const std::string& path) {
    size_t dot = path.find_last_of('.');
    return (dot == std::string::npos ? path : path.substr(0, dot)) + ".cl";
}

}  // namespace

bool Program::is_opencl_c() const {
    for (const toolchain::SourceFile& s : sources_)
        if (toolchain::looks_like_opencl_c(s.text)) return true;
    return false;
}

cl_int Program::compile_opencl_c(std::vector<toolchain::ObjectFile>* objects,
                                 std::vector<toolchain::KernelInfo>* kernels) {
    toolchain::OpenClCompiler compiler(options_);
    if (!compiler.options_ok()) {
        log_ = "error: " + compiler.options_error();
        status_ = CL_BUILD_ERROR;
        return CL_INVALID_BUILD_OPTIONS;
    }
    bool ok = true;
    for (const toolchain::SourceFile& s : sources_) {
        const std::string name = opencl_name(s.path);
        toolchain::OpenClCompiler::Result r = compiler.compile(name, s.text);
        log_ += r.log;
        if (!r.ok) {
            ok = false;
            continue;
        }
        try {
            objects->push_back(toolchain::assemble(name + ".s", r.assembly));
        } catch (const toolchain::AsmError& e) {
            log_ += std::string(e.what()) + "\n";
            ok = false;
        }
        kernels->insert(kernels->end(), r.kernels.begin(), r.kernels.end());
    }
    if (ok) return CL_SUCCESS;
    status_ = CL_BUILD_ERROR;
    return CL_BUILD_PROGRAM_FAILURE;
}

Program::Program(Context* context, std::vector<toolchain::SourceFile> sources)
    : context_(context), sources_(std::move(sources)) {
    context_->retain();
}

Program::Program(Context* context, std::unique_ptr<toolchain::Program> binary)
    : context_(context),
      executable_(std::move(binary)),
      binary_type_(CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
    context_->retain();
}

Program::Program(Context* context) : context_(context) { context_->retain(); }

Program::~Program() {
    try {
        unload();
    } catch (const std::exception&) {
        // The device memory is gone already.
    }
    context_->release();
}

void Program::unload() {
    if (loaded_ == nullptr) return;
    std::unique_ptr<host::LoadedProgram> loaded = std::move(loaded_);
    context_->device()->gpu().unload(*loaded);
}

cl_int Program::load() {
    try {
        loaded_ =
            std::make_unique<host::LoadedProgram>(context_->device()->gpu().load(*executable_));
    } catch (const host::DeviceError& e) {
        log_ = std::string("cannot load the program: ") + e.what();
        status_ = CL_BUILD_ERROR;
        return CL_OUT_OF_RESOURCES;
    }
    status_ = CL_BUILD_SUCCESS;
    binary_type_ = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    return CL_SUCCESS;
}

void Program::start(const std::string& options) {
    options_ = options;
    unload();
    log_.clear();
    status_ = CL_BUILD_IN_PROGRESS;
}

cl_int Program::build(const std::string& options) {
    start(options);
    if (has_source()) {
        executable_.reset();
        objects_.clear();
        binary_type_ = CL_PROGRAM_BINARY_TYPE_NONE;
        try {
            if (is_opencl_c()) {
                std::vector<toolchain::ObjectFile> objects;
                std::vector<toolchain::KernelInfo> kernels;
                cl_int err = compile_opencl_c(&objects, &kernels);
                if (err != CL_SUCCESS) return err;
                executable_ = std::make_unique<toolchain::Program>(
                    toolchain::link_opencl_objects(std::move(objects), kernels));
            } else {
                executable_ =
                    std::make_unique<toolchain::Program>(toolchain::build_program(sources_));
            }
        } catch (const toolchain::AsmError& e) {
            log_ = e.what();
            status_ = CL_BUILD_ERROR;
            return CL_BUILD_PROGRAM_FAILURE;
        }
    } else if (executable_ == nullptr) {
        log_ = "the program has no executable to build";
        status_ = CL_BUILD_ERROR;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return load();
}

cl_int Program::compile(const std::string& options) {
    start(options);
    executable_.reset();
    objects_.clear();
    binary_type_ = CL_PROGRAM_BINARY_TYPE_NONE;
    object_kernels_.clear();
    if (is_opencl_c()) {
        cl_int err = compile_opencl_c(&objects_, &object_kernels_);
        if (err != CL_SUCCESS) {
            objects_.clear();
            return err == CL_BUILD_PROGRAM_FAILURE ? CL_COMPILE_PROGRAM_FAILURE : err;
        }
        status_ = CL_BUILD_SUCCESS;
        binary_type_ = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
        return CL_SUCCESS;
    }
    try {
        for (const toolchain::SourceFile& s : sources_)
            objects_.push_back(toolchain::assemble(s.path, s.text));
    } catch (const toolchain::AsmError& e) {
        objects_.clear();
        log_ = e.what();
        status_ = CL_BUILD_ERROR;
        return CL_COMPILE_PROGRAM_FAILURE;
    }
    status_ = CL_BUILD_SUCCESS;
    binary_type_ = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    return CL_SUCCESS;
}

cl_int Program::link(const std::vector<Program*>& inputs, const std::string& options) {
    start(options);
    std::vector<toolchain::ObjectFile> objects;
    std::vector<toolchain::KernelInfo> kernels;
    for (const Program* p : inputs) {
        if (!p->has_objects()) return CL_INVALID_OPERATION;
        objects.insert(objects.end(), p->objects_.begin(), p->objects_.end());
        kernels.insert(kernels.end(), p->object_kernels_.begin(), p->object_kernels_.end());
    }
    if (options.find("-create-library") != std::string::npos) {
        objects_ = std::move(objects);
        object_kernels_ = std::move(kernels);
        status_ = CL_BUILD_SUCCESS;
        binary_type_ = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        return CL_SUCCESS;
    }
    const size_t num_user = objects.size();
    try {
        if (!kernels.empty()) {
            executable_ = std::make_unique<toolchain::Program>(
                toolchain::link_opencl_objects(std::move(objects), kernels));
            return load();
        }
        objects.push_back(
            toolchain::assemble(kRuntimeLibraryPath, toolchain::runtime_library_source()));
        executable_ = std::make_unique<toolchain::Program>(toolchain::link(objects, num_user));
    } catch (const toolchain::AsmError& e) {
        log_ = e.what();
        status_ = CL_BUILD_ERROR;
        return CL_LINK_PROGRAM_FAILURE;
    }
    return load();
}

std::vector<std::string> Program::kernel_names() const {
    std::vector<std::string> names;
    if (executable_ == nullptr) return names;
    if (!executable_->kernels.empty()) {
        for (const toolchain::KernelInfo& k : executable_->kernels) names.push_back(k.name);
        return names;
    }
    std::vector<const toolchain::Symbol*> kernels;
    for (const toolchain::Symbol& s : executable_->symbols) {
        if (s.global && s.section == toolchain::Symbol::Section::kCode &&
            s.value < executable_->user_code_end)
            kernels.push_back(&s);
    }
    std::stable_sort(
        kernels.begin(), kernels.end(),
        [](const toolchain::Symbol* a, const toolchain::Symbol* b) { return a->value < b->value; });
    for (const toolchain::Symbol* s : kernels) names.push_back(s->name);
    return names;
}

bool Program::find_kernel(const std::string& name, uint32_t* entry_pc) const {
    if (executable_ == nullptr) return false;
    if (!executable_->kernels.empty() && executable_->find_kernel(name) == nullptr) return false;
    const toolchain::Symbol* s = executable_->find_symbol(name);
    if (s == nullptr || !s->global || s->section != toolchain::Symbol::Section::kCode ||
        s->value >= executable_->user_code_end)
        return false;
    *entry_pc = s->value;
    return true;
}

std::vector<uint8_t> Program::binary() const {
    if (executable_ == nullptr) return {};
    std::ostringstream os;
    executable_->write(os);
    const std::string bytes = os.str();
    return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

cl_int Program::get_info(cl_program_info param, Info* out) const {
    switch (param) {
        case CL_PROGRAM_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        case CL_PROGRAM_CONTEXT:
            *out = Info::of<cl_context>(context_);
            return CL_SUCCESS;
        case CL_PROGRAM_NUM_DEVICES:
            *out = Info::of<cl_uint>(1);
            return CL_SUCCESS;
        case CL_PROGRAM_DEVICES:
            *out = Info::of<cl_device_id>(context_->device());
            return CL_SUCCESS;
        case CL_PROGRAM_SOURCE: {
            std::string text;
            for (const toolchain::SourceFile& f : sources_) text += f.text;
            *out = Info::of_string(text);
            return CL_SUCCESS;
        }
        case CL_PROGRAM_BINARY_SIZES:
            *out = Info::of<size_t>(binary().size());
            return CL_SUCCESS;
        case CL_PROGRAM_NUM_KERNELS:
            if (!built()) return CL_INVALID_PROGRAM_EXECUTABLE;
            *out = Info::of<size_t>(kernel_names().size());
            return CL_SUCCESS;
        case CL_PROGRAM_KERNEL_NAMES: {
            if (!built()) return CL_INVALID_PROGRAM_EXECUTABLE;
            std::string list;
            for (const std::string& name : kernel_names()) list += (list.empty() ? "" : ";") + name;
            *out = Info::of_string(list);
            return CL_SUCCESS;
        }
        default:
            // CL_PROGRAM_BINARIES is answered by clGetProgramInfo itself.
            return CL_INVALID_VALUE;
    }
}

cl_int Program::get_build_info(cl_program_build_info param, Info* out) const {
    switch (param) {
        case CL_PROGRAM_BUILD_STATUS:
            *out = Info::of<cl_build_status>(status_);
            return CL_SUCCESS;
        case CL_PROGRAM_BUILD_OPTIONS:
            *out = Info::of_string(options_);
            return CL_SUCCESS;
        case CL_PROGRAM_BUILD_LOG:
            *out = Info::of_string(log_);
            return CL_SUCCESS;
        case CL_PROGRAM_BINARY_TYPE:
            *out = Info::of<cl_program_binary_type>(binary_type_);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
