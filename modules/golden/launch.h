#pragma once

#include <cstdint>
#include <vector>

namespace mvp {

// An NDRange launch as the command processor sees it. local[] is the enqueued work-group
// size; as with OpenCL 2.0 non-uniform work-groups, the last group in a dimension may be
// smaller when global[] is not a multiple of local[].
struct NDRange {
    uint32_t work_dim = 1;
    uint32_t global[3] = {1, 1, 1};
    uint32_t local[3] = {1, 1, 1};
    uint32_t offset[3] = {0, 0, 0};

    uint32_t num_groups(unsigned d) const { return (global[d] + local[d] - 1) / local[d]; }
    uint64_t total_groups() const {
        return uint64_t{num_groups(0)} * num_groups(1) * num_groups(2);
    }
    uint64_t total_work_items() const { return uint64_t{global[0]} * global[1] * global[2]; }
    // The actual size of group `group` (per-dimension index) in dimension d.
    uint32_t group_size(unsigned d, uint32_t group) const {
        uint32_t start = group * local[d];
        return global[d] - start < local[d] ? global[d] - start : local[d];
    }
};

// One kernel argument: a 32-bit value for $4.. ($4-$7, then the stack as the ABI says), or
// a __local area that the dispatcher allocates in the SP's local memory and passes by address.
// A __local argument's word holds the area's size in bytes (bits 0-23) and, in bits 24-31,
// log2 of the alignment it needs when that is more than 16 bytes (0: 16).
struct KernelArg {
    enum class Kind : uint8_t { kValue, kLocal };
    Kind kind = Kind::kValue;
    uint32_t value = 0;  // the value, or the __local area's word

    static constexpr uint32_t kLocalSizeMask = 0x00ffffff;
    static constexpr unsigned kLocalAlignShift = 24;
    static constexpr uint32_t kLocalAlign = 16;  // the alignment of every area, at least

    static KernelArg of_value(uint32_t v) { return {Kind::kValue, v}; }
    // `align` is a power of two; the word keeps its log2 when it is more than kLocalAlign.
    static KernelArg of_local(uint32_t bytes, uint32_t align = kLocalAlign) {
        uint32_t log2 = 0;
        while (align > kLocalAlign && (1u << log2) < align) ++log2;
        return {Kind::kLocal, bytes | (log2 << kLocalAlignShift)};
    }
    uint32_t local_bytes() const { return value & kLocalSizeMask; }
    uint32_t local_align() const {
        const uint32_t log2 = value >> kLocalAlignShift;
        return log2 == 0 ? kLocalAlign : log2 < 31 ? 1u << log2 : 0;
    }
};

// Everything a kernel launch needs besides memory contents.
struct Launch {
    uint32_t entry_pc = 0;
    NDRange range;
    std::vector<KernelArg> args;
    // Bytes of kernel-scope __local variables (the program's .lmem section) per work-group.
    uint32_t static_local_bytes = 0;
    // The launch's private area in device memory (private_base 0: none). Every hardware thread
    // slot of every SP owns private_bytes of it for its stack, instead of its stack in the SP's
    // local memory, which is then all the work-groups' (doc/isa.md, "Kernel ABI").
    uint32_t private_base = 0;
    uint32_t private_bytes = 0;
};

}  // namespace mvp
