#pragma once

#include <functional>
#include <systemc>
#include <tlm>

#include "ring_fifo.h"

namespace mvp::sim {

// The socket of a TargetPort: a plain TLM target socket whose forward interface is the port
// itself, so that an initiator's call reaches the port in one virtual call (a simple socket
// passes it through a forwarding object and a member-function pointer, and every backward call
// through a look-up of its own blocking transactions, which a port that serves b_transport itself
// never has).
class TargetSocket : public tlm::tlm_target_socket<32, tlm::tlm_base_protocol_types> {
  public:
    TargetSocket(const char* name, tlm::tlm_fw_transport_if<>& port) : tlm_target_socket(name) {
        tlm_target_socket::bind(port);
    }
};

// The target side of a non-blocking (4-phase AT) TLM link. A request is offered to the owner
// when it arrives; the owner either takes it at once (END_REQ returned immediately) or holds
// it and calls accept() later, which is how a full queue pushes back on the initiator.
// Responses are sent in the order respond() is called, one at a time as the base protocol's
// response exclusion requires. b_transport and transport_dbg are forwarded to the owner for
// loaders and debuggers. It is the forward interface of its socket.
class TargetPort : public tlm::tlm_fw_transport_if<> {
  public:
    explicit TargetPort(const char* name);

    TargetSocket socket;

    // A request arrived, valid from `at`; return true to accept it now, false to hold it.
    std::function<bool(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at)> on_request;
    // Untimed access (b_transport) and debug access (transport_dbg); optional.
    std::function<void(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay)> on_b_transport;
    std::function<unsigned(tlm::tlm_generic_payload& gp)> on_debug;

    // The request being held (nullptr when none).
    bool holding() const { return held_ != nullptr; }
    tlm::tlm_generic_payload* held() const { return held_; }
    // Accepts the held request: END_REQ is sent now.
    void accept();
    // Sends BEGIN_RESP for gp now, or once the responses before it have ended.
    void respond(tlm::tlm_generic_payload& gp);
    // Called from on_request (which then returns true): the response is already in gp and is
    // valid from `at`. The request completes on the forward call (TLM_COMPLETED with `at` as
    // the annotated delay) instead of END_REQ now and BEGIN_RESP later: a target that knows its
    // answer at once saves the response's own call. Only with no response queued or in flight.
    void complete(const sc_core::sc_time& at) {
        completed_ = true;
        completed_at_ = at;
    }
    // No response queued or in flight: complete() keeps the responses' order.
    bool responses_idle() const { return !response_in_flight_ && responses_.empty(); }

    uint64_t pending_responses() const { return responses_.size(); }

    // Forgets the held request and the responses not yet sent (reset of a link whose two ends
    // are reset at the same time; the payloads' pools are reclaimed by their owners).
    void reset();

  private:
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) override;
    unsigned transport_dbg(tlm::tlm_generic_payload& gp) override;
    // No direct memory access (what the simple socket answers without a DMI callback).
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) override;
    void send_next_response();
    // Sends BEGIN_RESP for gp now (no response in flight).
    void begin_response(tlm::tlm_generic_payload& gp);

    tlm::tlm_generic_payload* held_ = nullptr;
    RingFifo<tlm::tlm_generic_payload*> responses_;
    bool response_in_flight_ = false;  // BEGIN_RESP sent, END_RESP not yet received
    bool completed_ = false;           // complete() called by the current on_request
    sc_core::sc_time completed_at_;
};

}  // namespace mvp::sim
