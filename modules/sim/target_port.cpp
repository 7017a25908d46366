#include "target_port.h"

#include "sim_time.h"

namespace mvp::sim {

using sc_core::sc_time;

TargetPort::TargetPort(const char* name) : socket(name, *this) {}

tlm::tlm_sync_enum TargetPort::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                               sc_time& delay) {
    if (phase == tlm::BEGIN_REQ) {
        if (held_) SC_REPORT_FATAL("mvp/tlm", "TargetPort: BEGIN_REQ before END_REQ");
        gp.acquire();
        sc_time at = time_now() + delay;
        if (on_request(gp, at)) {
            if (completed_) {
                completed_ = false;
                delay = completed_at_ - time_now();
                gp.release();
                return tlm::TLM_COMPLETED;
            }
            phase = tlm::END_REQ;
            return tlm::TLM_UPDATED;
        }
        held_ = &gp;
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::END_RESP) {
        response_in_flight_ = false;
        send_next_response();
        return tlm::TLM_COMPLETED;
    }
    SC_REPORT_FATAL("mvp/tlm", "TargetPort: unexpected phase on the forward path");
    return tlm::TLM_COMPLETED;
}

void TargetPort::accept() {
    if (!held_) return;
    tlm::tlm_generic_payload* gp = held_;
    held_ = nullptr;
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(*gp, phase, delay);
}

void TargetPort::reset() {
    held_ = nullptr;
    responses_.clear();
    response_in_flight_ = false;
}

void TargetPort::respond(tlm::tlm_generic_payload& gp) {
    if (response_in_flight_ || !responses_.empty()) {
        responses_.push_back(&gp);
        send_next_response();
        return;
    }
    begin_response(gp);
    if (!responses_.empty()) send_next_response();  // queued while gp was being delivered
}

void TargetPort::send_next_response() {
    while (!response_in_flight_ && !responses_.empty()) {
        tlm::tlm_generic_payload* gp = responses_.front();
        responses_.pop_front();
        begin_response(*gp);
    }
}

void TargetPort::begin_response(tlm::tlm_generic_payload& gp) {
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    response_in_flight_ = true;
    tlm::tlm_sync_enum status = socket->nb_transport_bw(gp, phase, delay);
    if (status == tlm::TLM_COMPLETED || (status == tlm::TLM_UPDATED && phase == tlm::END_RESP))
        response_in_flight_ = false;
    gp.release();
}

void TargetPort::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    if (on_b_transport) {
        on_b_transport(gp, delay);
    } else {
        gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    }
}

unsigned TargetPort::transport_dbg(tlm::tlm_generic_payload& gp) {
    return on_debug ? on_debug(gp) : 0;
}

bool TargetPort::get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi& dmi) {
    dmi.allow_read_write();
    dmi.set_start_address(0);
    dmi.set_end_address(~sc_dt::uint64{0});
    return false;
}

}  // namespace mvp::sim
