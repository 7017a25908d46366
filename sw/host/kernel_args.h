#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "modules/golden/launch.h"
#include "sw/toolchain/program.h"

namespace mvp::host {

// One argument value of a launch as the host has it: the bytes of a value, the device address
// of a buffer, or the size of a __local area.
struct ArgValue {
    enum class Kind : uint8_t { kBytes, kAddress, kLocal };
    Kind kind = Kind::kBytes;
    std::vector<uint8_t> bytes;  // kBytes
    uint32_t value = 0;          // kAddress: the address; kLocal: the size in bytes
};

// The argument words of a launch of a kernel compiled from OpenCL C (doc/opencl-c.md): each
// argument at its first word, values little-endian over their words, narrow integers
// extended as the kernel declares them, padding words 0. Throws std::invalid_argument naming
// the argument when a value does not fit its declaration.
std::vector<KernelArg> pack_kernel_args(const toolchain::KernelInfo& kernel,
                                        const std::vector<ArgValue>& values);

}  // namespace mvp::host
