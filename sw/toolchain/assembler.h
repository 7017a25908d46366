#pragma once

#include <string>

#include "object_file.h"

namespace mvp::toolchain {

// Assembles MVP assembly source (the syntax of doc/isa.md) into an object file. `path` is the
// name used in error messages; the listing shows its base name. Throws AsmError at the first
// error, naming file:line:column and the problem.
ObjectFile assemble(const std::string& path, const std::string& source);

// True when `source` is MVP assembly: at least one line holds a label, a directive or an MVP
// mnemonic, and no line has C's braces or semicolons outside comments and strings (so that an
// assembly program with a misspelt mnemonic still gets the assembler's message). The OpenCL
// runtime treats any other source as OpenCL C.
bool is_mvp_assembly(const std::string& source);

}  // namespace mvp::toolchain
