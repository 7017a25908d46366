#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

namespace mvp::example_vp {

// The example VP's system bus: a router that decodes each access's address into one of its
// regions and forwards it to that region's target with the region's base subtracted
// (b_transport, transport_dbg and get_direct_mem_ptr, whose granted range it translates back
// to bus addresses and clips to the region). invalidate_direct_mem_ptr from a target goes back,
// translated, to every initiator. An address that falls in no region, or an access that runs
// past its region's end, is answered with TLM_ADDRESS_ERROR_RESPONSE. Initiators that speak
// nb_transport (the GPU's DMA engine) are served through the target sockets' conversion to
// b_transport. The router adds no delay of its own: arbitration and contention are not
// modelled.
class Router : public sc_core::sc_module {
  public:
    enum Initiator { kCpu, kGpuMemory, kGpuDma, kNumInitiators };
    enum Target { kGpuRegisters, kMemory, kNumTargets };
    struct Region {
        std::string name;
        uint64_t base = 0;
        uint64_t bytes = 0;
        Target target = kMemory;
    };

    Router(const sc_core::sc_module_name& name, std::vector<Region> regions);

    // Indexed by Initiator and by Target.
    std::array<tlm_utils::simple_target_socket_tagged<Router>, kNumInitiators> initiator_sockets;
    std::array<tlm_utils::simple_initiator_socket_tagged<Router>, kNumTargets> target_sockets;

    const std::vector<Region>& regions() const { return regions_; }
    uint64_t decode_errors() const { return decode_errors_; }

  private:
    // The region that holds [address, address + bytes), or nullptr.
    const Region* decode(uint64_t address, uint64_t bytes) const;
    void b_transport(int initiator, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(int initiator, tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(int initiator, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    void invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end);

    std::vector<Region> regions_;
    uint64_t decode_errors_ = 0;
};

}  // namespace mvp::example_vp
