#pragma once

#include <cstdint>
#include <systemc>

#include "lane_mask.h"

namespace mvp {

// How a warp's threads follow divergent control flow: the unit in IS that says which threads
// of a warp run, and from which PC. The pipeline never keeps a warp's PC itself; it asks the
// policy for the warp's schedulable *splits* (a PC and a lane mask each) and reports every
// control event of a split back to it.
//
// A policy exposes up to max_splits() splits per warp, in fixed slots [0, max_splits()). A
// split keeps its slot while it lives, so the pipeline can attach per-split hardware to the
// slot: an instruction buffer and fetch PC, a pending-branch flag, the lane mask the
// scoreboard reserves with. The PDOM stack has one slot (the top of its stack); Multi-Path
// IPDOM (MpIpdom: warp split table + reconvergence table) exposes each entry of its split
// table in its own slot, and the issue stage schedules them independently.
//
// After any call below, the pipeline re-reads the splits of the warp: a split whose PC is not
// where its instruction buffer expects it (a taken branch, a reconvergence, a new split) has
// its buffer flushed and refetched.
//
// Barriers: a split that issues sync is reported with on_barrier (its threads then wait: the
// pipeline holds every split whose threads are at the barrier) and the release of the
// work-group's barrier with on_barrier_release for each warp that had threads there.
class DivergencePolicy : public virtual sc_core::sc_interface {
  public:
    struct Split {
        uint32_t pc = 0;
        LaneMask mask = 0;  // the lanes that run; 0: the slot is empty
    };

    virtual ~DivergencePolicy() = default;

    virtual const char* name() const = 0;
    virtual unsigned max_splits() const = 0;

    // A warp starts: `mask` lanes at `pc` (lanes outside the mask have no thread).
    virtual void start(unsigned warp, uint32_t pc, LaneMask mask) = 0;
    // The occupied slots in the order the issue stage tries them, highest priority first;
    // returns their number (at most max_splits()).
    virtual unsigned schedule(unsigned warp, uint8_t* slots) const {
        unsigned n = 0;
        for (uint32_t m = occupied(warp); m; m &= m - 1)
            slots[n++] = static_cast<uint8_t>(__builtin_ctz(m));
        return n;
    }
    // The split in a slot (mask 0 when the slot is empty).
    virtual Split split(unsigned warp, unsigned slot) const = 0;
    // Lanes of the warp that have not exited.
    virtual LaneMask live(unsigned warp) const = 0;
    // The slots that hold a split, bit s for slot s (max_splits() <= 32).
    virtual uint32_t occupied(unsigned warp) const {
        uint32_t m = 0;
        for (unsigned s = 0; s < max_splits(); ++s)
            if (split(warp, s).mask) m |= 1u << s;
        return m;
    }

    // The split issued a non-control instruction and moves on to next_pc (pc + 8). The policy
    // checks whether the split has reached a reconvergence point.
    virtual void advance(unsigned warp, unsigned slot, uint32_t next_pc) = 0;
    // A conditional branch resolved: lanes in `taken` (a subset of the split's mask) go to
    // `target`, the others to `fallthrough`. `reconvergence` is the branch's reconvergence PC
    // from Program::reconvergence (toolchain::kReconvergeAtExit: where the function returns).
    virtual void on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                           uint32_t fallthrough, uint32_t reconvergence) = 0;
    // jp: the whole split goes to target.
    virtual void on_jump(unsigned warp, unsigned slot, uint32_t target) = 0;
    // jplnk: a call; the split enters the callee at target (return_pc is where it returns).
    virtual void on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t return_pc) = 0;
    // jr: each lane i of the split goes to lane_target[i]; is_return when the register is $ra
    // (the toolchain's control-flow analysis treats every jr as leaving the function).
    virtual void on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                             bool is_return) = 0;
    // The lanes (a subset of the split's mask) executed exit: they end.
    virtual void on_exit(unsigned warp, unsigned slot, LaneMask lanes) = 0;
    // The split issued sync and goes on at next_pc once the barrier releases it. A policy with
    // one split per warp simply moves it on (the whole warp waits).
    virtual void on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) {
        advance(warp, slot, next_pc);
    }
    // The work-group's barrier released the warp's waiting threads.
    virtual void on_barrier_release(unsigned /*warp*/) {}
};

}  // namespace mvp
