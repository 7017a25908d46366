#include "initiator_port.h"

#include "sim_time.h"

namespace mvp::sim {

using sc_core::sc_time;

InitiatorPort::InitiatorPort(const char* name) : socket(name, *this) {}

bool InitiatorPort::free_time_reached() const {
    // Simulated time never goes back: once reached, free_at_ stays reached until it changes.
    link_free_ = time_now() >= free_at_;
    return link_free_;
}

void InitiatorPort::send(tlm::tlm_generic_payload& gp, const sc_time& delay) {
    if (!can_send())
        SC_REPORT_FATAL("mvp/tlm", "InitiatorPort::send while the request channel is busy");
    gp.acquire();
    ++outstanding_;
    waiting_end_req_ = &gp;
    sending_ = true;  // until the callbacks of this call are done
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time d = delay;
    tlm::tlm_sync_enum status = socket->nb_transport_fw(gp, phase, d);
    if (status == tlm::TLM_ACCEPTED) {
        sending_ = false;
        return;
    }
    const sc_time at = time_now() + d;
    const bool now = d == sc_core::SC_ZERO_TIME;
    switch (status) {
        case tlm::TLM_UPDATED:
            if (phase == tlm::END_REQ) {
                end_request(at, now);
            } else if (phase == tlm::BEGIN_RESP) {
                end_request(at, now);
                deliver(gp, at);
            }
            break;
        case tlm::TLM_COMPLETED:
            // Completed on the forward call: no END_REQ follows, so the request channel is
            // free from the call; the response is valid from the annotated time.
            end_request(time_now(), true);
            deliver(gp, at);
            break;
        default:
            break;
    }
    sending_ = false;
}

void InitiatorPort::reset() {
    waiting_end_req_ = nullptr;
    free_at_ = sc_core::SC_ZERO_TIME;
    link_free_ = true;
    sending_ = false;
    outstanding_ = 0;
}

tlm::tlm_sync_enum InitiatorPort::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                  tlm::tlm_phase& phase, sc_time& delay) {
    const sc_time at = time_now() + delay;
    if (phase == tlm::BEGIN_RESP) {
        // BEGIN_RESP implies END_REQ.
        if (waiting_end_req_ == &gp) end_request(at, delay == sc_core::SC_ZERO_TIME);
        deliver(gp, at);
        return tlm::TLM_COMPLETED;
    }
    if (phase == tlm::END_REQ) {
        end_request(at, delay == sc_core::SC_ZERO_TIME);
        return tlm::TLM_ACCEPTED;
    }
    SC_REPORT_FATAL("mvp/tlm", "InitiatorPort: unexpected phase on the backward path");
    return tlm::TLM_COMPLETED;
}

void InitiatorPort::invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) {}

void InitiatorPort::end_request(const sc_time& at, bool now) {
    waiting_end_req_ = nullptr;
    free_at_ = at;
    link_free_ = now;
    if (on_ready) on_ready(at);
}

}  // namespace mvp::sim
