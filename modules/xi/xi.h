#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>

#include "modules/sim/clock_domain.h"
#include "modules/sim/flat_map.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/schedule.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "modules/sim/timed_queue.h"

namespace mvp::config {
class Config;
}

namespace mvp {

struct XiParams {
    unsigned max_outstanding = 16;  // -mvpgpu_xi_max_outstanding
    unsigned queue_depth = 4;       // -mvpgpu_xi_queue_depth
    unsigned latency = 1;           // -mvpgpu_xi_latency (cycles, each way)

    static XiParams from_config(const config::Config& c);
};

// The external interface of an SP: the SP's only way out to the interconnect. Three clients
// (ICC, DCC, DMA) each have a TargetPort and a request queue; every cycle the XI grants the
// highest-priority client whose queue head is ready (fixed priority ICC > DCC > DMA, as in the
// MVP manual) and forwards that request on its one InitiatorPort. Responses come back in any
// order and are returned to the client that issued them (a map by payload).
//
// Timing (core cycles; a request sent at edge A is first seen by the XI at A + 1):
//   - grant at the first edge G >= A + 1 at which the client wins arbitration, fewer than
//     max_outstanding requests are outstanding and the outbound stage has room;
//   - the request leaves toward the interconnect at G + latency - 1 (one request per cycle,
//     later if the interconnect has not yet ended the previous request);
//   - a response sent to the XI at edge R is returned to its client at R + latency.
// So an uncontended request reaches the interconnect `latency` cycles after the client sent
// it, and its response reaches the client `latency` cycles after the interconnect sent it.
//
// Payloads: the XI forwards the client's own payload (no copy); the client's memory manager
// owns it, and the XI holds a reference from the request until the response has been returned.
// A request counts as outstanding from its grant until its response is returned to the client.
// When a client's queue is full its request is held at the port (no END_REQ) and accepted when
// an entry frees: that is the back-pressure a client sees.
class Xi : public sc_core::sc_module, public sim::Clocked {
  public:
    enum Client : unsigned { kIcc = 0, kDcc = 1, kDma = 2, kClients = 3 };

    Xi(const sc_core::sc_module_name& name, sim::ClockDomain& core, const XiParams& params);

    sim::TargetPort icc;     // from the instruction cache (highest priority)
    sim::TargetPort dcc;     // from the data cache
    sim::TargetPort dma;     // from the DMA engine (lowest priority)
    sim::InitiatorPort noc;  // toward the interconnect

    sim::TargetPort& client_port(Client c) { return *ports_[c]; }
    const XiParams& params() const { return params_; }

    void tick() override;

    // Drops every request and response (the GPU's reset: the clients and the interconnect are
    // reset with it). Statistics are kept.
    void reset();

    // State, for tests and tracing.
    unsigned outstanding() const { return outstanding_; }
    size_t queue_depth(Client c) const { return clients_[c].queue.size(); }

    static const char* client_name(Client c);

  private:
    struct Request {
        tlm::tlm_generic_payload* gp;
        uint64_t ready;     // first edge the XI sees it (for the queueing-time statistic)
        uint64_t eligible;  // first edge it may be granted
    };
    struct ClientState {
        sim::RingFifo<Request> queue;
        bool holding = false;  // a request is held at the port (queue full)
        Request held{};
        // Statistics.
        uint64_t requests = 0;
        uint64_t grants = 0;
        uint64_t responses = 0;
        uint64_t backpressure_cycles = 0;
        sim::Sampler queue_wait;
        // Traced.
        uint32_t depth = 0;
    };
    struct Outbound {
        tlm::tlm_generic_payload* gp;
        uint64_t send_cycle;
    };
    struct Return {
        tlm::tlm_generic_payload* gp;
        Client client;
    };

    bool on_request(Client c, tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(const sc_core::sc_time& at);
    uint64_t seen_cycle(const sc_core::sc_time& at) const;
    void account_outstanding(uint64_t now);
    void schedule(uint64_t now);

    sim::ClockDomain& core_;
    sim::Schedule schedule_{core_, this};  // every wake and sleep of this block
    XiParams params_;
    std::array<sim::TargetPort*, kClients> ports_;
    std::array<ClientState, kClients> clients_;
    sim::RingFifo<Outbound> outbound_;  // granted, waiting for their send edge
    sim::TimedQueue<Return> returns_;   // responses waiting for their return edge
    sim::FlatMap<tlm::tlm_generic_payload*, Client> owner_;
    uint64_t noc_free_cycle_ = 0;  // first edge the next request may leave
    unsigned outstanding_ = 0;
    uint64_t outstanding_since_ = 0;  // cycle of the last change of outstanding_

    sim::StatGroup stats_;
    std::array<std::unique_ptr<sim::StatGroup>, kClients> client_stats_;
    sim::Sampler outstanding_sampler_;
    uint64_t forwarded_ = 0;
    uint32_t grant_id_ = 0;  // traced: 1 + the client granted this cycle, 0 for none
};

}  // namespace mvp
