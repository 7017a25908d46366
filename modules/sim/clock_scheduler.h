#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

namespace mvp::sim {

class ClockDomain;

// The one SystemC process that evaluates every clock domain of the simulation. At each time at
// which some domain has an edge with work, the domains due then are evaluated one after the
// other, the last built first (on the GPU: DRAM, L2, interconnect, then the core). Domains meet
// at shared times (the core and the interconnect on every edge, DRAM on every fifth): with one
// process and a fixed order, what one domain's pass sees of another's at such a time never
// depends on the order in which the SystemC kernel happens to run processes, which changed with
// the blocks that slept or woke (a domain with no edge planned waits on an event, not on a
// timeout, and the kernel ran it elsewhere in the time's order), so that skipping host work could
// change a result. The order is the one the kernel mostly used when each domain had its own
// process, memory side first. One process also costs one kernel activation per time instead of
// one per domain.
//
// With several host threads, the memory side may run one edge of the first domain (the core)
// ahead, beside its tiles (may_run_ahead(), doc/performance.md): the same passes in the same
// order for everything the two sides exchange, on two threads at once.
//
// The process belongs to the first domain built (its SC_THREAD); the other domains' threads end
// at once. A domain that changes its plan outside the evaluation (a wake from another process)
// calls notify(), and the scheduler plans again.
class ClockScheduler {
  public:
    // The simulation's scheduler (one per process, as SystemC elaborates once per process).
    static ClockScheduler& instance();

    // Registers a domain at its construction (elaboration); evaluation order is this order.
    void add(ClockDomain* domain);
    void remove(ClockDomain* domain);
    // Whether `domain`'s thread runs the scheduler (the first domain registered).
    bool hosted_by(const ClockDomain* domain) const {
        return !domains_.empty() && domains_.front() == domain;
    }
    // Whether `first`'s pass at a time both share comes before `second`'s (it was built later).
    bool evaluated_before(const ClockDomain* first, const ClockDomain* second) const;
    // A domain's next edge may have moved earlier (a wake or a timer set from outside the
    // evaluation): plan again.
    void notify() {
        if (!evaluating_) event_.notify(sc_core::SC_ZERO_TIME);
    }
    // Whether `domain` is still to be evaluated at the current time: passes are under way and
    // it comes after the one being evaluated (ClockDomain::post()).
    bool evaluates_later(const ClockDomain* domain) const;
    // The scheduler's loop (the host domain's SC_THREAD).
    void run();
    // Whether the next pass of the first domain may run the others' next edges beside its tiles
    // (ClockDomain::set_beside_tiles): its tiles run on several host threads, every other domain
    // allows it (ClockDomain::allow_running_ahead), and nothing else of the SystemC kernel is
    // due before its next edge (no process may see the memory side ahead of the kernel's time).
    bool may_run_ahead() const;

  private:
    ClockScheduler() = default;
    // Each domain's next edge with work, from domain `first` on (kNoEdge: none, or none by
    // `limit`), and its time; the earliest of those times in `next`. False: no edge.
    bool plan(size_t first, const sc_core::sc_time& limit, std::vector<uint64_t>& edges,
              std::vector<sc_core::sc_time>& times, sc_core::sc_time& next);
    // Evaluates the domains after the first at their edges after the current time, up to
    // `through`, in run()'s order, without waiting for the kernel: the memory side's slice.
    void run_slice(const sc_core::sc_time& through);

    std::vector<ClockDomain*> domains_;
    std::vector<uint64_t> edges_;          // each domain's planned edge
    std::vector<sc_core::sc_time> times_;  // and its time
    std::vector<uint64_t> slice_edges_;    // the same during a slice
    std::vector<sc_core::sc_time> slice_times_;
    sc_core::sc_time slice_through_;  // the end of the slice beside the first domain's tiles
    sc_core::sc_event event_;
    bool evaluating_ = false;  // passes are under way: they are followed by a new plan anyway
    size_t current_ = 0;       // the domain being evaluated (they go from the last to the first)
};

}  // namespace mvp::sim
