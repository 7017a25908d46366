#include "clock_domain.h"

#include <algorithm>
#include <cmath>

namespace mvp::sim {

using sc_core::SC_PS;
using sc_core::sc_time;

ClockDomain::ClockDomain(const sc_core::sc_module_name& name, double mhz)
    : sc_module(name), mhz_(mhz), period_(std::round(1e6 / mhz), SC_PS) {
    SC_HAS_PROCESS(ClockDomain);
    SC_THREAD(run);
}

uint64_t ClockDomain::now_from_kernel() const {
    return static_cast<uint64_t>(sc_core::sc_time_stamp().value() / period_.value());
}

uint64_t ClockDomain::cycle_at_or_after(const sc_time& t) const {
    uint64_t p = period_.value();
    return (t.value() + p - 1) / p;
}

uint64_t ClockDomain::next_edge() const {
    // The first edge strictly after the current time.
    return now() + 1;
}

unsigned ClockDomain::attach(Clocked* block) {
    if (block->domain_) SC_REPORT_FATAL("mvp/clock", "block attached to two clock domains");
    block->domain_ = this;
    block->clock_index_ = static_cast<unsigned>(entries_.size());
    entries_.push_back(Entry{block});
    awake_bits_.resize((entries_.size() + 63) / 64, 0);
    tick_bits_.resize(awake_bits_.size(), 0);
    return block->clock_index_;
}

unsigned ClockDomain::index_of(const Clocked* block) const {
    if (block->domain_ != this) SC_REPORT_FATAL("mvp/clock", "block not attached to this domain");
    return block->clock_index_;
}

bool ClockDomain::awake(const Clocked* block) const { return entries_[index_of(block)].awake; }

bool ClockDomain::any_awake() const {
    for (uint64_t word : awake_bits_)
        if (word) return true;
    return false;
}

void ClockDomain::wake(Clocked* block) {
    Entry& e = entries_[index_of(block)];
    if (e.awake) return;
    e.awake = true;
    e.first_cycle = next_edge();
    set_awake(block->clock_index_, true);
    notify();
}

void ClockDomain::wake_at(Clocked* block, uint64_t cycle) {
    unsigned i = index_of(block);
    Entry& e = entries_[i];
    cycle = std::max(cycle, next_edge());
    if (cycle >= e.wake_cycle) return;
    disarm(i);
    e.wake_cycle = cycle;
    // An awake block keeps the request and only needs a timer if it sleeps before `cycle`
    // (sleep() arms it then): most requests of busy blocks cost no timer at all.
    if (e.awake) return;
    arm(i, cycle);
    notify();
}

void ClockDomain::sleep(Clocked* block) {
    unsigned i = index_of(block);
    Entry& e = entries_[i];
    if (!e.awake) return;
    e.awake = false;
    set_awake(i, false);
    // A timer still armed from before the block woke is already in place.
    if (e.wake_cycle != UINT64_MAX && e.heap_pos == kNotArmed) {
        arm(i, e.wake_cycle);
        notify();
    }
}

void ClockDomain::arm(unsigned index, uint64_t cycle) {
    disarm(index);
    entries_[index].wake_cycle = cycle;
    timers_.push_back(index);
    entries_[index].heap_pos = static_cast<unsigned>(timers_.size() - 1);
    sift_up(timers_.size() - 1);
}

void ClockDomain::disarm(unsigned index) {
    Entry& e = entries_[index];
    if (e.heap_pos == kNotArmed) return;
    size_t pos = e.heap_pos;
    e.heap_pos = kNotArmed;
    unsigned last = timers_.back();
    timers_.pop_back();
    if (pos == timers_.size()) return;
    heap_place(pos, last);
    sift_up(pos);
    sift_down(entries_[last].heap_pos);
}

void ClockDomain::heap_place(size_t pos, unsigned index) {
    timers_[pos] = index;
    entries_[index].heap_pos = static_cast<unsigned>(pos);
}

void ClockDomain::sift_up(size_t pos) {
    unsigned index = timers_[pos];
    while (pos > 0) {
        size_t parent = (pos - 1) / 2;
        if (!earlier(index, timers_[parent])) break;
        heap_place(pos, timers_[parent]);
        pos = parent;
    }
    heap_place(pos, index);
}

void ClockDomain::sift_down(size_t pos) {
    unsigned index = timers_[pos];
    for (;;) {
        size_t child = 2 * pos + 1;
        if (child >= timers_.size()) break;
        if (child + 1 < timers_.size() && earlier(timers_[child + 1], timers_[child])) ++child;
        if (!earlier(timers_[child], index)) break;
        heap_place(pos, timers_[child]);
        pos = child;
    }
    heap_place(pos, index);
}

void ClockDomain::notify() {
    // The domain's own process replans after every pass; other callers must wake it.
    if (!in_pass_) wake_event_.notify(sc_core::SC_ZERO_TIME);
}

void ClockDomain::run() {
    for (;;) {
        const bool awake_any = any_awake();
        if (!awake_any && timers_.empty()) {
            wait(wake_event_);
            continue;
        }
        uint64_t edge = next_edge();
        if (!awake_any) edge = std::max(edge, entries_[timers_.front()].wake_cycle);
        sc_time delay = time_of(edge) - sc_core::sc_time_stamp();
        wait(delay, wake_event_);
        if (sc_core::sc_time_stamp() != time_of(edge)) continue;  // woken early: plan again

        while (!timers_.empty() && entries_[timers_.front()].wake_cycle <= edge) {
            const unsigned i = timers_.front();
            Entry& e = entries_[i];
            disarm(i);
            e.wake_cycle = UINT64_MAX;
            if (!e.awake) {
                e.awake = true;
                e.first_cycle = edge;
                set_awake(i, true);
            }
        }
        if (!any_awake()) continue;
        ++active_edges_;
        // A block woken at this very time, or during this pass, starts on the next edge.
        tick_bits_ = awake_bits_;
        in_pass_ = true;
        pass_edge_ = edge;
        for (size_t word = 0; word < tick_bits_.size(); ++word) {
            for (uint64_t bits = tick_bits_[word]; bits; bits &= bits - 1) {
                const unsigned i = static_cast<unsigned>(word * 64 + __builtin_ctzll(bits));
                Entry& e = entries_[i];
                if (!e.awake || e.first_cycle > edge) continue;
                if (e.wake_cycle <= edge) {  // the requested tick is this one
                    disarm(i);
                    e.wake_cycle = UINT64_MAX;
                }
                e.block->tick();
            }
        }
        in_pass_ = false;
        for (const auto& observe : observers_) observe();
    }
}

}  // namespace mvp::sim
