#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/schedule.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "modules/sim/timed_queue.h"

namespace mvp::config {
class Config;
}

namespace mvp {

struct IccParams {
    unsigned size = 32768;        // -mvpgpu_icc_size (bytes)
    unsigned banks = 4;           // -mvpgpu_icc_banks
    unsigned line_bytes = 32;     // -mvpgpu_icc_line_bytes
    unsigned assoc = 4;           // -mvpgpu_icc_assoc
    unsigned hit_latency = 1;     // -mvpgpu_icc_hit_latency (cycles)
    unsigned mshr_entries = 4;    // -mvpgpu_icc_mshr_entries
    unsigned mshr_max_merge = 8;  // -mvpgpu_icc_mshr_max_merge (fetches per entry)
    unsigned fetch_ports = 1;     // -mvpgpu_icc_fetch_ports
    uint32_t sp = 0;              // the SP's index, written into the line requests' extension

    // Reads the options; throws config::ConfigError when the geometry is inconsistent.
    static IccParams from_config(const config::Config& c);
    // Empty when the geometry is consistent, else what is wrong.
    std::string check() const;
};

// The instruction cache controller of an SP. It holds real instruction bytes: a miss fetches
// the whole line from memory through the XI (its `xi` port binds to the XI's ICC port), and a
// hit returns the bytes of the cached line.
//
// Organisation: size / (line_bytes * assoc) sets, LRU within a set, lines interleaved over
// `banks` single-ported banks (bank = line address % banks). Each fetch port takes one request
// per cycle: a TLM_READ of up to one line (8 or 16 bytes from the fetch stage) that does not
// cross a line boundary. Responses are returned as they complete, so a hit may overtake an
// earlier miss (the fetch stage matches responses by payload).
//
// Timing (core cycles; a request sent at edge T is first seen by the ICC at T + 1):
//   - lookup at the first edge S >= T + 1 at which the fetch's bank is free (a fill writes its
//     bank at its fill edge; two lookups to one bank in one edge serialise, the older first);
//   - hit: response at S + hit_latency - 1 (= T + hit_latency when uncontended);
//   - miss: an MSHR is allocated at S (or the fetch merges into the MSHR of the same line) and
//     the line request leaves for the XI at S + hit_latency - 1 (one per cycle); the fill
//     response, sent by the XI at edge F, is written at F + 1, when all the fetches of the
//     MSHR are answered from the fill data (one fill per edge);
//   - with the XI (latency X) and a memory answering M cycles after the XI's request, a miss
//     is answered at T + hit_latency + X + M + X + 1.
// Back-pressure: a fetch that cannot get an MSHR (all in use, or the line's entry already holds
// mshr_max_merge fetches) stays in the port's input register; the next request of that port
// is held (no END_REQ) until the register frees. The cycles it waits are the stall cycles.
class Icc : public sc_core::sc_module, public sim::Clocked {
  public:
    Icc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const IccParams& params);

    // Fetch port `i` (0 .. fetch_ports - 1), for the fetch stage.
    sim::TargetPort& fetch(unsigned i = 0) { return *ports_.at(i).target; }
    // Line requests toward the XI's ICC port.
    sim::InitiatorPort xi;

    // Invalidates every line (kernel launch). Misses in flight still answer their fetches but
    // do not install their lines, and later fetches do not merge into them.
    void invalidate();
    // The GPU's reset: every line invalid, every fetch and MSHR dropped (nothing is answered:
    // the fetch stage and the XI are reset with it). Statistics are kept; not counted as an
    // invalidation.
    void reset();

    void tick() override;

    const IccParams& params() const { return params_; }
    unsigned sets() const { return sets_; }
    unsigned set_of(uint64_t address) const {
        return static_cast<unsigned>((address / params_.line_bytes) % sets_);
    }
    unsigned bank_of(uint64_t address) const {
        return static_cast<unsigned>((address / params_.line_bytes) % params_.banks);
    }
    // True when the line holding `address` is cached.
    bool contains(uint64_t address) const;
    unsigned mshrs_in_use() const { return mshr_used_; }

    struct Counters {
        uint64_t fetches = 0;  // fetches looked up (hits + misses + merges)
        uint64_t hits = 0;
        uint64_t misses = 0;          // fetches that allocated an MSHR (one line request each)
        uint64_t mshr_merges = 0;     // fetches merged into the MSHR of their line
        uint64_t stall_cycles = 0;    // cycles fetches waited for an MSHR
        uint64_t bank_conflicts = 0;  // lookups delayed a cycle by another access to the bank
        uint64_t fill_bytes = 0;      // bytes received from the XI
        uint64_t fetch_errors = 0;    // malformed fetches answered with an error
        uint64_t invalidations = 0;
    };
    const Counters& counters() const { return counters_; }
    const sim::Sampler& mshr_occupancy() const { return occupancy_; }

  private:
    struct Line {
        uint64_t line = 0;  // line address (byte address / line_bytes)
        uint64_t last_use = 0;
        bool valid = false;
    };
    struct Waiting {
        tlm::tlm_generic_payload* gp;
        unsigned port;
    };
    struct Mshr {
        bool valid = false;
        bool stale = false;  // invalidated while in flight: answer, do not install or merge
        uint64_t line = 0;
        std::vector<Waiting> fetches;
        tlm::tlm_generic_payload* request = nullptr;  // the line request, once sent
    };
    struct Fetch {
        tlm::tlm_generic_payload* gp = nullptr;
        uint64_t ready = 0;  // first edge the ICC sees it
    };
    struct Port {
        std::unique_ptr<sim::TargetPort> target;
        bool busy = false;  // the input register holds `current`
        Fetch current;
        bool holding = false;  // a further request is held at the port
        Fetch held;
        bool wait_fill = false;  // `current` found no MSHR: retried after a fill
        bool stalled = false;    // `current` has been waiting for an MSHR since stall_since
        uint64_t stall_since = 0;
    };
    struct Timed {
        unsigned index;  // an MSHR (line requests)
        uint64_t cycle;
    };
    struct Delayed {
        tlm::tlm_generic_payload* gp;
        unsigned port;
        uint64_t cycle;
    };

    bool on_fetch(unsigned port, tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_fill(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_xi_ready(const sc_core::sc_time& at);
    uint64_t seen_cycle(const sc_core::sc_time& at) const;

    // Processes the fill due at this edge, if any; true when one freed an MSHR.
    bool do_fill(uint64_t now);
    // Looks up the fetch in port p's register; false when it must wait (bank or MSHR).
    bool lookup(unsigned p, uint64_t now);
    // A fetch the ICC can serve: a read of bytes within one line.
    bool servable(const tlm::tlm_generic_payload& gp) const;
    // Answers a fetch from the cached line in `way` of its set (LRU, hit count).
    void hit(tlm::tlm_generic_payload& gp, unsigned way);
    // Looks up and answers a fetch that arrives at an idle ICC at once when it hits; false when
    // it takes the ordinary path through the input register and the tick.
    bool answer_at_once(unsigned port, tlm::tlm_generic_payload& gp, uint64_t ready);
    void send_line_request(uint64_t now);
    // Answers a fetch from the fill data, or with the fill's error status.
    void answer(const Waiting& w, const unsigned char* line_data, tlm::tlm_response_status status);
    void respond_at(tlm::tlm_generic_payload& gp, unsigned port, uint64_t cycle);
    int find_way(uint64_t line) const;
    void install(uint64_t line, const unsigned char* data);
    void set_mshr_used(unsigned n, uint64_t now);
    void schedule(uint64_t now);

    sim::ClockDomain& core_;
    sim::Schedule schedule_{core_, this};  // every wake and sleep of this block
    IccParams params_;
    unsigned sets_ = 1;
    std::vector<Line> lines_;          // sets_ x assoc
    std::vector<unsigned char> data_;  // line_bytes per entry of lines_
    uint64_t use_clock_ = 0;           // LRU time stamps
    std::vector<Mshr> mshrs_;
    unsigned mshr_used_ = 0;
    std::vector<Port> ports_;
    std::vector<uint64_t> bank_used_;     // the edge at which each bank was last accessed
    std::vector<unsigned> order_;         // ports to look up this edge
    bool retry_waiting_ = false;          // an invalidation may have unblocked a waiting fetch
    sim::TimedQueue<unsigned> fills_;     // arrived fills (their MSHRs), by edge
    sim::RingFifo<Timed> line_requests_;  // line requests waiting to leave, by edge
    sim::RingFifo<Delayed> delayed_;      // responses waiting for the end of the hit latency
    uint64_t xi_free_cycle_ = 0;
    uint64_t next_request_id_ = 0;
    sim::MemoryManager mm_;

    sim::StatGroup stats_;
    Counters counters_;
    sim::Sampler occupancy_;
    uint64_t occupancy_since_ = 0;
    // Traced.
    uint32_t trace_occupancy_ = 0;
    uint64_t trace_fetch_address_ = 0;
    bool trace_hit_ = false;
    bool traced_ = false;  // a VCD is written (fixed when the block is built)
};

}  // namespace mvp
