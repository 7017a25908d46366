#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "modules/config/config.h"
#include "modules/dma/host_memory.h"
#include "modules/golden/launch.h"
#include "modules/hierarchy/gpu.h"
#include "platforms/mvp/host_bus.h"
#include "sw/toolchain/program.h"
#include "test_memory.h"

namespace mvp::tb {

// A small system around one Gpu for the tests of the GPU as a VP IP: a host register bus and
// interrupt line (HostBus), host memory behind the DMA engine, a reset line, and with
// -mvpgpu_memory external a TestMemory on the memory socket. Everything reaches the GPU as a
// VP's CPU would: buffers and code by DMA, launches through the CP registers.
class GpuRig {
  public:
    static constexpr uint64_t kStaging = 0x100000000ull;  // host address of the DMA staging area

    // `name` prefixes every module (several rigs may live in one process).
    // bind_memory false leaves an external memory socket unbound.
    GpuRig(const std::string& name, const config::Config& config,
           const TestMemory::Options& memory = TestMemory::Options{}, bool bind_memory = true);

    Gpu& gpu() { return *gpu_; }
    HostBus& bus() { return *bus_; }
    TestMemory& memory() { return *memory_; }  // external memory only
    sc_core::sc_signal<bool>& reset_line() { return reset_line_; }
    bool irq() const { return irq_line_.read(); }
    // Socket address of device address `device` (the external memory's view).
    uint64_t bus_address(uint32_t device) const;

    // Runs until the GPU raises its interrupt; false when `max_ns` passed first.
    bool run_until_irq(double max_ns = 20e6);
    // Reads IRQ_STATUS and clears the bits it found.
    uint32_t take_irq();

    // Copies by DMA through the staging area of host memory; returns the IRQ_STATUS bits
    // that ended the transfer (kIrqDmaDone, or kIrqError).
    uint32_t dma(uint32_t device, size_t bytes, bool to_host);
    // The same, expecting success.
    void write(uint32_t device, const void* data, size_t bytes);
    void read(uint32_t device, void* data, size_t bytes);
    template <typename T>
    std::vector<T> read_vector(uint32_t device, size_t count) {
        std::vector<T> v(count);
        read(device, v.data(), count * sizeof(T));
        return v;
    }
    // Device memory, 256-byte aligned, first fit from 0x80000000 (never freed).
    uint32_t allocate(size_t bytes);

    // A program in device memory.
    struct Code {
        const toolchain::Program* program = nullptr;
        uint32_t base = 0;
    };
    Code load(const toolchain::Program& program, uint32_t at = 0);
    // Programs a launch of `entry` and writes START (interrupts enabled).
    void start(const Code& code, const std::string& entry, uint32_t global, uint32_t local,
               const std::vector<uint32_t>& args);
    // start(), then waits for the interrupt; returns IRQ_STATUS (cleared).
    uint32_t run(const Code& code, const std::string& entry, uint32_t global, uint32_t local,
                 const std::vector<uint32_t>& args);

  private:
    std::unique_ptr<Gpu> gpu_;
    std::unique_ptr<HostBus> bus_;
    std::unique_ptr<HostMemory> host_;
    std::unique_ptr<TestMemory> memory_;
    sc_core::sc_signal<bool> irq_line_;
    sc_core::sc_signal<bool> reset_line_;
    uint64_t bus_base_ = 0;
    uint32_t next_free_ = 0x80000000u;
};

// A configuration of four SPs (one GPC, TPC and SM) with 16 MiB of global memory and the
// memory choice given; the other options at their defaults.
config::Config small_gpu_config(const std::string& memory = "ddr");

}  // namespace mvp::tb
