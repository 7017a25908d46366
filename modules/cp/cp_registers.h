#pragma once

#include <cstdint>

// The command processor's register map (doc/registers.md). Every register is 32 bits wide,
// little-endian, at a 4-byte aligned offset from the CP's base address.
namespace mvp::cp_reg {

inline constexpr uint32_t kId = 0x000;         // RO: 0x4d565021 ("MVP!")
inline constexpr uint32_t kVersion = 0x004;    // RO: 0x00020001 (V2.1)
inline constexpr uint32_t kStatus = 0x008;     // RO: kStatus* bits
inline constexpr uint32_t kControl = 0x00c;    // WO: kControl* bits
inline constexpr uint32_t kIrqEnable = 0x010;  // RW: kIrq* bits
inline constexpr uint32_t kIrqStatus = 0x014;  // RW1C: kIrq* bits
inline constexpr uint32_t kErrorCode = 0x018;  // RO: kError* of the last failed command
inline constexpr uint32_t kNumSps = 0x01c;     // RO: SPs of the platform

inline constexpr uint32_t kCodeBase = 0x020;      // device address of the code image
inline constexpr uint32_t kEntryPc = 0x024;       // PC of the kernel entry in the image
inline constexpr uint32_t kWorkDim = 0x028;       // 1..3
inline constexpr uint32_t kGlobal0 = 0x030;       // global size x, y, z at +0, +4, +8
inline constexpr uint32_t kLocal0 = 0x040;        // work-group size x, y, z
inline constexpr uint32_t kOffset0 = 0x050;       // global offset x, y, z
inline constexpr uint32_t kArgCount = 0x060;      // number of kernel arguments (0..16)
inline constexpr uint32_t kArgLocalMask = 0x064;  // bit i: argument i is a __local size
inline constexpr uint32_t kStaticLocalBytes = 0x068;  // __local variables per work-group
inline constexpr uint32_t kArg0 = 0x080;          // argument i at kArg0 + 4 i (16 of them)

inline constexpr uint32_t kKernelCyclesLo = 0x0c0;  // RO: core cycles of the last kernel
inline constexpr uint32_t kKernelCyclesHi = 0x0c4;
inline constexpr uint32_t kGroupsDone = 0x0c8;  // RO: work-groups finished in this launch

inline constexpr uint32_t kDmaHostLo = 0x100;  // host (system) address, low and high word
inline constexpr uint32_t kDmaHostHi = 0x104;
inline constexpr uint32_t kDmaGpu = 0x108;        // device (DDR) address
inline constexpr uint32_t kDmaBytes = 0x10c;      // length in bytes
inline constexpr uint32_t kDmaDirection = 0x110;  // 0: host to GPU, 1: GPU to host

inline constexpr uint32_t kRegisterBytes = 0x200;

inline constexpr uint32_t kStatusKernelBusy = 1u << 0;
inline constexpr uint32_t kStatusDmaBusy = 1u << 1;
inline constexpr uint32_t kStatusError = 1u << 2;

inline constexpr uint32_t kControlStartKernel = 1u << 0;
inline constexpr uint32_t kControlStartDma = 1u << 1;

inline constexpr uint32_t kIrqKernelDone = 1u << 0;
inline constexpr uint32_t kIrqDmaDone = 1u << 1;
inline constexpr uint32_t kIrqError = 1u << 2;

inline constexpr uint32_t kErrorNone = 0;
inline constexpr uint32_t kErrorBusy = 1;         // start while the unit is busy
inline constexpr uint32_t kErrorBadLaunch = 2;    // the launch registers break the ABI
inline constexpr uint32_t kErrorKernelFault = 3;  // an SP stopped the kernel
inline constexpr uint32_t kErrorDma = 4;          // DMA range outside memory

inline constexpr uint32_t kIdValue = 0x4d565021;
inline constexpr uint32_t kVersionValue = 0x00020001;

}  // namespace mvp::cp_reg
