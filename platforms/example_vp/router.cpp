#include "router.h"

#include <algorithm>
#include <stdexcept>

namespace mvp::example_vp {

namespace {

const char* const kInitiatorNames[] = {"cpu_socket", "gpu_memory_socket", "gpu_dma_socket"};
const char* const kTargetNames[] = {"gpu_registers_socket", "memory_socket"};

}  // namespace

Router::Router(const sc_core::sc_module_name& name, std::vector<Region> regions)
    : sc_module(name),
      initiator_sockets{{tlm_utils::simple_target_socket_tagged<Router>(kInitiatorNames[0]),
                         tlm_utils::simple_target_socket_tagged<Router>(kInitiatorNames[1]),
                         tlm_utils::simple_target_socket_tagged<Router>(kInitiatorNames[2])}},
      target_sockets{{tlm_utils::simple_initiator_socket_tagged<Router>(kTargetNames[0]),
                      tlm_utils::simple_initiator_socket_tagged<Router>(kTargetNames[1])}},
      regions_(std::move(regions)) {
    for (size_t i = 0; i < regions_.size(); ++i) {
        const Region& r = regions_[i];
        if (r.bytes == 0 || r.base + r.bytes < r.base)
            throw std::invalid_argument(std::string(this->name()) + ": region " + r.name +
                                        " is empty or wraps around the address space");
        for (size_t j = 0; j < i; ++j) {
            const Region& o = regions_[j];
            if (r.base < o.base + o.bytes && o.base < r.base + r.bytes)
                throw std::invalid_argument(std::string(this->name()) + ": regions " + o.name +
                                            " and " + r.name + " overlap");
        }
    }
    for (int i = 0; i < kNumInitiators; ++i) {
        initiator_sockets[i].register_b_transport(this, &Router::b_transport, i);
        initiator_sockets[i].register_transport_dbg(this, &Router::transport_dbg, i);
        initiator_sockets[i].register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr, i);
    }
    for (int t = 0; t < kNumTargets; ++t)
        target_sockets[t].register_invalidate_direct_mem_ptr(this,
                                                             &Router::invalidate_direct_mem_ptr, t);
}

const Router::Region* Router::decode(uint64_t address, uint64_t bytes) const {
    for (const Region& r : regions_)
        if (address >= r.base && address - r.base < r.bytes &&
            bytes <= r.bytes - (address - r.base))
            return &r;
    return nullptr;
}

void Router::b_transport(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const uint64_t address = gp.get_address();
    const Region* r = decode(address, gp.get_data_length());
    if (!r) {
        ++decode_errors_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    gp.set_address(address - r->base);
    target_sockets[r->target]->b_transport(gp, delay);
    gp.set_address(address);
}

unsigned Router::transport_dbg(int, tlm::tlm_generic_payload& gp) {
    const uint64_t address = gp.get_address();
    const Region* r = decode(address, gp.get_data_length());
    if (!r) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    gp.set_address(address - r->base);
    const unsigned bytes = target_sockets[r->target]->transport_dbg(gp);
    gp.set_address(address);
    return bytes;
}

bool Router::get_direct_mem_ptr(int, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    const uint64_t address = gp.get_address();
    const Region* r = decode(address, 1);
    if (!r) {
        // No DMI for a hole: the whole hole around the address, as far as the router knows it.
        dmi.set_start_address(address);
        dmi.set_end_address(address);
        dmi.allow_none();
        return false;
    }
    gp.set_address(address - r->base);
    const bool granted = target_sockets[r->target]->get_direct_mem_ptr(gp, dmi);
    gp.set_address(address);
    // The target's range is in its own addresses (from 0): clip it to the region's end and move
    // it to bus addresses.
    dmi.set_start_address(r->base + dmi.get_start_address());
    dmi.set_end_address(r->base + std::min<uint64_t>(dmi.get_end_address(), r->bytes - 1));
    return granted;
}

void Router::invalidate_direct_mem_ptr(int target, sc_dt::uint64 start, sc_dt::uint64 end) {
    for (const Region& r : regions_) {
        if (r.target != target || start >= r.bytes) continue;
        const uint64_t bus_start = r.base + start;
        const uint64_t bus_end = r.base + std::min<uint64_t>(end, r.bytes - 1);
        for (auto& socket : initiator_sockets)
            socket->invalidate_direct_mem_ptr(bus_start, bus_end);
    }
}

}  // namespace mvp::example_vp
