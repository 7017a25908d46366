// Fuzz target `clc`: OpenCL C source through the project's compile path (OpenClCompiler, as
// mvp-clc, mvpsim and clBuildProgram use it): clang-19 to RISC-V assembly, the translator to
// MVP assembly, the assembler and the linker with the builtin library. An input whose first
// line is "// build-options: OPTIONS" is built with those options. Bad input must end in a
// failed build with a log (toolchain::AsmError); a kernel that builds must list.

#include <cstddef>
#include <cstdint>
#include <string>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/opencl_compiler.h"
#include "tb/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace mvp::toolchain;
    const std::string source(reinterpret_cast<const char*>(data), size);
    const std::string kPrefix = "// build-options:";
    std::string options;
    if (source.compare(0, kPrefix.size(), kPrefix) == 0)
        options = source.substr(kPrefix.size(), source.find('\n') - kPrefix.size());
    const OpenClCompiler compiler(options);
    if (!compiler.options_ok()) {
        mvp::fuzz::check(!compiler.options_error().empty(), "bad options without a message");
        return 0;
    }
    std::string log;
    try {
        const Program program = compiler.build({"fuzz.cl"}, {source}, false, &log);
        listing(program);
    } catch (const AsmError& e) {
        mvp::fuzz::check(e.what()[0] != '\0', "a failed build without a message");
    }
    return 0;
}
