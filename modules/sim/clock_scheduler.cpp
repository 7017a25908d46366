#include "clock_scheduler.h"

#include <algorithm>

#include "clock_domain.h"
#include "sim_time.h"

namespace mvp::sim {

ClockScheduler& ClockScheduler::instance() {
    // Never destroyed: its event belongs to the simulation context, which outlives no static.
    static ClockScheduler* scheduler = new ClockScheduler();
    return *scheduler;
}

void ClockScheduler::add(ClockDomain* domain) {
    domains_.push_back(domain);
    edges_.push_back(ClockDomain::kNoEdge);
    times_.emplace_back();
    slice_edges_.push_back(ClockDomain::kNoEdge);
    slice_times_.emplace_back();
}

void ClockScheduler::remove(ClockDomain* domain) {
    const auto it = std::find(domains_.begin(), domains_.end(), domain);
    if (it == domains_.end()) return;
    edges_.erase(edges_.begin() + (it - domains_.begin()));
    times_.erase(times_.begin() + (it - domains_.begin()));
    slice_edges_.erase(slice_edges_.begin() + (it - domains_.begin()));
    slice_times_.erase(slice_times_.begin() + (it - domains_.begin()));
    domains_.erase(it);
}

bool ClockScheduler::evaluates_later(const ClockDomain* domain) const {
    if (!evaluating_) return false;
    for (size_t d = 0; d < current_; ++d)
        if (domains_[d] == domain) return true;
    return false;
}

bool ClockScheduler::plan(size_t first, const sc_core::sc_time& limit, std::vector<uint64_t>& edges,
                          std::vector<sc_core::sc_time>& times, sc_core::sc_time& next) {
    bool any = false;
    for (size_t d = first; d < domains_.size(); ++d) {
        // A domain without blocks (the GPU's graphics clocks) never has an edge.
        if (!domains_[d]->has_blocks()) {
            edges[d] = ClockDomain::kNoEdge;
            continue;
        }
        edges[d] = domains_[d]->plan();
        if (edges[d] == ClockDomain::kNoEdge) continue;
        times[d] = domains_[d]->time_of(edges[d]);
        if (times[d] > limit) {
            edges[d] = ClockDomain::kNoEdge;
            continue;
        }
        if (!any || times[d] < next) next = times[d];
        any = true;
    }
    return any;
}

bool ClockScheduler::may_run_ahead() const {
    const ClockDomain& first = *domains_.front();
    if (!first.tiles_parallel()) return false;
    for (size_t d = 1; d < domains_.size(); ++d)
        if (!domains_[d]->runs_ahead()) return false;
    return sc_core::sc_time_to_pending_activity() > first.period();
}

void ClockScheduler::run_slice(const sc_core::sc_time& through) {
    for (sc_core::sc_time now = sc_core::sc_time_stamp();;) {
        const LocalTime at(now);  // the domains plan their next edges from the slice's time
        sc_core::sc_time next;
        if (!plan(1, through, slice_edges_, slice_times_, next)) break;
        for (size_t d = domains_.size(); d-- > 1;) {
            if (slice_edges_[d] == ClockDomain::kNoEdge || slice_times_[d] != next) continue;
            current_ = d;
            domains_[d]->evaluate(slice_edges_[d]);
        }
        now = next;
    }
    current_ = 0;
}

bool ClockScheduler::evaluated_before(const ClockDomain* first, const ClockDomain* second) const {
    const auto a = std::find(domains_.begin(), domains_.end(), first);
    const auto b = std::find(domains_.begin(), domains_.end(), second);
    return a != domains_.end() && b != domains_.end() && a > b;
}

void ClockScheduler::run() {
    for (;;) {
        sc_core::sc_time next;
        if (!plan(0, sc_core::sc_max_time(), edges_, times_, next)) {
            sc_core::wait(event_);
            continue;
        }
        sc_core::wait(next - sc_core::sc_time_stamp(), event_);
        if (sc_core::sc_time_stamp() != next) continue;  // woken early: plan again
        evaluating_ = true;
        // The last domain built first: the memory side before the SPs. A domain that had nothing
        // planned now is evaluated if an earlier one posted calls to its tiles.
        for (size_t d = domains_.size(); d-- > 0;) {
            current_ = d;
            uint64_t edge = ClockDomain::kNoEdge;
            if (edges_[d] != ClockDomain::kNoEdge && times_[d] == next) {
                edge = edges_[d];
            } else if (domains_[d]->posted_edge() != ClockDomain::kNoEdge) {
                edge = domains_[d]->posted_edge();
            }
            if (edge == ClockDomain::kNoEdge) continue;
            if (d != 0 || !may_run_ahead()) {
                domains_[d]->evaluate(edge);
                continue;
            }
            // The first domain's tiles run beside the others' edges up to its next edge (the
            // memory side's next slice), whose effects on it are handed over after its pass.
            ClockDomain& first = *domains_[0];
            // The end is a member so that setting the slice at every pass allocates nothing.
            slice_through_ = next + first.period();
            first.set_beside_tiles([this] { run_slice(slice_through_); });
            try {
                first.evaluate(edge);
            } catch (...) {
                first.set_beside_tiles(nullptr);
                throw;
            }
            if (!first.end_beside_tiles()) run_slice(slice_through_);
        }
        evaluating_ = false;
    }
}

}  // namespace mvp::sim
