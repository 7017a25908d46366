#pragma once

#include <string>
#include <vector>

#include "program.h"

namespace mvp::toolchain {

// A kernel as clang's LLVM IR declares it (the `define ... spir_kernel` line and its
// !kernel_arg_* metadata), with the argument words of the MVP launch laid out
// (doc/opencl-c.md): each argument starts at a word index that is a multiple of 2 when it
// needs 8-byte alignment, and takes ceil(size / 4) words; pointers and __local areas 1. A
// kernel with more words than a launch carries (kLaunchArgWords) spills the words from
// kSpillWord on to global memory.
struct IrKernel {
    KernelInfo info;
    // True when every argument arrives as one 32-bit register value in order, as the RISC-V
    // calling convention passes it (pointers, 32-bit and narrower scalars): the kernel can
    // start with at most three instructions. Otherwise a wrapper unpacks the words.
    bool direct = true;
    // Per argument: the OpenCL C type to use in a wrapper ("__global float*", "float4").
    std::vector<std::string> wrapper_types;
    // The source line of the kernel's definition (its debug information), 0 if unknown.
    uint32_t line = 0;
};

// Throws std::runtime_error for IR it does not understand.
std::vector<IrKernel> read_ir_kernels(const std::string& ir);

}  // namespace mvp::toolchain
