#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "gpc.h"
#include "modules/config/config.h"
#include "modules/cp/cp.h"
#include "modules/ddr/ddr_controller.h"
#include "modules/dma/dma.h"
#include "modules/golden/global_memory.h"
#include "modules/noc/noc.h"
#include "modules/sim/clock_domain.h"

namespace mvp {

// The MVP GPU chip: its clock domains (-mvpgpu_clock_domains), the GPC > TPC > SM > SP
// hierarchy (counts from the configuration), the interconnect between the SPs' external
// interfaces and the memory controllers, the DDR controllers over the DRAM contents, the
// command processor and the DMA engine. Toward the system it offers the CP's register block
// (a TLM target), the DMA engine's system-side initiator and the interrupt line, so that a
// virtual platform can instantiate it like any bus device.
class Gpu : public sc_core::sc_module {
  public:
    // The eight clock domains, in -mvpgpu_clock_domains order.
    enum Domain { kCore, kInterconnect, kL2, kDram, kPa, kRop, kRaster, kTexture, kNumDomains };

    Gpu(const sc_core::sc_module_name& name, const config::Config& config);
    ~Gpu() override;

    sim::TargetPort& regs() { return cp_->regs; }          // the CP registers (system bus slave)
    sim::InitiatorPort& dma_host() { return dma_->host; }  // the DMA engine (system bus master)
    sc_core::sc_out<bool>& irq() { return cp_->irq; }

    Cp& cp() { return *cp_; }
    sim::ClockDomain& clock(Domain d) { return *domains_[d]; }
    const std::vector<sim::ClockDomain*>& clocks() const { return clock_list_; }
    // The SPs in global order (gpc-major).
    const std::vector<Sp*>& sps() const { return sps_; }
    const std::vector<std::unique_ptr<Gpc>>& gpcs() const { return gpcs_; }
    // The DRAM contents (for debuggers and the golden comparison).
    GlobalMemory& dram() { return dram_; }

  private:
    std::vector<std::unique_ptr<sim::ClockDomain>> domains_;
    std::vector<sim::ClockDomain*> clock_list_;
    GlobalMemory dram_;
    std::vector<std::unique_ptr<Gpc>> gpcs_;
    std::vector<Sp*> sps_;
    std::unique_ptr<Noc> noc_;
    std::vector<std::unique_ptr<DdrController>> ddr_;
    std::unique_ptr<Cp> cp_;
    std::unique_ptr<Dma> dma_;
};

}  // namespace mvp
