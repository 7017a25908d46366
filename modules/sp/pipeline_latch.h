#pragma once

#include <cstdint>
#include <vector>

#include "warp_instruction.h"

namespace mvp {

// A pipeline register of `capacity` entries between two stages: a FIFO ring of in-flight
// instructions. The stage before pushes, the stage after takes; since stages are ticked in
// reverse pipeline order, what is pushed in a cycle is taken at the earliest in the next.
class PipelineLatch {
  public:
    explicit PipelineLatch(unsigned capacity = 1) { resize(capacity); }
    void resize(unsigned capacity) {
        ring_.assign(capacity ? capacity : 1, nullptr);
        capacity_ = capacity;
        head_ = size_ = 0;
    }

    unsigned capacity() const { return capacity_; }
    unsigned size() const { return size_; }
    bool empty() const { return size_ == 0; }
    bool full() const { return size_ >= capacity_; }

    void push(WarpInstruction* wi) {
        ring_[(head_ + size_) % ring_.size()] = wi;
        ++size_;
    }
    // The i-th oldest entry.
    WarpInstruction* at(unsigned i) const { return ring_[(head_ + i) % ring_.size()]; }
    WarpInstruction* front() const { return ring_[head_]; }
    void pop() {
        head_ = (head_ + 1) % static_cast<unsigned>(ring_.size());
        --size_;
    }
    // Removes the i-th oldest entry, keeping the order of the others.
    void erase(unsigned i) {
        for (unsigned k = i; k + 1 < size_; ++k) ring_[(head_ + k) % ring_.size()] = at(k + 1);
        --size_;
    }
    void clear() { head_ = size_ = 0; }

  private:
    std::vector<WarpInstruction*> ring_;
    unsigned capacity_ = 0;
    unsigned head_ = 0;
    unsigned size_ = 0;
};

}  // namespace mvp
