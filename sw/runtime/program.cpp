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

// The file names of the runtime library and of the program's source in messages.
constexpr char kRuntimeLibraryPath[] = "mvp_builtins.s";
constexpr char kOpenClSourceName[] = "source.cl";
constexpr char kAssemblySourceName[] = "source.s";

// The options clLinkProgram takes (OpenCL 1.2 section 5.6.5.2); anything else is
// CL_INVALID_LINKER_OPTIONS.
bool valid_link_options(const std::string& options, std::string* bad) {
    std::istringstream in(options);
    for (std::string w; in >> w;) {
        if (w == "-create-library" || w == "-enable-link-options" || w == "-cl-denorms-are-zero" ||
            w == "-cl-no-signed-zeros" || w == "-cl-unsafe-math-optimizations" ||
            w == "-cl-finite-math-only" || w == "-cl-fast-relaxed-math" || w == "-w" ||
            w == "-Werror")
            continue;
        *bad = w;
        return false;
    }
    return true;
}

}  // namespace

Program::Program(Context* context, std::string source)
    : context_(context), source_(std::move(source)), has_source_(true) {
    context_->retain();
}

Program::Program(Context* context, std::unique_ptr<toolchain::Program> binary)
    : context_(context),
      executable_(std::move(binary)),
      binary_type_(CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
    context_->retain();
}

Program::Program(Context* context, toolchain::ObjectArchive archive)
    : context_(context),
      assembly_(!archive.opencl_c),
      object_kernels_(std::move(archive.kernels)),
      objects_(std::move(archive.objects)),
      binary_type_(archive.type == toolchain::ObjectArchive::Type::kLibrary
                       ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                       : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT) {
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

cl_int Program::compile_source(const std::string& options,
                               const std::vector<toolchain::OpenClCompiler::Header>& headers) {
    executable_.reset();
    objects_.clear();
    object_kernels_.clear();
    binary_type_ = CL_PROGRAM_BINARY_TYPE_NONE;
    toolchain::OpenClCompiler compiler(options);
    if (!compiler.options_ok()) {
        log_ = "error: " + compiler.options_error() + "\n";
        status_ = CL_BUILD_ERROR;
        return CL_INVALID_BUILD_OPTIONS;
    }
    using Language = toolchain::OpenClCompiler::Language;
    assembly_ = compiler.language() == Language::kAssembly ||
                (compiler.language() == Language::kAuto && toolchain::is_mvp_assembly(source_));
    try {
        if (assembly_) {
            objects_.push_back(toolchain::assemble(kAssemblySourceName, source_));
        } else {
            toolchain::OpenClCompiler::Result r =
                compiler.compile(kOpenClSourceName, source_, false, headers);
            log_ += r.log;
            if (!r.ok) {
                status_ = CL_BUILD_ERROR;
                return CL_BUILD_PROGRAM_FAILURE;
            }
            objects_.push_back(
                toolchain::assemble(std::string(kOpenClSourceName) + ".s", r.assembly));
            object_kernels_ = std::move(r.kernels);
        }
    } catch (const toolchain::AsmError& e) {
        objects_.clear();
        object_kernels_.clear();
        // The assembler's message is the whole log; after clang's diagnostics it is a line.
        log_ += std::string(e.what()) + (assembly_ ? "" : "\n");
        status_ = CL_BUILD_ERROR;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return CL_SUCCESS;
}

cl_int Program::link_objects(std::vector<toolchain::ObjectFile> objects,
                             const std::vector<toolchain::KernelInfo>& kernels) {
    try {
        if (!assembly_) {
            executable_ = std::make_unique<toolchain::Program>(
                toolchain::link_opencl_objects(std::move(objects), kernels));
        } else {
            const size_t num_user = objects.size();
            objects.push_back(
                toolchain::assemble(kRuntimeLibraryPath, toolchain::runtime_library_source()));
            executable_ = std::make_unique<toolchain::Program>(toolchain::link(objects, num_user));
        }
    } catch (const toolchain::AsmError& e) {
        log_ += std::string(e.what()) + "\n";
        status_ = CL_BUILD_ERROR;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return load();
}

cl_int Program::build(const std::string& options) {
    start(options);
    if (has_source_) {
        cl_int err = compile_source(options, {});
        if (err != CL_SUCCESS) return err;
        std::vector<toolchain::ObjectFile> objects = std::move(objects_);
        std::vector<toolchain::KernelInfo> kernels = std::move(object_kernels_);
        objects_.clear();
        object_kernels_.clear();
        return link_objects(std::move(objects), kernels);
    }
    if (executable_ == nullptr && !objects_.empty()) {
        // A compiled object or a library given as a binary: link it on its own.
        std::vector<toolchain::ObjectFile> objects = objects_;
        cl_int err = link_objects(std::move(objects), object_kernels_);
        if (err == CL_SUCCESS) {
            objects_.clear();
            object_kernels_.clear();
        }
        return err;
    }
    if (executable_ == nullptr) {
        log_ = "the program has no executable to build";
        status_ = CL_BUILD_ERROR;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return load();
}

cl_int Program::compile(const std::string& options,
                        const std::vector<toolchain::OpenClCompiler::Header>& headers) {
    start(options);
    cl_int err = compile_source(options, headers);
    if (err != CL_SUCCESS) {
        objects_.clear();
        return err == CL_BUILD_PROGRAM_FAILURE ? CL_COMPILE_PROGRAM_FAILURE : err;
    }
    status_ = CL_BUILD_SUCCESS;
    binary_type_ = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    return CL_SUCCESS;
}

cl_int Program::link(const std::vector<Program*>& inputs, const std::string& options) {
    start(options);
    std::string bad;
    if (!valid_link_options(options, &bad)) {
        log_ = "error: unknown link option '" + bad + "'\n";
        status_ = CL_BUILD_ERROR;
        return CL_INVALID_LINKER_OPTIONS;
    }
    std::vector<toolchain::ObjectFile> objects;
    std::vector<toolchain::KernelInfo> kernels;
    assembly_ = true;
    for (const Program* p : inputs) {
        if (!p->has_objects()) return CL_INVALID_OPERATION;
        objects.insert(objects.end(), p->objects_.begin(), p->objects_.end());
        kernels.insert(kernels.end(), p->object_kernels_.begin(), p->object_kernels_.end());
        if (!p->assembly_) assembly_ = false;
    }
    std::istringstream in(options);
    bool library = false;
    for (std::string w; in >> w;) library = library || w == "-create-library";
    if (library) {
        objects_ = std::move(objects);
        object_kernels_ = std::move(kernels);
        status_ = CL_BUILD_SUCCESS;
        binary_type_ = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        return CL_SUCCESS;
    }
    cl_int err = link_objects(std::move(objects), kernels);
    return err == CL_BUILD_PROGRAM_FAILURE ? CL_LINK_PROGRAM_FAILURE : err;
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
    std::ostringstream os;
    if (executable_ != nullptr) {
        executable_->write(os);
    } else if (!objects_.empty()) {
        toolchain::ObjectArchive archive;
        archive.type = binary_type_ == CL_PROGRAM_BINARY_TYPE_LIBRARY
                           ? toolchain::ObjectArchive::Type::kLibrary
                           : toolchain::ObjectArchive::Type::kObject;
        archive.opencl_c = !assembly_;
        archive.objects = objects_;
        archive.kernels = object_kernels_;
        archive.write(os);
    } else {
        return {};
    }
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
        case CL_PROGRAM_SOURCE:
            *out = Info::of_string(source_);
            return CL_SUCCESS;
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
