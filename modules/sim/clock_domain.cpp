#include "clock_domain.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "clock_scheduler.h"
#include "host_thread_pool.h"
#include "sim_time.h"

namespace mvp::sim {

using sc_core::SC_PS;
using sc_core::sc_time;

namespace {

// Host nanoseconds from `start` to now (the lanes' balancing and the host figures).
uint64_t ns_since(std::chrono::steady_clock::time_point start) {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now() - start)
                                     .count());
}

}  // namespace

ClockDomain::ClockDomain(const sc_core::sc_module_name& name, double mhz)
    : sc_module(name), mhz_(mhz), period_(std::round(1e6 / mhz), SC_PS) {
    SC_HAS_PROCESS(ClockDomain);
    SC_THREAD(run);
    ClockScheduler::instance().add(this);
}

ClockDomain::~ClockDomain() { ClockScheduler::instance().remove(this); }

thread_local const ClockDomain::Tile* ClockDomain::current_tile_ = nullptr;
thread_local const ClockDomain* ClockDomain::ahead_of_ = nullptr;

uint64_t ClockDomain::now_from_time() const { return time_now().value() / period_.value(); }

uint64_t ClockDomain::cycle_at_or_after(const sc_time& t) const {
    uint64_t p = period_.value();
    return (t.value() + p - 1) / p;
}

unsigned ClockDomain::attach(Clocked* block) {
    if (block->domain_) SC_REPORT_FATAL("mvp/clock", "block attached to two clock domains");
    block->domain_ = this;
    block->clock_index_ = static_cast<unsigned>(entries_.size());
    entries_.push_back(Entry{block});
    if (open_tile_first_ != kNotArmed) {
        entries_.back().tile = static_cast<unsigned>(tiles_.size());
    } else if (tiles_.empty()) {
        tiles_first_ = false;
    }
    awake_bits_.resize((entries_.size() + 63) / 64, 0);
    tick_bits_.resize(awake_bits_.size(), 0);
    return block->clock_index_;
}

unsigned ClockDomain::attach_before(Clocked* block, const Clocked& next) {
    if (block->domain_) SC_REPORT_FATAL("mvp/clock", "block attached to two clock domains");
    const unsigned pos = index_of(&next);
    bool armed = any_global_timer();
    for (const auto& tile : tiles_) armed = armed || tile->armed != 0;
    if (armed || open_tile_first_ != kNotArmed)
        SC_REPORT_FATAL("mvp/clock", "attach_before with a timer armed or a tile open");
    const unsigned tile_index = entries_[pos].tile;
    Entry entry{block};
    entry.tile = tile_index;
    entries_.insert(entries_.begin() + pos, entry);
    block->domain_ = this;
    for (unsigned k = pos; k < entries_.size(); ++k) entries_[k].block->clock_index_ = k;
    for (const auto& tile : tiles_) {
        if (tile->first > pos || (tile->first == pos && tile->index != tile_index)) {
            ++tile->first;
            ++tile->end;
        } else if (tile->index == tile_index) {
            // Its blocks from `next` on move up one bit.
            const unsigned r = pos - tile->first;
            const uint64_t below = r ? tile->awake & (~uint64_t{0} >> (64 - r)) : 0;
            tile->awake = below | ((tile->awake & ~below) << 1);
            if (++tile->end - tile->first > 64)
                SC_REPORT_FATAL("mvp/clock", "a tile of more than 64 blocks");
        }
    }
    if (tile_index == kNoTile && !tiles_.empty() && pos < tiles_.front()->first)
        tiles_first_ = false;
    awake_bits_.assign((entries_.size() + 63) / 64, 0);
    tick_bits_.assign(awake_bits_.size(), 0);
    for (unsigned k = 0; k < entries_.size(); ++k)
        if (entries_[k].awake && entries_[k].tile == kNoTile)
            awake_bits_[k / 64] |= uint64_t{1} << (k % 64);
    return pos;
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
    tile->index = static_cast<unsigned>(tiles_.size());
    open_tile_first_ = kNotArmed;
    if (tile->end - tile->first > 64) SC_REPORT_FATAL("mvp/clock", "a tile of more than 64 blocks");
    const unsigned index = static_cast<unsigned>(tiles_.size());
    if (!segments_.empty() && segments_.back().end_tile == index &&
        tiles_.back()->end == tile->first) {
        ++segments_.back().end_tile;
    } else {
        segments_.push_back(Segment{index, index + 1});
    }
    tiles_.push_back(std::move(tile));
    ahead_tiles_.reserve(tiles_.size());
    live_tiles_.resize((tiles_.size() + 63) / 64, 0);
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
    // Each thread ticks a run of consecutive tiles, the same from one pass to the next: an SP's
    // state stays in one core's caches, and neighbouring SPs (whose data the allocator may have
    // placed side by side) mostly share a thread. The runs start equal; balance_lanes() moves
    // their boundaries.
    const unsigned threads = host_threads();
    const unsigned n = static_cast<unsigned>(tiles_.size());
    lane_first_.assign(threads + 1, n);
    for (unsigned l = 0; l < threads; ++l) lane_first_[l] = l * n / threads;
    lanes_.assign(threads, Lane{});
    parallel_passes_ = 0;
    pass_ns_ = 0;
    apply_lanes();
}

ClockDomain::HostFigures ClockDomain::host_figures() const {
    HostFigures f;
    f.parallel_passes = parallel_passes_;
    f.pass_ns = pass_ns_;
    for (const Lane& lane : lanes_) f.busy_ns.push_back(lane.pass_busy_ns);
    return f;
}

void ClockDomain::apply_lanes() {
    const unsigned threads = static_cast<unsigned>(lanes_.size());
    lane_tiles_.assign(threads, {});
    for (unsigned l = 0; l < threads; ++l) {
        for (unsigned t = lane_first_[l]; t < lane_first_[l + 1]; ++t) {
            tiles_[t]->thread = l;
            lane_tiles_[l].push_back(t);
        }
        recount_lane(l);
    }
}

void ClockDomain::balance_lanes() {
    // The threads' host time in their tiles over the last passes: a boundary moves by one tile
    // toward the thread that took less, when the difference is more than that thread's average
    // tile. Which thread ticks a tile changes only the host time, never a result.
    const unsigned threads = static_cast<unsigned>(lanes_.size());
    bool moved = false;
    for (unsigned l = 0; l + 1 < threads; ++l) {
        const uint64_t a = lanes_[l].busy_ns, b = lanes_[l + 1].busy_ns;
        const unsigned na = lane_first_[l + 1] - lane_first_[l];
        const unsigned nb = lane_first_[l + 2] - lane_first_[l + 1];
        if (b > a && nb > 1 && b - a > b / nb) {
            ++lane_first_[l + 1];
            moved = true;
        } else if (a > b && na > 1 && a - b > a / na) {
            --lane_first_[l + 1];
            moved = true;
        }
    }
    for (Lane& lane : lanes_) lane.busy_ns = 0;
    if (moved) apply_lanes();
}

unsigned ClockDomain::host_threads() const { return pool_ ? pool_->threads() : 1; }

void ClockDomain::run_tiles_serially(const std::string& why) {
    if (serial_reason_.empty()) serial_reason_ = why;
}

void ClockDomain::woken_for_passed_edge(uint64_t cycle) const {
    throw std::logic_error(std::string(name()) + ": a block woken for cycle " +
                           std::to_string(cycle) + ", which the domain has run past (" +
                           std::to_string(evaluated_through_) + ") ahead of another's tiles");
}

void ClockDomain::not_attached() const {
    SC_REPORT_FATAL("mvp/clock", "block not attached to this domain");
}

bool ClockDomain::awake(const Clocked* block) const { return entries_[index_of(block)].awake; }

void ClockDomain::recount_lane(unsigned l) {
    Lane& lane = lanes_[l];
    lane.awake = false;
    lane.next_timer = UINT64_MAX;
    lane.dirty = false;
    for_live_tiles(lane_first_[l], lane_first_[l + 1], [&](unsigned t) {
        const Tile& tile = *tiles_[t];
        if ((tile.awake | tile.armed) == 0) {
            live_tiles_[t / 64] &= ~(uint64_t{1} << (t % 64));
            return;
        }
        lane.awake = lane.awake || tile.awake != 0;
        lane.next_timer = std::min(lane.next_timer, tile.next_timer);
    });
}

void ClockDomain::recount_lane_all(unsigned l) {
    Lane& lane = lanes_[l];
    lane.awake = false;
    lane.next_timer = UINT64_MAX;
    lane.dirty = false;
    lane.live.assign(live_tiles_.size(), 0);
    for (unsigned t : lane_tiles_[l]) {
        const Tile& tile = *tiles_[t];
        lane.awake = lane.awake || tile.awake != 0;
        lane.next_timer = std::min(lane.next_timer, tile.next_timer);
        if (tile.awake | tile.armed) lane.live[t / 64] |= uint64_t{1} << (t % 64);
    }
}

void ClockDomain::recount_live(unsigned lanes) {
    // Each lane's bits replace those of its run of tiles: the domain's thread reads the lanes,
    // not the tiles whose state is in the other cores' caches.
    for (unsigned l = 0; l < lanes; ++l) {
        const unsigned first = lane_first_[l], end = lane_first_[l + 1];
        for (unsigned word = first / 64; word * 64 < end; ++word) {
            const uint64_t range = word_range(word, first, end);
            live_tiles_[word] = (live_tiles_[word] & ~range) | (lanes_[l].live[word] & range);
        }
    }
}

bool ClockDomain::lanes_awake() {
    for (unsigned l = 0; l < lanes_.size(); ++l) {
        if (lane(l).awake) return true;
    }
    return false;
}

bool ClockDomain::tile_timer_due(uint64_t edge) {
    for (unsigned l = 0; l < lanes_.size(); ++l) {
        if (lane(l).next_timer <= edge) return true;
    }
    return false;
}

bool ClockDomain::any_awake() { return awake_outside_tiles_ > 0 || lanes_awake(); }

bool ClockDomain::any_timer() {
    if (any_global_timer()) return true;
    for (unsigned l = 0; l < lanes_.size(); ++l) {
        if (lane(l).next_timer != UINT64_MAX) return true;
    }
    return false;
}

void ClockDomain::wake(Clocked* block) {
    const unsigned i = index_of(block);
    if (!acts_now(i)) return TileLog::current()->add(&ClockDomain::replay_wake, this, i);
    Entry& e = entries_[i];
    if (e.awake) return;
    e.awake = true;
    e.first_cycle = next_edge();
    check_not_passed(e.first_cycle);
    set_awake(block->clock_index_, true);
    notify();
}

void ClockDomain::wake_at(Clocked* block, uint64_t cycle) {
    const unsigned i = index_of(block);
    if (!acts_now(i)) return TileLog::current()->add(&ClockDomain::replay_wake_at, this, i, cycle);
    Entry& e = entries_[i];
    if (cycle >= e.wake_cycle) return;  // an earlier wake is pending (or it is already due)
    cycle = std::max(cycle, next_edge());
    if (cycle >= e.wake_cycle) return;
    check_not_passed(cycle);
    if (e.timer_pos != kNotArmed) disarm(i);
    e.wake_cycle = cycle;
    // An awake block keeps the request and only needs a timer if it sleeps before `cycle`
    // (sleep() arms it then): most requests of busy blocks cost no timer at all.
    if (e.awake) return;
    arm_at(i);
    notify();
}

void ClockDomain::sleep(Clocked* block) {
    const unsigned i = index_of(block);
    if (!acts_now(i)) return TileLog::current()->add(&ClockDomain::replay_sleep, this, i);
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

void ClockDomain::post(Clocked& block, TileLog::Fn fn, void* object, uint64_t a0, uint64_t a1) {
    ClockDomain* d = block.domain_;
    // Deferred only to a pass that is sure to come at this time: the block's domain ticks its
    // tiles on several threads and is evaluated after the caller's at this time, an edge of its.
    if (d && d->tiles_parallel() && d->entries_[block.clock_index_].tile != kNoTile &&
        !d->in_own_pass() && ClockScheduler::instance().evaluates_later(d) &&
        time_now().value() % d->period_.value() == 0)
        return d->post_to_tile(block.clock_index_, fn, object, a0, a1);
    if (d && ahead_of_ == d)
        throw std::logic_error("a call into a tile from the memory side beside it, off its edge");
    const uint64_t args[4] = {a0, a1, 0, 0};
    fn(object, args);
}

void ClockDomain::post_to_tile(unsigned index, TileLog::Fn fn, void* object, uint64_t a0,
                               uint64_t a1) {
    Tile& tile = *tiles_[entries_[index].tile];
    if (ahead_of_ == this) {
        // From the memory side's slice beside the tiles: the tile's thread reads its inbox.
        ahead_edge_ = now_from_time();
        if (tile.ahead.empty()) ahead_tiles_.push_back(tile.index);
        tile.ahead.set_edge(ahead_edge_);
        tile.ahead.add(fn, object, a0, a1);
        return;
    }
    posted_edge_ = now_from_time();
    tile.inbox.set_edge(posted_edge_);
    tile.inbox.add(fn, object, a0, a1);
    lanes_[tile.thread].posted = true;
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

void ClockDomain::consume_wake(unsigned index) {
    disarm(index);
    entries_[index].wake_cycle = UINT64_MAX;
}

void ClockDomain::arm(unsigned index, uint64_t cycle) {
    // Callers arm only a block without a timer. A wake for an edge already passed is due at the
    // next one (as the run loop treats it).
    entries_[index].wake_cycle = std::max(cycle, next_edge());
    check_not_passed(entries_[index].wake_cycle);
    arm_at(index);
}

void ClockDomain::arm_at(unsigned index) {
    const unsigned t = entries_[index].tile;
    if (t != kNoTile) {
        Tile& tile = *tiles_[t];
        entries_[index].timer_pos = 0;
        tile.armed |= uint64_t{1} << (index - tile.first);
        tile.next_timer = std::min(tile.next_timer, entries_[index].wake_cycle);
        mark_live(tile);
        tile_changed(tile, false, entries_[index].wake_cycle);
        return;
    }
    if (!any_global_timer()) wheel_base_ = next_edge();
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
    if (e.tile != kNoTile) {
        Tile& tile = *tiles_[e.tile];
        tile.armed &= ~(uint64_t{1} << (index - tile.first));
        if (e.wake_cycle == tile.next_timer) {
            recount_tile_timer(tile);
            tile_changed(tile, false, UINT64_MAX);
        }
        return;
    }
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

uint64_t ClockDomain::earliest_timer() {
    uint64_t earliest = far_.empty() ? UINT64_MAX : entries_[far_.front()].wake_cycle;
    if (wheel_count_ > 0) earliest = std::min(earliest, wheel_base_ + wheel_next_distance());
    for (unsigned l = 0; l < lanes_.size(); ++l) {
        earliest = std::min(earliest, lane(l).next_timer);
    }
    return earliest;
}

void ClockDomain::recount_tile_timer(Tile& tile) {
    tile.next_timer = UINT64_MAX;
    for (uint64_t bits = tile.armed; bits; bits &= bits - 1) {
        const unsigned i = tile.first + static_cast<unsigned>(__builtin_ctzll(bits));
        tile.next_timer = std::min(tile.next_timer, entries_[i].wake_cycle);
    }
}

void ClockDomain::fire_tile_timers(Tile& tile, uint64_t edge) {
    // As fire() for each due timer, with one count of the tile's earliest timer at the end.
    if (tile.next_timer > edge) return;
    uint64_t next = UINT64_MAX;  // the earliest timer left
    for (uint64_t bits = tile.armed; bits; bits &= bits - 1) {
        const unsigned i = tile.first + static_cast<unsigned>(__builtin_ctzll(bits));
        Entry& e = entries_[i];
        if (e.wake_cycle > edge) {
            next = std::min(next, e.wake_cycle);
            continue;
        }
        e.timer_pos = kNotArmed;
        tile.armed &= ~(uint64_t{1} << (i - tile.first));
        fired(i, edge);
    }
    tile.next_timer = next;
    tile_changed(tile, false, UINT64_MAX);
}

void ClockDomain::fire(unsigned index, uint64_t edge) {
    disarm(index);
    fired(index, edge);
}

void ClockDomain::fired(unsigned index, uint64_t edge) {
    Entry& e = entries_[index];
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
    // The scheduler plans again after every evaluation; other callers must wake it.
    if (!in_own_pass()) ClockScheduler::instance().notify();
}

void ClockDomain::run() {
    // The first domain's thread is the scheduler's; the others have nothing to do.
    if (ClockScheduler::instance().hosted_by(this)) ClockScheduler::instance().run();
}

uint64_t ClockDomain::plan() {
    const bool awake_any = any_awake();
    if (!awake_any && !any_timer()) return posted_edge_;
    const uint64_t edge = std::max(next_edge(), evaluated_through_ + 1);
    return std::min(awake_any ? edge : std::max(edge, earliest_timer()), posted_edge_);
}

void ClockDomain::run_beside_tiles() {
    beside_ran_ = true;
    ahead_of_ = this;
    TileLog::set_current(&beside_log_);
    try {
        beside_();
    } catch (...) {
        beside_error_ = std::current_exception();
    }
    TileLog::set_current(nullptr);
    ahead_of_ = nullptr;
}

bool ClockDomain::end_beside_tiles() {
    beside_ = nullptr;
    const bool ran = beside_ran_;
    beside_ran_ = false;
    if (ahead_edge_ != kNoEdge) {
        for (unsigned t : ahead_tiles_) {
            Tile& tile = *tiles_[t];
            tile.inbox.take(tile.ahead);
            lanes_[tile.thread].posted = true;
        }
        ahead_tiles_.clear();
        posted_edge_ = std::min(posted_edge_, ahead_edge_);
        ahead_edge_ = kNoEdge;
    }
    beside_log_.replay();
    if (beside_error_) {
        const std::exception_ptr error = beside_error_;
        beside_error_ = nullptr;
        std::rethrow_exception(error);
    }
    return ran;
}

void ClockDomain::evaluate(uint64_t edge) {
    evaluated_through_ = edge;
    fire_timers(edge);
    const bool posted = posted_edge_ != kNoEdge;
    posted_edge_ = kNoEdge;
    if (!any_awake() && !tile_timer_due(edge) && !posted) return;
    ++active_edges_;
    // A block woken at this very time, or during this pass, starts on the next edge.
    const bool outside_tiles = awake_outside_tiles_ > 0;
    if (outside_tiles) tick_bits_ = awake_bits_;
    {
        const Pass pass(*this, edge);
        const bool parallel = tiles_parallel();
        if (!parallel) {
            // The tiles' timers fire with the others', before any block ticks; the lanes are
            // counted once the tiles are done.
            lanes_counted_after_pass_ = true;
            if (posted) {
                for (const auto& tile : tiles_) tile->inbox.replay_through(edge);
                for (Lane& lane : lanes_) lane.posted = false;
            }
            for_live_tiles(0, tiles(), [&](unsigned t) { fire_tile_timers(*tiles_[t], edge); });
        }
        unsigned pos = 0;
        for (const Segment& segment : segments_) {
            if (outside_tiles) tick_range(pos, tiles_[segment.first_tile]->first, edge);
            if (parallel) {
                tick_segment_parallel(segment, edge);
            } else {
                for_live_tiles(segment.first_tile, segment.end_tile,
                               [&](unsigned t) { tick_tile(*tiles_[t], edge); });
            }
            pos = tiles_[segment.end_tile - 1]->end;
        }
        if (outside_tiles) tick_range(pos, static_cast<unsigned>(entries_.size()), edge);
        if (!parallel) {
            lanes_counted_after_pass_ = false;
            for (unsigned l = 0; l < lanes_.size(); ++l) recount_lane(l);
        }
    }
    for (const auto& observe : observers_) observe();
}

void ClockDomain::tick_range(unsigned first, unsigned end, uint64_t edge) {
    for (unsigned word = first / 64; word * 64 < end; ++word) {
        const unsigned base = word * 64;
        for (uint64_t bits = tick_bits_[word] & word_range(word, first, end); bits;
             bits &= bits - 1)
            tick_block(base + static_cast<unsigned>(__builtin_ctzll(bits)), edge);
    }
}

void ClockDomain::tick_tile(Tile& tile, uint64_t edge) {
    for (uint64_t bits = tile.awake; bits; bits &= bits - 1)
        tick_block(tile.first + static_cast<unsigned>(__builtin_ctzll(bits)), edge);
}

void ClockDomain::tick_segment_parallel(const Segment& segment, uint64_t edge) {
    pass_segment_ = &segment;
    pass_edge_ = edge;
    // When only this thread's tiles have work, no other thread is woken.
    bool others = false;
    for (unsigned l = 1; l < lanes_.size() && !others; ++l) {
        others = lane(l).awake || lane(l).next_timer <= edge || lanes_[l].posted;
    }
    parallel_pass_ = true;
    if (others) {
        pool_->run(&ClockDomain::tick_tiles<true>, this);
        // From the first thread's start to the last thread done (the lanes are read for the
        // next plan anyway).
        auto first = lanes_[0].pass_start;
        for (const Lane& lane : lanes_) first = std::min(first, lane.pass_start);
        pass_ns_ += ns_since(first);
        ++parallel_passes_;
        parallel_pass_ = false;
        recount_live(static_cast<unsigned>(lanes_.size()));
        if (++balance_passes_ == kBalancePasses) {
            balance_passes_ = 0;
            balance_lanes();
        }
    } else {
        tick_tiles<false>(this, 0);
        parallel_pass_ = false;
        recount_live(1);
    }
    pass_segment_ = nullptr;
    // The tiles' effects outside themselves, in tile order; a tile that failed ends the pass
    // with its error once the tiles before it have been replayed.
    // The lanes are runs of tiles in tile order.
    try {
        for (Lane& lane : lanes_) {
            for (unsigned t : lane.logged) {
                Tile& tile = *tiles_[t];
                if (tile.error) std::rethrow_exception(tile.error);
                tile.log.replay();
            }
            lane.logged.clear();
        }
    } catch (...) {
        for (Lane& lane : lanes_) {
            for (unsigned t : lane.logged) {
                tiles_[t]->log.clear();
                tiles_[t]->error = nullptr;
            }
            lane.logged.clear();
        }
        throw;
    }
}

template <bool kShared>
void ClockDomain::tick_tiles(void* domain, unsigned thread) {
    // The thread's tiles: timers fire, awake blocks tick; then the lane is counted afresh.
    // Blocks of other tiles and of other domains are only touched through the tiles' logs.
    auto* d = static_cast<ClockDomain*>(domain);
    const Segment& segment = *d->pass_segment_;
    const uint64_t edge = d->pass_edge_;
    const Pass pass(*d, edge);
    const auto start = std::chrono::steady_clock::now();
    if (thread == 0 && d->beside_) d->run_beside_tiles();
    for (unsigned t : d->lane_tiles_[thread]) {
        if (t < segment.first_tile || t >= segment.end_tile) continue;
        Tile& tile = *d->tiles_[t];
        if (tile.awake == 0 && tile.next_timer > edge && tile.inbox.empty()) continue;
        current_tile_ = &tile;
        tile.log.set_edge(edge);
        TileLog::set_current(&tile.log);
        try {
            // What the memory side handed the tile for this edge comes first, as it came before
            // the tiles' pass (post()).
            tile.inbox.replay_through(edge);
            d->fire_tile_timers(tile, edge);
            d->tick_tile(tile, edge);
        } catch (...) {
            tile.inbox.clear();
            tile.error = std::current_exception();
        }
        TileLog::set_current(nullptr);
        current_tile_ = nullptr;
        if (!tile.log.empty() || tile.error) d->lanes_[thread].logged.push_back(t);
    }
    d->recount_lane_all(thread);
    const uint64_t busy = ns_since(start);
    Lane& lane = d->lanes_[thread];
    lane.posted = false;
    lane.busy_ns += busy;
    if (kShared) {
        lane.pass_busy_ns += busy;
        lane.pass_start = start;
    }
}

}  // namespace mvp::sim
