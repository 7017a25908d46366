#pragma once

#include <cstdint>
#include <systemc>

#include "lane_mask.h"

namespace mvp {

// The scoreboard's interface as IS, EX and WB see it: reserve a destination register for the
// lanes of an issued instruction, mark it forwardable (EX), release it (WB), and the hazard
// checks of issue. The C++ block (Scoreboard), a Verilated RTL of it and a lockstep pair of
// both implement it, so the pipeline cannot tell them apart.
class ScoreboardIf : public virtual sc_core::sc_interface {
  public:
    static constexpr uint64_t kNotReady = UINT64_MAX;

    // False when the warp's reservation table is full (issue waits).
    virtual bool has_room(unsigned warp) const = 0;
    // Reserves `reg` for `lanes`; returns the reservation's handle.
    virtual unsigned reserve(unsigned warp, unsigned reg, LaneMask lanes) = 0;
    // The reservation becomes forwardable at `cycle`.
    virtual void set_ready(unsigned warp, unsigned handle, uint64_t cycle) = 0;
    virtual void release(unsigned warp, unsigned handle) = 0;
    // RAW check of one source register: no pending write to these lanes, or all of them
    // forwardable at `now`.
    virtual bool source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const = 0;
    // WAW check: every pending write of reg to these lanes is forwardable at `now`.
    bool dest_free(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const {
        return source_ready(warp, reg, lanes, now);
    }
    // A write of reg to these lanes is in flight (not yet written back).
    virtual bool pending(unsigned warp, unsigned reg, LaneMask lanes) const = 0;
    virtual unsigned pending_count(unsigned warp) const = 0;
    // Drops every reservation of the warp (a warp starts; reset).
    virtual void clear(unsigned warp) = 0;
};

}  // namespace mvp
