#include "noc.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <string>

#include "modules/config/config.h"
#include "modules/noc/cycle_history.h"
#include "modules/sim/clock_scheduler.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using sc_core::sc_time;

NocParams NocParams::from_config(const config::Config& c) {
    NocParams p;
    p.latency = static_cast<unsigned>(c.get_int("mvpgpu_noc_latency"));
    p.port_bytes_per_cycle = static_cast<unsigned>(c.get_int("mvpgpu_noc_port_bytes_per_cycle"));
    p.queue_depth = static_cast<unsigned>(c.get_int("mvpgpu_noc_queue_depth"));
    p.interleave_bytes = static_cast<uint32_t>(c.get_int("mvpgpu_noc_interleave_bytes"));
    return p;
}

// An input's request half (its link and buffer entries, up to END_REQ) ticking in its sender's
// tile (deliver_to()): the held request's start and the END_REQ of a multi-flit one are decided
// there, at the sender's edges, rather than in the NoC's pass. The same steps at the same edges
// (the NoC's pass of an edge comes first, so the grants of the edge are in), but on the tile's
// host thread, and without the NoC reading the sender's side: what windows of several edges need
// (doc/performance.md).
class Noc::Link : public sim::Clocked {
  public:
    Link(Noc& noc, unsigned input) : noc_(noc), input_(input) {}
    void tick() override { noc_.step_link(input_); }

  private:
    Noc& noc_;
    unsigned input_;
};

// One input: an SP's (or the DMA path's) link into the NoC, its request buffer, and the
// response link back to it.
struct Noc::Input {
    Input(const std::string& port_name, const std::string& stat_path)
        : port(port_name.c_str()), stats(stat_path) {
        stats.add("requests", &requests, "requests received");
        stats.add("bytes", &bytes, "data bytes carried (write data in, read data out)");
        stats.add("latency", &latency,
                  "interconnect cycles from a request's arrival to its response leaving");
    }

    sim::TargetPort port;
    sim::Clocked* sender = nullptr;  // the sender's block, when it is in a tile (deliver_to())
    std::unique_ptr<Link> link;      // the request half in the sender's tile, if there
    // The request the sender is offering (BEGIN_REQ without END_REQ yet): waiting for the
    // link and a buffer entry until `started`, then crossing the link until accept_at.
    tlm::tlm_generic_payload* pending = nullptr;
    uint64_t pending_ready = 0;
    bool started = false;
    uint64_t accept_at = 0;
    uint64_t link_free = 0;  // the request link takes a new packet from this cycle
    // Its buffer (virtual output queues) holds the requests that took the link and have not
    // been granted their memory port yet: the sender's side counts the first, the memory
    // ports' grants the second, each written by one side only.
    unsigned entered = 0;
    unsigned left = 0;
    CycleHistory granted;  // the grants, per cycle
    unsigned buffered() const { return entered - left; }

    std::vector<Packet> responses;  // waiting for the response link, from any memory port
    Egress resp_out;
    uint64_t resp_link_free = 0;
    unsigned resp_last = 0;  // the memory port served last (round robin)

    sim::StatGroup stats;
    uint64_t requests = 0;
    uint64_t bytes = 0;
    sim::Sampler latency;
};

// One output: the link to a memory controller, the requests waiting for it, and the response
// link from it.
struct Noc::Output {
    Output(const std::string& port_name, const std::string& stat_path)
        : port(port_name.c_str()), stats(stat_path) {
        stats.add("requests", &handed, "requests handed to the memory controller");
        stats.add("bytes", &bytes, "data bytes carried (write data out, read data in)");
        stats.add("backpressure_cycles", &backpressure_cycles,
                  "cycles a request waited for the controller to accept it (END_REQ)");
        stats.add("queue_depth", &depth_samples,
                  "requests waiting for this port when one arrives (as at the start of its cycle, "
                  "plus it)");
    }

    sim::InitiatorPort port;
    // The requests waiting for this port: one queue per input (virtual output queues), each in
    // arrival order, and a bit per input whose queue holds any.
    std::vector<Fifo> requests;
    std::vector<uint64_t> waiting;
    size_t queued = 0;
    Egress out;  // the request holding the link
    uint64_t link_free = 0;
    uint64_t ready_from = 0;  // END_REQ of the previous request registered
    unsigned last = 0;        // the input granted last (round robin)

    std::vector<Packet> responses_in;  // from the controller, waiting for the response link
    uint64_t resp_link_free = 0;

    uint32_t depth = 0;    // requests waiting for this port or holding it (VCD)
    CycleHistory removed;  // requests granted the link, per cycle
    CycleHistory offered;  // requests entered straight from their sender, by entry cycle
    CycleHistory held;     // requests entered after a wait, by entry cycle
    // The depth samples of the requests offered at edge `open_edge` that still lack the waiting
    // requests starting at that edge after them (in a later tile's pass): completed once the
    // edge is over (finish_samples()).
    std::vector<size_t> open_samples;
    uint64_t open_edge = 0;

    sim::StatGroup stats;
    uint64_t handed = 0;
    uint64_t bytes = 0;
    uint64_t backpressure_cycles = 0;
    sim::Sampler depth_samples;
};

Noc::Noc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const NocParams& params,
         unsigned n_sp_ports, unsigned n_mem_ports, bool dma_port)
    : sc_module(name),
      clock_(clock),
      params_(params),
      has_dma_port_(dma_port),
      interleave_(0x80000000u, params.interleave_bytes, n_mem_ports),
      stats_(this->name()) {
    if (n_mem_ports == 0 || n_sp_ports + (dma_port ? 1 : 0) == 0)
        SC_REPORT_FATAL("mvp/noc", "a NoC needs at least one input and one memory port");
    if (params_.latency == 0) SC_REPORT_FATAL("mvp/noc", "-mvpgpu_noc_latency must be >= 1");
    if (params_.port_bytes_per_cycle == 0 || params_.queue_depth == 0)
        SC_REPORT_FATAL("mvp/noc", "NoC port width and queue depth must be >= 1");
    if (params_.interleave_bytes == 0 ||
        (params_.interleave_bytes & (params_.interleave_bytes - 1)) != 0)
        SC_REPORT_FATAL("mvp/noc", "-mvpgpu_noc_interleave_bytes must be a power of two");
    const std::string base = this->name();
    auto& tracer = sim::VcdTracer::instance();
    for (unsigned i = 0; i < n_sp_ports + (dma_port ? 1 : 0); ++i) {
        const std::string port = i < n_sp_ports ? "sp" + std::to_string(i) : std::string("dma");
        inputs_.push_back(std::make_unique<Input>(port, base + "." + port));
        Input& in = *inputs_.back();
        in.resp_last = n_mem_ports - 1;
        in.port.on_request = [this, i](tlm::tlm_generic_payload& gp, const sc_time& at) {
            return on_request(i, gp, at);
        };
        in.port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_time& delay) {
            outputs_[route(static_cast<uint32_t>(gp.get_address()))]->port.socket->b_transport(
                gp, delay);
        };
        in.port.on_debug = [this](tlm::tlm_generic_payload& gp) {
            return outputs_[route(static_cast<uint32_t>(gp.get_address()))]
                ->port.socket->transport_dbg(gp);
        };
    }
    active_words_ = (n_inputs() + 63) / 64;
    active_ = std::make_unique<std::atomic<uint64_t>[]>(active_words_);
    for (unsigned w = 0; w < active_words_; ++w) active_[w].store(0, std::memory_order_relaxed);
    for (unsigned j = 0; j < n_mem_ports; ++j) {
        const std::string port = "mem" + std::to_string(j);
        outputs_.push_back(std::make_unique<Output>(port, base + "." + port));
        Output& o = *outputs_.back();
        o.last = n_inputs() - 1;
        o.requests.resize(n_inputs());
        o.waiting.assign(active_words_, 0);
        o.port.on_response = [this, j](tlm::tlm_generic_payload& gp, const sc_time& at) {
            on_response(j, gp, at);
        };
        o.port.on_ready = [this, j](const sc_time& at) { on_ready(j, at); };
        tracer.trace(base + "." + port + ".queue_depth", &o.depth);
    }

    stats_.add("requests", &requests_, "requests carried");
    stats_.add("bytes", &bytes_, "data bytes carried in both directions");
    stats_.add("latency", &latency_,
               "interconnect cycles from a request's arrival to its response leaving "
               "(includes the memory controller's time)");
    stats_.add("queueing_cycles", &queueing_cycles_,
               "cycles packets waited beyond the unloaded latency for a link or a buffer entry");
    stats_.add("contention_stalls", &contention_stalls_,
               "packets that lost arbitration or found their link busy at least one cycle");
    stats_.add("backpressure_cycles", &backpressure_cycles_,
               "cycles requests waited for a memory controller to accept them");
    stats_.add(
        "average_latency", [this] { return latency_.mean(); },
        "mean interconnect cycles from request arrival to response exit");

    clock_.attach(this);
}

Noc::~Noc() = default;

void Noc::reset() {
    for (auto& ip : inputs_) {
        Input& in = *ip;
        in.port.reset();
        in.pending = nullptr;
        in.pending_ready = 0;
        in.started = false;
        in.accept_at = 0;
        in.link_free = 0;
        in.entered = 0;
        in.left = 0;
        in.granted.clear();
        in.responses.clear();
        in.resp_out = Egress{};
        in.resp_link_free = 0;
        in.resp_last = n_outputs() - 1;
        if (in.link) in.link->clock_domain()->sleep(in.link.get());
    }
    for (unsigned j = 0; j < n_outputs(); ++j) {
        Output& o = *outputs_[j];
        o.port.reset();
        for (Fifo& q : o.requests) q.clear();
        std::fill(o.waiting.begin(), o.waiting.end(), 0);
        o.queued = 0;
        o.out = Egress{};
        o.link_free = 0;
        o.ready_from = 0;
        o.last = n_inputs() - 1;
        o.responses_in.clear();
        o.resp_link_free = 0;
        o.removed.clear();
        o.offered.clear();
        o.held.clear();
        o.open_samples.clear();
        update_depth(j);
    }
    flights_.clear();
    for (unsigned w = 0; w < active_words_; ++w) active_[w].store(0, std::memory_order_relaxed);
    last_pass_ = 0;
    clock_.sleep(this);
}

Noc::TargetSocket& Noc::target_socket(unsigned i) { return inputs_.at(i)->port.socket; }

Noc::TargetSocket& Noc::dma_socket() {
    if (!has_dma_port_) SC_REPORT_FATAL("mvp/noc", "this NoC was built without a DMA port");
    return inputs_.back()->port.socket;
}

Noc::InitiatorSocket& Noc::initiator_socket(unsigned j) { return outputs_.at(j)->port.socket; }

unsigned Noc::flits(unsigned bytes) const {
    const unsigned w = params_.port_bytes_per_cycle;
    return std::max(1u, (bytes + w - 1) / w);
}

unsigned Noc::request_bytes(const tlm::tlm_generic_payload& gp) const {
    if (gp.get_command() == tlm::TLM_WRITE_COMMAND) return gp.get_data_length();
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) return 8;  // operand and compare value
    return 0;
}

unsigned Noc::response_bytes(const tlm::tlm_generic_payload& gp) const {
    return gp.get_command() == tlm::TLM_READ_COMMAND ? gp.get_data_length() : 0;
}

uint64_t Noc::arrival_cycle(const sc_time& at) const {
    return at.value() / clock_.period().value() + 1;
}

void Noc::wake_for(uint64_t cycle) { clock_.wake_at(this, cycle); }

bool Noc::on_request(unsigned i, tlm::tlm_generic_payload& gp, const sc_time& at) {
    Input& in = *inputs_[i];
    const uint32_t address = static_cast<uint32_t>(gp.get_address());
    if (!interleave_.one_block(address, gp.get_data_length())) {
        char msg[160];
        std::snprintf(msg, sizeof msg,
                      "%s: request [0x%08x, +%u) crosses an interleaving block (two controllers)",
                      name(), address, gp.get_data_length());
        SC_REPORT_ERROR("mvp/noc", msg);
    }
    const uint64_t cycle = at.value() / clock_.period().value();
    const uint64_t ready = cycle + 1;
    if (sim::TileLog* log = sim::TileLog::current()) {
        log->add(&Noc::replay_flight, this, i, reinterpret_cast<uintptr_t>(&gp), cycle);
    } else {
        flights_[&gp] = Flight{i, cycle};
    }
    in.pending = &gp;
    // The buffer as it was at the start of this cycle, whether or not this cycle's grants have
    // been made yet, so that the answer does not depend on process order.
    const unsigned occupied = in.buffered() + in.granted.between(cycle, cycle);
    if (in.link_free <= ready && occupied < params_.queue_depth) {
        // Takes the link at the next edge. END_REQ goes back so that the sender's next request
        // arrives when this one's last flit is through: now for a one-flit request.
        const unsigned f = start_request(i, ready, ready, true);
        if (f == 1) {
            in.pending = nullptr;
            return true;
        }
        in.started = true;
        in.accept_at = ready + f - 2;
        step_request_at(i, in.accept_at);
        return false;
    }
    in.started = false;
    in.pending_ready = ready;
    step_request_at(i, ready);
    return false;
}

void Noc::step_request_at(unsigned i, uint64_t cycle) {
    Input& in = *inputs_[i];
    if (in.link) return in.link->clock_domain()->wake_at(in.link.get(), cycle);
    mark_active(i);
    wake_for(cycle);
}

void Noc::on_response(unsigned j, tlm::tlm_generic_payload& gp, const sc_time& at) {
    // The response is held alive by the input's TargetPort until it has been sent back.
    Output& o = *outputs_[j];
    o.responses_in.push_back(Packet{&gp, j, arrival_cycle(at)});
    wake_for(o.responses_in.back().eligible);
}

void Noc::on_ready(unsigned j, const sc_time& at) {
    Output& o = *outputs_[j];
    o.ready_from = arrival_cycle(at);
    if (o.out.gp) wake_for(o.ready_from);
}

int Noc::pick(const std::vector<Packet>& buffer, unsigned sources, unsigned last, uint64_t t) {
    int best = -1;
    unsigned best_distance = UINT_MAX;
    const size_t n = buffer.size();
    const unsigned offset = sources - last - 1;
    for (size_t k = 0; k < n; ++k) {
        const Packet& p = buffer[k];
        if (p.eligible > t) continue;
        // Packets of one source are in order, so the first eligible one seen is its oldest. The
        // distance is (p.from - last - 1) mod sources, both being below sources.
        unsigned distance = p.from + offset;
        if (distance >= sources) distance -= sources;
        if (distance < best_distance) {
            best_distance = distance;
            best = static_cast<int>(k);
            if (distance == 0) break;  // the next source in turn: no packet comes before it
        }
    }
    return best;
}

int Noc::pick_request(const Output& o, uint64_t t) const {
    // The inputs after `last`, then those up to it: the first whose oldest request may go.
    const unsigned n = n_inputs();
    auto first_in = [&](unsigned lo, unsigned hi) -> int {
        for (unsigned w = lo / 64; w * 64 < hi; ++w) {
            uint64_t bits = o.waiting[w];
            if (w == lo / 64) bits &= ~uint64_t{0} << (lo % 64);
            for (; bits; bits &= bits - 1) {
                const unsigned i = w * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
                if (i >= hi) return -1;
                if (o.requests[i].front().eligible <= t) return static_cast<int>(i);
            }
        }
        return -1;
    };
    const int after = first_in(o.last + 1, n);
    return after >= 0 ? after : first_in(0, o.last + 1);
}

uint64_t Noc::earliest_request(const Output& o) {
    uint64_t e = kNever;
    for (unsigned w = 0; w < o.waiting.size(); ++w)
        for (uint64_t bits = o.waiting[w]; bits; bits &= bits - 1)
            e = std::min(e, o.requests[w * 64 + __builtin_ctzll(bits)].front().eligible);
    return e;
}

void Noc::update_depth(unsigned j) {
    Output& o = *outputs_[j];
    o.depth = static_cast<uint32_t>(o.queued + (o.out.gp ? 1 : 0));
}

// A memory port: hand the request holding the link to the controller once its last flit is
// through and the controller takes requests; then grant the link to the next input.
void Noc::step_output(unsigned j, uint64_t t) {
    Output& o = *outputs_[j];
    if (!o.open_samples.empty() && o.open_edge < t) finish_samples(o);
    for (;;) {
        if (o.out.gp) {
            if (o.out.send_at > t) return;
            if (!o.port.can_send() || o.ready_from > t) return;  // the controller is full
            const uint64_t waited = t - o.out.send_at;
            o.backpressure_cycles += waited;
            backpressure_cycles_ += waited;
            tlm::tlm_generic_payload* gp = o.out.gp;
            o.out.gp = nullptr;
            o.link_free = t + 1;
            ++o.handed;
            o.bytes += request_bytes(*gp) + response_bytes(*gp);
            update_depth(j);
            o.port.send(*gp);
            return;
        }
        if (o.link_free > t) return;
        const int source = pick_request(o, t);
        if (source < 0) return;
        Fifo& q = o.requests[source];
        const Packet p = q.front();
        q.pop_front();
        if (q.empty()) o.waiting[source / 64] &= ~(uint64_t{1} << (source % 64));
        --o.queued;
        o.removed.add(t);
        grant_input(p.from, t);
        o.last = p.from;
        if (t > p.eligible) {
            ++contention_stalls_;
            queueing_cycles_ += t - p.eligible;
        }
        const unsigned f = flits(request_bytes(*p.gp));
        o.out.gp = p.gp;
        o.out.send_at = t + f - 1;
        o.link_free = t + f;
        update_depth(j);
    }
}

void Noc::grant_input(unsigned i, uint64_t t) {
    // The input's count is its sender's tile's to read (room, held starts): from the memory
    // side's pass beside the tiles (ClockDomain::set_beside_tiles) it is handed over once their
    // pass is over, so that they see the grants through their own edge.
    if (sim::TileLog* log = sim::TileLog::current()) {
        log->add(&Noc::replay_grant, this, i, t);
        return;
    }
    Input& in = *inputs_[i];
    ++in.left;
    in.granted.add(t);
}

void Noc::replay_grant(void* noc, const uint64_t* args) {
    static_cast<Noc*>(noc)->grant_input(static_cast<unsigned>(args[0]), args[1]);
}

// A request takes its input link at cycle s: it holds a buffer entry until its memory port
// grants it, and may be granted from s + latency. Returns its flits.
unsigned Noc::start_request(unsigned i, uint64_t s, uint64_t ready, bool offered) {
    Input& in = *inputs_[i];
    tlm::tlm_generic_payload& gp = *in.pending;
    ++in.entered;
    const unsigned bytes = request_bytes(gp);
    const unsigned f = flits(bytes);
    in.link_free = s + f;
    ++in.requests;
    // The memory port's buffer and the totals are shared by the inputs: an SP's request
    // (on_request, during the core domain's pass) enters them with its tile's log.
    if (sim::TileLog* log = sim::TileLog::current()) {
        log->add(&Noc::replay_enter_output, this, reinterpret_cast<uintptr_t>(&gp),
                 i | (uint64_t{offered} << 32), s, ready);
    } else {
        enter_output(gp, i, s, ready, offered);
    }
    return f;
}

void Noc::enter_output(tlm::tlm_generic_payload& gp, unsigned i, uint64_t s, uint64_t ready,
                       bool offered) {
    const unsigned j = route(static_cast<uint32_t>(gp.get_address()));
    Output& o = *outputs_[j];
    queueing_cycles_ += s - ready;
    o.requests[i].push_back(Packet{&gp, i, s + params_.latency});
    inputs_[i]->bytes += request_bytes(gp);  // on the NoC's side (responses add to it too)
    o.waiting[i / 64] |= uint64_t{1} << (i % 64);
    ++o.queued;
    // A request offered at edge e = s - 1 counts the buffer as it was at the start of e, whether
    // or not the NoC's pass of e has granted from it yet, with every waiting request that starts
    // at e. One that waited counts it after the grants of s, without the requests offered at s
    // (they enter at s + 1). Waiting requests start in the NoC's pass (before the senders') or
    // in their senders' tiles (among them, in tile order): each sample takes or leaves out the
    // others of its edge whatever the order.
    // The grants the NoC's pass has made after the edge (with the memory side a pass ahead of
    // the tiles, their requests enter after its next pass) are added back.
    if (offered) {
        const uint64_t e = s - 1;
        if (!o.open_samples.empty() && o.open_edge != e) finish_samples(o);
        o.open_edge = e;
        o.open_samples.push_back(o.queued + o.removed.between(e, std::max(e, last_pass_)) -
                                 o.held.between(e, e));
        o.offered.add(s);
    } else {
        o.held.add(s);
        o.depth_samples.sample(static_cast<double>(o.queued - o.offered.between(s + 1, s + 1) +
                                                   o.removed.between(s + 1, last_pass_)));
    }
    update_depth(j);
    ++requests_;
    bytes_ += request_bytes(gp);
    wake_for(s + params_.latency);
}

void Noc::finish_samples(Output& o) {
    const unsigned later = o.held.between(o.open_edge, o.open_edge);
    for (size_t count : o.open_samples) o.depth_samples.sample(static_cast<double>(count + later));
    o.open_samples.clear();
}

void Noc::replay_flight(void* noc, const uint64_t* args) {
    auto* self = static_cast<Noc*>(noc);
    const auto* gp = reinterpret_cast<const tlm::tlm_generic_payload*>(args[1]);
    self->flights_[gp] = Flight{static_cast<unsigned>(args[0]), args[2]};
}

void Noc::replay_enter_output(void* noc, const uint64_t* args) {
    static_cast<Noc*>(noc)->enter_output(*reinterpret_cast<tlm::tlm_generic_payload*>(args[0]),
                                         static_cast<unsigned>(args[1]), args[2], args[3],
                                         (args[1] >> 32) != 0);
}

// An input port whose sender had to wait (link busy or buffer full): the request takes the
// link when both allow; END_REQ goes back in the cycle before its last flit crosses (at once
// for a one-flit request). Returns the next edge with a step to take (kNever: none).
uint64_t Noc::step_request(unsigned i, uint64_t t) {
    Input& in = *inputs_[i];
    if (in.pending && !in.started) {
        if (in.pending_ready > t || in.link_free > t || in.buffered() >= params_.queue_depth)
            return std::max({t + 1, in.pending_ready, in.link_free});  // a grant may come any edge
        const unsigned f = start_request(i, t, in.pending_ready, false);
        in.started = true;
        in.accept_at = f > 1 ? t + f - 2 : t;
    }
    if (in.pending && in.started && in.accept_at <= t) {
        in.pending = nullptr;
        in.started = false;
        accept(i);  // the sender may offer its next request from here on
    }
    return in.pending ? in.accept_at : kNever;
}

void Noc::step_link(unsigned i) {
    Input& in = *inputs_[i];
    sim::ClockDomain& domain = *in.link->clock_domain();
    const uint64_t t = domain.now();  // the NoC's cycle too: the two clocks are the same
    const uint64_t next = step_request(i, t);
    if (next == t + 1) return;
    domain.sleep(in.link.get());
    if (next != kNever) domain.wake_at(in.link.get(), next);
}

// The response link from a memory controller: one response enters per flits cycles.
void Noc::step_response_in(unsigned j, uint64_t t) {
    Output& o = *outputs_[j];
    if (o.responses_in.empty() || o.responses_in.front().eligible > t || o.resp_link_free > t)
        return;
    const Packet p = o.responses_in.front();
    o.responses_in.erase(o.responses_in.begin());
    queueing_cycles_ += t - p.eligible;
    o.resp_link_free = t + flits(response_bytes(*p.gp));
    const unsigned i = flights_.find(p.gp)->input;
    inputs_[i]->responses.push_back(Packet{p.gp, j, t + params_.latency});
    mark_active(i);
}

// The response link to an input's sender: round robin among the memory ports.
void Noc::step_response_out(unsigned i, uint64_t t) {
    Input& in = *inputs_[i];
    for (;;) {
        if (in.resp_out.gp) {
            if (in.resp_out.send_at > t) return;
            tlm::tlm_generic_payload* gp = in.resp_out.gp;
            in.resp_out.gp = nullptr;
            in.resp_link_free = t + 1;
            const double cycles = static_cast<double>(t - flights_.find(gp)->entry);
            flights_.erase(gp);
            in.latency.sample(cycles);
            latency_.sample(cycles);
            const unsigned bytes = response_bytes(*gp);
            in.bytes += bytes;
            bytes_ += bytes;
            respond(i, *gp);
            return;
        }
        if (in.resp_link_free > t) return;
        const int k = pick(in.responses, n_outputs(), in.resp_last, t);
        if (k < 0) return;
        const Packet p = in.responses[k];
        in.responses.erase(in.responses.begin() + k);
        in.resp_last = p.from;
        if (t > p.eligible) {
            ++contention_stalls_;
            queueing_cycles_ += t - p.eligible;
        }
        const unsigned f = flits(response_bytes(*p.gp));
        in.resp_out.gp = p.gp;
        in.resp_out.send_at = t + f - 1;
        in.resp_link_free = t + f;
    }
}

void Noc::deliver_to(unsigned i, sim::Clocked& block) {
    Input& in = *inputs_.at(i);
    in.sender = &block;
    // The request half moves into the sender's tile when the tile's edges are the NoC's and come
    // after the NoC's pass at a shared time, so that its steps fall at the same edges and after
    // the same grants. Not with a waveform: the memory ports' queue depth would change in the
    // sender's pass instead of the NoC's at a time step (the same values, other bytes).
    sim::ClockDomain* domain = block.clock_domain();
    if (in.link || !domain || !domain->in_tile(block) || domain->period() != clock_.period() ||
        !sim::ClockScheduler::instance().evaluated_before(&clock_, domain) ||
        sim::VcdTracer::instance().enabled())
        return;
    in.link = std::make_unique<Link>(*this, i);
    domain->attach_before(in.link.get(), block);
}

void Noc::accept(unsigned i) {
    Input& in = *inputs_[i];
    if (in.sender) return sim::ClockDomain::post(*in.sender, &Noc::posted_accept, this, i);
    in.port.accept();
}

void Noc::respond(unsigned i, tlm::tlm_generic_payload& gp) {
    Input& in = *inputs_[i];
    if (in.sender) {
        return sim::ClockDomain::post(*in.sender, &Noc::posted_respond, this, i,
                                      reinterpret_cast<uintptr_t>(&gp));
    }
    in.port.respond(gp);
}

void Noc::posted_accept(void* noc, const uint64_t* args) {
    static_cast<Noc*>(noc)->inputs_[args[0]]->port.accept();
}

void Noc::posted_respond(void* noc, const uint64_t* args) {
    static_cast<Noc*>(noc)->inputs_[args[0]]->port.respond(
        *reinterpret_cast<tlm::tlm_generic_payload*>(args[1]));
}

bool Noc::steps_in_sender(unsigned i) const { return inputs_.at(i)->link != nullptr; }

uint64_t Noc::next_event(uint64_t t) const {
    uint64_t next = kNever;
    auto earliest = [](const std::vector<Packet>& buffer) {
        uint64_t e = kNever;
        for (const Packet& p : buffer) e = std::min(e, p.eligible);
        return e;
    };
    for (const auto& op : outputs_) {
        const Output& o = *op;
        if (o.out.gp) {
            if (o.out.send_at > t) {
                next = std::min(next, o.out.send_at);
            } else if (o.port.can_send()) {
                next = std::min(next, o.ready_from);
            }  // else on_ready wakes the NoC
        } else if (o.queued) {
            next = std::min(next, std::max(o.link_free, earliest_request(o)));
        }
        if (!o.responses_in.empty())
            next = std::min(next, std::max(o.resp_link_free, o.responses_in.front().eligible));
    }
    if (next <= t + 1) return t + 1;  // nothing comes before the next cycle
    for_active_inputs([&](unsigned i) {
        const Input& in = *inputs_[i];
        if (!in.link && in.pending) {
            if (in.started) {
                next = std::min(next, in.accept_at);
            } else if (in.buffered() < params_.queue_depth) {
                next = std::min(next, std::max(in.pending_ready, in.link_free));
            }  // else a grant at an output frees an entry (an output event)
        }
        if (in.resp_out.gp) {
            next = std::min(next, in.resp_out.send_at);
        } else if (!in.responses.empty()) {
            next = std::min(next, std::max(in.resp_link_free, earliest(in.responses)));
        }
    });
    return next == kNever ? kNever : std::max(next, t + 1);
}

void Noc::tick() {
    const uint64_t t = clock_.now();
    last_pass_ = t;
    for (unsigned j = 0; j < n_outputs(); ++j) step_output(j, t);
    // Only the inputs with a request waiting, or responses to send, have a step to take.
    for_active_inputs([&](unsigned i) {
        const Input& in = *inputs_[i];
        if (!in.link && in.pending) step_request(i, t);
    });
    for (unsigned j = 0; j < n_outputs(); ++j) step_response_in(j, t);
    for_active_inputs([&](unsigned i) {
        const Input& in = *inputs_[i];
        if (in.resp_out.gp || !in.responses.empty()) step_response_out(i, t);
        if ((in.link || !in.pending) && !in.resp_out.gp && in.responses.empty())
            active_[i / 64].fetch_and(~(uint64_t{1} << (i % 64)), std::memory_order_relaxed);
    });
    const uint64_t next = next_event(t);
    if (next > t + 1) {
        clock_.sleep(this);
        if (next != kNever) clock_.wake_at(this, next);
    }
}

}  // namespace mvp
