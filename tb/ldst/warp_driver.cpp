#include "warp_driver.h"

#include <algorithm>

namespace mvp::tb {

WarpDriver::WarpDriver(const sc_core::sc_module_name& name, sim::ClockDomain& clock)
    : sc_module(name), clock_(clock) {
    clock_.attach(this);
}

void WarpDriver::drive(Ldst& ldst) {
    ldst_ = &ldst;
    ldst_->set_completion_callback([this](const WarpMemoryResult& r) {
        Record& rec = records_.at(r.id);
        rec.completed = true;
        rec.result = r;
        order_.push_back(static_cast<unsigned>(r.id));
        if (all_done() && script_.empty() && on_all_done) on_all_done();
    });
}

unsigned WarpDriver::schedule(uint64_t cycle, WarpMemoryRequest request) {
    unsigned index = static_cast<unsigned>(records_.size());
    request.id = index;
    records_.emplace_back();
    script_.push_back({cycle, request});
    std::stable_sort(script_.begin(), script_.end(),
                     [](const Scripted& a, const Scripted& b) { return a.cycle < b.cycle; });
    clock_.wake_at(this, cycle);
    return index;
}

void WarpDriver::tick() {
    uint64_t now = clock_.now();
    if (!script_.empty() && script_.front().cycle <= now) {
        if (ldst_->can_accept()) {
            records_.at(script_.front().request.id).issue_cycle = now;
            ldst_->issue(script_.front().request);
            script_.pop_front();
        } else {
            ++refused_;
        }
    }
    // Poll every edge while an instruction is due; otherwise sleep until the next one.
    if (script_.empty()) {
        clock_.sleep(this);
    } else if (script_.front().cycle > now + 1) {
        clock_.sleep(this);
        clock_.wake_at(this, script_.front().cycle);
    }
}

}  // namespace mvp::tb
