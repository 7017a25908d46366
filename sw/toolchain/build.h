#pragma once

#include <string>
#include <vector>

#include "program.h"

namespace mvp::toolchain {

struct SourceFile {
    std::string path;  // as given by the user; errors name it
    std::string text;
};

// The runtime library (sw/runtime/mvp_builtins.s) as built into the toolchain.
const std::string& runtime_library_source();

// Assembles the kernel sources, then links them, followed by the runtime library, into a
// program. Throws AsmError on any source or link error.
Program build_program(const std::vector<SourceFile>& sources);

// Reads the files and calls build_program. Throws AsmError if a file cannot be read.
Program build_program_from_files(const std::vector<std::string>& paths);

// The parse listing of the user's instructions (format of spec isa-core.md), one line each.
std::string listing(const Program& program);

}  // namespace mvp::toolchain
