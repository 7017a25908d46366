#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <memory>
#include <systemc>
#include <vector>

#include "gpc.h"
#include "modules/config/config.h"
#include "modules/cp/cp.h"
#include "modules/ddr/ddr_controller.h"
#include "modules/ddr/memory_bridge.h"
#include "modules/dma/dma.h"
#include "modules/golden/global_memory.h"
#include "modules/noc/noc.h"
#include "modules/sim/clock_domain.h"

namespace mvp {

// The MVP GPU chip: its clock domains (-mvpgpu_clock_domains), the GPC > TPC > SM > SP
// hierarchy (counts from the configuration), the interconnect between the SPs' external
// interfaces and the memory side, the command processor and the DMA engine. The memory side is
// the DDR controllers over the model's DRAM (-mvpgpu_memory ddr) or a bridge that issues every
// memory access on memory_socket() (-mvpgpu_memory external). Toward the system it offers the
// CP's register block (a TLM target), the interrupt line, the DMA engine's system-side
// initiator, the external memory initiator and a reset input, so that a virtual platform can
// instantiate it like any bus device. modules/hierarchy/README.md lists the ports;
// doc/memory-interface.md describes reset and the memory choice.
class Gpu : public sc_core::sc_module {
  public:
    // The eight clock domains, in -mvpgpu_clock_domains order.
    enum Domain { kCore, kInterconnect, kL2, kDram, kPa, kRop, kRaster, kTexture, kNumDomains };
    using MemorySocket = tlm_utils::simple_initiator_socket_optional<Gpu>;

    Gpu(const sc_core::sc_module_name& name, const config::Config& config);
    ~Gpu() override;

    sim::TargetPort& regs() { return cp_->regs; }          // the CP registers (system bus slave)
    sim::InitiatorPort& dma_host() { return dma_->host; }  // the DMA engine (system bus master)
    sc_core::sc_out<bool>& irq() { return cp_->irq; }
    // The external memory (system bus master): bind it when -mvpgpu_memory is external; it may
    // stay unbound otherwise.
    MemorySocket& memory_socket() { return memory_socket_; }
    // Reset input, active high, optional: the GPU is reset when it rises and again when it
    // falls (so it leaves reset in its power-on state whatever happened while it was held).
    sc_core::sc_port<sc_core::sc_signal_in_if<bool>, 1, sc_core::SC_ZERO_OR_MORE_BOUND> reset_in;

    // Returns the GPU to its power-on state at the current time: work-groups, warps and every
    // request in flight inside the GPU dropped, registers at their reset values, caches
    // invalid, interrupt low; memory contents and statistics kept. Usable at once after.
    void reset();
    uint64_t resets() const { return resets_; }

    Cp& cp() { return *cp_; }
    Dma& dma() { return *dma_; }
    Noc& noc() { return *noc_; }
    sim::ClockDomain& clock(Domain d) { return *domains_[d]; }
    const std::vector<sim::ClockDomain*>& clocks() const { return clock_list_; }
    // The SPs in global order (gpc-major).
    const std::vector<Sp*>& sps() const { return sps_; }
    const std::vector<std::unique_ptr<Gpc>>& gpcs() const { return gpcs_; }
    const std::vector<std::unique_ptr<DdrController>>& ddr() const { return ddr_; }
    // True when global memory is on memory_socket() (-mvpgpu_memory external).
    bool external_memory() const { return bridge_ != nullptr; }
    // The bridge to the external memory (nullptr with the DDR model).
    MemoryBridge* memory_bridge() { return bridge_.get(); }
    // The DRAM contents (for debuggers and the golden comparison) of the DDR model. With an
    // external memory the GPU has none: throws std::logic_error saying so.
    GlobalMemory& dram();

  private:
    void on_reset_input();
    void invalidate_memory_dmi(sc_dt::uint64 start, sc_dt::uint64 end);

    std::vector<std::unique_ptr<sim::ClockDomain>> domains_;
    std::vector<sim::ClockDomain*> clock_list_;
    MemorySocket memory_socket_;
    std::unique_ptr<GlobalMemory> dram_;
    std::vector<std::unique_ptr<Gpc>> gpcs_;
    std::vector<Sp*> sps_;
    std::unique_ptr<Noc> noc_;
    std::vector<std::unique_ptr<DdrController>> ddr_;
    std::unique_ptr<MemoryBridge> bridge_;
    std::unique_ptr<Cp> cp_;
    std::unique_ptr<Dma> dma_;
    bool reset_level_ = false;
    uint64_t resets_ = 0;
};

}  // namespace mvp
