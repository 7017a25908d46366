#pragma once

#include <cstdint>
#include <vector>

#include "modules/isa/instruction.h"

namespace mvp {

// The instruction buffer of one warp (one split slot of the divergence policy): a FIFO of
// consecutive instructions from the fetch stage, each decoded when its bytes arrive. An entry
// is reserved (pending) when its fetch is sent, so the buffer never takes more fetches than
// it has room for, and becomes valid (or undefined: the word does not decode) when the ICC
// answers. IS takes the head when it is valid and at the split's PC.
class InstructionBuffer {
  public:
    enum class State : uint8_t { kPending, kValid, kUndefined, kFetchError };
    struct Entry {
        uint32_t pc = 0;
        State state = State::kPending;
        isa::Instruction in;
        uint64_t fetched = 0;  // the edge its word entered the buffer
    };

    void resize(unsigned entries) {
        ring_.assign(entries, Entry{});
        head_ = size_ = 0;
    }
    unsigned capacity() const { return static_cast<unsigned>(ring_.size()); }
    unsigned size() const { return size_; }
    unsigned room() const { return capacity() - size_; }
    bool empty() const { return size_ == 0; }
    // Decoded entries (valid or undefined) from the head: the occupancy a designer sees.
    unsigned ready() const {
        unsigned n = 0;
        while (n < size_ && at(n).state != State::kPending) ++n;
        return n;
    }

    const Entry& front() const { return ring_[head_]; }
    const Entry& at(unsigned i) const { return ring_[(head_ + i) % ring_.size()]; }
    void pop() {
        head_ = (head_ + 1) % static_cast<unsigned>(ring_.size());
        --size_;
    }
    void reserve(uint32_t pc) {
        Entry& e = ring_[(head_ + size_) % ring_.size()];
        e.pc = pc;
        e.state = State::kPending;
        ++size_;
    }
    // Fills the pending entry of `pc` with its machine word at edge `cycle`; false if there is
    // none (flushed).
    bool fill(uint32_t pc, uint64_t word, uint64_t cycle) {
        for (unsigned i = 0; i < size_; ++i) {
            Entry& e = ring_[(head_ + i) % ring_.size()];
            if (e.pc == pc && e.state == State::kPending) {
                e.state = isa::decode(word, &e.in) ? State::kValid : State::kUndefined;
                e.fetched = cycle;
                return true;
            }
        }
        return false;
    }
    // The ICC answered the fetch of `pc` with an error.
    bool fail(uint32_t pc) {
        for (unsigned i = 0; i < size_; ++i) {
            Entry& e = ring_[(head_ + i) % ring_.size()];
            if (e.pc == pc && e.state == State::kPending) {
                e.state = State::kFetchError;
                return true;
            }
        }
        return false;
    }
    void clear() { head_ = size_ = 0; }

  private:
    std::vector<Entry> ring_;
    unsigned head_ = 0;
    unsigned size_ = 0;
};

}  // namespace mvp
