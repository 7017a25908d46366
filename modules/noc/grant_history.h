#pragma once

#include <cstdint>
#include <stdexcept>

namespace mvp {

// How many requests a NoC buffer let go (grants of a memory port's link) at each of the last
// kCycles cycles. A sender's room check and a memory port's depth sample count the buffer as
// it was at the start of a cycle, so they add back the grants made since then: today only those
// of the current cycle (the NoC's pass at an edge comes before the SPs'), with windows of
// several edges (doc/performance.md) those of every cycle the memory side has run ahead.
// Cycles are added in non-decreasing order; no allocation.
class GrantHistory {
  public:
    static constexpr unsigned kCycles = 16;

    // One grant at `cycle`.
    void add(uint64_t cycle) {
        Slot& s = slots_[cycle % kCycles];
        if (s.cycle != cycle) {
            s.cycle = cycle;
            s.count = 0;
        }
        ++s.count;
    }
    // The grants made at cycles from `from` to `through`, both included (none if from >
    // through); the span must be within the history.
    unsigned between(uint64_t from, uint64_t through) const {
        if (from > through) return 0;
        if (through - from >= kCycles)
            throw std::logic_error("GrantHistory: a span longer than the history");
        unsigned n = 0;
        for (uint64_t c = from; c <= through; ++c) {
            const Slot& s = slots_[c % kCycles];
            if (s.cycle == c) n += s.count;
        }
        return n;
    }
    // As at power-on: no grant.
    void clear() {
        for (Slot& s : slots_) s = Slot{};
    }

  private:
    struct Slot {
        uint64_t cycle = UINT64_MAX;
        unsigned count = 0;
    };
    Slot slots_[kCycles];
};

}  // namespace mvp
