#pragma once

#include <cstdint>
#include <stdexcept>

namespace mvp {

// How many events a NoC buffer saw at each of the last kCycles cycles: the grants of a memory
// port's link (an input's requests let go, a port's queue emptied by one) or the requests
// offered into a port's queue, by the cycle they enter it. A sender's room check and a memory
// port's depth sample count a buffer as it was at one point of a cycle whatever the order in
// which the passes and the senders' requests came: they add back the grants made since then and
// leave out the requests entered since then. Today that spans the current cycle only (the NoC's
// pass at an edge comes before the SPs'); with windows of several edges (doc/performance.md)
// every cycle the memory side has run ahead. Cycles are added in non-decreasing order; no
// allocation.
class CycleHistory {
  public:
    static constexpr unsigned kCycles = 16;

    // One event at `cycle`.
    void add(uint64_t cycle) {
        Slot& s = slots_[cycle % kCycles];
        if (s.cycle != cycle) {
            s.cycle = cycle;
            s.count = 0;
        }
        ++s.count;
    }
    // The events at cycles from `from` to `through`, both included (none if from >
    // through); the span must be within the history.
    unsigned between(uint64_t from, uint64_t through) const {
        if (from > through) return 0;
        if (through - from >= kCycles)
            throw std::logic_error("CycleHistory: a span longer than the history");
        unsigned n = 0;
        for (uint64_t c = from; c <= through; ++c) {
            const Slot& s = slots_[c % kCycles];
            if (s.cycle == c) n += s.count;
        }
        return n;
    }
    // As at power-on: none.
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
