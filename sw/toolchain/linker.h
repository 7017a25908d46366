#pragma once

#include <vector>

#include "object_file.h"
#include "program.h"

namespace mvp::toolchain {

// Links object files in order into a program (code of the first object at PC 0), resolves
// symbols (an object's own labels first, then .globl labels of all objects), computes the
// reconvergence PC of every conditional branch, and sets exit_stub_pc from the global label
// `__mvp_exit_stub`. Objects marked as runtime (the runtime library) do not count towards
// user_code_end. Throws AsmError for undefined or duplicate global symbols.
Program link(const std::vector<ObjectFile>& objects, size_t num_user_objects);

}  // namespace mvp::toolchain
