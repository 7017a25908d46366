#include "clock_scheduler.h"

#include <algorithm>

#include "clock_domain.h"

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
}

void ClockScheduler::remove(ClockDomain* domain) {
    const auto it = std::find(domains_.begin(), domains_.end(), domain);
    if (it == domains_.end()) return;
    edges_.erase(edges_.begin() + (it - domains_.begin()));
    times_.erase(times_.begin() + (it - domains_.begin()));
    domains_.erase(it);
}

bool ClockScheduler::evaluates_later(const ClockDomain* domain) const {
    if (!evaluating_) return false;
    for (size_t d = 0; d < current_; ++d)
        if (domains_[d] == domain) return true;
    return false;
}

bool ClockScheduler::evaluated_before(const ClockDomain* first, const ClockDomain* second) const {
    const auto a = std::find(domains_.begin(), domains_.end(), first);
    const auto b = std::find(domains_.begin(), domains_.end(), second);
    return a != domains_.end() && b != domains_.end() && a > b;
}

void ClockScheduler::run() {
    for (;;) {
        // Each domain's next edge with work, and the earliest time among them.
        bool any = false;
        sc_core::sc_time next;
        for (size_t d = 0; d < domains_.size(); ++d) {
            edges_[d] = domains_[d]->plan();
            if (edges_[d] == ClockDomain::kNoEdge) continue;
            times_[d] = domains_[d]->time_of(edges_[d]);
            if (!any || times_[d] < next) next = times_[d];
            any = true;
        }
        if (!any) {
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
            if (edges_[d] != ClockDomain::kNoEdge && times_[d] == next) {
                domains_[d]->evaluate(edges_[d]);
            } else if (domains_[d]->posted_edge() != ClockDomain::kNoEdge) {
                domains_[d]->evaluate(domains_[d]->posted_edge());
            }
        }
        evaluating_ = false;
    }
}

}  // namespace mvp::sim
