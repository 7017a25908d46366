#pragma once

// Launches of the regression kernels (sw/kernels) with deterministic inputs, for comparing
// a timing run with the golden model bit for bit. Kernels whose result depends on the order
// in which threads perform atomics (list_push, atomic_fadd) are not among them.

#include <cstdint>
#include <string>
#include <vector>

#include "modules/golden/global_memory.h"
#include "modules/golden/launch.h"

namespace mvp::tb {

struct BufferSpec {
    enum class Fill : uint8_t { kConst, kInt, kFloat };
    uint32_t words = 0;
    Fill fill = Fill::kConst;
    int32_t lo = 0;  // kInt: range [lo, hi]; kFloat: [lo, hi] as floats; kConst: the word
    int32_t hi = 0;
};

struct ArgSpec {
    enum class Kind : uint8_t { kBuffer, kValue, kFloat, kLocal };
    Kind kind = Kind::kValue;
    uint32_t value = 0;  // buffer index, value, local bytes
    float f = 0;
};

struct GoldenCase {
    std::string name;
    std::string kernel;  // sw/kernels/<kernel>/<kernel>.s, entry <kernel>
    std::string entry;
    NDRange range;
    std::vector<BufferSpec> buffers;
    std::vector<ArgSpec> args;
    // The number of thread instructions depends on how threads interleave (retry loops).
    bool interleaving_dependent = false;
};

const std::vector<GoldenCase>& golden_cases();

// Fills the buffers into `memory` from `base` (each 256-byte aligned) and returns the launch
// arguments; `addresses` receives each buffer's address.
std::vector<KernelArg> place_buffers(const GoldenCase& c, GlobalMemory& memory, uint32_t base,
                                     std::vector<uint32_t>* addresses);

}  // namespace mvp::tb
