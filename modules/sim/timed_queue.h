#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace mvp::sim {

// What a block holds until a cycle (a response until its return edge, a fill until its
// arrival): handed out by cycle and, within a cycle, in the order it came. A binary heap in
// one vector, ordered by (cycle, arrival number): no allocation once the queue has held its
// largest number of entries.
template <class T>
class TimedQueue {
  public:
    bool empty() const { return heap_.empty(); }
    size_t size() const { return heap_.size(); }
    // The earliest entry and its cycle.
    uint64_t next_cycle() const { return heap_.front().cycle; }
    const T& front() const { return heap_.front().value; }
    // The latest cycle among the entries (the last one handed out while none comes).
    uint64_t latest_cycle() const { return latest_; }

    void push(uint64_t cycle, T value) {
        if (heap_.empty()) latest_ = cycle;
        latest_ = std::max(latest_, cycle);
        heap_.push_back(Entry{cycle, next_order_++, std::move(value)});
        std::push_heap(heap_.begin(), heap_.end(), later);
    }
    void pop() {
        std::pop_heap(heap_.begin(), heap_.end(), later);
        heap_.pop_back();
    }
    void clear() { heap_.clear(); }

  private:
    struct Entry {
        uint64_t cycle;
        uint64_t order;  // arrival number: the order within a cycle
        T value;
    };
    static bool later(const Entry& a, const Entry& b) {
        return a.cycle != b.cycle ? a.cycle > b.cycle : a.order > b.order;
    }

    std::vector<Entry> heap_;
    uint64_t next_order_ = 0;
    uint64_t latest_ = 0;
};

}  // namespace mvp::sim
