#pragma once

#include <vector>

#include "warp_instruction.h"

namespace mvp {

// A FIFO of in-flight instructions without a fixed bound (instructions at the memory): a ring
// that doubles when full, so that steady-state pushes and pops never allocate.
class InstructionQueue {
  public:
    explicit InstructionQueue(unsigned capacity = 16) : ring_(capacity ? capacity : 1) {}

    bool empty() const { return size_ == 0; }
    unsigned size() const { return size_; }
    WarpInstruction* front() const { return ring_[head_]; }
    void push_back(WarpInstruction* wi) {
        if (size_ == ring_.size()) grow();
        ring_[(head_ + size_) % ring_.size()] = wi;
        ++size_;
    }
    void pop_front() {
        head_ = (head_ + 1) % static_cast<unsigned>(ring_.size());
        --size_;
    }

  private:
    void grow() {
        std::vector<WarpInstruction*> bigger(ring_.size() * 2);
        for (unsigned i = 0; i < size_; ++i) bigger[i] = ring_[(head_ + i) % ring_.size()];
        ring_.swap(bigger);
        head_ = 0;
    }

    std::vector<WarpInstruction*> ring_;
    unsigned head_ = 0;
    unsigned size_ = 0;
};

}  // namespace mvp
