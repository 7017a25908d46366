#include "clock_domain.h"

#include <algorithm>
#include <cmath>

#include "host_thread_pool.h"

namespace mvp::sim {

using sc_core::SC_PS;
using sc_core::sc_time;

ClockDomain::ClockDomain(const sc_core::sc_module_name& name, double mhz)
    : sc_module(name), mhz_(mhz), period_(std::round(1e6 / mhz), SC_PS) {
    SC_HAS_PROCESS(ClockDomain);
    SC_THREAD(run);
}

ClockDomain::~ClockDomain() = default;

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

void ClockDomain::begin_tile() {
    if (open_tile_first_ != kNotArmed) SC_REPORT_FATAL("mvp/clock", "begin_tile inside a tile");
    open_tile_first_ = static_cast<unsigned>(entries_.size());
}

void ClockDomain::end_tile() {
    if (open_tile_first_ == kNotArmed) SC_REPORT_FATAL("mvp/clock", "end_tile outside a tile");
    auto tile = std::make_unique<Tile>();
    tile->first = open_tile_first_;
    tile->end = static_cast<unsigned>(entries_.size());
    open_tile_first_ = kNotArmed;
    const unsigned index = static_cast<unsigned>(tiles_.size());
    if (!segments_.empty() && segments_.back().end_tile == index &&
        tiles_.back()->end == tile->first) {
        ++segments_.back().end_tile;
    } else {
        segments_.push_back(Segment{index, index + 1});
    }
    tiles_.push_back(std::move(tile));
    assign_threads();
}

void ClockDomain::set_host_threads(unsigned threads) {
    if (threads <= 1) {
        pool_.reset();
    } else if (!pool_ || pool_->threads() != threads) {
        pool_ = std::make_unique<HostThreadPool>(threads);
    }
    assign_threads();
}

void ClockDomain::assign_threads() {
    // A segment's tiles are cut into runs of consecutive tiles, one per thread, for good: an
    // SP's state stays in one core's caches, and neighbouring SPs (whose data the allocator
    // may have placed side by side) mostly share a thread.
    const unsigned threads = host_threads();
    for (const Segment& s : segments_) {
        const unsigned n = s.end_tile - s.first_tile;
        for (unsigned k = 0; k < n; ++k) tiles_[s.first_tile + k]->thread = k * threads / n;
    }
}

unsigned ClockDomain::host_threads() const { return pool_ ? pool_->threads() : 1; }

void ClockDomain::run_tiles_serially(const std::string& why) {
    if (serial_reason_.empty()) serial_reason_ = why;
}

void ClockDomain::not_attached() const {
    SC_REPORT_FATAL("mvp/clock", "block not attached to this domain");
}

bool ClockDomain::awake(const Clocked* block) const { return entries_[index_of(block)].awake; }

bool ClockDomain::any_awake() const {
    for (uint64_t word : awake_bits_)
        if (word) return true;
    return false;
}

void ClockDomain::wake(Clocked* block) {
    const unsigned i = index_of(block);
    if (TileLog* log = TileLog::current()) return log->add(&ClockDomain::replay_wake, this, i);
    Entry& e = entries_[i];
    if (e.awake) return;
    e.awake = true;
    e.first_cycle = next_edge();
    set_awake(block->clock_index_, true);
    notify();
}

void ClockDomain::wake_at(Clocked* block, uint64_t cycle) {
    const unsigned i = index_of(block);
    if (TileLog* log = TileLog::current())
        return log->add(&ClockDomain::replay_wake_at, this, i, cycle);
    Entry& e = entries_[i];
    if (cycle >= e.wake_cycle) return;  // an earlier wake is pending (or it is already due)
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
    const unsigned i = index_of(block);
    if (TileLog* log = TileLog::current()) return log->add(&ClockDomain::replay_sleep, this, i);
    Entry& e = entries_[i];
    if (!e.awake) return;
    e.awake = false;
    set_awake(i, false);
    // A timer still armed from before the block woke is already in place.
    if (e.wake_cycle != UINT64_MAX && e.timer_pos == kNotArmed) {
        arm(i, e.wake_cycle);
        notify();
    }
}

void ClockDomain::replay_wake(void* domain, const uint64_t* args) {
    auto* d = static_cast<ClockDomain*>(domain);
    d->wake(d->entries_[args[0]].block);
}

void ClockDomain::replay_wake_at(void* domain, const uint64_t* args) {
    auto* d = static_cast<ClockDomain*>(domain);
    d->wake_at(d->entries_[args[0]].block, args[1]);
}

void ClockDomain::replay_sleep(void* domain, const uint64_t* args) {
    auto* d = static_cast<ClockDomain*>(domain);
    d->sleep(d->entries_[args[0]].block);
}

void ClockDomain::replay_consume_wake(void* domain, const uint64_t* args) {
    static_cast<ClockDomain*>(domain)->consume_wake(static_cast<unsigned>(args[0]));
}

void ClockDomain::consume_wake(unsigned index) {
    if (TileLog* log = TileLog::current())
        return log->add(&ClockDomain::replay_consume_wake, this, index);
    disarm(index);
    entries_[index].wake_cycle = UINT64_MAX;
}

void ClockDomain::arm(unsigned index, uint64_t cycle) {
    // Callers arm only a block without a timer. A wake for an edge already passed is due at the
    // next one (as the run loop treats it).
    entries_[index].wake_cycle = std::max(cycle, next_edge());
    if (!any_timer()) wheel_base_ = next_edge();
    if (entries_[index].wake_cycle - wheel_base_ < kWheelCycles) {
        wheel_insert(index);
        return;
    }
    entries_[index].far = true;
    far_.push_back(index);
    entries_[index].timer_pos = static_cast<unsigned>(far_.size() - 1);
    sift_up(far_.size() - 1);
}

void ClockDomain::wheel_insert(unsigned index) {
    Entry& e = entries_[index];
    const unsigned slot = static_cast<unsigned>(e.wake_cycle % kWheelCycles);
    e.far = false;
    e.timer_pos = static_cast<unsigned>(wheel_[slot].size());
    wheel_[slot].push_back(index);
    wheel_occupied_[slot / 64] |= uint64_t{1} << (slot % 64);
    ++wheel_count_;
}

void ClockDomain::disarm(unsigned index) {
    Entry& e = entries_[index];
    if (e.timer_pos == kNotArmed) return;
    const size_t pos = e.timer_pos;
    e.timer_pos = kNotArmed;
    if (!e.far) {
        const unsigned slot = static_cast<unsigned>(e.wake_cycle % kWheelCycles);
        std::vector<unsigned>& v = wheel_[slot];
        const unsigned last = v.back();
        v.pop_back();
        if (pos < v.size()) {
            v[pos] = last;
            entries_[last].timer_pos = static_cast<unsigned>(pos);
        }
        if (v.empty()) wheel_occupied_[slot / 64] &= ~(uint64_t{1} << (slot % 64));
        --wheel_count_;
        return;
    }
    e.far = false;
    const unsigned last = far_.back();
    far_.pop_back();
    if (pos == far_.size()) return;
    heap_place(pos, last);
    sift_up(pos);
    sift_down(entries_[last].timer_pos);
}

unsigned ClockDomain::wheel_next_distance() const {
    const unsigned start = static_cast<unsigned>(wheel_base_ % kWheelCycles);
    for (unsigned d = 0; d < kWheelCycles;) {
        const unsigned slot = (start + d) % kWheelCycles;
        const uint64_t bits = wheel_occupied_[slot / 64] >> (slot % 64);
        if (bits) return d + static_cast<unsigned>(__builtin_ctzll(bits));
        d += 64 - slot % 64;
    }
    return kWheelCycles;
}

uint64_t ClockDomain::earliest_timer() const {
    uint64_t earliest = far_.empty() ? UINT64_MAX : entries_[far_.front()].wake_cycle;
    if (wheel_count_ > 0) earliest = std::min(earliest, wheel_base_ + wheel_next_distance());
    return earliest;
}

void ClockDomain::fire(unsigned index, uint64_t edge) {
    Entry& e = entries_[index];
    disarm(index);
    e.wake_cycle = UINT64_MAX;
    if (!e.awake) {
        e.awake = true;
        e.first_cycle = edge;
        set_awake(index, true);
    }
}

void ClockDomain::fire_timers(uint64_t edge) {
    while (!far_.empty() && entries_[far_.front()].wake_cycle <= edge) fire(far_.front(), edge);
    while (wheel_count_ > 0) {
        const uint64_t cycle = wheel_base_ + wheel_next_distance();
        if (cycle > edge) break;
        std::vector<unsigned>& v = wheel_[cycle % kWheelCycles];
        while (!v.empty()) fire(v.back(), edge);
    }
    wheel_base_ = std::max(wheel_base_, edge + 1);
    while (!far_.empty() && entries_[far_.front()].wake_cycle - wheel_base_ < kWheelCycles) {
        const unsigned index = far_.front();
        disarm(index);
        wheel_insert(index);
    }
}

void ClockDomain::heap_place(size_t pos, unsigned index) {
    far_[pos] = index;
    entries_[index].timer_pos = static_cast<unsigned>(pos);
}

void ClockDomain::sift_up(size_t pos) {
    unsigned index = far_[pos];
    while (pos > 0) {
        size_t parent = (pos - 1) / 2;
        if (!earlier(index, far_[parent])) break;
        heap_place(pos, far_[parent]);
        pos = parent;
    }
    heap_place(pos, index);
}

void ClockDomain::sift_down(size_t pos) {
    unsigned index = far_[pos];
    for (;;) {
        size_t child = 2 * pos + 1;
        if (child >= far_.size()) break;
        if (child + 1 < far_.size() && earlier(far_[child + 1], far_[child])) ++child;
        if (!earlier(far_[child], index)) break;
        heap_place(pos, far_[child]);
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
        if (!awake_any && !any_timer()) {
            wait(wake_event_);
            continue;
        }
        uint64_t edge = next_edge();
        if (!awake_any) edge = std::max(edge, earliest_timer());
        sc_time delay = time_of(edge) - sc_core::sc_time_stamp();
        wait(delay, wake_event_);
        if (sc_core::sc_time_stamp() != time_of(edge)) continue;  // woken early: plan again

        fire_timers(edge);
        if (!any_awake()) continue;
        ++active_edges_;
        // A block woken at this very time, or during this pass, starts on the next edge.
        tick_bits_ = awake_bits_;
        in_pass_ = true;
        pass_edge_ = edge;
        unsigned pos = 0;
        if (pool_ && serial_reason_.empty()) {
            for (const Segment& segment : segments_) {
                tick_range(pos, tiles_[segment.first_tile]->first, edge);
                tick_segment(segment, edge);
                pos = tiles_[segment.end_tile - 1]->end;
            }
        }
        tick_range(pos, static_cast<unsigned>(entries_.size()), edge);
        in_pass_ = false;
        for (const auto& observe : observers_) observe();
    }
}

uint64_t ClockDomain::tick_bits_in(unsigned word, unsigned first, unsigned end) const {
    const unsigned base = word * 64;
    uint64_t bits = tick_bits_[word];
    if (first > base) bits &= ~uint64_t{0} << (first - base);
    if (end < base + 64) bits &= (uint64_t{1} << (end - base)) - 1;
    return bits;
}

void ClockDomain::tick_range(unsigned first, unsigned end, uint64_t edge) {
    for (unsigned word = first / 64; word * 64 < end; ++word) {
        const unsigned base = word * 64;
        for (uint64_t bits = tick_bits_in(word, first, end); bits; bits &= bits - 1) {
            const unsigned i = base + static_cast<unsigned>(__builtin_ctzll(bits));
            Entry& e = entries_[i];
            if (!e.awake || e.first_cycle > edge) continue;
            // The requested tick is this one. (Whether a wake is due at this edge does not
            // change during a pass: a wake_at asks for a later edge.)
            if (e.wake_cycle <= edge) consume_wake(i);
            e.block->tick();
        }
    }
}

void ClockDomain::tick_segment(const Segment& segment, uint64_t edge) {
    // Only the tiles with a block to tick take part; one such tile is ticked here, unlogged.
    active_tiles_.clear();
    for (unsigned t = segment.first_tile; t < segment.end_tile; ++t) {
        const Tile& tile = *tiles_[t];
        for (unsigned word = tile.first / 64; word * 64 < tile.end; ++word) {
            if (tick_bits_in(word, tile.first, tile.end)) {
                active_tiles_.push_back(t);
                break;
            }
        }
    }
    if (active_tiles_.size() <= 1) {
        for (unsigned t : active_tiles_) tick_range(tiles_[t]->first, tiles_[t]->end, edge);
        return;
    }
    pool_->run(&ClockDomain::tick_tiles, this);
    // The tiles' effects on shared state, in tile order; a tile that failed ends the pass with
    // its error once the tiles before it have been replayed.
    try {
        for (unsigned t : active_tiles_) {
            Tile& tile = *tiles_[t];
            if (tile.error) std::rethrow_exception(tile.error);
            tile.log.replay();
        }
    } catch (...) {
        for (unsigned t : active_tiles_) {
            tiles_[t]->log.clear();
            tiles_[t]->error = nullptr;
        }
        throw;
    }
}

void ClockDomain::tick_tiles(void* domain, unsigned thread) {
    auto* d = static_cast<ClockDomain*>(domain);
    for (unsigned t : d->active_tiles_) {
        Tile& tile = *d->tiles_[t];
        if (tile.thread != thread) continue;
        TileLog::set_current(&tile.log);
        try {
            d->tick_range(tile.first, tile.end, d->pass_edge_);
        } catch (...) {
            tile.error = std::current_exception();
        }
        TileLog::set_current(nullptr);
    }
}

}  // namespace mvp::sim
