#pragma once

#include <array>
#include <cstdint>
#include <vector>

// The command ring's packets (doc/registers.md, "The command ring"): 64 bytes each,
// little-endian, in device memory. The driver writes a packet with status 0 into slot
// (sequence & (QUEUE_SIZE - 1)), then advances QUEUE_WPTR; the CP reads it, executes it and
// writes the status word back. The encoders here are the one definition of the layout that
// drivers and tests use; the CP decodes with the same offsets.
namespace mvp::cp_packet {

inline constexpr uint32_t kBytes = 64;

// Header, every type.
inline constexpr uint32_t kType = 0x00;     // u8: kType*
inline constexpr uint32_t kFlags = 0x01;    // u8: kFlag*
inline constexpr uint32_t kWorkDim = 0x02;  // u16: kernel packets; 0 in the others
inline constexpr uint32_t kStatus = 0x04;   // u32: 0 as written, then kStatus* by the CP

inline constexpr uint8_t kTypeKernel = 1;
inline constexpr uint8_t kTypeFence = 2;
inline constexpr uint8_t kTypeFill = 3;
inline constexpr uint8_t kTypeCopy = 4;

inline constexpr uint8_t kFlagIrq = 1u << 0;  // raise IRQ_STATUS.QUEUE when it completes
inline constexpr uint8_t kFlagsKnown = kFlagIrq;

// The status word the CP writes when the packet has completed: kStatusDone, with kStatusFailed
// and the ERROR_CODE value in bits 8-15 when it failed.
inline constexpr uint32_t kStatusDone = 1u << 0;
inline constexpr uint32_t kStatusFailed = 1u << 1;
inline constexpr uint32_t status_error(uint32_t status) { return (status >> 8) & 0xff; }

// Kernel launch.
inline constexpr uint32_t kLocal0 = 0x08;   // u16 x, y, z at +0, +2, +4; u16 reserved at 0x0e
inline constexpr uint32_t kGlobal0 = 0x10;  // u32 x, y, z
inline constexpr uint32_t kOffset0 = 0x1c;  // u32 x, y, z
inline constexpr uint32_t kCodeBase = 0x28;
inline constexpr uint32_t kCodeBytes = 0x2c;
inline constexpr uint32_t kEntryPc = 0x30;
inline constexpr uint32_t kReturnPc = 0x34;
inline constexpr uint32_t kStaticLocalBytes = 0x38;
inline constexpr uint32_t kArgsAddress = 0x3c;  // the argument block; 0: no arguments

// The kernel argument block (4-byte aligned, in device memory): u32 count (bits 0-15: 0..16
// arguments; bit 16, kArgPrivateArea: the launch has a private area), u32 __local mask (bit i:
// argument i is a __local size), then count u32 values, then with kArgPrivateArea the private
// area's device address and its bytes per hardware thread slot (two u32).
inline constexpr uint32_t kArgCount = 0x00;
inline constexpr uint32_t kArgLocalMask = 0x04;
inline constexpr uint32_t kArgValues = 0x08;
inline constexpr uint32_t kArgCountMask = 0xffff;
inline constexpr uint32_t kArgPrivateArea = 1u << 16;
inline constexpr uint32_t kMaxArgBlockBytes = kArgValues + 16 * 4 + 8;

// Fence: waits until every earlier packet has completed and the DMA engine is idle, then
// writes VALUE to ADDRESS (4-byte aligned) unless ADDRESS is 0.
inline constexpr uint32_t kFenceAddress = 0x08;
inline constexpr uint32_t kFenceValue = 0x0c;

// Fill: BYTES bytes from ADDRESS, byte i taking byte (i % 4) of PATTERN.
inline constexpr uint32_t kFillAddress = 0x08;
inline constexpr uint32_t kFillBytes = 0x0c;
inline constexpr uint32_t kFillPattern = 0x10;

// Copy: BYTES bytes from SOURCE to DESTINATION; the ranges must not overlap.
inline constexpr uint32_t kCopySource = 0x08;
inline constexpr uint32_t kCopyDestination = 0x0c;
inline constexpr uint32_t kCopyBytes = 0x10;

using Bytes = std::array<uint8_t, kBytes>;

inline uint32_t load32(const uint8_t* p) {
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
inline uint16_t load16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | p[1] << 8); }
inline void store32(uint8_t* p, uint32_t v) {
    for (unsigned i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}
inline void store16(uint8_t* p, uint16_t v) {
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
}

struct Kernel {
    uint8_t flags = 0;
    uint16_t work_dim = 1;
    uint16_t local[3] = {1, 1, 1};
    uint32_t global[3] = {1, 1, 1};
    uint32_t offset[3] = {0, 0, 0};
    uint32_t code_base = 0;
    uint32_t code_bytes = 0;
    uint32_t entry_pc = 0;
    uint32_t return_pc = 0;
    uint32_t static_local_bytes = 0;
    uint32_t args_address = 0;

    Bytes encode() const {
        Bytes b{};
        b[kType] = kTypeKernel;
        b[kFlags] = flags;
        store16(&b[kWorkDim], work_dim);
        for (unsigned d = 0; d < 3; ++d) {
            store16(&b[kLocal0 + 2 * d], local[d]);
            store32(&b[kGlobal0 + 4 * d], global[d]);
            store32(&b[kOffset0 + 4 * d], offset[d]);
        }
        store32(&b[kCodeBase], code_base);
        store32(&b[kCodeBytes], code_bytes);
        store32(&b[kEntryPc], entry_pc);
        store32(&b[kReturnPc], return_pc);
        store32(&b[kStaticLocalBytes], static_local_bytes);
        store32(&b[kArgsAddress], args_address);
        return b;
    }
};

struct Fence {
    uint8_t flags = 0;
    uint32_t address = 0;
    uint32_t value = 0;

    Bytes encode() const {
        Bytes b{};
        b[kType] = kTypeFence;
        b[kFlags] = flags;
        store32(&b[kFenceAddress], address);
        store32(&b[kFenceValue], value);
        return b;
    }
};

struct Fill {
    uint8_t flags = 0;
    uint32_t address = 0;
    uint32_t bytes = 0;
    uint32_t pattern = 0;

    Bytes encode() const {
        Bytes b{};
        b[kType] = kTypeFill;
        b[kFlags] = flags;
        store32(&b[kFillAddress], address);
        store32(&b[kFillBytes], bytes);
        store32(&b[kFillPattern], pattern);
        return b;
    }
};

struct Copy {
    uint8_t flags = 0;
    uint32_t source = 0;
    uint32_t destination = 0;
    uint32_t bytes = 0;

    Bytes encode() const {
        Bytes b{};
        b[kType] = kTypeCopy;
        b[kFlags] = flags;
        store32(&b[kCopySource], source);
        store32(&b[kCopyDestination], destination);
        store32(&b[kCopyBytes], bytes);
        return b;
    }
};

// The argument block of a kernel packet: `values` with the __local sizes marked in local_mask,
// and the private area when private_base is not 0.
inline std::vector<uint8_t> encode_args(const std::vector<uint32_t>& values, uint32_t local_mask,
                                        uint32_t private_base = 0, uint32_t private_bytes = 0) {
    const size_t end = kArgValues + 4 * values.size();
    std::vector<uint8_t> b(end + (private_base ? 8 : 0));
    store32(&b[kArgCount],
            static_cast<uint32_t>(values.size()) | (private_base ? kArgPrivateArea : 0));
    store32(&b[kArgLocalMask], local_mask);
    for (size_t i = 0; i < values.size(); ++i) store32(&b[kArgValues + 4 * i], values[i]);
    if (private_base) {
        store32(&b[end], private_base);
        store32(&b[end + 4], private_bytes);
    }
    return b;
}

}  // namespace mvp::cp_packet
