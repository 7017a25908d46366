#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/ddr/memory_interleave.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/flat_map.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"

namespace mvp {

namespace config {
class Config;
}

// The parameters of the interconnect (options -mvpgpu_noc_*, modules/noc/README.md).
struct NocParams {
    unsigned latency = 8;                // traversal cycles each way
    unsigned port_bytes_per_cycle = 32;  // per port and direction
    unsigned queue_depth = 8;            // request buffer of each input port
    uint32_t interleave_bytes = 256;     // across the memory controllers

    static NocParams from_config(const config::Config& c);
};

// The interconnect between the SPs (through their XI), optionally a DMA/command-processor
// path, and the DDR memory controllers: a crossbar with input buffering, clocked on the
// interconnect domain.
// modules/noc/README.md gives the formulas; doc/memory-system.md the whole memory path.
//
// Modelled, per transaction (a request, then its response):
//   - a port link moves port_bytes_per_cycle bytes a cycle in each direction; a packet holds a
//     link for flits(B) = max(1, ceil(B / width)) cycles, B being its data (a read request and
//     a write response carry none; a write request and a read response carry theirs; an atomic
//     carries its operands and its word);
//   - a request sent at edge e takes its input link at e + 1 and may be granted its memory
//     port from e + 1 + latency; it holds that port's link flits cycles and is handed to the
//     controller (BEGIN_REQ) in the last of them, at e + latency + flits when unloaded. The
//     response path is the same, so the round trip is 2 * latency + flits(request) +
//     flits(response) plus the controller's own time;
//   - each input buffers queue_depth requests, from the cycle a request takes the input link
//     to the cycle it is granted its memory port. END_REQ goes back so that a sender streams
//     at the link's rate (at once for a one-flit request); a busy link or a full buffer holds
//     it, which is how a stalled controller pushes back on the SPs;
//   - per memory port, round-robin among the inputs that have a request for it (virtual output
//     queues, so one busy controller does not block an input's requests to another); per input
//     port, round-robin among the memory ports that have a response for it.
// Simplified: the response path has no back-pressure (the model's initiators always take a
// response at once, so response buffering is unbounded: it is bounded in practice by the
// outstanding requests); no router topology, virtual channels or credit loops are modelled.
class Noc : public sc_core::sc_module, public sim::Clocked {
  public:
    // n_sp_ports target ports for the SPs' XIs, with dma_port one more for a DMA/CP path that
    // does not go through an XI (the last input), and n_mem_ports initiator ports, one per
    // memory controller.
    Noc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const NocParams& params,
        unsigned n_sp_ports, unsigned n_mem_ports, bool dma_port = false);
    ~Noc() override;

    using TargetSocket = sim::TargetSocket;
    using InitiatorSocket = sim::InitiatorSocket;

    unsigned n_inputs() const { return static_cast<unsigned>(inputs_.size()); }
    unsigned n_outputs() const { return static_cast<unsigned>(outputs_.size()); }
    // Input i (an SP's XI for i < n_sp_ports; dma_socket() is the last one, if any).
    TargetSocket& target_socket(unsigned i);
    TargetSocket& dma_socket();
    // Output j, to memory controller j.
    InitiatorSocket& initiator_socket(unsigned j);

    const NocParams& params() const { return params_; }
    const MemoryInterleave& interleave() const { return interleave_; }
    // The memory port of an address.
    unsigned route(uint32_t address) const { return interleave_.controller(address); }
    // The number of cycles a packet of `bytes` data bytes holds a port link.
    unsigned flits(unsigned bytes) const;

    // Input i's sender is `block`'s (an SP's XI): the NoC's responses and END_REQs to it are
    // made through sim::ClockDomain::post(), at the start of the block's tile's pass at the same
    // edge, so that with several host threads that work is done on the tile's thread. When the
    // block's tile runs on the NoC's clock, after the NoC's pass, the input's request half (a
    // held request's start, a long request's END_REQ) ticks in that tile, just before the block.
    // At elaboration.
    void deliver_to(unsigned i, sim::Clocked& block);
    // Whether input i's request half ticks in its sender's tile.
    bool steps_in_sender(unsigned i) const;

    void tick() override;

    // Transactions inside the NoC (request or response on the way).
    uint64_t in_flight() const { return flights_.size(); }

    // Drops every packet (the GPU's reset: the SPs and the memory side are reset with it);
    // links, buffers and round-robin pointers as at power-on. Statistics are kept.
    void reset();

  private:
    static constexpr uint64_t kNever = UINT64_MAX;

    // A packet waiting in a buffer for its exit link.
    struct Packet {
        tlm::tlm_generic_payload* gp;
        unsigned from;      // request: its input; response: its memory port
        uint64_t eligible;  // the first cycle it may take its exit link
    };
    // A packet holding an exit link: it is handed on at cycle send_at.
    struct Egress {
        tlm::tlm_generic_payload* gp = nullptr;
        uint64_t send_at = 0;
        uint64_t waiting_since = 0;  // when it first could have been handed on
    };
    using Fifo = sim::RingFifo<Packet>;  // packets in arrival order
    struct Flight {
        unsigned input;
        uint64_t entry;  // the cycle the request arrived
    };
    struct Input;
    struct Output;
    class Link;

    bool on_request(unsigned i, tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_response(unsigned j, tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(unsigned j, const sc_core::sc_time& at);
    // The first edge after a time: an input is registered at the edge that follows its arrival,
    // so that no result depends on the order in which processes run at one simulated time.
    uint64_t arrival_cycle(const sc_core::sc_time& at) const;
    void wake_for(uint64_t cycle);

    unsigned request_bytes(const tlm::tlm_generic_payload& gp) const;
    unsigned response_bytes(const tlm::tlm_generic_payload& gp) const;

    void step_output(unsigned j, uint64_t t);
    // `offered`: straight from the sender's BEGIN_REQ (s is the edge after it), not a request
    // that waited (started by the NoC's pass or by its link).
    unsigned start_request(unsigned i, uint64_t s, uint64_t ready, bool offered);
    // The shared part of start_request: the request enters its memory port's buffer.
    void enter_output(tlm::tlm_generic_payload& gp, unsigned i, uint64_t s, uint64_t ready,
                      bool offered);
    // The depth samples of the requests offered at an edge, once no request can start at it.
    static void finish_samples(Output& o);
    // A grant of input i's oldest request at cycle t, counted for the input.
    void grant_input(unsigned i, uint64_t t);
    static void replay_grant(void* noc, const uint64_t* args);
    static void replay_flight(void* noc, const uint64_t* args);
    static void replay_enter_output(void* noc, const uint64_t* args);
    uint64_t step_request(unsigned i, uint64_t t);
    // The input's request half has a step to take at `cycle` (its link's, or the NoC's).
    void step_request_at(unsigned i, uint64_t cycle);
    // The tick of input i's link in its sender's tile.
    void step_link(unsigned i);
    void step_response_in(unsigned j, uint64_t t);
    void step_response_out(unsigned i, uint64_t t);
    // END_REQ and BEGIN_RESP to input i's sender (through its tile, deliver_to()).
    void accept(unsigned i);
    void respond(unsigned i, tlm::tlm_generic_payload& gp);
    static void posted_accept(void* noc, const uint64_t* args);
    static void posted_respond(void* noc, const uint64_t* args);
    // Round-robin pick among the eligible packets of a buffer: the oldest packet of the first
    // source after `last`. Returns the index in the buffer, or -1.
    static int pick(const std::vector<Packet>& buffer, unsigned sources, unsigned last, uint64_t t);
    // The same for a memory port's requests: the input whose oldest request is granted, or -1.
    int pick_request(const Output& o, uint64_t t) const;
    // The first cycle one of a memory port's requests may be granted (they are in order within
    // each input's queue).
    static uint64_t earliest_request(const Output& o);
    uint64_t next_event(uint64_t t) const;
    void update_depth(unsigned j);
    // Inputs with a request offered or responses on their way back: the only ones the NoC's
    // pass steps, so that its cost follows the traffic rather than the number of SPs. A bit is
    // set by the NoC's pass and by an SP's request (on the SP's host thread during a parallel
    // pass of the core domain, hence atomic), and cleared by the NoC's pass once the input is
    // idle.
    void mark_active(unsigned i) {
        active_[i / 64].fetch_or(uint64_t{1} << (i % 64), std::memory_order_relaxed);
    }
    template <class F>
    void for_active_inputs(F&& f) const {
        for (unsigned w = 0; w < active_words_; ++w)
            for (uint64_t bits = active_[w].load(std::memory_order_relaxed); bits; bits &= bits - 1)
                f(w * 64 + static_cast<unsigned>(__builtin_ctzll(bits)));
    }

    sim::ClockDomain& clock_;
    NocParams params_;
    bool has_dma_port_;
    MemoryInterleave interleave_;
    std::vector<std::unique_ptr<Input>> inputs_;
    std::vector<std::unique_ptr<Output>> outputs_;
    sim::FlatMap<const tlm::tlm_generic_payload*, Flight> flights_;
    uint64_t last_pass_ = 0;  // the cycle of the NoC's last pass
    unsigned active_words_ = 0;
    std::unique_ptr<std::atomic<uint64_t>[]> active_;

    // Statistics (the per-port ones are in Input and Output).
    sim::StatGroup stats_;
    uint64_t requests_ = 0;
    uint64_t bytes_ = 0;
    uint64_t queueing_cycles_ = 0;
    uint64_t contention_stalls_ = 0;
    uint64_t backpressure_cycles_ = 0;
    sim::Sampler latency_;
};

}  // namespace mvp
