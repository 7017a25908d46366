#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <systemc>

#include "cpu.h"
#include "memory.h"
#include "modules/config/config.h"
#include "modules/hierarchy/gpu.h"
#include "router.h"

namespace mvp::example_vp {

// The example virtual platform's top: a CPU that runs the GPU driver (driver.h), a RAM, a
// router that decodes the system bus, and the MVP GPU with its global memory on the external
// socket, so that every GPU memory access (instruction fetches, loads and stores, the command
// ring, DMA) goes through the router to the VP's RAM. Address map (bus addresses):
//
//   0x40000000 - 0x400001ff   GPU registers (Gpu::regs(), doc/registers.md)
//   0x80000000 - 0x80ffffff   RAM, 16 MiB: also the GPU's device addresses
//                             (-mvpgpu_external_memory_base 0x80000000)
//
// The CPU, the GPU's memory socket and its DMA engine are the router's three initiators; the
// GPU's interrupt line is the CPU's interrupt input. The reset input is left unbound.
class ExampleVp : public sc_core::sc_module {
  public:
    static constexpr uint64_t kGpuRegisters = 0x40000000u;
    static constexpr uint32_t kMemoryBase = 0x80000000u;
    static constexpr uint32_t kMemoryBytes = 16u << 20;

    // The driver loads the program in `mvpx_path` and writes its report to `log`.
    ExampleVp(const sc_core::sc_module_name& name, const std::string& mvpx_path, std::ostream& log);

    // The GPU's configuration in this VP: 4 SPs (one GPC, TPC and SM), memory external at
    // kMemoryBase, kMemoryBytes of global memory; the other options at their defaults.
    static config::Config gpu_config();

    Cpu& cpu() { return cpu_; }
    Router& router() { return router_; }
    Memory& memory() { return memory_; }
    Gpu& gpu() { return gpu_; }

  private:
    config::Config config_;
    Memory memory_;
    Router router_;
    Gpu gpu_;
    Cpu cpu_;
    sc_core::sc_signal<bool> irq_;
};

}  // namespace mvp::example_vp
