#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
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

// The on-chip controller (OCC) of an SP: it decodes each request of the LD/ST unit by address,
// on-chip (address < local memory size) to the local memory, anything else to the DCC, in
// `latency` cycles, and passes the responses back in the order they come (the LD/ST unit
// matches them by payload). Each output keeps its requests in arrival order, and the two
// outputs drain independently, so a stalled DCC does not hold up local memory traffic. The
// response path is a multiplexer with no delay. b_transport and transport_dbg are routed the
// same way.
class Occ : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        uint32_t local_mem_size = 32768;  // local window [0, size)
        unsigned latency = 1;             // decode cycles, at least 1
        // -mvpgpu_local_mem_size, -mvpgpu_occ_latency.
        static Params from_config(const config::Config& config);
    };

    Occ(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params);

    sim::TargetPort port;           // from the LD/ST unit
    sim::InitiatorPort local_port;  // to the local memory
    sim::InitiatorPort dcc_port;    // to the DCC

    const Params& params() const { return params_; }
    bool is_local(uint64_t address) const { return address < params_.local_mem_size; }
    bool idle() const;

    void tick() override;

    // Drops every request and response (the GPU's reset). Statistics are kept.
    void reset();

  private:
    struct Pending {
        tlm::tlm_generic_payload* gp;
        uint64_t cycle;  // the edge it may leave at
    };
    struct Output {
        sim::InitiatorPort* port;
        sim::RingFifo<Pending> queue;
        uint64_t free_from = 0;  // a held request accepted later frees the link from this edge
        bool waiting = false;    // a request waits for END_REQ
    };

    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_local_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(Output& out, const sc_core::sc_time& at);
    void drain(Output& out, uint64_t now);
    // The output may send a request now, and sends one.
    bool can_send(const Output& out, uint64_t now) const {
        return !out.waiting && now >= out.free_from && out.port->can_send();
    }
    void send(Output& out, tlm::tlm_generic_payload& gp,
              const sc_core::sc_time& delay = sc_core::SC_ZERO_TIME);
    sim::InitiatorPort& route(uint64_t address) {
        return is_local(address) ? local_port : dcc_port;
    }

    sim::ClockDomain& clock_;
    sim::Schedule schedule_{clock_, this};  // every wake and sleep of this block
    Params params_;
    sim::RingFifo<Pending> decode_;
    Output local_;
    Output dcc_;
    sim::TimedQueue<tlm::tlm_generic_payload*> responses_;  // only for future times
    // Local memory's responses completed on the forward call, by edge, in completion order
    // among equal edges.
    sim::TimedQueue<tlm::tlm_generic_payload*> local_responses_;
    // The request being sent to local memory from on_request (nullptr otherwise), and the edge
    // its response was completed for when it is passed back on the LD/ST's forward call
    // (kNotPassed otherwise).
    static constexpr uint64_t kNotPassed = UINT64_MAX;
    const tlm::tlm_generic_payload* passing_ = nullptr;
    uint64_t passed_cycle_ = kNotPassed;

    uint32_t queue_depth_ = 0;  // traced
    bool traced_ = false;       // a VCD is written

    sim::StatGroup stats_;
    uint64_t local_requests_ = 0;
    uint64_t dcc_requests_ = 0;
};

}  // namespace mvp
