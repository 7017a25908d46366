#pragma once

#include <systemc>

namespace mvp {

// A port between two blocks of the SP: an sc_port whose calls skip the "is it bound" check of
// every access. The interface is kept when the port is bound to it (the SP's blocks call their
// neighbours from then on, before the simulation starts too), or at the end of elaboration when
// the port is bound through a parent port.
template <class IF>
class DirectPort : public sc_core::sc_port<IF> {
  public:
    explicit DirectPort(const char* name) : sc_core::sc_port<IF>(name) {}

    using sc_core::sc_port<IF>::bind;
    using sc_core::sc_port<IF>::operator();
    void bind(IF& target) override {
        sc_core::sc_port<IF>::bind(target);
        interface_ = &target;
    }
    void operator()(IF& target) { bind(target); }

    IF* operator->() { return interface_; }
    const IF* operator->() const { return interface_; }

  protected:
    void end_of_elaboration() override {
        sc_core::sc_port<IF>::end_of_elaboration();
        interface_ = sc_core::sc_port<IF>::operator->();
    }

  private:
    IF* interface_ = nullptr;
};

}  // namespace mvp
