#pragma once

#include <string>
#include <vector>

#include "object_file.h"
#include "program.h"

namespace mvp::toolchain {

// The OpenCL C compiler of mvp-clc, the OpenCL runtime and mvpsim (doc/opencl-c.md): clang
// (the pinned clang-19) compiles OpenCL C for a 16-register RISC-V (riscv32, RV32E with
// Zfinx and Zmmul, ilp32e), and the translator turns its assembly into MVP assembly, which
// the MVP assembler and linker build with the builtin library into a program.
class OpenClCompiler {
  public:
    struct Result {
        bool ok = false;
        // The build log: clang's diagnostics (file:line:col: error|warning: ...) and the
        // compiler's own errors, one per line.
        std::string log;
        std::string assembly;  // MVP assembly of the compilation unit
        std::vector<KernelInfo> kernels;
    };

    // The language of a program's source as the build options say it (`-x cl`, `-x mvp-asm`);
    // kAuto lets the caller decide from the text (is_mvp_assembly()).
    enum class Language : uint8_t { kAuto, kOpenClC, kAssembly };

    // A header given to clCompileProgram: `#include "name"` finds `text`.
    struct Header {
        std::string name;
        std::string text;
    };

    // `options`: the OpenCL build options (-D, -I, -cl-std=, -cl-*, -w, -Werror, -x). Unknown
    // options give a result with ok false and a log line naming the option.
    explicit OpenClCompiler(const std::string& options);

    bool options_ok() const { return options_error_.empty(); }
    const std::string& options_error() const { return options_error_; }
    Language language() const { return language_; }

    // Compiles one unit. `path` names it in diagnostics and line information; when
    // `source_on_disk` is true the file at `path` is compiled (so that #include "..." is found
    // beside it) and `source` is ignored. `headers` are found by #include before -I paths.
    Result compile(const std::string& path, const std::string& source, bool source_on_disk = false,
                   const std::vector<Header>& headers = {}) const;

    // Compiles and links the units with the builtin library into a program. Throws AsmError
    // carrying the build log when anything fails.
    Program build(const std::vector<std::string>& paths, const std::vector<std::string>& sources,
                  bool sources_on_disk, std::string* log) const;

    // The OpenCL extensions the compiled code may use, as CL_DEVICE_EXTENSIONS names them.
    static const std::vector<std::string>& extensions();

    // The clang the compiler runs: $MVP_CLANG, else the one found at configure time.
    static std::string clang_path();

  private:
    Result compile_uncached(const std::string& path, const std::string& source, bool source_on_disk,
                            const std::vector<Header>& headers) const;
    // The compile cache (beside the precompiled headers): the key of a compilation ("" when
    // there is no cache), and the stored result.
    std::string result_key(const std::string& path, const std::string& source,
                           const std::vector<Header>& headers) const;
    static bool read_cached_result(const std::string& key, Result* result);
    static void write_cached_result(const std::string& key, const Result& result);

    std::vector<std::string> clang_options_;
    bool fast_relaxed_math_ = false;
    bool kernel_arg_info_ = false;
    Language language_ = Language::kAuto;
    std::string options_error_;
};

// Links objects compiled from OpenCL C (with their kernel descriptions) and the builtin
// library into a program. Throws AsmError.
Program link_opencl_objects(std::vector<ObjectFile> objects,
                            const std::vector<KernelInfo>& kernels);

// True when `source` looks like OpenCL C rather than MVP assembly: it declares a kernel
// (`__kernel` or `kernel` before a function) or has C syntax that assembly never has.
bool looks_like_opencl_c(const std::string& source);

}  // namespace mvp::toolchain
