#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "tpc.h"

namespace mvp {

// A graphics processing cluster: a container of TPCs (-mvpgpu_n_tpc_per_gpc). MVP V2.1 has no
// GPC in hardware; the model keeps one so that V3.0-style platforms can add more.
class Gpc : public sc_core::sc_module {
  public:
    Gpc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
        unsigned first_sp);

    const std::vector<std::unique_ptr<Tpc>>& tpcs() const { return tpcs_; }
    // Resets every TPC below it (Gpu::reset()).
    void reset();

  private:
    std::vector<std::unique_ptr<Tpc>> tpcs_;
};

}  // namespace mvp
