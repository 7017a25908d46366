#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "sm.h"

namespace mvp {

// A texture/processor cluster: a container of SMs (-mvpgpu_n_sm_per_tpc).
class Tpc : public sc_core::sc_module {
  public:
    Tpc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
        unsigned first_sp);

    const std::vector<std::unique_ptr<Sm>>& sms() const { return sms_; }
    // Resets every SM below it (Gpu::reset()).
    void reset();

  private:
    std::vector<std::unique_ptr<Sm>> sms_;
};

}  // namespace mvp
