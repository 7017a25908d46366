#pragma once

#include <cstdint>

#include "modules/isa/instruction.h"

namespace mvp {

class DebugMap;

// The code of a launch as the hardware learns it from the launch registers (doc/registers.md):
// where the image starts in device memory (PC 0), how many of its bytes are instructions (the
// far reconvergence table follows them, doc/isa.md), and the return address a work-item
// starts with (the program's exit stub). `debug` is the host's optional debug map, read only
// for messages.
struct CodeImage {
    uint32_t base = 0;
    uint32_t bytes = 0;
    uint32_t return_pc = 0;
    const DebugMap* debug = nullptr;

    // Device address of entry `index` of the far reconvergence table (64-bit entries).
    uint64_t table_entry(uint32_t index) const {
        return uint64_t{base} + bytes + uint64_t{index} * isa::kInstBytes;
    }
};

}  // namespace mvp
