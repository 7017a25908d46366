#pragma once

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "sim_time.h"
#include "tile_log.h"

namespace mvp::sim {

class ClockDomain;
class HostThreadPool;

// A block that does work on the edges of one clock domain.
class Clocked {
  public:
    virtual ~Clocked() = default;
    // One cycle of work. Called on every edge while the block is awake.
    virtual void tick() = 0;
    // The domain it is attached to (nullptr: none yet).
    ClockDomain* clock_domain() const { return domain_; }

  private:
    friend class ClockDomain;
    class HostThreadPool;
    ClockDomain* domain_ = nullptr;
    unsigned clock_index_ = 0;
};

// A clock domain: a period, and a pass at each edge that ticks the blocks that are awake, in
// the order they were attached. A clock here is data, not a toggling signal: when no block is
// awake the domain has no edge planned, so idle hardware costs no host time, and cycles are
// counted from simulated time, so skipped cycles still count. A block with nothing to do until
// a known cycle (a fixed latency) asks to be woken then: one timer, not a countdown. The passes
// of all domains are run by one process, the ClockScheduler, in a fixed order at a shared time.
//
// Tiles: consecutive blocks attached between begin_tile() and end_tile() (an SP and its
// memory-side blocks) that touch nothing of the other tiles' within a cycle. A tile keeps its
// blocks' awake bits and timers itself, so that its wakes and sleeps touch only its own state.
// With host threads (set_host_threads), the tiles of an edge are ticked on several host
// threads, each thread a fixed run of tiles; what a tile does to anything outside itself (a
// wake, wake_at or sleep of another tile's block or of another domain, and the calls blocks
// route through TileLog) is logged and replayed in tile order once all tiles of the edge are
// done, which is the order one thread would have done it in: results do not depend on the
// thread count.
class ClockDomain : public sc_core::sc_module {
  public:
    ClockDomain(const sc_core::sc_module_name& name, double mhz);
    ~ClockDomain() override;

    double mhz() const { return mhz_; }
    const sc_core::sc_time& period() const { return period_; }
    // The cycle of this host thread's simulated time (time_now(): the last edge at or before
    // it). On a host thread evaluating the domain's own pass it is the edge of that pass, known
    // without asking the kernel.
    uint64_t now() const { return pass_.domain == this ? pass_.edge : now_from_time(); }
    // The time of an edge, and the first edge at or after a time.
    sc_core::sc_time time_of(uint64_t cycle) const { return period_ * static_cast<double>(cycle); }
    uint64_t cycle_at_or_after(const sc_core::sc_time& t) const;
    // The first edge strictly after a time: the edge at which an input that arrives at `t` is
    // registered. Using it, a block's view of an input never depends on the order in which
    // SystemC runs processes at the same time.
    uint64_t cycle_after(const sc_core::sc_time& t) const {
        return t.value() / period_.value() + 1;
    }

    // Registers a block; blocks are ticked in attach order. Returns its index.
    unsigned attach(Clocked* block);
    // The blocks attached from begin_tile() to end_tile() form a tile.
    void begin_tile();
    void end_tile();
    // Registers `block` just before `next`, in next's tile if it has one: for a block of
    // another module that belongs in a tile built before it (the interconnect's input stage in
    // its sender's tile). At elaboration only, before any timer is armed. Returns its index.
    unsigned attach_before(Clocked* block, const Clocked& next);
    // Whether any block is attached.
    bool has_blocks() const { return !entries_.empty(); }
    // Whether the block is in a tile.
    bool in_tile(const Clocked& block) const { return entries_[index_of(&block)].tile != kNoTile; }
    unsigned tiles() const { return static_cast<unsigned>(tiles_.size()); }
    // Ticks the tiles of an edge on `threads` host threads (1: on the domain's own thread).
    void set_host_threads(unsigned threads);
    unsigned host_threads() const;
    // From now on the tiles are ticked on the domain's own thread whatever set_host_threads
    // says: something attached to them cannot be used from several host threads (a pipeline
    // log shared by the SPs, Verilated RTL blocks). `why` is kept for serial_reason().
    void run_tiles_serially(const std::string& why);
    const std::string& serial_reason() const { return serial_reason_; }
    // Ticks the block on every edge strictly after the current time until it sleeps.
    void wake(Clocked* block);
    // Ticks the block once at `cycle` (or at the next edge if that has passed), then as wake().
    void wake_at(Clocked* block, uint64_t cycle);
    // Stops ticking the block after its current tick (or now, if it is not being ticked).
    void sleep(Clocked* block);
    bool awake(const Clocked* block) const;

    // A call into `block` (fn(object, args)) from the pass of a domain evaluated before the
    // block's at the same time: the memory side's deliveries into an SP. When the block's domain
    // ticks its tiles on several host threads and the block is in a tile, the call is made at
    // the start of the tile's pass at this edge, on the tile's host thread, before its timers
    // fire and its blocks tick: the same point of the tile's cycle as a call made now, so the
    // result is the same, but the work is shared out with the tile's. Otherwise it is made now.
    static void post(Clocked& block, TileLog::Fn fn, void* object, uint64_t a0 = 0,
                     uint64_t a1 = 0);

    // Called after the blocks of every edge at which at least one block was ticked (tracers
    // sample there: nothing changes at the other edges).
    void add_edge_observer(std::function<void()> observer) {
        observers_.push_back(std::move(observer));
    }

    // The memory side one edge ahead (ClockScheduler): `slice` runs on the domain's thread
    // beside the tiles of its next pass (before that thread's share of them), when the tiles
    // are ticked on several host threads. What the slice does to this domain waits until the
    // pass is over: its calls posted to the tiles (for the next edge) in a second inbox per
    // tile, its other calls into this domain (wakes, sleeps, TileLog records) in a log of its
    // own; end_beside_tiles() hands them over, rethrows an error of the slice, and says whether
    // the slice ran (false: the pass had no tiles to tick; the caller runs it).
    void set_beside_tiles(std::function<void()> slice) { beside_ = std::move(slice); }
    bool end_beside_tiles();
    // This domain's passes may run one edge of another domain's ahead, beside its tiles: the
    // GPU's memory side, when nothing in it works in the kernel's time (doc/performance.md).
    void allow_running_ahead() { runs_ahead_ = true; }
    bool runs_ahead() const { return runs_ahead_; }

    // Number of edges at which at least one block was ticked (a measure of host work).
    uint64_t active_edges() const { return active_edges_; }

    // Host time of the tiles' passes on several host threads (none with one): how many passes
    // woke the other threads, their wall time from start to the last thread done, and each
    // thread's time in its tiles during them. The wall time over the threads' mean time is how
    // unevenly a pass's work fell on the threads (1: evenly). Counted since the host threads
    // were last set; host figures only, never a result.
    struct HostFigures {
        uint64_t parallel_passes = 0;
        uint64_t pass_ns = 0;
        std::vector<uint64_t> busy_ns;  // per host thread
    };
    HostFigures host_figures() const;

  private:
    // The pass a host thread is evaluating: the domain and the edge (what now() reads).
    struct PassEdge {
        const ClockDomain* domain;
        uint64_t edge;
    };
    // Sets it, and the edge's time as the thread's time (LocalTime), from its construction to
    // its destruction: the domain's own thread during evaluate(), each tile's host thread during
    // its part of the pass.
    class Pass {
      public:
        Pass(const ClockDomain& domain, uint64_t edge)
            : time_(domain.time_of(edge)), outer_(pass_) {
            pass_ = PassEdge{&domain, edge};
        }
        ~Pass() { pass_ = outer_; }
        Pass(const Pass&) = delete;
        Pass& operator=(const Pass&) = delete;

      private:
        LocalTime time_;
        PassEdge outer_;
    };
    // Whether this host thread is evaluating the domain's own pass.
    bool in_own_pass() const { return pass_.domain == this; }

    static constexpr unsigned kNoTile = ~0u;
    struct Entry {
        Clocked* block;
        unsigned tile = kNoTile;  // the tile it belongs to
        bool awake = false;
        bool far = false;  // the timer is in far_, not in the wheel
        // Position in its wheel slot or in far_ when armed (a tile's block: 0 when armed).
        unsigned timer_pos = kNotArmed;
        uint64_t first_cycle = 0;          // the first edge of the current awake period
        uint64_t wake_cycle = UINT64_MAX;  // a pending wake_at
    };

    // Aligned to a cache line: tiles ticked on different host threads write only their own.
    struct alignas(64) Tile {
        unsigned index = 0;
        unsigned first = 0;  // its blocks' indices: [first, end), at most 64
        unsigned end = 0;
        unsigned thread = 0;               // the host thread that ticks it
        uint64_t awake = 0;                // bit k: block first + k is awake
        uint64_t armed = 0;                // bit k: block first + k has a timer
        uint64_t next_timer = UINT64_MAX;  // the earliest armed timer of its blocks
        TileLog log;
        TileLog inbox;  // calls posted to the tile for the start of its pass at their edge
        TileLog ahead;  // posted by the memory side's slice beside the tiles (set_beside_tiles)
        std::exception_ptr error;
    };
    // What the domain's process needs of a thread's tiles to plan its edges: whether a block is
    // awake and the earliest timer. Exact after each pass (the thread computes it); changes made
    // outside a pass update it at once (wakes, timers) or mark it for a new count (sleeps).
    struct alignas(64) Lane {
        bool awake = false;
        bool dirty = false;
        bool posted = false;  // one of its tiles has calls posted for the next pass
        uint64_t next_timer = UINT64_MAX;
        uint64_t busy_ns = 0;       // host time in its tiles since the last balance_lanes()
        uint64_t pass_busy_ns = 0;  // the same in the parallel passes, since assign_threads()
        std::chrono::steady_clock::time_point pass_start;  // of its part of the current pass
        // Its tiles with a log to replay or an error from the last parallel pass, in order (the
        // domain's thread reads this instead of every tile).
        std::vector<unsigned> logged;
        // Bit t: tile t of this lane has an awake block or a timer (after its last pass).
        std::vector<uint64_t> live;
    };
    // Tiles ticked together: a run of tiles with no block between them.
    struct Segment {
        unsigned first_tile = 0;
        unsigned end_tile = 0;
    };

    // The domain's thread: the scheduler's loop on the first domain built (ClockScheduler).
    void run();
    friend class ClockScheduler;
    static constexpr uint64_t kNoEdge = UINT64_MAX;
    // The next edge with work (an awake block, else the earliest timer), kNoEdge: none.
    uint64_t plan();
    // A call posted to a tile (post()) waits for this domain's pass at the current time: the
    // edge of that pass, kNoEdge: none.
    uint64_t posted_edge() const { return posted_edge_; }
    // The pass of `edge`, at its time: due timers fire, the awake blocks tick.
    void evaluate(uint64_t edge);
    void assign_threads();
    // Gives each thread its tiles (lane_first_) and counts the lanes.
    void apply_lanes();
    // Moves the threads' boundaries toward equal host time (every kBalancePasses passes).
    void balance_lanes();
    // Ticks the awake blocks (not in a tile) with index in [first, end) at `edge`, in order.
    void tick_range(unsigned first, unsigned end, uint64_t edge);
    // The bits of a bit-mask word (bit k: index 64 x word + k) whose indices are in
    // [first, end).
    static uint64_t word_range(unsigned word, unsigned first, unsigned end) {
        const unsigned base = word * 64;
        uint64_t bits = ~uint64_t{0};
        if (first > base) bits &= ~uint64_t{0} << (first - base);
        if (end < base + 64) bits &= (uint64_t{1} << (end - base)) - 1;
        return bits;
    }
    // One block of a pass snapshot: ticked unless it slept or woke during the pass. (Whether
    // a wake is due at this edge does not change during a pass: a wake_at asks for a later
    // edge.)
    void tick_block(unsigned index, uint64_t edge) {
        Entry& e = entries_[index];
        if (!e.awake || e.first_cycle > edge) return;
        if (e.wake_cycle <= edge) consume_wake(index);  // the requested tick is this one
        e.block->tick();
    }
    // A tile's pass: its awake blocks in index order.
    void tick_tile(Tile& tile, uint64_t edge);
    void fire_tile_timers(Tile& tile, uint64_t edge);
    void recount_tile_timer(Tile& tile);
    // A thread's lane from its live tiles (outside a parallel pass).
    void recount_lane(unsigned lane);
    // The same from all its tiles, and their live bits into the lane's (a thread after its part
    // of a parallel pass, when the live bits are not kept).
    void recount_lane_all(unsigned lane);
    // A tile that may have work: its live bit is set when a block wakes or arms a timer, and
    // cleared by the lane counts (recount_lane) once the tile has neither. Inside a parallel
    // pass the bits are left alone and taken from the lanes that ran after it (recount_live).
    void mark_live(const Tile& tile) {
        if (!parallel_pass_) live_tiles_[tile.index / 64] |= uint64_t{1} << (tile.index % 64);
    }
    // The live bits of the tiles of lanes [0, lanes) from those lanes' counts.
    void recount_live(unsigned lanes);
    // Calls f(tile index) for the live tiles of [first, end) in order (a snapshot per word).
    template <class F>
    void for_live_tiles(unsigned first, unsigned end, F&& f) {
        for (unsigned word = first / 64; word * 64 < end; ++word) {
            const unsigned base = word * 64;
            for (uint64_t bits = live_tiles_[word] & word_range(word, first, end); bits;
                 bits &= bits - 1)
                f(base + static_cast<unsigned>(__builtin_ctzll(bits)));
        }
    }
    // Lane l, counted afresh if a change made it stale.
    const Lane& lane(unsigned l) {
        if (lanes_[l].dirty) recount_lane(l);
        return lanes_[l];
    }
    // A change to a tile's state: keeps its lane exact when made outside the tiles' pass (a
    // tile's thread counts its lane after its pass; one thread counts all of them).
    void tile_changed(const Tile& tile, bool woke, uint64_t timer) {
        if (lanes_counted_after_pass_ || current_tile_) return;
        Lane& lane = lanes_[tile.thread];
        if (woke) lane.awake = true;
        if (timer < lane.next_timer) lane.next_timer = timer;
        if (!woke && timer == UINT64_MAX) lane.dirty = true;  // a sleep or a removed timer
    }
    // The tiles are ticked on several host threads (what evaluate() decides at each pass).
    bool tiles_parallel() const {
        return pool_ && serial_reason_.empty() && segments_.size() == 1 && tiles_first_ &&
               tiles_.size() > 1;
    }
    void post_to_tile(unsigned index, TileLog::Fn fn, void* object, uint64_t a0, uint64_t a1);
    bool lanes_awake();
    bool tile_timer_due(uint64_t edge);
    void tick_segment_parallel(const Segment& segment, uint64_t edge);
    // kShared: a pass on all the threads (counted in host_figures()), not the domain's thread
    // alone.
    template <bool kShared>
    static void tick_tiles(void* domain, unsigned thread);
    // Whether an operation on block `index` is done now (false: logged for the tile's replay).
    bool acts_now(unsigned index) const {
        // Outside a parallel pass everything acts at once; inside, a tile on its own blocks, and
        // the memory side's slice beside the tiles on the blocks of its own domains.
        if (!TileLog::current()) return true;
        if (ahead_of_ && ahead_of_ != this) return true;
        const unsigned t = entries_[index].tile;
        return t != kNoTile && current_tile_ == tiles_[t].get();
    }
    // The pass takes `index`'s requested tick (wake_at) at this edge.
    void consume_wake(unsigned index);
    static void replay_wake(void* domain, const uint64_t* args);
    static void replay_wake_at(void* domain, const uint64_t* args);
    static void replay_sleep(void* domain, const uint64_t* args);
    // now() outside the domain's own pass (out of line: now() stays small enough to inline).
    uint64_t now_from_time() const;
    void notify();
    void set_awake(unsigned index, bool awake) {
        const unsigned t = entries_[index].tile;
        if (t != kNoTile) return set_tile_awake(*tiles_[t], index, awake);
        const uint64_t bit = uint64_t{1} << (index % 64);
        if (awake) {
            awake_bits_[index / 64] |= bit;
            ++awake_outside_tiles_;
        } else {
            awake_bits_[index / 64] &= ~bit;
            --awake_outside_tiles_;
        }
    }
    void set_tile_awake(Tile& tile, unsigned index, bool awake) {
        const uint64_t bit = uint64_t{1} << (index - tile.first);
        if (awake) {
            tile.awake |= bit;
        } else {
            tile.awake &= ~bit;
        }
        if (awake) mark_live(tile);
        tile_changed(tile, awake, UINT64_MAX);
    }
    bool any_awake();
    bool any_global_timer() const { return wheel_count_ > 0 || !far_.empty(); }
    bool any_timer();
    // The cycle of the earliest armed timer (any_timer() must hold).
    uint64_t earliest_timer();
    // Wakes the blocks whose timers are due at `edge`, and moves the wheel on past it.
    void fire_timers(uint64_t edge);
    void fire(unsigned index, uint64_t edge);
    // A due timer of a block whose timer is already removed: the block wakes at `edge`.
    void fired(unsigned index, uint64_t edge);
    void arm(unsigned index, uint64_t cycle);
    // Arms the block's timer for its wake_cycle (at or after the next edge).
    void arm_at(unsigned index);
    void disarm(unsigned index);
    void wheel_insert(unsigned index);
    // The first occupied wheel slot at or after the slot of wheel_base_, as a distance in
    // cycles from wheel_base_ (kWheelCycles: none).
    unsigned wheel_next_distance() const;
    bool earlier(unsigned a, unsigned b) const {
        const Entry& x = entries_[a];
        const Entry& y = entries_[b];
        return x.wake_cycle != y.wake_cycle ? x.wake_cycle < y.wake_cycle : a < b;
    }
    void heap_place(size_t pos, unsigned index);
    void sift_up(size_t pos);
    void sift_down(size_t pos);
    unsigned index_of(const Clocked* block) const {
        if (__builtin_expect(block->domain_ != this, 0)) not_attached();
        return block->clock_index_;
    }
    void not_attached() const;
    // The first edge strictly after the current time.
    uint64_t next_edge() const { return now() + 1; }

    double mhz_;
    sc_core::sc_time period_;
    std::vector<Entry> entries_;
    // The awake blocks, one bit per entry; a pass ticks a snapshot taken at its edge, in
    // index order.
    std::vector<uint64_t> awake_bits_;
    std::vector<uint64_t> tick_bits_;
    // The blocks outside tiles that are awake (the bits set in awake_bits_): planning and a pass
    // need not scan the words when there are none, as on the core clock while the CP sleeps.
    unsigned awake_outside_tiles_ = 0;
    // Pending timed wakes, at most one per block. Near ones (within kWheelCycles of
    // wheel_base_) sit in a timing wheel, one slot per cycle, with a bit per occupied slot:
    // arming, moving and removing a wake cost O(1). Far ones (watchdogs, long sleeps) wait in a
    // binary min-heap ordered by (wake_cycle, index) and enter the wheel as it comes near. Each
    // entry keeps its position, so that a wake can be moved or removed in place. No allocation
    // once every slot has held its most timers once.
    static constexpr unsigned kNotArmed = ~0u;
    static constexpr unsigned kWheelCycles = 256;
    std::vector<unsigned> wheel_[kWheelCycles];
    uint64_t wheel_occupied_[kWheelCycles / 64] = {};
    uint64_t wheel_base_ = 0;  // every wheel timer is in [wheel_base_, + kWheelCycles)
    unsigned wheel_count_ = 0;
    std::vector<unsigned> far_;
    std::vector<std::function<void()>> observers_;
    uint64_t active_edges_ = 0;

    std::vector<std::unique_ptr<Tile>> tiles_;
    // Bit t: tile t has an awake block or an armed timer. A one-thread pass visits only these
    // tiles, so that a chip with few busy SPs costs in proportion to them.
    std::vector<uint64_t> live_tiles_;
    bool parallel_pass_ = false;  // the tiles are being ticked on the host threads
    uint64_t posted_edge_ = kNoEdge;
    uint64_t parallel_passes_ = 0;
    uint64_t pass_ns_ = 0;
    std::vector<Segment> segments_;
    unsigned open_tile_first_ = kNotArmed;  // begin_tile() seen, end_tile() not yet
    std::unique_ptr<HostThreadPool> pool_;
    std::string serial_reason_;
    std::function<void()> beside_;  // the slice beside the next pass's tiles
    bool beside_ran_ = false;
    TileLog beside_log_;
    std::exception_ptr beside_error_;
    uint64_t ahead_edge_ = kNoEdge;      // the edge the slice posted calls for
    std::vector<unsigned> ahead_tiles_;  // the tiles it posted them to, each once
    bool runs_ahead_ = false;
    // The last edge evaluated. Running ahead (the memory side beside the tiles), a domain has
    // evaluated edges after the kernel's time: its blocks may not be woken for one of those.
    uint64_t evaluated_through_ = 0;
    void check_not_passed(uint64_t cycle) const {
        if (__builtin_expect(cycle <= evaluated_through_, 0)) woken_for_passed_edge(cycle);
    }
    [[noreturn]] void woken_for_passed_edge(uint64_t cycle) const;
    // The domain beside whose tiles this host thread runs the memory side's slice.
    static thread_local const ClockDomain* ahead_of_;
    void run_beside_tiles();
    std::vector<Lane> lanes_;                        // one per host thread
    bool lanes_counted_after_pass_ = false;          // a one-thread pass of the tiles is under way
    std::vector<std::vector<unsigned>> lane_tiles_;  // each thread's tiles
    std::vector<unsigned> lane_first_;  // thread l ticks tiles [lane_first_[l], lane_first_[l + 1])
    static constexpr unsigned kBalancePasses = 256;
    unsigned balance_passes_ = 0;
    // Tiles may run on several threads: they are one segment from the first block (no block
    // outside a tile ticks before them, and they fire their timers in their own pass).
    bool tiles_first_ = true;
    static thread_local const Tile* current_tile_;  // the tile this host thread is ticking
    // The pass this host thread is evaluating.
    static inline thread_local PassEdge pass_{nullptr, 0};
    const Segment* pass_segment_ = nullptr;  // the segment of a parallel pass
    uint64_t pass_edge_ = 0;                 // and its edge
};

}  // namespace mvp::sim
