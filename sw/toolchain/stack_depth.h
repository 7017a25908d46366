#pragma once

#include <cstdint>
#include <string>

#include "program.h"

namespace mvp::toolchain {

// How deep the stack of a kernel goes below its initial $sp, found in the linked code: each
// function's frame (what it subtracts from $sp, and the bytes it stores below $sp) plus the
// deepest function it reaches (calls, jumps and falling through to the next function), through
// the call graph from the function at the kernel's entry. OpenCL C has no recursion; a cycle in
// the call graph, or a $sp decrement the analysis cannot size, is reported in `error`.
struct StackDepth {
    uint32_t bytes = 0;
    std::string error;  // empty when `bytes` is the depth
};

StackDepth stack_depth(const Program& program, uint32_t entry_pc);

}  // namespace mvp::toolchain
