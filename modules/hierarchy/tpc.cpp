#include "tpc.h"

namespace mvp {

Tpc::Tpc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
         unsigned first_sp)
    : sc_module(name) {
    auto n = static_cast<unsigned>(config.get_int("mvpgpu_n_sm_per_tpc"));
    auto per_sm = static_cast<unsigned>(config.get_int("mvpgpu_n_sp_per_sm"));
    for (unsigned i = 0; i < n; ++i)
        sms_.push_back(std::make_unique<Sm>(("sm" + std::to_string(i)).c_str(), core, config,
                                            first_sp + i * per_sm));
}

void Tpc::reset() {
    for (const auto& x : sms_) x->reset();
}

}  // namespace mvp
