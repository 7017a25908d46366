#include "xi.h"

#include <algorithm>

#include "modules/config/config.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using sc_core::sc_time;

XiParams XiParams::from_config(const config::Config& c) {
    XiParams p;
    p.max_outstanding = static_cast<unsigned>(c.get_int("mvpgpu_xi_max_outstanding"));
    p.queue_depth = static_cast<unsigned>(c.get_int("mvpgpu_xi_queue_depth"));
    p.latency = static_cast<unsigned>(c.get_int("mvpgpu_xi_latency"));
    return p;
}

const char* Xi::client_name(Client c) {
    switch (c) {
        case kIcc:
            return "icc";
        case kDcc:
            return "dcc";
        case kDma:
            return "dma";
        default:
            return "none";
    }
}

Xi::Xi(const sc_core::sc_module_name& name, sim::ClockDomain& core, const XiParams& params)
    : sc_module(name),
      icc("icc"),
      dcc("dcc"),
      dma("dma"),
      noc("noc"),
      core_(core),
      params_(params),
      ports_{&icc, &dcc, &dma},
      stats_(this->name()) {
    if (params_.max_outstanding == 0 || params_.queue_depth == 0 || params_.latency == 0) {
        SC_REPORT_ERROR("mvp/xi", "max_outstanding, queue_depth and latency must be at least 1");
        params_.max_outstanding = std::max(params_.max_outstanding, 1u);
        params_.queue_depth = std::max(params_.queue_depth, 1u);
        params_.latency = std::max(params_.latency, 1u);
    }
    core_.attach(this);
    for (unsigned c = 0; c < kClients; ++c) {
        ports_[c]->on_request = [this, c](tlm::tlm_generic_payload& gp, const sc_time& at) {
            return on_request(static_cast<Client>(c), gp, at);
        };
        // Debug access (loaders, debuggers, the dispatcher's stores into a private area)
        // passes straight through to the interconnect.
        ports_[c]->on_debug = [this](tlm::tlm_generic_payload& gp) {
            return noc.socket->transport_dbg(gp);
        };
    }
    noc.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        on_response(gp, at);
    };
    noc.on_ready = [this](const sc_time& at) { on_ready(at); };

    stats_.add("forwarded", &forwarded_, "requests forwarded to the interconnect");
    stats_.add("outstanding", &outstanding_sampler_,
               "requests outstanding (granted, response not yet returned), per core cycle");
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    const std::string base = this->name();
    for (unsigned c = 0; c < kClients; ++c) {
        ClientState& s = clients_[c];
        const char* cn = client_name(static_cast<Client>(c));
        client_stats_[c] = std::make_unique<sim::StatGroup>(base + "." + cn);
        sim::StatGroup& g = *client_stats_[c];
        g.add("requests", &s.requests, std::string("requests received from the ") + cn);
        g.add("grants", &s.grants, "requests granted by the arbiter");
        g.add("responses", &s.responses, "responses returned to the client");
        g.add("queue_wait", &s.queue_wait,
              "cycles from the edge a request is first seen to its grant");
        g.add("backpressure_cycles", &s.backpressure_cycles,
              "cycles requests were held at the port because the queue was full");
        vcd.trace(base + "." + cn + "_queue_depth", &s.depth);
    }
    vcd.trace(base + ".outstanding", &outstanding_);
    vcd.trace(base + ".grant_id", &grant_id_);
}

uint64_t Xi::seen_cycle(const sc_time& at) const {
    // An input sent at an edge is seen by the XI's logic at the next edge, whichever process
    // ran first at that edge.
    return std::max(core_.cycle_at_or_after(at), core_.now() + 1);
}

bool Xi::on_request(Client c, tlm::tlm_generic_payload& gp, const sc_time& at) {
    ClientState& s = clients_[c];
    ++s.requests;
    uint64_t ready = seen_cycle(at);
    if (s.queue.size() < params_.queue_depth) {
        s.queue.push_back({&gp, ready, ready});
        s.depth = static_cast<uint32_t>(s.queue.size());
        schedule_.wake_at(ready);
        return true;
    }
    // Queue full: hold the request (no END_REQ) until an entry frees.
    s.holding = true;
    s.held = {&gp, ready, ready};
    return false;
}

void Xi::on_response(tlm::tlm_generic_payload& gp, const sc_time& at) {
    const Client* owner = owner_.find(&gp);
    if (!owner) {
        SC_REPORT_ERROR("mvp/xi", "response for a request the XI did not forward");
        return;
    }
    const uint64_t cycle = seen_cycle(at) + params_.latency - 1;
    returns_.push(cycle, Return{&gp, *owner});
    owner_.erase(&gp);
    schedule_.wake_at(cycle);
}

void Xi::on_ready(const sc_time& at) {
    // END_REQ from the interconnect: the next request may leave at the following edge.
    noc_free_cycle_ = std::max(noc_free_cycle_, seen_cycle(at));
    if (!outbound_.empty()) schedule_.wake_at(noc_free_cycle_);
}

void Xi::account_outstanding(uint64_t now) {
    // The count is constant between changes: one sample per cycle, added in bulk.
    if (now <= outstanding_since_) return;
    uint64_t n = now - outstanding_since_;
    outstanding_sampler_.count += n;
    outstanding_sampler_.sum += static_cast<double>(outstanding_) * static_cast<double>(n);
    outstanding_sampler_.max =
        std::max(outstanding_sampler_.max, static_cast<double>(outstanding_));
    outstanding_since_ = now;
}

void Xi::reset() {
    account_outstanding(core_.now());
    outstanding_ = 0;
    for (unsigned c = 0; c < kClients; ++c) {
        ports_[c]->reset();
        ClientState& s = clients_[c];
        s.queue.clear();
        s.holding = false;
        s.depth = 0;
    }
    noc.reset();
    outbound_.clear();
    returns_.clear();
    owner_.clear();
    noc_free_cycle_ = 0;
    grant_id_ = 0;
    schedule_.sleep();
}

void Xi::tick() {
    const uint64_t now = core_.now();
    schedule_.ticking(now);
    grant_id_ = 0;

    // Responses whose return edge has come go back to the client that issued them.
    while (!returns_.empty() && returns_.next_cycle() <= now) {
        Return r = returns_.front();
        returns_.pop();
        ++clients_[r.client].responses;
        account_outstanding(now);
        --outstanding_;
        ports_[r.client]->respond(*r.gp);
    }

    // The outbound stage sends at most one request per edge, once the interconnect has ended
    // the previous one.
    auto try_send = [&] {
        if (outbound_.empty() || outbound_.front().send_cycle > now || now < noc_free_cycle_ ||
            !noc.can_send())
            return;
        tlm::tlm_generic_payload* gp = outbound_.front().gp;
        outbound_.pop_front();
        ++forwarded_;
        noc_free_cycle_ = now + 1;
        noc.send(*gp);
    };
    try_send();

    // Fixed-priority arbitration: the first client (ICC, DCC, DMA) whose queue head is ready
    // wins, if the outstanding limit and the outbound stage (latency entries) allow a grant.
    if (outstanding_ < params_.max_outstanding && outbound_.size() < params_.latency) {
        for (unsigned c = 0; c < kClients; ++c) {
            ClientState& s = clients_[c];
            if (s.queue.empty() || s.queue.front().eligible > now) continue;
            Request r = s.queue.front();
            s.queue.pop_front();
            s.queue_wait.sample(static_cast<double>(now - r.ready));
            ++s.grants;
            account_outstanding(now);
            ++outstanding_;
            owner_[r.gp] = static_cast<Client>(c);
            outbound_.push_back({r.gp, now + params_.latency - 1});
            grant_id_ = c + 1;
            if (s.holding) {
                // The held request takes the freed entry; it may be granted from the next edge.
                s.holding = false;
                uint64_t eligible = std::max(s.held.ready, now + 1);
                s.backpressure_cycles += eligible - s.held.ready;
                s.queue.push_back({s.held.gp, s.held.ready, eligible});
                ports_[c]->accept();
            }
            s.depth = static_cast<uint32_t>(s.queue.size());
            break;
        }
    }
    try_send();

    // Sleep until the next edge with work (responses and END_REQ wake the XI themselves).
    uint64_t next = UINT64_MAX;
    if (!returns_.empty()) next = std::min(next, returns_.next_cycle());
    if (!outbound_.empty() && noc.can_send())
        next = std::min(next, std::max({outbound_.front().send_cycle, noc_free_cycle_, now + 1}));
    if (outstanding_ < params_.max_outstanding && outbound_.size() < params_.latency) {
        for (const ClientState& s : clients_)
            if (!s.queue.empty())
                next = std::min(next, std::max(s.queue.front().eligible, now + 1));
    }
    if (grant_id_ != 0) next = now + 1;  // so that the trace shows the grant for one cycle
    schedule_.sleep_until(now, next);
}

}  // namespace mvp
