#include "host_bus.h"

#include <stdexcept>
#include <string>

namespace mvp {

HostBus::HostBus(const sc_core::sc_module_name& name)
    : sc_module(name), socket("socket"), irq("irq") {
    SC_HAS_PROCESS(HostBus);
    SC_METHOD(on_irq);
    sensitive << irq.pos();
    dont_initialize();
}

void HostBus::on_irq() {
    interrupted_ = true;
    sc_core::sc_pause();
}

namespace {

// A 32-bit register access at `offset`, to or from `*value`.
void set_word(tlm::tlm_generic_payload& gp, tlm::tlm_command cmd, uint32_t offset,
              uint32_t* value) {
    gp.set_command(cmd);
    gp.set_address(offset);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(value));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
}

void access(tlm_utils::simple_initiator_socket<HostBus>& socket, tlm::tlm_command cmd,
            uint32_t offset, uint32_t* value) {
    tlm::tlm_generic_payload gp;
    set_word(gp, cmd, offset, value);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(gp, delay);
    if (!gp.is_response_ok())
        throw std::runtime_error("register access at offset " + std::to_string(offset) +
                                 " failed: " + gp.get_response_string());
}

}  // namespace

uint32_t HostBus::read(uint32_t offset) {
    uint32_t v = 0;
    access(socket, tlm::TLM_READ_COMMAND, offset, &v);
    return v;
}

void HostBus::write(uint32_t offset, uint32_t value) {
    access(socket, tlm::TLM_WRITE_COMMAND, offset, &value);
}

uint32_t HostBus::peek(uint32_t offset) {
    uint32_t v = 0;
    tlm::tlm_generic_payload gp;
    set_word(gp, tlm::TLM_READ_COMMAND, offset, &v);
    if (socket->transport_dbg(gp) != 4)
        throw std::runtime_error("debug register read at offset " + std::to_string(offset) +
                                 " failed");
    return v;
}

}  // namespace mvp
