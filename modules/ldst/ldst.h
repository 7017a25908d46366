#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/ldst/warp_memory_request.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/schedule.h"
#include "modules/sim/stat_group.h"

namespace mvp::config {
class Config;
}

namespace mvp {

// The LD/ST unit of an SP: the memory pipeline between the SP pipeline (C++ calls) and the
// OCC (TLM). It takes warp memory instructions through issue() (a queue of kQueueDepth whose
// line requests have not all left), coalesces the active lanes into line requests, tracks them
// in an MSHR table and completes instructions in issue order through a callback.
//
// Coalescing: loads and stores group the active lanes by `line_bytes`-aligned line, in order
// of the first lane that touches each line. A load line request reads the whole line; a store
// line request writes the line with TLM byte enables marking the lanes' bytes, the lanes' data
// merged in lane order (when lanes write the same bytes the highest lane wins, as executing
// the lanes one after the other would). Atomics are never coalesced: one 4-byte request per
// active lane, in lane order.
//
// MSHR table: every line request in flight holds an entry until its response. A load line
// request to a line whose youngest request in flight is a load with room in its merge list
// joins that entry (no second request goes down); stores and atomics never merge and a load
// never merges into a load older than a store or atomic to the same line, so every load sees
// the stores issued before it. Requests leave in issue order and the OCC, local memory and DCC
// serve requests to the same address in arrival order. A full table or a full merge list
// stops the line requests, and with them the instruction queue.
//
// Throughput: at most `units` line requests (sent or merged) per cycle, from the edge after
// an instruction is issued. See README.md for timing, statistics and trace variables.
class Ldst : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        unsigned line_bytes = 32;
        unsigned mshr_entries = 8;
        unsigned mshr_max_merge = 4;  // load line requests per entry, the first included
        unsigned units = 4;           // line requests per cycle
        uint32_t sp = 0;              // the SP, for the GPU extension
        // -mvpgpu_ldst_line_bytes, _mshr_entries, _mshr_max_merge,
        // -mvpgpu_num_ldst_units_per_sp.
        static Params from_config(const config::Config& config);
    };
    using CompletionCallback = std::function<void(const WarpMemoryResult&)>;

    // Warp instructions the unit holds before their line requests have all left.
    static constexpr unsigned kQueueDepth = 2;

    Ldst(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params);

    sim::InitiatorPort port;  // to the OCC

    // Called in issue order, at the edge the last line request of the instruction has
    // returned, once all earlier instructions have completed.
    void set_completion_callback(CompletionCallback callback);
    // Whether issue() may be called in this cycle: the instruction queue has room and the MSHR
    // table has a free entry, as of the start of the cycle (the same answer whatever the order
    // of the blocks' ticks), less the instructions already issued in this cycle.
    bool can_accept() const;
    void issue(const WarpMemoryRequest& request);
    // Asks for one call of `callback` (set_space_callback) in the first edge at whose end the
    // unit could accept an instruction (can_accept() true from the next edge): an initiator
    // that found it full sleeps instead of polling. Called when that is already the case, the
    // callback runs at once.
    void notify_when_accepting();
    void set_space_callback(std::function<void()> callback) {
        space_callback_ = std::move(callback);
    }

    // No instruction in flight.
    bool idle() const { return inflight_.empty(); }
    unsigned mshr_occupancy() const { return params_.mshr_entries - free_entries_; }
    const Params& params() const { return params_; }

    void tick() override;

    // The GPU's reset: every instruction, line request and MSHR entry dropped (nothing is
    // completed: the SP pipeline and the OCC are reset with it). Statistics are kept.
    void reset();

  private:
    enum class Kind : uint8_t { kLoad, kStore, kAtomic };
    struct Instruction;
    struct LineRequest {
        uint32_t address;  // line base; an atomic's word
        uint64_t lanes = 0;
        std::vector<uint8_t> data;     // store: the merged bytes of the line
        std::vector<uint8_t> enables;  // store: TLM byte enables
    };
    // Instructions are recycled (free_instructions_): lines[0, num_lines) are this
    // instruction's, the line requests past them keep their buffers for the next.
    struct Instruction {
        WarpMemoryRequest request;
        Kind kind;
        std::vector<LineRequest> lines;
        size_t num_lines = 0;
        size_t next_line = 0;      // the next line request to send
        unsigned outstanding = 0;  // line requests sent or merged, not returned
        uint64_t issue_cycle = 0;
        WarpMemoryResult result;
        bool queued() const { return next_line < num_lines; }
        LineRequest& add_line(uint32_t address, uint64_t lanes) {
            if (num_lines == lines.size()) lines.emplace_back();
            LineRequest& l = lines[num_lines++];
            l.address = address;
            l.lanes = lanes;
            return l;
        }
    };
    struct Target {
        Instruction* instruction;
        unsigned line;  // index into instruction->lines
    };
    struct Entry {
        bool valid = false;
        bool youngest = false;  // the youngest request in flight to its line
        Kind kind = Kind::kLoad;
        uint32_t line = 0;  // line base (the key for merging and ordering)
        tlm::tlm_generic_payload* gp = nullptr;
        std::vector<Target> targets;
    };
    struct Arrived {
        tlm::tlm_generic_payload* gp;
        uint64_t ready;
    };
    enum class Issue : uint8_t { kDone, kBlocked };

    void begin_edge();
    // Copies the request into a (possibly recycled) record whose kind is set.
    static void take_request(Instruction& in, const WarpMemoryRequest& request);
    void coalesce(Instruction& in) const;
    // The entry of the youngest request in flight to a line, and the entry of a payload; -1:
    // none. The table is small: a scan costs less than a map.
    int youngest_entry(uint32_t line) const;
    int entry_of(const tlm::tlm_generic_payload* gp) const;
    Issue issue_line(Instruction& in, uint64_t now);
    void finish_entry(unsigned index, uint64_t now);
    void account(uint64_t now);

    sim::ClockDomain& clock_;
    sim::Schedule schedule_{clock_, this};  // every wake and sleep of this block
    Params params_;
    sim::MemoryManager mm_;
    CompletionCallback callback_;
    // Room for an instruction now (can_accept() from the next edge on).
    bool has_room() const { return queued_ < kQueueDepth && free_entries_ > 0; }
    std::function<void()> space_callback_;
    bool space_wanted_ = false;

    sim::RingFifo<std::unique_ptr<Instruction>> inflight_;  // issue order
    std::vector<std::unique_ptr<Instruction>> free_instructions_;
    unsigned queued_ = 0;  // instructions with line requests still to send
    std::vector<Entry> entries_;
    unsigned free_entries_;
    std::vector<Arrived> responses_;  // arrival order
    uint64_t port_free_from_ = 0;
    bool port_waiting_ = false;
    uint64_t next_request_id_ = 1;

    // can_accept() as of the start of the current edge.
    uint64_t edge_ = UINT64_MAX;
    unsigned queue_free_at_edge_ = 0;
    unsigned entries_free_at_edge_ = 0;
    unsigned issued_at_edge_ = 0;

    uint64_t last_account_ = 0;
    bool busy_ = false;
    bool blocked_ = false;  // a line request waited for an MSHR entry, a merge slot or the port

    // Traced.
    uint32_t mshr_occupancy_ = 0;
    uint32_t requests_in_flight_ = 0;

    sim::StatGroup stats_;
    uint64_t warp_instructions_ = 0;
    uint64_t loads_ = 0;
    uint64_t stores_ = 0;
    uint64_t atomics_ = 0;
    uint64_t active_lanes_ = 0;
    uint64_t line_requests_ = 0;
    uint64_t memory_requests_ = 0;
    uint64_t mshr_merges_ = 0;
    uint64_t stall_cycles_ = 0;
    sim::Sampler mshr_occupancy_samples_;
    sim::Sampler latency_;
};

}  // namespace mvp
