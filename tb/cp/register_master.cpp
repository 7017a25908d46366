#include "register_master.h"

#include <cstring>

namespace mvp::tb {

using sc_core::sc_time;

RegisterMaster::RegisterMaster(const sc_core::sc_module_name& name, Mode mode)
    : sc_module(name), port("port"), irq("irq"), mode_(mode) {
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        if (&gp != waiting_) return;
        last_response = at;
        responded_ = true;
        response_event_.notify(at - sc_core::sc_time_stamp());
    };
    port.on_ready = [this](const sc_time& at) {
        last_end_req = at;
        ready_event_.notify(at - sc_core::sc_time_stamp());
    };
    keeper_.reset();
    SC_HAS_PROCESS(RegisterMaster);
    SC_THREAD(run);
}

void RegisterMaster::run() {
    if (script) script(*this);
    keeper_.sync();
}

sc_time RegisterMaster::local_time() const { return keeper_.get_current_time(); }

void RegisterMaster::sync_if_needed() {
    if (!keeper_.need_sync()) return;
    keeper_.sync();
    ++syncs_;
}

void RegisterMaster::work(const sc_time& t) {
    if (mode_ == Mode::kLooselyTimed) {
        keeper_.inc(t);
        sync_if_needed();
    } else {
        wait(t);
    }
}

void RegisterMaster::wait_irq() {
    if (mode_ == Mode::kLooselyTimed) {
        keeper_.sync();
        ++syncs_;
    }
    while (!irq.read()) wait(irq.value_changed_event());
}

tlm::tlm_response_status RegisterMaster::access(tlm::tlm_command command, uint64_t address,
                                                uint8_t* data, unsigned length,
                                                const uint8_t* byte_enables,
                                                unsigned byte_enable_length) {
    ++accesses_;
    tlm::tlm_generic_payload* gp = mm_.allocate();
    gp->set_command(command);
    gp->set_address(address);
    gp->set_data_length(length);
    gp->set_streaming_width(length);
    std::memcpy(gp->get_data_ptr(), data, length);
    uint8_t be[16];
    if (byte_enables) {
        std::memcpy(be, byte_enables, byte_enable_length);
        gp->set_byte_enable_ptr(be);
        gp->set_byte_enable_length(byte_enable_length);
    }
    if (mode_ == Mode::kLooselyTimed) {
        sc_time delay = keeper_.get_local_time();
        port.socket->b_transport(*gp, delay);
        keeper_.set(delay);
        sync_if_needed();
    } else {
        while (!port.can_send()) wait(ready_event_);
        waiting_ = gp;
        responded_ = false;
        port.send(*gp);
        if (!responded_) wait(response_event_);
        if (sc_core::sc_time_stamp() < last_response)
            wait(last_response - sc_core::sc_time_stamp());
        waiting_ = nullptr;
    }
    std::memcpy(data, gp->get_data_ptr(), length);
    gp->set_byte_enable_ptr(nullptr);
    const tlm::tlm_response_status status = gp->get_response_status();
    gp->release();
    return status;
}

uint32_t RegisterMaster::read(uint64_t address) {
    uint8_t b[4] = {};
    if (access(tlm::TLM_READ_COMMAND, address, b, 4) != tlm::TLM_OK_RESPONSE)
        SC_REPORT_ERROR("mvp/tb", "register read failed");
    uint32_t v;
    std::memcpy(&v, b, 4);
    return v;
}

void RegisterMaster::write(uint64_t address, uint32_t value) {
    uint8_t b[4];
    std::memcpy(b, &value, 4);
    if (access(tlm::TLM_WRITE_COMMAND, address, b, 4) != tlm::TLM_OK_RESPONSE)
        SC_REPORT_ERROR("mvp/tb", "register write failed");
}

}  // namespace mvp::tb
