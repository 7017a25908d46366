#pragma once

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/schedule.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "modules/sim/timed_queue.h"

namespace mvp::config {
class Config;
}
namespace mvp::sim {
class GpuExtension;
}

namespace mvp {

// The SP's on-chip local memory, reached through the OCC at local addresses [0, size): real
// storage in single-port banks of 4-byte words, interleaved by word (bank = (address / 4) mod
// banks). A request touches the distinct words that have an enabled byte; each bank serves its
// words one after the other, `read_cycle` (or `write_cycle`) cycles each, so the words of one
// request in the same bank serialise, and requests that arrive in the same cycle contend for
// the banks in arrival order. An atomic (GpuExtension::atomic) is a read-modify-write of one
// word that holds its bank for read_cycle + write_cycle; it is atomic for the SP because the
// memory performs it. Data is read and written in arrival order when a request is taken, so
// the bank timing never reorders the values; an idle memory takes a request when it arrives and
// completes it on the forward call. See README.md for the timing formula.
class LocalMem : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        uint32_t size = 32768;  // bytes
        unsigned num_banks = 8;
        unsigned read_cycle = 1;   // cycles per read access of a bank
        unsigned write_cycle = 1;  // cycles per write access of a bank
        // -mvpgpu_local_mem_size, _num_banks, _read_cycle, _write_cycle.
        static Params from_config(const config::Config& config);
    };

    LocalMem(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params);

    // Timed requests from the OCC; b_transport and transport_dbg for the dispatcher (stacked
    // kernel arguments) and debuggers.
    sim::TargetPort port;

    // Untimed access to the storage; false when the range is outside the memory.
    bool read(uint32_t address, void* data, uint32_t length) const;
    bool write(uint32_t address, const void* data, uint32_t length);
    uint32_t read32(uint32_t address) const;
    void write32(uint32_t address, uint32_t value);

    const Params& params() const { return params_; }
    // No request queued or waiting for its response.
    bool idle() const { return queue_.empty() && responses_.empty(); }

    void tick() override;

    // Drops every request and response (the GPU's reset). The contents are kept (the SRAM is
    // not cleared; a work-group's start writes what it needs), and so are the statistics.
    void reset();

  private:
    struct Request {
        tlm::tlm_generic_payload* gp;
        uint64_t arrival;  // the edge the request was sent at
        uint64_t ready;    // the first edge this memory acts on it
    };

    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    // Performs the access on the storage (reads, writes, atomics), calling on_word(word) for
    // each word it touches, in address order; false (and an error status) if out of range. `ext`
    // is the payload's extension (nullptr: none).
    template <typename OnWord>
    bool access(tlm::tlm_generic_payload& gp, const sim::GpuExtension* ext, OnWord&& on_word);
    // Performs a timed request that arrived at `arrival` and books its banks; returns the
    // completion edge.
    uint64_t serve(tlm::tlm_generic_payload& gp, const sim::GpuExtension* ext, uint64_t arrival);
    // Takes a request that arrived at `arrival` in the edge `ready` (counts it and serves it);
    // returns the edge its response is sent at.
    uint64_t take(tlm::tlm_generic_payload& gp, uint64_t arrival, uint64_t ready);
    void untimed(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned debug(tlm::tlm_generic_payload& gp);

    sim::ClockDomain& clock_;
    sim::Schedule schedule_{clock_, this};  // every wake and sleep of this block
    Params params_;
    std::vector<uint8_t> storage_;
    sim::RingFifo<Request> queue_;
    // By completion edge, in completion order among equal edges.
    sim::TimedQueue<tlm::tlm_generic_payload*> responses_;
    std::vector<uint64_t> bank_free_;  // the first edge each bank is free

    uint32_t queue_depth_ = 0;         // traced
    bool queue_depth_traced_ = false;  // in a VCD

    sim::StatGroup stats_;
    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    uint64_t atomics_ = 0;
    uint64_t bank_conflicts_ = 0;
    uint64_t bank_conflict_cycles_ = 0;
    std::vector<uint64_t> bank_accesses_;
};

}  // namespace mvp
