#pragma once

#include <cstdint>
#include <functional>
#include <systemc>
#include <vector>

namespace mvp::sim {

class ClockDomain;

// A block that does work on the edges of one clock domain.
class Clocked {
  public:
    virtual ~Clocked() = default;
    // One cycle of work. Called on every edge while the block is awake.
    virtual void tick() = 0;

  private:
    friend class ClockDomain;
    ClockDomain* domain_ = nullptr;
    unsigned clock_index_ = 0;
};

// A clock domain: a period, and one SystemC process that ticks the blocks that are awake, in
// the order they were attached. A clock here is data, not a toggling signal: when no block is
// awake the process sleeps on an event, so idle hardware costs no host time, and cycles are
// counted from simulated time, so skipped cycles still count. A block with nothing to do until
// a known cycle (a fixed latency) asks to be woken then: one timed event, not a countdown.
class ClockDomain : public sc_core::sc_module {
  public:
    ClockDomain(const sc_core::sc_module_name& name, double mhz);

    double mhz() const { return mhz_; }
    const sc_core::sc_time& period() const { return period_; }
    // The cycle of the current simulated time (the last edge at or before it). During the
    // domain's own pass it is the edge being evaluated, known without asking the kernel.
    uint64_t now() const { return in_pass_ ? pass_edge_ : now_from_kernel(); }
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
    // Ticks the block on every edge strictly after the current time until it sleeps.
    void wake(Clocked* block);
    // Ticks the block once at `cycle` (or at the next edge if that has passed), then as wake().
    void wake_at(Clocked* block, uint64_t cycle);
    // Stops ticking the block after its current tick (or now, if it is not being ticked).
    void sleep(Clocked* block);
    bool awake(const Clocked* block) const;

    // Called after the blocks of every edge at which at least one block was ticked (tracers
    // sample there: nothing changes at the other edges).
    void add_edge_observer(std::function<void()> observer) {
        observers_.push_back(std::move(observer));
    }

    // Number of edges at which at least one block was ticked (a measure of host work).
    uint64_t active_edges() const { return active_edges_; }

  private:
    struct Entry {
        Clocked* block;
        bool awake = false;
        bool far = false;                  // the timer is in far_, not in the wheel
        unsigned timer_pos = kNotArmed;    // position in its wheel slot or in far_, when armed
        uint64_t first_cycle = 0;          // the first edge of the current awake period
        uint64_t wake_cycle = UINT64_MAX;  // a pending wake_at
    };

    void run();
    uint64_t now_from_kernel() const;
    void notify();
    void set_awake(unsigned index, bool awake) {
        const uint64_t bit = uint64_t{1} << (index % 64);
        if (awake) {
            awake_bits_[index / 64] |= bit;
        } else {
            awake_bits_[index / 64] &= ~bit;
        }
    }
    bool any_awake() const;
    bool any_timer() const { return wheel_count_ > 0 || !far_.empty(); }
    // The cycle of the earliest armed timer (any_timer() must hold).
    uint64_t earliest_timer() const;
    // Wakes the blocks whose timers are due at `edge`, and moves the wheel on past it.
    void fire_timers(uint64_t edge);
    void fire(unsigned index, uint64_t edge);
    void arm(unsigned index, uint64_t cycle);
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
    uint64_t next_edge() const;

    double mhz_;
    sc_core::sc_time period_;
    std::vector<Entry> entries_;
    // The awake blocks, one bit per entry; a pass ticks a snapshot taken at its edge, in
    // index order.
    std::vector<uint64_t> awake_bits_;
    std::vector<uint64_t> tick_bits_;
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
    sc_core::sc_event wake_event_;
    std::vector<std::function<void()>> observers_;
    uint64_t active_edges_ = 0;
    bool in_pass_ = false;    // the domain's process is ticking its blocks
    uint64_t pass_edge_ = 0;  // the edge of the current pass
};

}  // namespace mvp::sim
