#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "platforms/mvp/platform.h"

namespace mvp::fuzz {

// Drives the GPU's register block and command ring with a byte string decoded as a sequence
// of operations (tb/fuzz/README.md, "cp"), against one Platform built once per process
// (SystemC elaborates once). Before each input the device memory holds the same image: the
// vec_add and collatz kernels, their inputs and a command ring of four slots, so that the
// operations can start real work. Each input simulates at most kMaxCycles core cycles; after
// it the GPU is reset, drained and its memory restored, so that inputs do not affect each
// other.
class CpDriver {
  public:
    // The operations, one byte each, followed by their operands (little-endian).
    enum Op : uint8_t {
        kWrite,      // u16 offset, u32 value: a register write (HostBus)
        kRead,       // u16 offset: a register read
        kRawAccess,  // u8 command, u16 address, u8 length, u8 streaming width, u8 byte-enable
                     // length, then the data and byte enables: any b_transport
        kDebug,      // u8 command, u16 address, u8 length, then the data: a transport_dbg
        kMemory,     // u32 device offset, u8 length, then the bytes: written through the aperture
        kRun,        // u16 cycles: simulate until the interrupt or that many cycles pass
        kReset,      // Gpu::reset()
        kNumOps
    };
    // Where the image puts things, as offsets from GlobalMemory::kBase.
    static constexpr uint32_t kRingOffset = 0x0;  // 4 slots of 64 bytes
    static constexpr uint32_t kArgsOffset = 0x400;
    static constexpr uint32_t kVecAddOffset = 0x1000;
    static constexpr uint32_t kCollatzOffset = 0x4000;
    static constexpr uint32_t kDataOffset = 0x8000;  // vec_add's a, b, c and collatz's n, steps
    static constexpr uint32_t kMemoryBytes = 1u << 20;
    static constexpr uint64_t kMaxCycles = 60000;
    // DMA_HOST_LO/HI writes are confined to the first kHostWindow bytes of host memory, which
    // is sparse and never freed: the harness would otherwise grow it without bound.
    static constexpr uint32_t kHostWindow = 1u << 24;

    CpDriver();
    ~CpDriver();
    CpDriver(const CpDriver&) = delete;
    CpDriver& operator=(const CpDriver&) = delete;

    void run(const uint8_t* data, size_t size);

  private:
    void transport(uint8_t command, uint16_t address, const std::vector<uint8_t>& bytes,
                   unsigned streaming_width, const std::vector<uint8_t>& byte_enables);
    void debug(uint8_t command, uint16_t address, const std::vector<uint8_t>& bytes);
    void simulate(uint64_t cycles);
    void restore();

    std::unique_ptr<Platform> platform_;
    std::vector<uint8_t> image_;
    uint64_t cycles_left_ = 0;
};

}  // namespace mvp::fuzz
