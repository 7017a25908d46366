#include "lockstep_scoreboard.h"

namespace mvp::rtl {

LockstepScoreboard::LockstepScoreboard(unsigned num_warps, const RtlHooks& hooks)
    : cpp_(num_warps),
      rtl_(std::make_unique<RtlScoreboard>(hooks.sp_path + ".scoreboard")),
      checker_(hooks, *rtl_, "rtl/sp/mvp_scoreboard.sv") {
    rtl_->enable_recording(hooks.cycle);
}

LockstepScoreboard::~LockstepScoreboard() = default;

RtlContext LockstepScoreboard::issue_context(unsigned warp, LaneMask lanes) const {
    RtlContext c = checker_.hooks().context(warp, -1);
    c.mask = lanes;
    return c;
}

template <typename ContextFn>
void LockstepScoreboard::check(Call& call, const char* field, char kind, uint64_t cpp, uint64_t rtl,
                               ContextFn context) const {
    call.kind = kind;
    call.cpp = cpp;
    call.rtl = rtl;
    if (cpp == rtl) {
        checker_.compared(call);
        return;
    }
    const std::string c = call.output(false), r = call.output(true);
    checker_.fail(call, field, c, r, context(), {std::string(field) + " = " + c},
                  {std::string(field) + " = " + r});
}

bool LockstepScoreboard::has_room(unsigned warp) const {
    const bool c = cpp_.has_room(warp);
    if (checker_.checking()) {
        Call call;
        call.name = "has_room";
        call.warp = static_cast<int>(warp);
        check(call, "has_room", 'b', c, rtl_->has_room(warp),
              [&] { return issue_context(warp, 0); });
    }
    return c;
}

unsigned LockstepScoreboard::reserve(unsigned warp, unsigned reg, LaneMask lanes) {
    const unsigned c = cpp_.reserve(warp, reg, lanes);
    if (!checker_.checking()) return c;
    Call call;
    call.name = "reserve";
    call.warp = static_cast<int>(warp);
    call.add("reg", reg);
    call.add("lanes", lanes, true);
    check(call, "reserve.handle", 'd', c, rtl_->reserve(warp, reg, lanes),
          [&] { return issue_context(warp, lanes); });
    return c;
}

void LockstepScoreboard::set_ready(unsigned warp, unsigned handle, uint64_t cycle) {
    cpp_.set_ready(warp, handle, cycle);
    if (!checker_.checking()) return;
    rtl_->set_ready(warp, handle, cycle);
    Call call;
    call.name = "set_ready";
    call.warp = static_cast<int>(warp);
    call.add("handle", handle);
    call.add("cycle", cycle);
    checker_.compared(call);
}

void LockstepScoreboard::release(unsigned warp, unsigned handle) {
    cpp_.release(warp, handle);
    if (!checker_.checking()) return;
    rtl_->release(warp, handle);
    Call call;
    call.name = "release";
    call.warp = static_cast<int>(warp);
    call.add("handle", handle);
    checker_.compared(call);
}

bool LockstepScoreboard::source_ready(unsigned warp, unsigned reg, LaneMask lanes,
                                      uint64_t now) const {
    const bool c = cpp_.source_ready(warp, reg, lanes, now);
    if (checker_.checking()) {
        Call call;
        call.name = "source_ready";
        call.warp = static_cast<int>(warp);
        call.add("reg", reg);
        call.add("lanes", lanes, true);
        call.add("now", now);
        check(call, "source_ready", 'b', c, rtl_->source_ready(warp, reg, lanes, now),
              [&] { return issue_context(warp, lanes); });
    }
    return c;
}

bool LockstepScoreboard::pending(unsigned warp, unsigned reg, LaneMask lanes) const {
    const bool c = cpp_.pending(warp, reg, lanes);
    if (checker_.checking()) {
        Call call;
        call.name = "pending";
        call.warp = static_cast<int>(warp);
        call.add("reg", reg);
        call.add("lanes", lanes, true);
        check(call, "pending", 'b', c, rtl_->pending(warp, reg, lanes),
              [&] { return issue_context(warp, lanes); });
    }
    return c;
}

unsigned LockstepScoreboard::pending_count(unsigned warp) const {
    const unsigned c = cpp_.pending_count(warp);
    if (checker_.checking()) {
        Call call;
        call.name = "pending_count";
        call.warp = static_cast<int>(warp);
        check(call, "pending_count", 'd', c, rtl_->pending_count(warp),
              [&] { return issue_context(warp, 0); });
    }
    return c;
}

void LockstepScoreboard::clear(unsigned warp) {
    cpp_.clear(warp);
    if (!checker_.checking()) return;
    rtl_->clear(warp);
    if (!sc_core::sc_get_curr_simcontext()->elaboration_done()) return;
    Call call;
    call.name = "clear";
    call.warp = static_cast<int>(warp);
    checker_.compared(call);
}

}  // namespace mvp::rtl
