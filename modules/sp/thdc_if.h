#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "lane_mask.h"

namespace mvp {

class DebugMap;

// THDC's interface toward FE, IS and WB: the running set, what a warp may issue, and the
// bookkeeping of issued, arrived, exited and retired threads.
class ThdcIf : public virtual sc_core::sc_interface {
  public:
    // Running set: warp index per place, -1 when empty.
    virtual const std::vector<int>& running() const = 0;
    virtual unsigned resident_warps() const = 0;
    // The warp's resident work-group (index of the SP's group table).
    virtual uint32_t group_of(unsigned warp) const = 0;
    // Where the warp's code image lies (its group's launch).
    virtual uint32_t code_base_of(unsigned warp) const = 0;
    virtual uint32_t code_bytes_of(unsigned warp) const = 0;
    // Why the split's threads may not issue: they wait at the barrier, or (stall, switch
    // policies) for a memory instruction of theirs (PDOM: of the warp).
    enum class Hold : uint8_t { kNone, kBarrier, kMemory };
    virtual Hold split_hold(unsigned warp, LaneMask split) const = 0;
    // Bookkeeping of issued and retired instructions; retire may end the warp's group.
    virtual void issued(unsigned warp, bool memory, LaneMask lanes, uint64_t now) = 0;
    virtual void retired(unsigned warp, bool memory) = 0;
    // A split of the warp reached sync with these threads.
    virtual void arrive(unsigned warp, LaneMask lanes, uint64_t now) = 0;
    // Threads of the warp exited (at the issue of exit).
    virtual void exited(unsigned warp, unsigned lanes, LaneMask live_after, uint64_t now) = 0;
    // The warp's splits changed (FE re-read them after a divergence event): whether a split of
    // a waiting warp, or of a warp at the barrier, can issue may have changed.
    virtual void splits_changed(unsigned warp) = 0;
};

}  // namespace mvp
