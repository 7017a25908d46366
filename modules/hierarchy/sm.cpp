#include "sm.h"

namespace mvp {

Sm::Sm(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
       unsigned first_sp)
    : sc_module(name) {
    auto n = static_cast<unsigned>(config.get_int("mvpgpu_n_sp_per_sm"));
    for (unsigned i = 0; i < n; ++i) {
        // The chip's DMA engine is wired to the external interface of SP 0 (Gpu).
        Sp::Options options;
        options.external_dma = first_sp + i == 0;
        sps_.push_back(std::make_unique<Sp>(("sp" + std::to_string(i)).c_str(), core, config,
                                            first_sp + i, options));
    }
}

void Sm::reset() {
    for (const auto& x : sps_) x->reset();
}

}  // namespace mvp
