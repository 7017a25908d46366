#include "pdom_stack.h"

#include <systemc>

#include "modules/isa/instruction.h"


namespace mvp {

PdomStack::PdomStack(unsigned num_warps) : warps_(num_warps) {
    for (Warp& w : warps_) w.stack.reserve(16);
}

void PdomStack::start(unsigned warp, uint32_t pc, LaneMask mask) {
    Warp& w = warps_[warp];
    w.stack.clear();
    w.live = mask;
    Entry e;
    e.pc = pc;
    e.mask = mask;
    push(w, e);
}

DivergencePolicy::Split PdomStack::split(unsigned warp, unsigned slot) const {
    const Warp& w = warps_[warp];
    if (slot != 0 || w.stack.empty()) return {};
    return {w.stack.back().pc, w.stack.back().mask};
}

bool PdomStack::reached(const Entry& e) {
    switch (e.kind) {
        case Reconverge::kAtPc:
            return e.pc_known && e.pc == e.rpc && e.depth == e.rpc_depth;
        case Reconverge::kAtReturn:
            return e.depth < e.rpc_depth;
        default:
            return false;
    }
}

void PdomStack::push(Warp& w, const Entry& e) {
    w.stack.push_back(e);
    if (w.stack.size() > max_depth_) max_depth_ = static_cast<unsigned>(w.stack.size());
}

void PdomStack::settle(Warp& w) {
    while (!w.stack.empty()) {
        Entry& top = w.stack.back();
        if (top.mask == 0) {
            w.stack.pop_back();
            continue;
        }
        if (!reached(top)) break;
        // The path has arrived. For a branch that reconverges at the return, its
        // reconvergence entry (the nearest join entry below the path's unfinished siblings)
        // learns the return PC from the first path that gets there.
        const bool at_return = top.kind == Reconverge::kAtReturn;
        const uint32_t pc = top.pc;
        const int32_t depth = top.depth;
        w.stack.pop_back();
        if (!at_return) continue;
        for (size_t i = w.stack.size(); i-- > 0;) {
            Entry& e = w.stack[i];
            if (!e.join) continue;
            if (!e.pc_known) {
                e.pc = pc;
                e.depth = depth;
                e.pc_known = true;
            }
            break;
        }
    }
    if (!w.stack.empty() && !w.stack.back().pc_known)
        SC_REPORT_ERROR("mvp/sp/pdom",
                        "PDOM stack: a reconvergence entry with live threads "
                        "has no PC (no path returned to it)");
}

void PdomStack::advance(unsigned warp, unsigned, uint32_t next_pc) {
    Warp& w = warps_[warp];
    w.stack.back().pc = next_pc;
    settle(w);
}

void PdomStack::on_branch(unsigned warp, unsigned, LaneMask taken, uint32_t target,
                          uint32_t fallthrough, uint32_t reconvergence) {
    Warp& w = warps_[warp];
    Entry& top = w.stack.back();
    const LaneMask t = taken & top.mask;
    const LaneMask n = top.mask & ~t;
    if (t == 0 || n == 0) {
        top.pc = t ? target : fallthrough;
        settle(w);
        return;
    }
    Entry path;
    path.depth = top.depth;
    path.rpc_depth = top.depth;
    if (reconvergence == isa::kReconvergeAtExit ||
        reconvergence == isa::kNoReconvergence) {
        path.kind = Reconverge::kAtReturn;
    } else {
        path.kind = Reconverge::kAtPc;
        path.rpc = reconvergence;
    }
    const bool same_point = top.kind == path.kind && top.rpc_depth == path.rpc_depth &&
                            (path.kind == Reconverge::kAtReturn || top.rpc == path.rpc);
    if (same_point) {
        // The paths meet where the current entry already reconverges: replace it.
        w.stack.pop_back();
    } else {
        // The top entry becomes the reconvergence entry of the branch.
        top.join = true;
        top.pc_known = path.kind == Reconverge::kAtPc;
        top.pc = top.pc_known ? reconvergence : 0;
    }
    // A path that starts at the reconvergence point (an if without else) is already there.
    path.pc = target;
    path.mask = t;
    if (!reached(path)) push(w, path);
    path.pc = fallthrough;
    path.mask = n;
    if (!reached(path)) push(w, path);
    settle(w);
}

void PdomStack::on_jump(unsigned warp, unsigned, uint32_t target) {
    Warp& w = warps_[warp];
    w.stack.back().pc = target;
    settle(w);
}

void PdomStack::on_call(unsigned warp, unsigned, uint32_t target, uint32_t) {
    Warp& w = warps_[warp];
    w.stack.back().pc = target;
    ++w.stack.back().depth;
    settle(w);
}

void PdomStack::on_indirect(unsigned warp, unsigned, const uint32_t* lane_target, bool is_return) {
    Warp& w = warps_[warp];
    const Entry base = w.stack.back();
    const int32_t depth = base.depth - (is_return ? 1 : 0);
    const uint32_t first = lane_target[lowest_lane(base.mask)];
    LaneMask same = 0;
    for (LaneMask m = base.mask; m; m &= m - 1) {
        unsigned lane = lowest_lane(m);
        if (lane_target[lane] == first) same |= LaneMask{1} << lane;
    }
    if (same == base.mask) {
        Entry& top = w.stack.back();
        top.pc = first;
        top.depth = depth;
        settle(w);
        return;
    }
    // Lanes go to different places: one path per target, all with the path's own
    // reconvergence point. The highest lanes' target is pushed first, so the lowest lanes run
    // first.
    w.stack.pop_back();
    const size_t bottom = w.stack.size();
    LaneMask rest = base.mask;
    while (rest) {
        uint32_t target = lane_target[lowest_lane(rest)];
        LaneMask group = 0;
        for (LaneMask m = rest; m; m &= m - 1) {
            unsigned lane = lowest_lane(m);
            if (lane_target[lane] == target) group |= LaneMask{1} << lane;
        }
        rest &= ~group;
        Entry e = base;
        e.pc = target;
        e.mask = group;
        e.depth = depth;
        e.join = false;
        w.stack.insert(w.stack.begin() + static_cast<std::ptrdiff_t>(bottom), e);
        if (w.stack.size() > max_depth_) max_depth_ = static_cast<unsigned>(w.stack.size());
    }
    settle(w);
}

void PdomStack::on_exit(unsigned warp, unsigned, LaneMask lanes) {
    Warp& w = warps_[warp];
    w.live &= ~lanes;
    for (Entry& e : w.stack) e.mask &= ~lanes;
    settle(w);
}

}  // namespace mvp
