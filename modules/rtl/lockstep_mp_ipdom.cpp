#include "lockstep_mp_ipdom.h"

#include "mismatch_report.h"

namespace mvp::rtl {

namespace {

std::string hex(uint64_t v) { return MismatchReport::hex(v); }

// A warp's outputs, one line each, as a report lists them.
std::vector<std::string> outputs_of(const DivergencePolicy& p, const MpIpdomInspect& i,
                                    unsigned warp) {
    std::vector<std::string> out;
    out.push_back("occupied = " + hex(p.occupied(warp)) + ", live = " + hex(p.live(warp)));
    for (unsigned s = 0; s < p.max_splits(); ++s) {
        const DivergencePolicy::Split sp = p.split(warp, s);
        out.push_back("split[" + std::to_string(s) + "] = pc " + hex(sp.pc) + ", mask " +
                      hex(sp.mask));
    }
    uint8_t order[32];
    const unsigned n = p.schedule(warp, order);
    std::string sched = "schedule =";
    for (unsigned k = 0; k < n; ++k) sched += " " + std::to_string(order[k]);
    out.push_back(sched);
    out.push_back("st_used = " + std::to_string(*i.st_used(warp)) +
                  ", rt_used = " + std::to_string(*i.rt_used(warp)));
    return out;
}

}  // namespace

LockstepMpIpdom::LockstepMpIpdom(unsigned num_warps, unsigned warp_size, unsigned st_entries,
                                 unsigned rt_entries, const RtlHooks& hooks)
    : cpp_(num_warps, warp_size, st_entries, rt_entries),
      rtl_(std::make_unique<RtlMpIpdom>(hooks.sp_path + ".divergence", num_warps, warp_size,
                                        st_entries, rt_entries)),
      checker_(hooks, *rtl_, "rtl/sp/mvp_mp_ipdom.sv") {
    rtl_->enable_recording(hooks.cycle);
}

LockstepMpIpdom::~LockstepMpIpdom() = default;

LockstepMpIpdom::Call LockstepMpIpdom::begin(const char* name, unsigned warp, int slot,
                                             Before* before) const {
    Call call;
    call.name = name;
    call.warp = static_cast<int>(warp);
    before->slot = slot;
    if (slot >= 0) {
        call.add("slot", static_cast<uint64_t>(slot));
        before->split = cpp_.split(warp, static_cast<unsigned>(slot));
    }
    return call;
}

RtlContext LockstepMpIpdom::context_of(unsigned warp, const Before& before) const {
    if (before.slot < 0) return RtlContext{};
    // The split's PC and lanes before the operation; the instruction there is the last one
    // the issue stage offered from the slot (a control instruction holds its split until it
    // resolves).
    RtlContext c = checker_.hooks().context(warp, before.slot);
    c.decoded = c.known && c.pc == before.split.pc;
    c.known = true;
    c.pc = before.split.pc;
    c.mask = before.split.mask;
    return c;
}

bool LockstepMpIpdom::same_stats(const Stats& a, const Stats& b) {
    return a.splits_created == b.splits_created && a.reconvergences == b.reconvergences &&
           a.st_full == b.st_full && a.rt_full == b.rt_full &&
           a.barrier_bypasses == b.barrier_bypasses && a.max_st == b.max_st && a.max_rt == b.max_rt;
}

void LockstepMpIpdom::compare(Call& call, unsigned warp, const Before& before) {
    call.kind = 'x';
    call.cpp = cpp_.occupied(warp);
    call.rtl = rtl_->occupied(warp);
    std::string field, c, r;
    if (call.cpp != call.rtl) {
        field = "occupied";
        c = hex(call.cpp);
        r = hex(call.rtl);
    } else if (cpp_.live(warp) != rtl_->live(warp)) {
        field = "live";
        c = hex(cpp_.live(warp));
        r = hex(rtl_->live(warp));
    }
    for (unsigned s = 0; field.empty() && s < cpp_.max_splits(); ++s) {
        const Split a = cpp_.split(warp, s), b = rtl_->split(warp, s);
        if (a.mask != b.mask) {
            field = "split[" + std::to_string(s) + "].mask";
            c = hex(a.mask);
            r = hex(b.mask);
        } else if (a.mask && a.pc != b.pc) {
            field = "split[" + std::to_string(s) + "].pc";
            c = hex(a.pc);
            r = hex(b.pc);
        }
    }
    if (field.empty()) {
        uint8_t oc[32], orr[32];
        const unsigned nc = cpp_.schedule(warp, oc), nr = rtl_->schedule(warp, orr);
        bool same = nc == nr;
        for (unsigned k = 0; same && k < nc; ++k) same = oc[k] == orr[k];
        if (!same) {
            field = "schedule";
            for (unsigned k = 0; k < nc; ++k) c += (k ? " " : "") + std::to_string(oc[k]);
            for (unsigned k = 0; k < nr; ++k) r += (k ? " " : "") + std::to_string(orr[k]);
        }
    }
    if (field.empty() && *cpp_.st_used(warp) != *rtl_->st_used(warp)) {
        field = "st_used";
        c = std::to_string(*cpp_.st_used(warp));
        r = std::to_string(*rtl_->st_used(warp));
    }
    if (field.empty() && *cpp_.rt_used(warp) != *rtl_->rt_used(warp)) {
        field = "rt_used";
        c = std::to_string(*cpp_.rt_used(warp));
        r = std::to_string(*rtl_->rt_used(warp));
    }
    if (field.empty() && rtl_->error()) {
        field = "error";
        c = "0";
        r = "1";
    }
    if (field.empty()) {
        // The statistics, when the C++ block's changed (reading the RTL's costs evaluations).
        const Stats& sc = cpp_.stats();
        if (!same_stats(sc, last_stats_)) {
            last_stats_ = sc;
            const Stats& sr = rtl_->stats();
            const struct {
                const char* name;
                uint64_t a, b;
            } stat[] = {{"stats.splits_created", sc.splits_created, sr.splits_created},
                        {"stats.reconvergences", sc.reconvergences, sr.reconvergences},
                        {"stats.st_full", sc.st_full, sr.st_full},
                        {"stats.rt_full", sc.rt_full, sr.rt_full},
                        {"stats.barrier_bypasses", sc.barrier_bypasses, sr.barrier_bypasses},
                        {"stats.max_st", sc.max_st, sr.max_st},
                        {"stats.max_rt", sc.max_rt, sr.max_rt}};
            for (const auto& st : stat) {
                if (st.a != st.b && field.empty()) {
                    field = st.name;
                    c = std::to_string(st.a);
                    r = std::to_string(st.b);
                }
            }
        }
    }
    if (field.empty()) {
        checker_.compared(call);
        return;
    }
    checker_.fail(call, field, c, r, context_of(warp, before), outputs_of(cpp_, cpp_, warp),
                  outputs_of(*rtl_, *rtl_, warp));
}

void LockstepMpIpdom::start(unsigned warp, uint32_t pc, LaneMask mask) {
    cpp_.start(warp, pc, mask);
    if (!checker_.checking()) return;
    rtl_->start(warp, pc, mask);
    Before before;
    Call call = begin("start", warp, -1, &before);
    call.add("pc", pc, true);
    call.add("mask", mask, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::advance(unsigned warp, unsigned slot, uint32_t next_pc) {
    Before before;
    Call call =
        checker_.checking() ? begin("advance", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.advance(warp, slot, next_pc);
    if (!checker_.checking()) return;
    rtl_->advance(warp, slot, next_pc);
    call.add("next_pc", next_pc, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                                uint32_t fallthrough, uint32_t reconvergence) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_branch", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.on_branch(warp, slot, taken, target, fallthrough, reconvergence);
    if (!checker_.checking()) return;
    rtl_->on_branch(warp, slot, taken, target, fallthrough, reconvergence);
    call.add("taken", taken, true);
    call.add("target", target, true);
    call.add("fallthrough", fallthrough, true);
    call.add("reconvergence", reconvergence, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_jump(unsigned warp, unsigned slot, uint32_t target) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_jump", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.on_jump(warp, slot, target);
    if (!checker_.checking()) return;
    rtl_->on_jump(warp, slot, target);
    call.add("target", target, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t return_pc) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_call", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.on_call(warp, slot, target, return_pc);
    if (!checker_.checking()) return;
    rtl_->on_call(warp, slot, target, return_pc);
    call.add("target", target, true);
    call.add("return_pc", return_pc, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                                  bool is_return) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_indirect", warp, static_cast<int>(slot), &before) : Call{};
    const LaneMask mask = cpp_.split(warp, slot).mask;
    cpp_.on_indirect(warp, slot, lane_target, is_return);
    if (!checker_.checking()) return;
    rtl_->on_indirect(warp, slot, lane_target, is_return);
    call.add("is_return", is_return);
    call.add("first_target", lane_target[lowest_lane(mask)], true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_exit(unsigned warp, unsigned slot, LaneMask lanes) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_exit", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.on_exit(warp, slot, lanes);
    if (!checker_.checking()) return;
    rtl_->on_exit(warp, slot, lanes);
    call.add("lanes", lanes, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) {
    Before before;
    Call call =
        checker_.checking() ? begin("on_barrier", warp, static_cast<int>(slot), &before) : Call{};
    cpp_.on_barrier(warp, slot, next_pc);
    if (!checker_.checking()) return;
    rtl_->on_barrier(warp, slot, next_pc);
    call.add("next_pc", next_pc, true);
    compare(call, warp, before);
}

void LockstepMpIpdom::on_barrier_release(unsigned warp) {
    cpp_.on_barrier_release(warp);
    if (!checker_.checking()) return;
    rtl_->on_barrier_release(warp);
    Before before;
    Call call = begin("on_barrier_release", warp, -1, &before);
    compare(call, warp, before);
}

}  // namespace mvp::rtl
