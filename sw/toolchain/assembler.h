#pragma once

#include <string>

#include "object_file.h"

namespace mvp::toolchain {

// Assembles MVP assembly source (the syntax of doc/isa.md) into an object file. `path` is the
// name used in error messages; the listing shows its base name. Throws AsmError at the first
// error, naming file:line:column and the problem.
ObjectFile assemble(const std::string& path, const std::string& source);

}  // namespace mvp::toolchain
