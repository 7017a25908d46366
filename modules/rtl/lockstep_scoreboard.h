#pragma once

#include <memory>

#include "lockstep_checker.h"
#include "modules/sp/scoreboard.h"
#include "rtl_scoreboard.h"

namespace mvp::rtl {

// The C++ scoreboard and its RTL in lockstep: every call goes to both, the C++ block's answer
// goes back to the pipeline, and every output is compared (has_room, the handle reserve
// returns, source_ready / dest_free, pending, pending_count; set_ready, release and clear have
// none, their effect shows in the next query). The first difference stops the SP with a
// report (LockstepChecker).
class LockstepScoreboard final : public ScoreboardIf {
  public:
    LockstepScoreboard(unsigned num_warps, const RtlHooks& hooks);
    ~LockstepScoreboard() override;

    bool has_room(unsigned warp) const override;
    unsigned reserve(unsigned warp, unsigned reg, LaneMask lanes) override;
    void set_ready(unsigned warp, unsigned handle, uint64_t cycle) override;
    void release(unsigned warp, unsigned handle) override;
    bool source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const override;
    bool pending(unsigned warp, unsigned reg, LaneMask lanes) const override;
    unsigned pending_count(unsigned warp) const override;
    void clear(unsigned warp) override;

    const Scoreboard& cpp() const { return cpp_; }
    const RtlScoreboard& rtl() const { return *rtl_; }

  private:
    using Call = LockstepChecker::Call;
    // Compares one output; on a difference, context() gives the instruction behind the call.
    template <typename ContextFn>
    void check(Call& call, const char* field, char kind, uint64_t cpp, uint64_t rtl,
               ContextFn context) const;
    RtlContext issue_context(unsigned warp, LaneMask lanes) const;

    Scoreboard cpp_;
    std::unique_ptr<RtlScoreboard> rtl_;
    mutable LockstepChecker checker_;
};

}  // namespace mvp::rtl
