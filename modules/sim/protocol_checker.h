#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <map>
#include <string>
#include <systemc>
#include <tlm>

namespace mvp::sim {

// A pass-through module placed on a TLM link that checks the base protocol and reports every
// violation with SC_REPORT_ERROR (the test main turns it into a test failure):
//   - phase order per transaction: BEGIN_REQ, then END_REQ (or BEGIN_RESP), then BEGIN_RESP,
//     then END_RESP or a completion, nothing after completion;
//   - request exclusion (one transaction between BEGIN_REQ and END_REQ on the link) and
//     response exclusion (one between BEGIN_RESP and END_RESP);
//   - timing annotations: on each path, current time + delay never decreases;
//   - memory management: every non-blocking payload has a memory manager and a reference
//     count of at least 1 while it is in flight.
// b_transport, transport_dbg and DMI pass through unchecked except for the payload fields.
class ProtocolChecker : public sc_core::sc_module {
  public:
    explicit ProtocolChecker(const sc_core::sc_module_name& name);

    tlm_utils::simple_target_socket<ProtocolChecker> target;        // bind the initiator here
    tlm_utils::simple_initiator_socket<ProtocolChecker> initiator;  // bind to the target

    uint64_t violations() const { return violations_; }
    uint64_t transactions() const { return transactions_; }
    uint64_t in_flight() const { return state_.size(); }
    // Forgets the transactions in flight: both ends of the link have been reset together.
    void reset();

    // Violations found by every checker of this process.
    static uint64_t total_violations();

  private:
    enum class State : uint8_t { kRequest, kRequestAccepted, kResponse };

    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

    // Applies one phase seen on the link (fw: forward path) to the transaction's state.
    void observe(tlm::tlm_generic_payload& gp, tlm::tlm_phase phase, bool fw,
                 const sc_core::sc_time& delay);
    void complete(tlm::tlm_generic_payload& gp);
    void violation(const std::string& what, const tlm::tlm_generic_payload& gp);

    std::map<tlm::tlm_generic_payload*, State> state_;
    tlm::tlm_generic_payload* request_owner_ = nullptr;   // between BEGIN_REQ and END_REQ
    tlm::tlm_generic_payload* response_owner_ = nullptr;  // between BEGIN_RESP and END_RESP
    sc_core::sc_time last_fw_;
    sc_core::sc_time last_bw_;
    uint64_t violations_ = 0;
    uint64_t transactions_ = 0;
};

}  // namespace mvp::sim
