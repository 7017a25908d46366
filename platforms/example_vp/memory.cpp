#include "memory.h"

#include <cstring>

namespace mvp::example_vp {

Memory::Memory(const sc_core::sc_module_name& name, uint64_t bytes, const sc_core::sc_time& latency)
    : sc_module(name), socket("socket"), data_(bytes), latency_(latency) {
    socket.register_b_transport(this, &Memory::b_transport);
    socket.register_get_direct_mem_ptr(this, &Memory::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &Memory::transport_dbg);
}

bool Memory::check(tlm::tlm_generic_payload& gp) const {
    const uint64_t address = gp.get_address();
    const uint64_t length = gp.get_data_length();
    if (address > data_.size() || length > data_.size() - address) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    if (gp.get_streaming_width() < length) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return false;
    }
    return true;
}

void Memory::copy(tlm::tlm_generic_payload& gp) {
    uint8_t* at = data_.data() + gp.get_address();
    const unsigned length = gp.get_data_length();
    const unsigned char* enables = gp.get_byte_enable_ptr();
    const unsigned enable_length = gp.get_byte_enable_length();
    if (!enables || enable_length == 0) {
        if (gp.is_read()) std::memcpy(gp.get_data_ptr(), at, length);
        if (gp.is_write()) std::memcpy(at, gp.get_data_ptr(), length);
    } else {
        for (unsigned i = 0; i < length; ++i) {
            if (enables[i % enable_length] != TLM_BYTE_ENABLED) continue;
            if (gp.is_read()) gp.get_data_ptr()[i] = at[i];
            if (gp.is_write()) at[i] = gp.get_data_ptr()[i];
        }
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Memory::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    ++b_transports_;
    if (!check(gp)) return;
    copy(gp);
    gp.set_dmi_allowed(true);
    delay += latency_;
}

bool Memory::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    ++dmi_grants_;
    dmi.set_dmi_ptr(data_.data());
    dmi.set_start_address(0);
    dmi.set_end_address(data_.size() - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(latency_);
    dmi.set_write_latency(latency_);
    return true;
}

unsigned Memory::transport_dbg(tlm::tlm_generic_payload& gp) {
    if (!check(gp)) return 0;
    copy(gp);
    return gp.get_data_length();
}

}  // namespace mvp::example_vp
