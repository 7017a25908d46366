#pragma once

#include <cstdint>

// The command processor's register map (doc/registers.md). Every register is 32 bits wide,
// little-endian, at a 4-byte aligned offset from the CP's base address. Offsets that name no
// register are unmapped: an access there gets TLM_ADDRESS_ERROR_RESPONSE.
namespace mvp::cp_reg {

inline constexpr uint32_t kId = 0x000;         // RO: 0x4d565021 ("MVP!")
inline constexpr uint32_t kVersion = 0x004;    // RO: 0x00020001 (V2.1)
inline constexpr uint32_t kStatus = 0x008;     // RO: kStatus* bits
inline constexpr uint32_t kControl = 0x00c;    // WO: kControl* bits
inline constexpr uint32_t kIrqEnable = 0x010;  // RW: kIrq* bits
inline constexpr uint32_t kIrqStatus = 0x014;  // RW1C: kIrq* bits
inline constexpr uint32_t kErrorCode = 0x018;  // RO: kError* of the last failed command
inline constexpr uint32_t kNumSps = 0x01c;     // RO: SPs of the platform

inline constexpr uint32_t kCodeBase = 0x020;          // device address of the code image
inline constexpr uint32_t kEntryPc = 0x024;           // PC of the kernel entry in the image
inline constexpr uint32_t kWorkDim = 0x028;           // 1..3
inline constexpr uint32_t kCodeBytes = 0x02c;         // bytes of instructions in the code image
inline constexpr uint32_t kGlobal0 = 0x030;           // global size x, y, z at +0, +4, +8
inline constexpr uint32_t kLocal0 = 0x040;            // work-group size x, y, z
inline constexpr uint32_t kOffset0 = 0x050;           // global offset x, y, z
inline constexpr uint32_t kArgCount = 0x060;          // number of kernel arguments (0..16)
inline constexpr uint32_t kArgLocalMask = 0x064;      // bit i: argument i is a __local size
inline constexpr uint32_t kStaticLocalBytes = 0x068;  // __local variables per work-group
inline constexpr uint32_t kReturnPc = 0x06c;          // $ra of a starting work-item (the exit stub)
inline constexpr uint32_t kPrivateBase = 0x070;       // the private area in device memory; 0: none
inline constexpr uint32_t kPrivateBytes = 0x074;      // bytes of it per hardware thread slot
inline constexpr uint32_t kArg0 = 0x080;              // argument i at kArg0 + 4 i (16 of them)

inline constexpr uint32_t kKernelCyclesLo = 0x0c0;  // RO: core cycles of the last kernel
inline constexpr uint32_t kKernelCyclesHi = 0x0c4;
inline constexpr uint32_t kGroupsDone = 0x0c8;  // RO: work-groups finished in this launch

inline constexpr uint32_t kDmaHostLo = 0x100;  // host (system) address, low and high word
inline constexpr uint32_t kDmaHostHi = 0x104;
inline constexpr uint32_t kDmaGpu = 0x108;        // device (DDR) address
inline constexpr uint32_t kDmaBytes = 0x10c;      // length in bytes
inline constexpr uint32_t kDmaDirection = 0x110;  // 0: host to GPU, 1: GPU to host

// The command ring (doc/registers.md, "The command ring"; packets: cp_packets.h).
inline constexpr uint32_t kQueueBase = 0x140;       // device address of slot 0 (64-byte aligned)
inline constexpr uint32_t kQueueSize = 0x144;       // slots, a power of two, 1..65536
inline constexpr uint32_t kQueueControl = 0x148;    // RW: kQueueEnable
inline constexpr uint32_t kQueueWptr = 0x14c;       // RW doorbell: packets written (sequence)
inline constexpr uint32_t kQueueRptr = 0x150;       // RO: sequence number of the next packet read
inline constexpr uint32_t kQueueCompleted = 0x154;  // RO: packets completed
inline constexpr uint32_t kQueueSignal = 0x158;     // RW: address the CP writes COMPLETED to
inline constexpr uint32_t kQueueProfile = 0x15c;    // RW: address of the start/end cycle table
inline constexpr uint32_t kQueueErrorSeq = 0x160;   // RO: sequence number of the failed packet

inline constexpr uint32_t kRegisterBytes = 0x200;

inline constexpr uint32_t kStatusKernelBusy = 1u << 0;
inline constexpr uint32_t kStatusDmaBusy = 1u << 1;
inline constexpr uint32_t kStatusError = 1u << 2;
inline constexpr uint32_t kStatusQueueBusy = 1u << 3;  // packets written and not completed

inline constexpr uint32_t kControlStartKernel = 1u << 0;
inline constexpr uint32_t kControlStartDma = 1u << 1;

inline constexpr uint32_t kQueueEnable = 1u << 0;

inline constexpr uint32_t kIrqKernelDone = 1u << 0;  // a kernel started with CONTROL ended
inline constexpr uint32_t kIrqDmaDone = 1u << 1;
inline constexpr uint32_t kIrqError = 1u << 2;
inline constexpr uint32_t kIrqQueue = 1u << 3;  // a packet with kPacketIrq completed

inline constexpr uint32_t kErrorNone = 0;
inline constexpr uint32_t kErrorBusy = 1;          // start while the unit is busy
inline constexpr uint32_t kErrorBadLaunch = 2;     // the launch breaks the kernel ABI
inline constexpr uint32_t kErrorKernelFault = 3;   // an SP stopped the kernel
inline constexpr uint32_t kErrorDma = 4;           // DMA range outside memory, or a bus error
inline constexpr uint32_t kErrorBadCode = 5;       // code image outside memory, bad entry/return PC
inline constexpr uint32_t kErrorBadArgs = 6;       // argument block outside memory or misaligned
inline constexpr uint32_t kErrorBadPacket = 7;     // unknown packet type or reserved field set
inline constexpr uint32_t kErrorBadRange = 8;      // fill, copy or fence address outside memory
inline constexpr uint32_t kErrorQueuePointer = 9;  // QUEUE_WPTR out of range
inline constexpr uint32_t kErrorQueueConfig = 10;  // ring base/size invalid, or ring disabled
inline constexpr uint32_t kErrorMemory = 11;  // a packet or argument read/write got a bus error

inline constexpr uint32_t kIdValue = 0x4d565021;
inline constexpr uint32_t kVersionValue = 0x00020001;

}  // namespace mvp::cp_reg
