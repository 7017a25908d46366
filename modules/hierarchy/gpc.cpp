#include "gpc.h"

namespace mvp {

Gpc::Gpc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
         unsigned first_sp)
    : sc_module(name) {
    auto n = static_cast<unsigned>(config.get_int("mvpgpu_n_tpc_per_gpc"));
    auto per_tpc = static_cast<unsigned>(config.get_int("mvpgpu_n_sm_per_tpc") *
                                         config.get_int("mvpgpu_n_sp_per_sm"));
    for (unsigned i = 0; i < n; ++i)
        tpcs_.push_back(std::make_unique<Tpc>(("tpc" + std::to_string(i)).c_str(), core, config,
                                              first_sp + i * per_tpc));
}

void Gpc::reset() {
    for (const auto& x : tpcs_) x->reset();
}

}  // namespace mvp
