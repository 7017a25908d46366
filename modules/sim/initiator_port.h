#pragma once

#include <functional>
#include <systemc>
#include <tlm>

namespace mvp::sim {

// The socket of an InitiatorPort: a plain TLM initiator socket whose backward interface is the
// port itself, so that a target's call reaches the port in one virtual call (a simple socket
// passes it through a forwarding object and a member-function pointer).
class InitiatorSocket : public tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types> {
  public:
    InitiatorSocket(const char* name, tlm::tlm_bw_transport_if<>& port)
        : tlm_initiator_socket(name) {
        tlm_initiator_socket::bind(port);
    }
};

// The initiator side of a non-blocking (4-phase AT) TLM link, for blocks that keep several
// requests outstanding. It enforces request exclusion (one BEGIN_REQ until its END_REQ) and
// hands every response to the owner, ending it at once (TLM_COMPLETED on BEGIN_RESP), so the
// target can send the next response without waiting. A target that completes a request on the
// forward call (TLM_COMPLETED, the response valid after the annotated delay) frees the request
// channel at the call. It is the backward interface of its socket.
class InitiatorPort : public tlm::tlm_bw_transport_if<> {
  public:
    explicit InitiatorPort(const char* name);

    InitiatorSocket socket;

    // The response of gp has arrived; it is valid from `at` (simulated time, >= now).
    std::function<void(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at)> on_response;
    // The link accepts a new request again (END_REQ), from `at`.
    std::function<void(const sc_core::sc_time& at)> on_ready;

    // True when no request is waiting for END_REQ and the last END_REQ has taken effect.
    bool can_send() const {
        return waiting_end_req_ == nullptr && (link_free_ || free_time_reached());
    }
    // Sends BEGIN_REQ with the annotated delay. The payload must come from a MemoryManager;
    // the port holds a reference until the response has been delivered.
    void send(tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay = sc_core::SC_ZERO_TIME);

    uint64_t outstanding() const { return outstanding_; }
    // True during send(): an on_ready or on_response then comes from the owner's own call (a
    // target that took the request at once), not from a later event.
    bool sending() const { return sending_; }

    // Forgets every transaction on the link (reset of a link whose two ends are reset at the
    // same time: the target forgets them too and the payloads' pools are reclaimed), so the
    // next send() starts a fresh link.
    void reset();

  private:
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) override;
    // `now`: `at` is the current time (END_REQ without delay).
    void end_request(const sc_core::sc_time& at, bool now);
    bool free_time_reached() const;
    void deliver(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        --outstanding_;
        if (on_response) on_response(gp, at);
        gp.release();
    }

    tlm::tlm_generic_payload* waiting_end_req_ = nullptr;
    sc_core::sc_time free_at_;
    mutable bool link_free_ = true;  // free_at_ has been reached
    bool sending_ = false;
    uint64_t outstanding_ = 0;
};

}  // namespace mvp::sim
