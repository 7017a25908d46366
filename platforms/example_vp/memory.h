#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

namespace mvp::example_vp {

// The example VP's RAM: `bytes` bytes at local addresses [0, bytes) (the router subtracts the
// region's base), a loosely-timed target. b_transport annotates a fixed latency and allows
// DMI; get_direct_mem_ptr grants the whole array for reads and writes with the same latency;
// transport_dbg reads and writes without timing. Byte enables are honoured; an access outside
// the array or a streaming one is answered with an error response. No refresh, banks or
// contention are modelled.
class Memory : public sc_core::sc_module {
  public:
    Memory(const sc_core::sc_module_name& name, uint64_t bytes,
           const sc_core::sc_time& latency = sc_core::sc_time(20, sc_core::SC_NS));

    tlm_utils::simple_target_socket<Memory> socket;

    uint64_t size() const { return data_.size(); }
    uint64_t b_transports() const { return b_transports_; }
    uint64_t dmi_grants() const { return dmi_grants_; }

  private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    // Checks gp's range and form; sets the error response and returns false when it is bad.
    bool check(tlm::tlm_generic_payload& gp) const;
    void copy(tlm::tlm_generic_payload& gp);

    std::vector<uint8_t> data_;
    sc_core::sc_time latency_;
    uint64_t b_transports_ = 0;
    uint64_t dmi_grants_ = 0;
};

}  // namespace mvp::example_vp
