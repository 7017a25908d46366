#include "occ.h"

#include <algorithm>

#include "modules/config/config.h"
#include "modules/sim/sim_time.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

Occ::Params Occ::Params::from_config(const config::Config& config) {
    Params p;
    p.local_mem_size = static_cast<uint32_t>(config.get_int("mvpgpu_local_mem_size"));
    p.latency = static_cast<unsigned>(config.get_int("mvpgpu_occ_latency"));
    return p;
}

Occ::Occ(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params)
    : sc_module(name),
      port("port"),
      local_port("local_port"),
      dcc_port("dcc_port"),
      clock_(clock),
      params_(params),
      stats_(this->name()) {
    if (params_.latency == 0) SC_REPORT_FATAL("mvp/occ", "the decode latency must be at least 1");
    clock_.attach(this);
    local_.port = &local_port;
    dcc_.port = &dcc_port;
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        return on_request(gp, at);
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        route(gp.get_address()).socket->b_transport(gp, delay);
    };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) {
        return route(gp.get_address()).socket->transport_dbg(gp);
    };
    local_port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_local_response(gp, at);
    };
    dcc_port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_response(gp, at);
    };
    for (Output* out : {&local_, &dcc_})
        out->port->on_ready = [this, out](const sc_core::sc_time& at) { on_ready(*out, at); };

    stats_.add("local_requests", &local_requests_, "requests routed to the local memory");
    stats_.add("dcc_requests", &dcc_requests_, "requests routed to the DCC");
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    traced_ = vcd.enabled();  // this block's queue depth or local memory's may be traced
    vcd.trace(std::string(this->name()) + ".queue_depth", &queue_depth_);
}

bool Occ::idle() const {
    return decode_.empty() && local_.queue.empty() && dcc_.queue.empty() && responses_.empty() &&
           local_responses_.empty();
}

bool Occ::on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    // Sent at edge a: decoded during `latency` cycles, leaves at a + latency (and never in
    // the edge it arrived at).
    uint64_t cycle = std::max(clock_.cycle_at_or_after(at) + params_.latency, clock_.now() + 1);
    // A local request with nothing before it to decode or to send (the local link free) leaves
    // at `cycle` whatever happens in between: it is sent now with its departure annotated, so
    // that local memory sees it arrive at that edge, and this block's tick there is saved. The
    // VCD's queue depths would show it gone early, so a traced run decodes it.
    if (is_local(gp.get_address()) && decode_.empty() && local_.queue.empty() && !traced_ &&
        can_send(local_, clock_.now())) {
        ++local_requests_;
        passing_ = &gp;
        send(local_, gp, clock_.time_of(cycle) - sim::time_now());
        passing_ = nullptr;
        if (passed_cycle_ != kNotPassed) {
            port.complete(clock_.time_of(passed_cycle_));
            passed_cycle_ = kNotPassed;
        }
        return true;
    }
    decode_.push_back({&gp, cycle});
    ++queue_depth_;
    schedule_.wake_at(cycle);
    return true;
}

void Occ::on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    // A multiplexer: a response valid now goes straight back; one annotated for later waits.
    if (at <= sim::time_now()) {
        port.respond(gp);
        return;
    }
    gp.acquire();  // the initiator port releases its reference when this call returns
    uint64_t cycle = clock_.cycle_at_or_after(at);
    responses_.push(cycle, &gp);
    schedule_.wake_at(cycle);
}

void Occ::on_local_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    if (at <= sim::time_now()) {
        port.respond(gp);
        return;
    }
    // Completed on the forward call for a later edge: passed back at the end of this block's
    // tick at that edge, where local memory's tick (the next block) would have sent it.
    const uint64_t cycle = clock_.cycle_at_or_after(at);
    // When it answers a request sent from on_request and nothing could reach the LD/ST before
    // it at that edge, the request is completed on the LD/ST's forward call as well, with the
    // same edge: the LD/ST registers it at the next, as it would the response sent in the tick,
    // and the tick is saved. Before it at that edge would come only a delayed DCC response
    // (the DCC answers from its own tick, after this block's, so none is ever queued here),
    // a local response queued earlier for the same edge, or one still held by the port.
    if (passing_ == &gp && responses_.empty() && port.responses_idle() &&
        (local_responses_.empty() || local_responses_.latest_cycle() < cycle)) {
        passed_cycle_ = cycle;
        return;
    }
    gp.acquire();  // the initiator port releases its reference when this call returns
    local_responses_.push(cycle, &gp);
    schedule_.wake_at(cycle);
}

void Occ::on_ready(Output& out, const sc_core::sc_time& at) {
    out.waiting = false;
    if (out.port->sending()) return;  // accepted at once: the link is free in this cycle
    out.free_from = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
    schedule_.wake_at(out.free_from);
}

void Occ::drain(Output& out, uint64_t now) {
    while (!out.queue.empty() && out.queue.front().cycle <= now && can_send(out, now)) {
        tlm::tlm_generic_payload* gp = out.queue.front().gp;
        out.queue.pop_front();
        send(out, *gp);
    }
}

void Occ::send(Output& out, tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay) {
    out.waiting = true;  // cleared by on_ready, at once if the target takes it now
    out.port->send(gp, delay);
}

void Occ::reset() {
    port.reset();
    decode_.clear();
    for (Output* out : {&local_, &dcc_}) {
        out->port->reset();
        out->queue.clear();
        out->free_from = 0;
        out->waiting = false;
    }
    responses_.clear();  // their extra references go with the reclaimed pools
    local_responses_.clear();
    queue_depth_ = 0;
    schedule_.sleep();
}

void Occ::tick() {
    uint64_t now = clock_.now();
    schedule_.ticking(now);
    while (!responses_.empty() && responses_.next_cycle() <= now) {
        tlm::tlm_generic_payload* gp = responses_.front();
        responses_.pop();
        port.respond(*gp);
        gp->release();
    }
    while (!decode_.empty() && decode_.front().cycle <= now) {
        Pending p = decode_.front();
        decode_.pop_front();
        if (is_local(p.gp->get_address())) {
            ++local_requests_;
            local_.queue.push_back(p);
        } else {
            ++dcc_requests_;
            dcc_.queue.push_back(p);
        }
    }
    drain(local_, now);
    drain(dcc_, now);
    while (!local_responses_.empty() && local_responses_.next_cycle() <= now) {
        tlm::tlm_generic_payload* gp = local_responses_.front();
        local_responses_.pop();
        port.respond(*gp);
        gp->release();
    }
    queue_depth_ = static_cast<uint32_t>(decode_.size() + local_.queue.size() + dcc_.queue.size());

    // Sleep until the next decode completes, a held link frees, or a response is due; a link
    // waiting for END_REQ wakes us through on_ready.
    uint64_t next = UINT64_MAX;
    if (!decode_.empty()) next = decode_.front().cycle;
    if (!responses_.empty()) next = std::min(next, responses_.next_cycle());
    if (!local_responses_.empty()) next = std::min(next, local_responses_.next_cycle());
    for (const Output* out : {&local_, &dcc_}) {
        if (out->queue.empty() || out->waiting) continue;
        next = std::min(next, std::max({out->queue.front().cycle, out->free_from, now + 1}));
    }
    schedule_.sleep_until(now, next);
}

}  // namespace mvp
