#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "modules/config/config.h"
#include "modules/sim/clock_domain.h"
#include "modules/sp/sp.h"

namespace mvp {

// A streaming multiprocessor: a container of SPs (-mvpgpu_n_sp_per_sm). On MVP V2.1 the SM has
// no logic of its own that the model times; it keeps the hierarchy an architect knows and
// names the SPs ("mvp.gpc0.tpc1.sm0.sp2").
class Sm : public sc_core::sc_module {
  public:
    // first_sp: the global index of this SM's first SP.
    Sm(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
       unsigned first_sp);

    const std::vector<std::unique_ptr<Sp>>& sps() const { return sps_; }
    // Resets every SP below it (Gpu::reset()).
    void reset();

  private:
    std::vector<std::unique_ptr<Sp>> sps_;
};

}  // namespace mvp
