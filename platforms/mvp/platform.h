#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>

#include "host_bus.h"
#include "modules/config/config.h"
#include "modules/dma/host_memory.h"
#include "modules/hierarchy/gpu.h"

namespace mvp {

// An MVP platform as a host program runs it: the GPU ("mvp"), the host's memory behind the
// GPU's DMA engine, and the host's register bus and interrupt line. mvp_v2_1 and mvp_1sp are
// this platform with the hierarchy of their top (platforms/platform_top.h). SystemC
// elaborates once per process, so a process builds one Platform.
class Platform {
  public:
    explicit Platform(const config::Config& config);
    ~Platform();

    Gpu& gpu() { return *gpu_; }
    HostMemory& host_memory() { return *host_memory_; }
    HostBus& bus() { return *bus_; }

    // How a run_until_irq() ended.
    enum class Wait : uint8_t { kInterrupt, kIdle, kCycleLimit };
    // Runs the simulation until the GPU raises its interrupt, nothing is left to simulate
    // (a hang), or `max_cycles` more core cycles have passed (0: no limit).
    Wait run_until_irq(uint64_t max_cycles);
    // The same run in slices of `slice_cycles` core cycles, with `between` called after each
    // slice (a host that polls the GPU while it works, e.g. for a progress line). The
    // simulation is the same event for event; the slices only hand control to the host.
    Wait run_until_irq(uint64_t max_cycles, uint64_t slice_cycles,
                       const std::function<void()>& between);
    uint64_t core_cycle() const;

    // Ends tracing and moves the VCD into place. A platform destroyed without it (a run that
    // failed) drops the unfinished VCD.
    void finish_tracing();

  private:
    std::unique_ptr<Gpu> gpu_;
    std::unique_ptr<HostMemory> host_memory_;
    std::unique_ptr<HostBus> bus_;
    sc_core::sc_signal<bool> irq_line_{"irq_line"};
    bool tracing_ = false;
};

}  // namespace mvp
