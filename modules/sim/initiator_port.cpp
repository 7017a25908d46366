#include "initiator_port.h"

namespace mvp::sim {

using sc_core::sc_time;

InitiatorPort::InitiatorPort(const char* name) : socket(name) {
    socket.register_nb_transport_bw(this, &InitiatorPort::nb_transport_bw);
}

bool InitiatorPort::can_send() const {
    return waiting_end_req_ == nullptr && sc_core::sc_time_stamp() >= free_at_;
}

void InitiatorPort::send(tlm::tlm_generic_payload& gp, const sc_time& delay) {
    if (!can_send())
        SC_REPORT_FATAL("mvp/tlm", "InitiatorPort::send while the request channel is busy");
    gp.acquire();
    ++outstanding_;
    waiting_end_req_ = &gp;
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time d = delay;
    tlm::tlm_sync_enum status = socket->nb_transport_fw(gp, phase, d);
    sc_time at = sc_core::sc_time_stamp() + d;
    switch (status) {
        case tlm::TLM_ACCEPTED:
            break;
        case tlm::TLM_UPDATED:
            if (phase == tlm::END_REQ) {
                end_request(at);
            } else if (phase == tlm::BEGIN_RESP) {
                end_request(at);
                deliver(gp, at);
            }
            break;
        case tlm::TLM_COMPLETED:
            end_request(at);
            deliver(gp, at);
            break;
    }
}

void InitiatorPort::reset() {
    waiting_end_req_ = nullptr;
    free_at_ = sc_core::SC_ZERO_TIME;
    outstanding_ = 0;
}

tlm::tlm_sync_enum InitiatorPort::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                  tlm::tlm_phase& phase, sc_time& delay) {
    sc_time at = sc_core::sc_time_stamp() + delay;
    if (phase == tlm::END_REQ) {
        end_request(at);
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        if (waiting_end_req_ == &gp) end_request(at);  // BEGIN_RESP implies END_REQ
        deliver(gp, at);
        return tlm::TLM_COMPLETED;
    }
    SC_REPORT_FATAL("mvp/tlm", "InitiatorPort: unexpected phase on the backward path");
    return tlm::TLM_COMPLETED;
}

void InitiatorPort::end_request(const sc_time& at) {
    waiting_end_req_ = nullptr;
    free_at_ = at;
    if (on_ready) on_ready(at);
}

void InitiatorPort::deliver(tlm::tlm_generic_payload& gp, const sc_time& at) {
    --outstanding_;
    if (on_response) on_response(gp, at);
    gp.release();
}

}  // namespace mvp::sim
