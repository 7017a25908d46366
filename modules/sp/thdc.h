#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "direct_port.h"
#include "divergence_policy.h"
#include "fetch_if.h"
#include "issue_if.h"
#include "lane_mask.h"
#include "modules/golden/local_area_allocator.h"
#include "sp_control.h"
#include "sp_params.h"
#include "thdc_if.h"

namespace mvp {

class DebugMap;

// THDC, the SP's thread controller: the hardware thread slots grouped into warps, the
// work-groups resident on the SP, the running set and the work-group barriers.
//
// Warps of one work-group take contiguous warps of free slots; a group that uses __local memory
// also holds an area of local memory (local_areas(), first fit below the private stacks),
// freed with its slots when its last warp has ended. Of the resident warps, at most
// `running_warps` are in the running set; only those fetch and issue (round robin, in IS).
// The others wait in a FIFO. A running warp leaves the set when its threads have all exited,
// when it waits at a barrier, or (policy switch) when a memory instruction of it has been
// outstanding for `switch_threshold` cycles; the last two only when a ready waiting warp
// needs the place (no free place is left for it). Free places are filled from the waiting FIFO in
// order with warps that are ready (not at a barrier, not waiting for memory). The instruction
// buffers belong to the running set: a warp switched out loses its buffered instructions and
// refetches when it is switched back in (the "replay" cost of the switch).
//
// Barrier (`sync`): a split's threads arrive when its sync issues; that split then issues
// nothing until the release (under PDOM the split is the warp; under MP-IPDOM its sibling
// splits go on). When the arrived threads equal the group's live threads (exited threads do
// not count), every warp of the group is released in the next cycle, all in the same cycle.
//
// Splits (MP-IPDOM): a warp leaves the running set for a barrier when none of its splits can
// issue for it; for memory (switch) when its oldest access has been outstanding for the
// threshold since it last entered the running set, as a V2.1 thread group on a miss. It is
// ready to enter when one of its splits can issue: not at the barrier and (stall, switch) no
// memory instruction of its threads outstanding. Under PDOM a memory instruction holds the
// whole warp; under MP-IPDOM only the threads of the split that issued it.
//
// Ports: `divergence` (the warps' splits), `fetch` (a warp switched out loses its buffers, a
// barrier release refetches), `issue` (a memory instruction completed: its splits may issue).
// Exports ThdcIf (the module itself) to FE, IS and WB.
class Thdc : public sc_core::sc_module, public ThdcIf {
  public:
    enum class Status : uint8_t { kFree, kWaiting, kRunning, kFinished };
    struct Warp {
        Status status = Status::kFree;
        uint32_t group = 0;            // index into groups()
        uint32_t first_local_id = 0;   // the work-item (local linear id) of lane 0
        LaneMask threads = 0;          // lanes that hold a thread of the group
        bool at_barrier = false;       // some of its threads wait at the barrier
        LaneMask barrier_lanes = 0;    // the threads that wait at the barrier
        uint32_t inflight = 0;         // issued, not yet written back
        uint32_t mem_outstanding = 0;  // memory instructions issued, not yet written back
        LaneMask mem_lanes = 0;        // the threads of those instructions
        uint64_t mem_since = 0;        // issue cycle of the oldest of them
        int running_slot = -1;
        uint64_t running_since = 0;  // cycle it entered the running set
    };
    struct Group {
        bool active = false;
        uint64_t linear_id = 0;
        const DebugMap* debug = nullptr;  // the host's debug map (messages only)
        uint32_t code_base = 0;
        uint32_t code_bytes = 0;
        uint32_t first_warp = 0;
        uint32_t num_warps = 0;
        uint32_t live_threads = 0;
        uint32_t arrived = 0;
        uint64_t release_at = UINT64_MAX;
        uint32_t local_base = 0;   // its area of local memory (%local_base)
        uint32_t local_bytes = 0;  // 0: the group uses no __local memory
    };

    Thdc(const sc_core::sc_module_name& name, SpControl& sp);

    DirectPort<DivergencePolicy> divergence;
    DirectPort<FetchIf> fetch;
    DirectPort<IssueIf> issue;

    Warp& warp(unsigned w) { return warps_[w]; }
    const Warp& warp(unsigned w) const { return warps_[w]; }
    Group& group(unsigned g) { return groups_[g]; }
    const Group& group(unsigned g) const { return groups_[g]; }
    unsigned num_warps() const { return static_cast<unsigned>(warps_.size()); }
    // Running set: warp index per place, -1 when empty.
    const std::vector<int>& running() const override { return running_; }

    // The first of `count` contiguous free warps, or -1.
    int find_free_warps(unsigned count) const;
    unsigned free_warps() const;
    // The areas of local memory of the resident groups: the caller allocates the group's area
    // before start_group (g.local_base, g.local_bytes); the THDC frees it when the group ends.
    LocalAreaAllocator& local_areas() { return local_areas_; }
    const LocalAreaAllocator& local_areas() const { return local_areas_; }
    unsigned resident_groups() const { return resident_groups_; }
    // Makes the warps [first, first + count) resident for a group (index = first warp); the
    // caller has initialised the threads. They join the waiting FIFO.
    void start_group(unsigned first_warp, unsigned count, const Group& g,
                     const std::vector<LaneMask>& threads, const std::vector<uint32_t>& first_ids);

    // Once per cycle, before IS: barrier releases, switching out, filling the running set.
    // Returns true when anything changed. After a cycle in which nothing changed, nothing does
    // until an event (a memory instruction of a waiting warp retired, an arrival, an exit, a
    // warp's end, a new group, a change of the splits of a waiting warp or of a warp at the
    // barrier) or the next memory-switch threshold (a running warp's memory instruction sets
    // one).
    bool tick(uint64_t now);
    // Every warp free, no group resident, no local memory area held (the SP's reset).
    void reset();

    // A split of the warp reached sync with these threads.
    void arrive(unsigned w, LaneMask lanes, uint64_t now) override;
    // Threads of the warp exited (at the issue of exit).
    void exited(unsigned w, unsigned lanes, LaneMask live_after, uint64_t now) override;
    // Bookkeeping of issued and retired instructions; retire() may end the warp's group,
    // which is then reported by done_groups().
    void issued(unsigned w, bool memory, LaneMask lanes, uint64_t now) override;
    void retired(unsigned w, bool memory) override;
    // The split's threads may not issue: they wait at the barrier, or (stall/switch policies)
    // for a memory instruction of theirs (PDOM: of the warp).
    Hold split_hold(unsigned w, LaneMask split) const override {
        const Warp& warp = warps_[w];
        if (split & warp.barrier_lanes) return Hold::kBarrier;
        if (warp.mem_outstanding > 0 && params_.thdc_policy != SpParams::ThdcPolicy::kPark &&
            (!per_split_memory_ || (split & warp.mem_lanes) != 0))
            return Hold::kMemory;
        return Hold::kNone;
    }
    void splits_changed(unsigned w) override {
        if (warps_[w].status == Status::kWaiting || warps_[w].at_barrier) quiet_until_ = 0;
    }
    uint32_t group_of(unsigned w) const override { return warps_[w].group; }
    uint32_t code_base_of(unsigned w) const override { return groups_[warps_[w].group].code_base; }
    uint32_t code_bytes_of(unsigned w) const override {
        return groups_[warps_[w].group].code_bytes;
    }
    std::vector<uint64_t>& done_groups() { return done_groups_; }

    // A barrier release is due (the pipeline must stay awake).
    bool release_pending() const { return releases_pending_ > 0; }
    // The earliest cycle after `now` at which a running warp becomes due for a memory switch
    // (UINT64_MAX: none). A warp already due was weighed at this tick; whether it leaves changes
    // only with an event that wakes the SP anyway (a retire, a new group, a release), so a
    // sleeping SP waits for those instead of polling.
    uint64_t next_switch_cycle(uint64_t now) const;
    unsigned resident_warps() const override { return resident_; }

    uint64_t switches() const { return switches_; }
    uint64_t barrier_releases() const { return barrier_releases_; }

  private:
    // No split of the warp can issue for the barrier (and, with `memory`, for memory).
    bool held(const Warp& w, bool memory) const;
    bool ready(const Warp& w) const { return !held(w, true); }
    bool step(uint64_t now);
    void release(Group& g);
    void finish_if_done(unsigned w);

    const SpParams& params_;
    std::vector<Warp> warps_;
    std::vector<Group> groups_;  // indexed by the group's first warp
    std::vector<int> running_;
    std::vector<uint32_t> waiting_;  // FIFO of waiting warps
    std::vector<uint64_t> done_groups_;
    // Per warp, the lane masks and issue cycles of its outstanding memory instructions in issue
    // order (they complete in order): a ring that grows when full, so steady-state pushes never
    // allocate.
    struct Access {
        LaneMask lanes = 0;
        uint64_t issued = 0;
    };
    struct AccessRing {
        std::vector<Access> ring = std::vector<Access>(8);
        unsigned head = 0;
        unsigned size = 0;
    };
    std::vector<AccessRing> mem_accesses_;
    bool per_split_memory_ = false;
    unsigned releases_pending_ = 0;
    uint64_t quiet_until_ = 0;  // tick() changes nothing before this cycle (0: an event came)
    unsigned resident_ = 0;     // warps not free
    unsigned resident_groups_ = 0;
    LocalAreaAllocator local_areas_;
    uint64_t switches_ = 0;
    uint64_t barrier_releases_ = 0;
};

}  // namespace mvp
