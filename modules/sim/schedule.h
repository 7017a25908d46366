#pragma once

#include <cstdint>

#include "clock_domain.h"

namespace mvp::sim {

// A block's copy of what its clock domain holds for it: whether it is awake, and its pending
// wake (the earliest wake_at not yet reached). With it, the wakes that a block's inputs ask for
// cost no call on the domain when they change nothing there: while the block is awake a wake is
// only noted (the domain, too, only notes it, and arms it when the block sleeps), and while it
// sleeps a wake at or after the pending one is already covered. The domain sees the same wakes
// and sleeps as it would without the copy, so the block is ticked at the same edges. For the copy
// to stay exact, every tick, wake, wake_at and sleep of the block goes through it.
class Schedule {
  public:
    Schedule(ClockDomain& domain, Clocked* block) : domain_(domain), block_(block) {}

    // At the start of every tick, at edge `now`: a pending wake due now is the one being taken.
    void ticking(uint64_t now) {
        awake_ = true;
        if (pending_ <= now) pending_ = UINT64_MAX;
    }
    // As ClockDomain::wake_at: the block is ticked at `cycle` (the next edge if it has passed).
    void wake_at(uint64_t cycle) {
        if (cycle >= pending_) return;
        pending_ = cycle;
        if (!awake_) domain_.wake_at(block_, cycle);
    }
    // As ClockDomain::wake: ticked on every edge after the current time until it sleeps.
    void wake() {
        awake_ = true;
        domain_.wake(block_);
    }
    // As ClockDomain::sleep: not ticked after its current tick (or from now) until a wake.
    void sleep() {
        if (!awake_) return;
        awake_ = false;
        domain_.sleep(block_);
        if (pending_ != UINT64_MAX) domain_.wake_at(block_, pending_);
    }
    // The end of a tick at `now` whose next edge with work is `next` (UINT64_MAX: none until an
    // input arrives): the block stays awake for the next edge, or sleeps until `next`.
    void sleep_until(uint64_t now, uint64_t next) {
        if (next == now + 1) return;
        if (next < pending_) pending_ = next;
        sleep();
    }

  private:
    ClockDomain& domain_;
    Clocked* block_;
    bool awake_ = false;
    uint64_t pending_ = UINT64_MAX;
};

}  // namespace mvp::sim
