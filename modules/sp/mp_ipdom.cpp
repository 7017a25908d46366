#include "mp_ipdom.h"

#include <algorithm>

#include "modules/isa/instruction.h"

namespace mvp {

unsigned MpIpdom::split_slots(unsigned st_entries, unsigned warp_size) {
    // A warp of W lanes never has more than W splits; slots are numbered in a 32-bit mask.
    return std::max(1u, std::min({st_entries, warp_size, 32u}));
}

MpIpdom::MpIpdom(unsigned num_warps, unsigned warp_size, unsigned st_entries, unsigned rt_entries)
    : st_entries_(split_slots(st_entries, warp_size)),
      rt_entries_(std::max(1u, rt_entries)),
      warps_(num_warps),
      st_(size_t{num_warps} * st_entries_),
      rt_(size_t{num_warps} * rt_entries_) {
    for (unsigned i = 0; i < num_warps; ++i) {
        Warp& w = warps_[i];
        w.st_base = i * st_entries_;
        w.rt_base = i * rt_entries_;
        w.parked.reserve(warp_size);  // at most one split per lane: never grows in a run
    }
}

void MpIpdom::start(unsigned warp, uint32_t pc, LaneMask mask) {
    Warp& w = warps_[warp];
    for (unsigned s = 0; s < st_entries_; ++s) st(w, s) = StEntry{};
    for (unsigned i = 0; i < rt_entries_; ++i) rt(w, static_cast<int>(i)) = RtEntry{};
    w.parked.clear();
    w.occupied = 0;
    w.live = mask;
    w.barrier = 0;
    w.rt_used = 0;
    w.last_freed = -1;
    w.next_order = 0;
    StEntry e;
    e.pc = pc;
    e.mask = mask;
    if (mask) place(w, e, 0);
    note_occupancy(w);
}

DivergencePolicy::Split MpIpdom::split(unsigned warp, unsigned slot) const {
    const StEntry& e = st(warps_[warp], slot);
    return {e.pc, e.mask};
}

bool MpIpdom::reached(const Warp& w, const StEntry& e) const {
    if (e.at_barrier || e.rindex < 0) return false;
    const RtEntry& r = rt(w, e.rindex);
    if (r.kind == Kind::kAtReturn) return e.depth < r.rpc_depth;
    return e.pc == r.pc && e.depth == r.rpc_depth;
}

void MpIpdom::note_occupancy(Warp& w) {
    w.st_used = static_cast<uint8_t>(__builtin_popcount(w.occupied));
    stats_.max_st = std::max<unsigned>(stats_.max_st, w.st_used);
    stats_.max_rt = std::max<unsigned>(stats_.max_rt, w.rt_used);
}

unsigned MpIpdom::schedule(unsigned warp, uint8_t* slots) const {
    const Warp& w = warps_[warp];
    if ((w.occupied & (w.occupied - 1)) == 0) {
        if (w.occupied == 0) return 0;
        slots[0] = static_cast<uint8_t>(__builtin_ctz(w.occupied));
        return 1;
    }
    unsigned n = 0;
    for (uint32_t m = w.occupied; m; m &= m - 1) {
        const uint8_t s = static_cast<uint8_t>(__builtin_ctz(m));
        const uint32_t order = st(w, s).order;
        unsigned i = n++;
        for (; i > 0 && st(w, slots[i - 1]).order < order; --i) slots[i] = slots[i - 1];
        slots[i] = s;
    }
    return n;
}

void MpIpdom::place(Warp& w, const StEntry& e, int preferred) {
    const uint32_t all = st_entries_ == 32 ? ~0u : (1u << st_entries_) - 1;
    const uint32_t free = all & ~w.occupied;
    if (free == 0) {
        // The ST is full: the split waits in the parked FIFO for a slot.
        w.parked.push_back(e);
        ++stats_.st_full;
        return;
    }
    unsigned slot = static_cast<unsigned>(__builtin_ctz(free));
    if (preferred >= 0 && (free & (1u << preferred))) slot = static_cast<unsigned>(preferred);
    st(w, slot) = e;
    w.occupied |= 1u << slot;
    note_occupancy(w);
}

void MpIpdom::free_slot(Warp& w, unsigned slot) {
    st(w, slot) = StEntry{};
    w.occupied &= ~(1u << slot);
    w.last_freed = static_cast<int>(slot);
    note_occupancy(w);
}

int MpIpdom::alloc_rt(Warp& w) {
    for (unsigned i = 0; i < rt_entries_; ++i) {
        if (rt(w, static_cast<int>(i)).reconvergence == 0) {
            ++w.rt_used;
            note_occupancy(w);
            return static_cast<int>(i);
        }
    }
    return -1;
}

void MpIpdom::arrive(Warp& w, StEntry& e, int slot) {
    RtEntry& r = rt(w, e.rindex);
    if (r.kind == Kind::kAtReturn) {
        if (!r.pc_known) {
            // The first split to return tells where the paths meet.
            r.pc = e.pc;
            r.depth = e.depth;
            r.pc_known = true;
        } else if (r.pc != e.pc || r.depth != e.depth) {
            // Returned somewhere else: it cannot join this entry; it leaves it and reconverges
            // where the entry's parent does.
            r.reconvergence &= ~e.mask;
            r.pending &= ~e.mask;
            StEntry moved = e;
            moved.rindex = r.parent;
            if (r.reconvergence == 0) {
                r = RtEntry{};
                --w.rt_used;
            }
            if (reached(w, moved)) {
                arrive(w, moved, -1);
            } else {
                place(w, moved, -1);
            }
            return;
        }
    }
    r.pending &= ~e.mask;
    if (slot >= 0 && e.sequential && r.fell_through < 0) r.fell_through = static_cast<int8_t>(slot);
}

bool MpIpdom::settle_once(Warp& w) {
    bool changed = false;
    // Splits at their reconvergence point leave the ST and clear their threads from the
    // pending mask of their RT entry.
    for (uint32_t occ = w.occupied; occ; occ &= occ - 1) {
        const unsigned s = static_cast<unsigned>(__builtin_ctz(occ));
        if (!reached(w, st(w, s))) continue;
        StEntry e = st(w, s);
        free_slot(w, s);
        arrive(w, e, static_cast<int>(s));
        changed = true;
    }
    for (size_t i = 0; i < w.parked.size();) {
        if (!reached(w, w.parked[i])) {
            ++i;
            continue;
        }
        StEntry e = w.parked[i];
        w.parked.erase(w.parked.begin() + static_cast<std::ptrdiff_t>(i));
        arrive(w, e, -1);
        changed = true;
    }
    // RT entries with no pending thread return to the ST as one split; entries whose pending
    // threads all wait at a barrier send the arrived threads on.
    for (unsigned i = 0; i < rt_entries_; ++i) {
        RtEntry& x = rt(w, static_cast<int>(i));
        if (x.reconvergence == 0) continue;
        StEntry m;
        m.pc = x.pc;
        m.depth = x.depth;
        m.rindex = x.parent;
        // The reunited split takes the slot of a split that fell through to the reconvergence
        // PC if it is still free (its instruction buffer holds the instructions there), else
        // the slot of the split that arrived last.
        int preferred = w.last_freed;
        if (x.fell_through >= 0 && !(w.occupied & (1u << x.fell_through))) {
            preferred = x.fell_through;
            m.sequential = true;
        }
        if (x.pending == 0) {
            m.mask = x.reconvergence;
            x = RtEntry{};
            --w.rt_used;
            ++stats_.reconvergences;
        } else if ((x.reconvergence & ~x.pending) != 0 && (x.pending & ~w.barrier) == 0) {
            m.mask = x.reconvergence & ~x.pending;
            x.reconvergence = x.pending;
            x.fell_through = -1;
            ++stats_.barrier_bypasses;
        } else {
            continue;
        }
        m.order = ++w.next_order;  // as the stack's reconvergence entry, on top
        if (reached(w, m)) {
            arrive(w, m, -1);
        } else {
            place(w, m, preferred);
        }
        changed = true;
    }
    // Parked splits take free slots in FIFO order (runnable ones first); with no free slot, a
    // split waiting at a barrier lends its slot to a runnable parked split.
    while (!w.parked.empty()) {
        auto runnable = std::find_if(w.parked.begin(), w.parked.end(),
                                     [](const StEntry& e) { return !e.at_barrier; });
        const uint32_t all = st_entries_ == 32 ? ~0u : (1u << st_entries_) - 1;
        if ((all & ~w.occupied) != 0) {
            auto it = runnable != w.parked.end() ? runnable : w.parked.begin();
            StEntry e = *it;
            w.parked.erase(it);
            place(w, e, -1);
            changed = true;
            continue;
        }
        if (runnable == w.parked.end()) break;
        int waiting = -1;
        for (uint32_t occ = w.occupied; occ && waiting < 0; occ &= occ - 1) {
            const unsigned s = static_cast<unsigned>(__builtin_ctz(occ));
            if (st(w, s).at_barrier) waiting = static_cast<int>(s);
        }
        if (waiting < 0) break;
        StEntry e = *runnable;
        w.parked.erase(runnable);
        w.parked.push_back(st(w, static_cast<unsigned>(waiting)));
        st(w, static_cast<unsigned>(waiting)) = e;
        changed = true;
    }
    note_occupancy(w);
    return changed;
}

void MpIpdom::settle(Warp& w) {
    while (settle_once(w)) {
    }
}

void MpIpdom::advance(unsigned warp, unsigned slot, uint32_t next_pc) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    e.pc = next_pc;
    e.sequential = true;
    if (reached(w, e)) settle(w);
}

void MpIpdom::on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                        uint32_t fallthrough, uint32_t reconvergence) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    const LaneMask t = taken & e.mask;
    const LaneMask n = e.mask & ~t;
    if (t == 0 || n == 0) {
        e.pc = t ? target : fallthrough;
        e.sequential = t == 0;
        if (reached(w, e)) settle(w);
        return;
    }
    const bool at_pc =
        reconvergence != isa::kReconvergeAtExit && reconvergence != isa::kNoReconvergence;
    const Kind kind = at_pc ? Kind::kAtPc : Kind::kAtReturn;
    int r = e.rindex;
    bool same_point = false;
    if (r >= 0) {
        const RtEntry& p = rt(w, r);
        same_point = p.kind == kind && p.rpc_depth == e.depth && (!at_pc || p.pc == reconvergence);
    }
    if (!same_point) {
        const int nr = alloc_rt(w);
        if (nr < 0) {
            // No free RT entry: the sides reconverge where the parent does.
            ++stats_.rt_full;
        } else {
            RtEntry& x = rt(w, nr);
            x.reconvergence = e.mask;
            x.pending = e.mask;
            x.kind = kind;
            x.pc = at_pc ? reconvergence : 0;
            x.pc_known = at_pc;
            x.rpc_depth = e.depth;
            x.depth = e.depth;
            x.parent = static_cast<int16_t>(r);
            r = nr;
        }
    }
    StEntry side = e;
    side.pc = target;
    side.mask = t;
    side.rindex = static_cast<int16_t>(r);
    side.sequential = false;
    // Scheduling priority as on the SIMT stack: the not-taken side first, then the taken
    // side; both before the splits that existed already.
    side.order = ++w.next_order;
    // The not-taken side keeps the slot: its instructions are in the slot's buffer.
    e.pc = fallthrough;
    e.mask = n;
    e.rindex = static_cast<int16_t>(r);
    e.sequential = true;
    e.order = ++w.next_order;
    if (!reached(w, e)) ++stats_.splits_created;
    if (reached(w, side)) {
        arrive(w, side, -1);  // an if without else: the taken side is already there
    } else {
        ++stats_.splits_created;
        place(w, side, -1);
    }
    settle(w);
}

void MpIpdom::on_jump(unsigned warp, unsigned slot, uint32_t target) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    e.pc = target;
    e.sequential = false;
    if (reached(w, e)) settle(w);
}

void MpIpdom::on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    e.pc = target;
    e.sequential = false;
    ++e.depth;
    if (reached(w, e)) settle(w);
}

void MpIpdom::on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                          bool is_return) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    const int32_t depth = e.depth - (is_return ? 1 : 0);
    const uint32_t first = lane_target[lowest_lane(e.mask)];
    LaneMask same = 0;
    for (LaneMask m = e.mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        if (lane_target[lane] == first) same |= LaneMask{1} << lane;
    }
    StEntry base = e;
    base.depth = depth;
    base.sequential = false;
    LaneMask rest = e.mask & ~same;
    // Priority as on the stack: the lowest lanes' target first, then upwards.
    const uint32_t groups = static_cast<uint32_t>(lane_count(e.mask)) + 1;
    uint32_t order = w.next_order + groups;
    w.next_order += groups;
    e.order = order--;
    e.sequential = false;
    e.pc = first;
    e.mask = same;
    e.depth = depth;
    // Lanes going elsewhere (a jump table): one split per target, each reconverging where the
    // split does.
    while (rest) {
        const uint32_t target = lane_target[lowest_lane(rest)];
        LaneMask group = 0;
        for (LaneMask m = rest; m; m &= m - 1) {
            const unsigned lane = lowest_lane(m);
            if (lane_target[lane] == target) group |= LaneMask{1} << lane;
        }
        rest &= ~group;
        StEntry s = base;
        s.pc = target;
        s.mask = group;
        s.order = order--;
        if (reached(w, s)) {
            arrive(w, s, -1);
        } else {
            ++stats_.splits_created;
            place(w, s, -1);
        }
    }
    if (reached(w, st(w, slot)) || base.mask != same) settle(w);
}

void MpIpdom::on_exit(unsigned warp, unsigned slot, LaneMask lanes) {
    Warp& w = warps_[warp];
    w.live &= ~lanes;
    w.barrier &= ~lanes;
    StEntry& e = st(w, slot);
    e.mask &= ~lanes;
    if (e.mask == 0) free_slot(w, slot);
    for (unsigned i = 0; i < rt_entries_; ++i) {
        RtEntry& x = rt(w, static_cast<int>(i));
        if (x.reconvergence == 0) continue;
        x.reconvergence &= ~lanes;
        x.pending &= ~lanes;
        if (x.reconvergence == 0) {
            // Every thread of the entry has exited: it disappears. Its parent no longer waits
            // for these threads either (cleared below or above in this loop).
            x = RtEntry{};
            --w.rt_used;
        }
    }
    for (size_t i = 0; i < w.parked.size();) {
        w.parked[i].mask &= ~lanes;
        if (w.parked[i].mask == 0) {
            w.parked.erase(w.parked.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
            ++i;
        }
    }
    settle(w);
}

void MpIpdom::on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) {
    Warp& w = warps_[warp];
    StEntry& e = st(w, slot);
    e.pc = next_pc;
    e.sequential = true;
    e.at_barrier = true;
    w.barrier |= e.mask;
    settle(w);
}

void MpIpdom::on_barrier_release(unsigned warp) {
    Warp& w = warps_[warp];
    if (w.barrier == 0) return;
    w.barrier = 0;
    for (uint32_t occ = w.occupied; occ; occ &= occ - 1)
        st(w, static_cast<unsigned>(__builtin_ctz(occ))).at_barrier = false;
    for (StEntry& e : w.parked) e.at_barrier = false;
    settle(w);
}

MpIpdom::StView MpIpdom::st_entry(unsigned warp, unsigned slot) const {
    const Warp& w = warps_[warp];
    const StEntry& e = st(w, slot);
    StView v;
    v.pc = e.pc;
    v.mask = e.mask;
    v.rindex = e.rindex;
    v.at_barrier = e.at_barrier;
    v.rpc = e.rindex >= 0 ? rt_entry(warp, static_cast<unsigned>(e.rindex)).rpc
                          : isa::kReconvergeAtExit;
    return v;
}

MpIpdom::RtView MpIpdom::rt_entry(unsigned warp, unsigned index) const {
    const Warp& w = warps_[warp];
    const RtEntry& x = rt(w, static_cast<int>(index));
    RtView v;
    v.rpc = x.pc_known ? x.pc : isa::kReconvergeAtExit;
    v.parent = x.parent;
    v.parent_rpc = x.parent >= 0 ? rt_entry(warp, static_cast<unsigned>(x.parent)).rpc
                                 : isa::kReconvergeAtExit;
    v.reconvergence_mask = x.reconvergence;
    v.pending_mask = x.pending;
    return v;
}

std::vector<MpIpdom::StView> MpIpdom::parked(unsigned warp) const {
    std::vector<StView> out;
    for (const StEntry& e : warps_[warp].parked) {
        StView v;
        v.pc = e.pc;
        v.mask = e.mask;
        v.rindex = e.rindex;
        v.at_barrier = e.at_barrier;
        v.rpc = e.rindex >= 0 ? rt_entry(warp, static_cast<unsigned>(e.rindex)).rpc
                              : isa::kReconvergeAtExit;
        out.push_back(v);
    }
    return out;
}

}  // namespace mvp
