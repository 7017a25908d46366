#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
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
        capacity_ = entries;
        if (entries <= kInline) {
            heap_.clear();
            heap_.shrink_to_fit();
        } else {
            heap_.assign(entries, Entry{});
        }
        std::fill(std::begin(inline_), std::end(inline_), Entry{});
        head_ = size_ = 0;
    }
    unsigned capacity() const { return capacity_; }
    unsigned size() const { return size_; }
    unsigned room() const { return capacity_ - size_; }
    bool empty() const { return size_ == 0; }
    // Decoded entries (valid or undefined) from the head: the occupancy a designer sees.
    unsigned ready() const {
        unsigned n = 0;
        while (n < size_ && at(n).state != State::kPending) ++n;
        return n;
    }

    const Entry& front() const { return entries()[head_]; }
    const Entry& at(unsigned i) const { return entries()[wrap(head_ + i)]; }
    void pop() {
        head_ = wrap(head_ + 1);
        --size_;
    }
    void reserve(uint32_t pc) {
        Entry& e = entries()[wrap(head_ + size_)];
        e.pc = pc;
        e.state = State::kPending;
        ++size_;
    }
    // Fills the pending entry of `pc` with its machine word at edge `cycle`; false if there is
    // none (flushed).
    bool fill(uint32_t pc, uint64_t word, uint64_t cycle) {
        Entry* e = pending(pc);
        if (!e) return false;
        e->state = isa::decode(word, &e->in) ? State::kValid : State::kUndefined;
        e->fetched = cycle;
        return true;
    }
    // The ICC answered the fetch of `pc` with an error.
    bool fail(uint32_t pc) {
        Entry* e = pending(pc);
        if (!e) return false;
        e->state = State::kFetchError;
        return true;
    }
    void clear() { head_ = size_ = 0; }

  private:
    // A buffer of up to kInline entries (the default size) keeps them in place, beside the
    // warp's other fetch state, instead of in a separate allocation: a host-cache detail only.
    static constexpr unsigned kInline = 2;

    Entry* entries() { return capacity_ <= kInline ? inline_ : heap_.data(); }
    const Entry* entries() const { return capacity_ <= kInline ? inline_ : heap_.data(); }
    // An index below 2 x capacity back into the ring.
    unsigned wrap(unsigned i) const { return i >= capacity_ ? i - capacity_ : i; }
    Entry* pending(uint32_t pc) {
        Entry* ring = entries();
        for (unsigned i = 0, k = head_; i < size_; ++i, k = wrap(k + 1)) {
            Entry& e = ring[k];
            if (e.pc == pc && e.state == State::kPending) return &e;
        }
        return nullptr;
    }

    Entry inline_[kInline];
    std::vector<Entry> heap_;
    unsigned capacity_ = 0;
    unsigned head_ = 0;
    unsigned size_ = 0;
};

}  // namespace mvp
