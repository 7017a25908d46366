#pragma once

#include <memory>
#include <systemc>

namespace mvp {

// A block of the SP that can be replaced: the scoreboard and the divergence unit. The module
// holds one implementation of the block's interface (the C++ model, a Verilated RTL adapter, or
// a lockstep pair of both) and exports it; the neighbours bind their ports to `target` and
// cannot tell which is inside.
template <class IF>
class BlockSlot : public sc_core::sc_module {
  public:
    // `make` builds the implementation inside this module, so that a Verilated model's
    // modules are its children (`sp0.scoreboard.rtl`).
    template <class Make>
    BlockSlot(const sc_core::sc_module_name& name, Make make)
        : sc_core::sc_module(name), target("target"), impl_(make()) {
        target.bind(*impl_);
    }

    sc_core::sc_export<IF> target;

    // The implementation (the SP's statistics, reset and start of a warp; tests).
    IF& impl() { return *impl_; }
    const IF& impl() const { return *impl_; }

  private:
    std::unique_ptr<IF> impl_;
};

}  // namespace mvp
