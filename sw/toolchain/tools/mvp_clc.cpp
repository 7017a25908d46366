// mvp-clc: compiles OpenCL C to MVP assembly (-S) or to a linked MVP program (.mvpx).

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/file_io.h"
#include "sw/toolchain/opencl_compiler.h"

namespace {

constexpr char kUsage[] =
    "usage: mvp-clc [-S] [-o OUTPUT] [OPENCL BUILD OPTIONS] FILE.cl...\n"
    "  -S           write the MVP assembly of one file (default: a linked program, .mvpx)\n"
    "  -o OUTPUT    output file (default: FILE.s with -S, else a.mvpx)\n"
    "  build options as clBuildProgram takes them: -D NAME[=VALUE], -I DIR, -cl-std=CL1.2,\n"
    "  -cl-fast-relaxed-math, -cl-kernel-arg-info, -w, -Werror, other -cl-* options\n";

int fail(const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::toolchain;
    std::vector<std::string> inputs;
    std::string output, options;
    bool assembly_only = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "-o") {
            if (i + 1 >= argc) return fail("mvp-clc: error: -o needs a file name");
            output = argv[++i];
        } else if (a == "-S") {
            assembly_only = true;
        } else if ((a == "-D" || a == "-I") && i + 1 < argc) {
            options += " " + a + argv[++i];
        } else if (a.size() > 1 && a[0] == '-') {
            options += " " + a;
        } else {
            inputs.push_back(a);
        }
    }
    if (inputs.empty()) return fail("mvp-clc: error: no input file\n" + std::string(kUsage));
    if (assembly_only && inputs.size() > 1) return fail("mvp-clc: error: -S takes one input file");
    OpenClCompiler compiler(options);
    if (!compiler.options_ok()) return fail("mvp-clc: error: " + compiler.options_error());
    for (const std::string& in : inputs) {
        std::string text, error;
        if (!read_file(in, &text, &error)) return fail(in + ": error: cannot read file: " + error);
    }
    try {
        if (assembly_only) {
            OpenClCompiler::Result r = compiler.compile(inputs[0], "", true);
            std::fputs(r.log.c_str(), stderr);
            if (!r.ok) return 1;
            if (output.empty()) {
                size_t dot = inputs[0].find_last_of('.');
                output = (dot == std::string::npos ? inputs[0] : inputs[0].substr(0, dot)) + ".s";
            }
            write_file_atomically(output, r.assembly);
            return 0;
        }
        std::string log;
        Program p;
        try {
            p = compiler.build(inputs, {}, true, &log);
        } catch (const AsmError&) {
            std::fputs(log.c_str(), stderr);
            return 1;
        }
        std::fputs(log.c_str(), stderr);
        std::ostringstream bytes;
        p.write(bytes);
        write_file_atomically(output.empty() ? "a.mvpx" : output, bytes.str());
    } catch (const std::exception& e) {
        return fail(std::string("mvp-clc: error: ") + e.what());
    }
    return 0;
}
