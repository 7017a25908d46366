#pragma once

#include <memory>

#include "lockstep_checker.h"
#include "modules/sp/mp_ipdom.h"
#include "rtl_mp_ipdom.h"

namespace mvp::rtl {

// The C++ MpIpdom and its RTL in lockstep: every operation goes to both, and after it the
// addressed warp's outputs are compared: each split slot's PC and mask, the occupied slots,
// the live lanes, the schedule order, the tables' occupancy, the RTL's error flag, and the
// statistics whenever the C++ block's change. The pipeline reads the C++ block's splits; the
// first difference stops the SP with a report (LockstepChecker). Statistics and the VCD's
// table occupancy come from the C++ block.
class LockstepMpIpdom final : public DivergencePolicy, public MpIpdomInspect {
  public:
    LockstepMpIpdom(unsigned num_warps, unsigned warp_size, unsigned st_entries,
                    unsigned rt_entries, const RtlHooks& hooks);
    ~LockstepMpIpdom() override;

    const char* name() const override { return cpp_.name(); }
    unsigned max_splits() const override { return cpp_.max_splits(); }
    uint32_t occupied(unsigned warp) const override { return cpp_.occupied(warp); }
    unsigned schedule(unsigned warp, uint8_t* slots) const override {
        return cpp_.schedule(warp, slots);
    }
    Split split(unsigned warp, unsigned slot) const override { return cpp_.split(warp, slot); }
    LaneMask live(unsigned warp) const override { return cpp_.live(warp); }

    void start(unsigned warp, uint32_t pc, LaneMask mask) override;
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

    const Stats& stats() const override { return cpp_.stats(); }
    const uint8_t* st_used(unsigned warp) const override { return cpp_.st_used(warp); }
    const uint8_t* rt_used(unsigned warp) const override { return cpp_.rt_used(warp); }

    const MpIpdom& cpp() const { return cpp_; }
    const RtlMpIpdom& rtl() const { return *rtl_; }

  private:
    using Call = LockstepChecker::Call;
    // The addressed split before an operation (slot -1: the operation has none).
    struct Before {
        int slot = -1;
        Split split;
    };
    Call begin(const char* name, unsigned warp, int slot, Before* before) const;
    RtlContext context_of(unsigned warp, const Before& before) const;
    static bool same_stats(const Stats& a, const Stats& b);
    // Compares the warp's outputs after the operation.
    void compare(Call& call, unsigned warp, const Before& before);

    MpIpdom cpp_;
    std::unique_ptr<RtlMpIpdom> rtl_;
    LockstepChecker checker_;
    Stats last_stats_;
};

}  // namespace mvp::rtl
