#pragma once

#include <cstdint>
#include <vector>

#include "lane_mask.h"
#include "modules/isa/instruction.h"
#include "scoreboard_if.h"

namespace mvp {

// The scoreboard of IS: the destination register of every issued instruction is reserved
// from issue until write-back, for the lanes that execute it. An instruction may issue when
// none of its source registers has a pending write to one of its lanes that cannot be
// forwarded yet (RAW), and the same holds for its destination (WAW): once the earlier write
// is on the bypass, its write-back cycle is at most two cycles away, and the new instruction
// cannot write back before it (it needs at least RF, EX0 and WB), so writes retire in order.
//
// Reservations carry a lane mask so that a policy that schedules several splits of a warp at
// once (Multi-Path IPDOM) only orders instructions of splits that share threads; the PDOM
// stack reserves with the whole split. A reservation becomes forwardable at a known cycle
// (set by EX when the producer enters EX0; loads only at write-back): a dependent instruction
// issued at or after that cycle reaches EX0 once the result is on the bypass.
class Scoreboard : public ScoreboardIf {
  public:
    static constexpr unsigned kMaxPendingPerWarp = 64;

    explicit Scoreboard(unsigned num_warps);

    // False when the warp's reservation table is full (issue waits).
    bool has_room(unsigned warp) const override { return warps_[warp].used != ~uint64_t{0}; }
    // Reserves `reg` for `lanes`; returns the reservation's handle.
    unsigned reserve(unsigned warp, unsigned reg, LaneMask lanes) override;
    void set_ready(unsigned warp, unsigned handle, uint64_t cycle) override {
        warps_[warp].slots[handle].ready = cycle;
    }
    void release(unsigned warp, unsigned handle) override;

    bool source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const override;
    bool pending(unsigned warp, unsigned reg, LaneMask lanes) const override;
    unsigned pending_count(unsigned warp) const override {
        return static_cast<unsigned>(__builtin_popcountll(warps_[warp].used));
    }
    void clear(unsigned warp) override;

  private:
    struct Slot {
        uint8_t reg = 0;
        LaneMask lanes = 0;
        uint64_t ready = kNotReady;
    };
    struct Warp {
        uint64_t used = 0;         // slots in use
        uint16_t reg_pending = 0;  // registers with at least one reservation
        uint8_t count[isa::kNumRegs] = {};
        Slot slots[kMaxPendingPerWarp];
    };
    std::vector<Warp> warps_;
};

}  // namespace mvp
