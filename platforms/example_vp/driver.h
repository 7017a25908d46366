#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "cpu_bus.h"

namespace mvp::example_vp {

// The example VP's GPU driver, the software the CPU runs. It sees the system only through
// CpuBus: the GPU's registers at `registers` and device memory at `memory_base` (the GPU's
// device addresses, which the VP maps 1:1 onto its RAM). It loads an .mvpx program (the
// toolchain's file format, doc/toolchain.md) that holds the kernels vec_add and abs_clamp,
// writes the code image and the input buffers into memory, queues both kernels back to back
// on the command ring (doc/registers.md), rings the doorbell once, sleeps until the interrupt
// and checks both kernels' results against values it computes itself. It reports what it did
// and each command's cycles (from the ring's profile table) on `log`.
class Driver {
  public:
    struct Layout {
        uint64_t registers = 0;    // bus address of the GPU's register block
        uint32_t memory_base = 0;  // bus and device address of the RAM
        uint32_t memory_bytes = 0;
    };

    Driver(CpuBus& bus, const Layout& layout, std::ostream& log);

    // Runs the whole sequence with the program in `mvpx_path`; returns 0 when both kernels ran
    // and gave the right results, 1 with one line in `error` otherwise.
    int run(const std::string& mvpx_path, std::string& error);

    static constexpr uint32_t kVecAddItems = 1024;
    static constexpr uint32_t kAbsClampItems = 500;  // the last work-group is smaller
    static constexpr uint32_t kLocalSize = 64;
    static constexpr int32_t kClampLimit = 300;
    static constexpr double kTimeoutUs = 100000;

  private:
    uint32_t reg(uint32_t offset) { return bus_.read32(layout_.registers + offset); }
    void set_reg(uint32_t offset, uint32_t value) {
        bus_.write32(layout_.registers + offset, value);
    }
    // Device memory, 256-byte aligned, first fit upward (never freed).
    uint32_t allocate(uint32_t bytes);

    CpuBus& bus_;
    Layout layout_;
    std::ostream& log_;
    uint32_t next_free_ = 0;
};

}  // namespace mvp::example_vp
