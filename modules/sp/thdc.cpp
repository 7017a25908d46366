#include "thdc.h"

#include <algorithm>

namespace mvp {

Thdc::Thdc(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      divergence("divergence"),
      fetch("fetch"),
      issue("issue"),
      params_(sp.params),
      warps_(params_.num_warps()),
      groups_(params_.num_warps()),
      running_(params_.running_warps, -1),
      mem_accesses_(params_.num_warps()),
      per_split_memory_(params_.divergence == SpParams::Divergence::kMpIpdom) {
    waiting_.reserve(params_.num_warps());
    done_groups_.reserve(params_.num_warps());
}

void Thdc::reset() {
    std::fill(warps_.begin(), warps_.end(), Warp{});
    std::fill(groups_.begin(), groups_.end(), Group{});
    std::fill(running_.begin(), running_.end(), -1);
    waiting_.clear();
    done_groups_.clear();
    for (AccessRing& r : mem_accesses_) r.head = r.size = 0;
    releases_pending_ = 0;
    quiet_until_ = 0;
    resident_ = 0;
    resident_groups_ = 0;
    local_areas_ = LocalAreaAllocator{};
}

int Thdc::find_free_warps(unsigned count) const {
    // A full SP answers the CP's dispatch at once, without looking at its warps.
    if (free_warps() < count) return -1;
    unsigned run = 0;
    for (unsigned w = 0; w < warps_.size(); ++w) {
        run = warps_[w].status == Status::kFree ? run + 1 : 0;
        if (run == count) return static_cast<int>(w + 1 - count);
    }
    return -1;
}

unsigned Thdc::free_warps() const { return static_cast<unsigned>(warps_.size()) - resident_; }

void Thdc::start_group(unsigned first_warp, unsigned count, const Group& g,
                       const std::vector<LaneMask>& threads,
                       const std::vector<uint32_t>& first_ids) {
    Group& group = groups_[first_warp];
    group = g;
    group.active = true;
    group.first_warp = first_warp;
    group.num_warps = count;
    group.arrived = 0;
    group.release_at = UINT64_MAX;
    resident_ += count;
    ++resident_groups_;
    quiet_until_ = 0;
    for (unsigned k = 0; k < count; ++k) {
        Warp& w = warps_[first_warp + k];
        w = Warp{};
        mem_accesses_[first_warp + k].head = mem_accesses_[first_warp + k].size = 0;
        w.status = Status::kWaiting;
        w.group = first_warp;
        w.threads = threads[k];
        w.first_local_id = first_ids[k];
        waiting_.push_back(first_warp + k);
    }
}

bool Thdc::held(const Warp& w, bool memory) const {
    LaneMask block = w.barrier_lanes;
    if (memory && w.mem_outstanding > 0 && params_.thdc_policy != SpParams::ThdcPolicy::kPark) {
        if (!per_split_memory_) return true;
        block |= w.mem_lanes;
    }
    if (block == 0) return false;
    // A split's lanes are threads of the warp: when the block covers them all, no split can
    // issue.
    if ((w.threads & ~block) == 0) return true;
    const unsigned index = static_cast<unsigned>(&w - warps_.data());
    for (uint32_t occ = divergence->occupied(index); occ; occ &= occ - 1)
        if ((divergence->split(index, static_cast<unsigned>(__builtin_ctz(occ))).mask & block) == 0)
            return false;
    return true;
}

void Thdc::release(Group& g) {
    for (unsigned k = 0; k < g.num_warps; ++k) {
        const unsigned w = g.first_warp + k;
        Warp& warp = warps_[w];
        if (!warp.at_barrier) continue;
        warp.at_barrier = false;
        warp.barrier_lanes = 0;
        divergence->on_barrier_release(w);
        fetch->sync(w);
    }
    g.arrived = 0;
    g.release_at = UINT64_MAX;
    --releases_pending_;
    ++barrier_releases_;
}

void Thdc::arrive(unsigned w, LaneMask lanes, uint64_t now) {
    Warp& warp = warps_[w];
    Group& g = groups_[warp.group];
    quiet_until_ = 0;
    warp.at_barrier = true;
    warp.barrier_lanes |= lanes;
    g.arrived += lane_count(lanes);
    if (g.arrived >= g.live_threads && g.release_at == UINT64_MAX) {
        g.release_at = now + 1;
        ++releases_pending_;
    }
}

void Thdc::exited(unsigned w, unsigned lanes, LaneMask live_after, uint64_t now) {
    Warp& warp = warps_[w];
    Group& g = groups_[warp.group];
    quiet_until_ = 0;
    g.live_threads -= lanes;
    if (g.arrived > 0 && g.arrived >= g.live_threads && g.release_at == UINT64_MAX) {
        g.release_at = now + 1;
        ++releases_pending_;
    }
    if (live_after == 0) {
        // The warp has ended: its place in the running set is free from the next THDC tick.
        warp.status = Status::kFinished;
        finish_if_done(w);
    }
}

void Thdc::issued(unsigned w, bool memory, LaneMask lanes, uint64_t now) {
    Warp& warp = warps_[w];
    ++warp.inflight;
    if (memory) {
        // A running warp issues: only its memory-switch threshold can change the running set.
        if (warp.mem_outstanding++ == 0) {
            warp.mem_since = now;
            if (params_.thdc_policy == SpParams::ThdcPolicy::kSwitch)
                quiet_until_ = std::min(
                    quiet_until_, std::max(now, warp.running_since) + params_.switch_threshold);
        }
        warp.mem_lanes |= lanes;
        AccessRing& r = mem_accesses_[w];
        if (r.size == r.ring.size()) {
            std::vector<Access> bigger(r.ring.size() * 2);
            for (unsigned i = 0; i < r.size; ++i) bigger[i] = r.ring[(r.head + i) % r.ring.size()];
            r.ring.swap(bigger);
            r.head = 0;
        }
        r.ring[(r.head + r.size++) % r.ring.size()] = Access{lanes, now};
    }
}

void Thdc::retired(unsigned w, bool memory) {
    Warp& warp = warps_[w];
    --warp.inflight;
    if (memory) {
        // A waiting warp may become ready; a running one can only stop wanting out.
        if (warp.status == Status::kWaiting) quiet_until_ = 0;
        --warp.mem_outstanding;
        AccessRing& r = mem_accesses_[w];
        if (r.size > 0) {
            r.head = (r.head + 1) % static_cast<unsigned>(r.ring.size());
            --r.size;
        }
        warp.mem_lanes = 0;
        for (unsigned i = 0; i < r.size; ++i)
            warp.mem_lanes |= r.ring[(r.head + i) % r.ring.size()].lanes;
        if (r.size > 0) warp.mem_since = r.ring[r.head].issued;
        issue->wake(w);
    }
    if (warp.status == Status::kFinished) finish_if_done(w);
}

void Thdc::finish_if_done(unsigned w) {
    Warp& warp = warps_[w];
    if (warp.inflight > 0) return;
    Group& g = groups_[warp.group];
    for (unsigned k = 0; k < g.num_warps; ++k) {
        const Warp& o = warps_[g.first_warp + k];
        if (o.status != Status::kFinished || o.inflight > 0) return;
    }
    // Every warp of the group has ended and retired everything: free its slots.
    for (unsigned k = 0; k < g.num_warps; ++k) {
        Warp& o = warps_[g.first_warp + k];
        if (o.running_slot >= 0) running_[o.running_slot] = -1;
        o = Warp{};
    }
    resident_ -= g.num_warps;
    --resident_groups_;
    quiet_until_ = 0;
    if (g.local_bytes > 0) local_areas_.free(g.local_base);
    if (g.release_at != UINT64_MAX) --releases_pending_;
    g.active = false;
    done_groups_.push_back(g.linear_id);
}

uint64_t Thdc::next_switch_cycle(uint64_t now) const {
    if (params_.thdc_policy != SpParams::ThdcPolicy::kSwitch) return UINT64_MAX;
    uint64_t next = UINT64_MAX;
    for (int w : running_) {
        if (w < 0 || warps_[w].mem_outstanding == 0) continue;
        const uint64_t due =
            std::max(warps_[w].mem_since, warps_[w].running_since) + params_.switch_threshold;
        if (due > now) next = std::min(next, due);
    }
    return next;
}

bool Thdc::tick(uint64_t now) {
    if (now < quiet_until_) return false;
    const bool changed = step(now);
    if (!changed) quiet_until_ = releases_pending_ > 0 ? now + 1 : next_switch_cycle(now);
    return changed;
}

bool Thdc::step(uint64_t now) {
    bool changed = false;
    // Barrier releases due now: every warp of the group in the same cycle.
    if (releases_pending_ > 0) {
        for (Group& g : groups_) {
            if (g.active && g.release_at <= now) {
                release(g);
                changed = true;
            }
        }
    }
    // Leave the running set: ended warps always; warps at a barrier or (switch) waiting long
    // for memory when a ready warp can take the place and no place is free for it anyway. The
    // memory trigger is the warp's (as for a thread group of the V2.1): its oldest access
    // outstanding for the threshold, counted from when the warp last entered the running set
    // (under MP-IPDOM a warp can enter with an access still outstanding for one of its splits;
    // it leaves even when another split could issue: keeping it would hold the waiting warps
    // out longer, which measured slower on the memory-bound divergence kernels).
    unsigned free_places = 0;
    unsigned candidates = 0;
    auto wants_out = [&](const Warp& warp) {
        return (warp.at_barrier && held(warp, false)) ||
               (params_.thdc_policy == SpParams::ThdcPolicy::kSwitch && warp.mem_outstanding > 0 &&
                now >= std::max(warp.mem_since, warp.running_since) + params_.switch_threshold);
    };
    for (unsigned p = 0; p < running_.size(); ++p) {
        const int w = running_[p];
        if (w >= 0 && warps_[w].status == Status::kFinished) {
            running_[p] = -1;
            warps_[w].running_slot = -1;
            changed = true;
        }
        if (running_[p] < 0) {
            ++free_places;
        } else {
            candidates += wants_out(warps_[running_[p]]);
        }
    }
    if (waiting_.empty() || (free_places == 0 && candidates == 0)) return changed;
    // Ready waiting warps: each can take the place of one running warp.
    // Counted only as far as the decisions below can use: a place for each, at most
    // free_places + candidates of them.
    unsigned ready_waiting = 0;
    for (uint32_t w : waiting_) {
        ready_waiting += ready(warps_[w]);
        if (ready_waiting > free_places + candidates) break;
    }
    for (unsigned p = 0; p < running_.size() && candidates && ready_waiting > free_places; ++p) {
        const int w = running_[p];
        if (w < 0) continue;
        Warp& warp = warps_[w];
        if (!wants_out(warp)) continue;
        --candidates;
        running_[p] = -1;
        warp.running_slot = -1;
        warp.status = Status::kWaiting;
        waiting_.push_back(static_cast<uint32_t>(w));
        fetch->flush(static_cast<unsigned>(w));
        ++switches_;
        ++free_places;
        changed = true;
    }
    // Fill free places from the waiting FIFO, in order, with ready warps.
    if (free_places == 0 || ready_waiting == 0) return changed;
    for (unsigned p = 0; p < running_.size(); ++p) {
        if (running_[p] >= 0) continue;
        auto it = std::find_if(waiting_.begin(), waiting_.end(),
                               [&](uint32_t w) { return ready(warps_[w]); });
        if (it == waiting_.end()) break;
        const uint32_t w = *it;
        waiting_.erase(it);
        running_[p] = static_cast<int>(w);
        warps_[w].running_slot = static_cast<int>(p);
        warps_[w].running_since = now;
        warps_[w].status = Status::kRunning;
        fetch->sync(w);
        changed = true;
    }
    return changed;
}

}  // namespace mvp
