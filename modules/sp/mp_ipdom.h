#pragma once

#include <cstdint>
#include <vector>

#include "divergence_policy.h"
#include "mp_ipdom_inspect.h"

namespace mvp {

// Multi-Path IPDOM (ElTantawy, Ma, O'Connor, Aamodt, HPCA 2014): reconvergence at the immediate
// post-dominator like the PDOM stack, but the paths of a divergent branch are *splits* that
// the issue stage schedules independently, interleaved with each other and with other warps,
// so that one path's long-latency instructions overlap the other path's work.
//
// Per warp, two tables:
//   - the Split Table (ST): the schedulable splits, one per slot of the DivergencePolicy
//     interface. An entry is (PC, active mask, reconvergence PC, R-index), the R-index being
//     the RT entry the split reconverges into (-1: none, the split runs to its threads' exit).
//   - the Reconvergence Table (RT): one entry per pending reconvergence point: (reconvergence
//     PC, the parent's reconvergence PC and R-index, reconvergence mask, pending mask). The
//     pending mask holds the threads that have not arrived yet.
//
// A divergent branch: the parent split leaves the ST for a new RT entry (PC = the branch's
// reconvergence PC from the toolchain, both masks = the parent's mask, the parent's
// reconvergence PC and R-index kept as the entry's parent), and one ST entry per side joins,
// each pointing at that RT entry. The not-taken side keeps the parent's slot (its instructions
// are already in that slot's instruction buffer); the taken side takes a free slot. A branch
// whose reconvergence point is the parent's own (a loop with a divergent exit, an else-if
// chain) creates no RT entry: the sides point at the parent's. A split that reaches its
// reconvergence PC (at the call depth of its branch) leaves the ST and its threads are cleared
// from the RT entry's pending mask; when the pending mask is empty the RT entry returns to the
// ST as one split with its reconvergence mask (PC = reconvergence PC; reconvergence PC and
// R-index = the parent's), in the slot of the split that arrived last, and may reach its own
// reconvergence point at once (nested joins at one PC).
//
// Calls and returns: every split counts its call depth (jplnk +1, jr $ra -1). A branch with
// kReconvergeAtExit (a side returns or exits: no instruction of the function post-dominates
// it) reconverges when its threads return from the function: its RT entry takes the return PC
// of the first split that returns; a split that returns elsewhere leaves that entry for the
// parent's. Threads that exit are cleared from every mask; an RT entry left with no pending
// threads completes (or disappears with no threads at all). A jr whose lanes go to different
// targets (a jump table) makes one split per target, all reconverging where the split did.
//
// Barriers: a split that issues sync waits at the barrier (its threads arrive; the pipeline
// holds the split, not the warp) and does not reconverge until the barrier releases it, so its
// siblings keep running to their own barrier or exit. When the only threads an RT entry still
// waits for are at a barrier, the threads that have arrived go on alone from the
// reconvergence PC (they would otherwise wait for threads that wait for them): the golden
// model's barrier, which releases when every live thread of the group is at a sync, is then
// reached the same way.
//
// Scheduling order (schedule()): the splits as the SIMT stack would run them — the not-taken
// side of the latest branch, then its taken side, then older splits; a reunited split first;
// a jump table's targets from the lowest lanes up. The issue stage gives the first split the
// slot PDOM would, and the others fill the cycles it leaves idle.
//
// Table sizes (-mvpgpu_mpipdom_st_entries, -mvpgpu_mpipdom_rt_entries): when the ST is full a
// new split is parked in a per-warp FIFO and takes the first ST slot that frees (or the slot of
// a split waiting at a barrier), so the paths are serialised; when the RT is full a divergent
// branch creates no RT entry and its sides reconverge where the parent does (later, with lower
// SIMD efficiency). Neither can deadlock. Simplified: the parked FIFO has no size limit (it
// holds at most warp-size splits) and costs no cycles to move an entry into the ST.
class MpIpdom : public DivergencePolicy, public MpIpdomInspect {
  public:
    // A split, as the ST (or the parked FIFO) holds it.
    struct StView {
        uint32_t pc = 0;
        LaneMask mask = 0;
        uint32_t rpc = 0;  // kReconvergeAtExit: no reconvergence point (R-index -1) or unknown
        int rindex = -1;
        bool at_barrier = false;
    };
    struct RtView {
        uint32_t rpc = 0;
        uint32_t parent_rpc = 0;
        int parent = -1;
        LaneMask reconvergence_mask = 0;
        LaneMask pending_mask = 0;
    };
    MpIpdom(unsigned num_warps, unsigned warp_size, unsigned st_entries, unsigned rt_entries);
    // The split table slots a warp has: -mvpgpu_mpipdom_st_entries, at most the warp size and
    // 32 (slots are numbered in a 32-bit mask), at least 1.
    static unsigned split_slots(unsigned st_entries, unsigned warp_size);

    const char* name() const override { return "mpipdom"; }
    unsigned max_splits() const override { return st_entries_; }
    uint32_t occupied(unsigned warp) const override { return warps_[warp].occupied; }
    unsigned schedule(unsigned warp, uint8_t* slots) const override;
    void start(unsigned warp, uint32_t pc, LaneMask mask) override;
    Split split(unsigned warp, unsigned slot) const override;
    LaneMask live(unsigned warp) const override { return warps_[warp].live; }

    void advance(unsigned warp, unsigned slot, uint32_t next_pc) override;
    void on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                   uint32_t fallthrough, uint32_t reconvergence) override;
    void on_jump(unsigned warp, unsigned slot, uint32_t target) override;
    void on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t return_pc) override;
    void on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                     bool is_return) override;
    void on_exit(unsigned warp, unsigned slot, LaneMask lanes) override;
    void on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) override;
    void on_barrier_release(unsigned warp) override;

    // Inspection (tests, statistics, VCD).
    StView st_entry(unsigned warp, unsigned slot) const;
    // RT entries in use, by index (an R-index is an index here); empty entries have no masks.
    unsigned rt_capacity() const { return rt_entries_; }
    RtView rt_entry(unsigned warp, unsigned index) const;
    std::vector<StView> parked(unsigned warp) const;
    // Occupancy of the warp's tables, kept up to date for the VCD.
    const uint8_t* st_used(unsigned warp) const override { return &warps_[warp].st_used; }
    const uint8_t* rt_used(unsigned warp) const override { return &warps_[warp].rt_used; }
    const Stats& stats() const override { return stats_; }

  private:
    enum class Kind : uint8_t { kAtPc, kAtReturn };
    struct StEntry {
        uint32_t pc = 0;
        LaneMask mask = 0;  // 0: free
        int32_t depth = 0;  // call depth
        int16_t rindex = -1;
        bool at_barrier = false;
        bool sequential = false;  // reached its PC by falling through (the buffer holds it)
        uint32_t order = 0;       // scheduling priority: higher goes first
    };
    struct RtEntry {
        LaneMask reconvergence = 0;  // 0: free
        LaneMask pending = 0;
        uint32_t pc = 0;  // reconvergence PC (kAtReturn: the return PC, once known)
        bool pc_known = true;
        Kind kind = Kind::kAtPc;
        int32_t rpc_depth = 0;  // call depth of the branch
        int32_t depth = 0;      // call depth of the reunited split
        int16_t parent = -1;
        int8_t fell_through = -1;  // slot of a split that reached the PC by falling through
    };
    struct Warp {
        unsigned st_base = 0;  // first entry in st_ / rt_
        unsigned rt_base = 0;
        uint32_t occupied = 0;  // ST slots in use
        LaneMask live = 0;
        LaneMask barrier = 0;  // threads of splits waiting at a barrier
        std::vector<StEntry> parked;
        uint8_t st_used = 0;
        uint8_t rt_used = 0;
        int last_freed = -1;  // the slot of the split that left the ST last
        uint32_t next_order = 0;
    };

    StEntry& st(Warp& w, unsigned slot) { return st_[w.st_base + slot]; }
    const StEntry& st(const Warp& w, unsigned slot) const { return st_[w.st_base + slot]; }
    RtEntry& rt(Warp& w, int index) { return rt_[w.rt_base + static_cast<unsigned>(index)]; }
    const RtEntry& rt(const Warp& w, int index) const {
        return rt_[w.rt_base + static_cast<unsigned>(index)];
    }
    // The split is at its reconvergence point (and not held at a barrier).
    bool reached(const Warp& w, const StEntry& e) const;
    // Puts a new split into a free ST slot (the preferred one if free), or parks it.
    void place(Warp& w, const StEntry& e, int preferred);
    void free_slot(Warp& w, unsigned slot);
    int alloc_rt(Warp& w);
    // A split that reached its reconvergence point leaves the ST (slot, or -1: the parked
    // FIFO).
    void arrive(Warp& w, StEntry& e, int slot);
    // Reconvergences, completions, barrier bypasses and unparking until nothing changes.
    void settle(Warp& w);
    bool settle_once(Warp& w);
    void note_occupancy(Warp& w);

    unsigned st_entries_;
    unsigned rt_entries_;
    std::vector<Warp> warps_;
    std::vector<StEntry> st_;
    std::vector<RtEntry> rt_;
    Stats stats_;
};

}  // namespace mvp
