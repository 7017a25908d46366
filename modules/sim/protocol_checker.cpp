#include "protocol_checker.h"

#include <atomic>
#include <cstdio>

#include "sim_time.h"

namespace mvp::sim {

using sc_core::sc_time;

namespace {
std::atomic<uint64_t> g_total_violations{0};  // checkers run on the SPs' host threads too
}  // namespace

uint64_t ProtocolChecker::total_violations() { return g_total_violations.load(); }

ProtocolChecker::ProtocolChecker(const sc_core::sc_module_name& name)
    : sc_module(name), target("target"), initiator("initiator") {
    target.register_nb_transport_fw(this, &ProtocolChecker::nb_transport_fw);
    target.register_b_transport(this, &ProtocolChecker::b_transport);
    target.register_transport_dbg(this, &ProtocolChecker::transport_dbg);
    target.register_get_direct_mem_ptr(this, &ProtocolChecker::get_direct_mem_ptr);
    initiator.register_nb_transport_bw(this, &ProtocolChecker::nb_transport_bw);
    initiator.register_invalidate_direct_mem_ptr(this, &ProtocolChecker::invalidate_direct_mem_ptr);
}

void ProtocolChecker::violation(const std::string& what, const tlm::tlm_generic_payload& gp) {
    ++violations_;
    ++g_total_violations;
    char addr[32];
    std::snprintf(addr, sizeof addr, "0x%08llx", static_cast<unsigned long long>(gp.get_address()));
    std::string msg = std::string(name()) + ": " + what + " (payload at address " + addr +
                      ", time " + time_now().to_string() + ")";
    SC_REPORT_ERROR("mvp/tlm_checker", msg.c_str());
}

void ProtocolChecker::reset() {
    state_.clear();
    request_owner_ = nullptr;
    response_owner_ = nullptr;
}

void ProtocolChecker::complete(tlm::tlm_generic_payload& gp) {
    state_.erase(&gp);
    if (request_owner_ == &gp) request_owner_ = nullptr;
    if (response_owner_ == &gp) response_owner_ = nullptr;
}

void ProtocolChecker::observe(tlm::tlm_generic_payload& gp, tlm::tlm_phase phase, bool fw,
                              const sc_time& delay) {
    sc_time at = time_now() + delay;
    sc_time& last = fw ? last_fw_ : last_bw_;
    if (at < last)
        violation("timing annotation goes back in time on the " +
                      std::string(fw ? "forward" : "backward") + " path",
                  gp);
    last = at;
    if (!gp.has_mm())
        violation("non-blocking payload without a memory manager", gp);
    else if (gp.get_ref_count() < 1)
        violation("payload in flight with reference count 0", gp);

    auto it = state_.find(&gp);
    if (phase == tlm::BEGIN_REQ) {
        if (!fw) violation("BEGIN_REQ on the backward path", gp);
        if (it != state_.end()) violation("BEGIN_REQ for a transaction already in flight", gp);
        if (request_owner_) violation("BEGIN_REQ before END_REQ of the previous request", gp);
        state_[&gp] = State::kRequest;
        request_owner_ = &gp;
        ++transactions_;
        return;
    }
    if (it == state_.end()) {
        violation(std::string(phase.get_name()) + " for a transaction not in flight", gp);
        return;
    }
    if (phase == tlm::END_REQ) {
        if (fw) violation("END_REQ on the forward path", gp);
        if (it->second != State::kRequest) violation("END_REQ twice", gp);
        it->second = State::kRequestAccepted;
        if (request_owner_ == &gp) request_owner_ = nullptr;
    } else if (phase == tlm::BEGIN_RESP) {
        if (fw) violation("BEGIN_RESP on the forward path", gp);
        if (it->second == State::kResponse) violation("BEGIN_RESP twice", gp);
        if (response_owner_) violation("BEGIN_RESP before END_RESP of the previous response", gp);
        if (request_owner_ == &gp) request_owner_ = nullptr;
        it->second = State::kResponse;
        response_owner_ = &gp;
    } else if (phase == tlm::END_RESP) {
        if (!fw) violation("END_RESP on the backward path", gp);
        if (it->second != State::kResponse) violation("END_RESP before BEGIN_RESP", gp);
        complete(gp);
    } else {
        violation("unknown phase", gp);
    }
}

tlm::tlm_sync_enum ProtocolChecker::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                    tlm::tlm_phase& phase, sc_time& delay) {
    observe(gp, phase, true, delay);
    tlm::tlm_phase sent = phase;
    tlm::tlm_sync_enum status = initiator->nb_transport_fw(gp, phase, delay);
    if (status == tlm::TLM_UPDATED) {
        observe(gp, phase, false, delay);
    } else if (status == tlm::TLM_COMPLETED) {
        if (sent == tlm::BEGIN_REQ || sent == tlm::END_REQ) {
            if (state_.count(&gp)) complete(gp);
        }
    }
    return status;
}

tlm::tlm_sync_enum ProtocolChecker::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                    tlm::tlm_phase& phase, sc_time& delay) {
    observe(gp, phase, false, delay);
    tlm::tlm_phase sent = phase;
    tlm::tlm_sync_enum status = target->nb_transport_bw(gp, phase, delay);
    if (status == tlm::TLM_UPDATED) {
        observe(gp, phase, true, delay);
    } else if (status == tlm::TLM_COMPLETED && sent == tlm::BEGIN_RESP) {
        complete(gp);
    }
    return status;
}

void ProtocolChecker::b_transport(tlm::tlm_generic_payload& gp, sc_time& delay) {
    initiator->b_transport(gp, delay);
}

unsigned ProtocolChecker::transport_dbg(tlm::tlm_generic_payload& gp) {
    return initiator->transport_dbg(gp);
}

bool ProtocolChecker::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    return initiator->get_direct_mem_ptr(gp, dmi);
}

void ProtocolChecker::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    target->invalidate_direct_mem_ptr(start, end);
}

}  // namespace mvp::sim
