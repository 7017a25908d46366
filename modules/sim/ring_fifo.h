#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace mvp::sim {

// The queue of a hardware block (requests waiting for a port, entries of a miss FIFO, responses
// waiting for their link) as a ring of slots. The ring grows to the largest number of entries the
// queue has held and never shrinks, so pushing and popping cost no allocation once the queue
// has seen its deepest occupancy (std::deque allocates and frees a block of entries as its ends
// move on). A popped slot keeps its object until the next entry is assigned to it. The subset of
// std::deque a queue needs: pushing at the back, popping at the front, indexing from the front,
// iteration, and erasing in the middle (order kept).
template <class T>
class RingFifo {
  public:
    // A position counted from the front (it stays valid while entries are added at the back).
    template <bool kConst>
    class Iterator {
      public:
        using Fifo = std::conditional_t<kConst, const RingFifo, RingFifo>;
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = std::conditional_t<kConst, const T*, T*>;
        using reference = std::conditional_t<kConst, const T&, T&>;

        Iterator() = default;
        Iterator(Fifo* fifo, size_t index) : fifo_(fifo), index_(index) {}
        reference operator*() const { return (*fifo_)[index_]; }
        pointer operator->() const { return &(*fifo_)[index_]; }
        Iterator& operator++() {
            ++index_;
            return *this;
        }
        bool operator==(const Iterator& o) const { return index_ == o.index_; }
        bool operator!=(const Iterator& o) const { return index_ != o.index_; }
        size_t index() const { return index_; }

      private:
        Fifo* fifo_ = nullptr;
        size_t index_ = 0;
    };
    using iterator = Iterator<false>;
    using const_iterator = Iterator<true>;

    bool empty() const { return count_ == 0; }
    size_t size() const { return count_; }
    T& operator[](size_t i) { return slots_[(head_ + i) & (slots_.size() - 1)]; }
    const T& operator[](size_t i) const { return slots_[(head_ + i) & (slots_.size() - 1)]; }
    T& front() { return slots_[head_]; }
    const T& front() const { return slots_[head_]; }
    T& back() { return (*this)[count_ - 1]; }
    const T& back() const { return (*this)[count_ - 1]; }
    iterator begin() { return iterator(this, 0); }
    iterator end() { return iterator(this, count_); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, count_); }

    void push_back(const T& value) { back_slot() = value; }
    void push_back(T&& value) { back_slot() = std::move(value); }
    void pop_front() {
        head_ = (head_ + 1) & (slots_.size() - 1);
        --count_;
    }
    // Entry i leaves; the later ones move up one place. Returns the position after it.
    iterator erase(iterator it) {
        const size_t i = it.index();
        for (size_t k = i; k + 1 < count_; ++k) (*this)[k] = std::move((*this)[k + 1]);
        --count_;
        return iterator(this, i);
    }
    // Every entry leaves, and its object is released (as the queue's reset drops what it held).
    void clear() {
        for (size_t k = 0; k < count_; ++k) (*this)[k] = T();
        head_ = 0;
        count_ = 0;
    }

  private:
    T& back_slot() {
        if (count_ == slots_.size()) grow();
        T& slot = slots_[(head_ + count_) & (slots_.size() - 1)];
        ++count_;
        return slot;
    }
    void grow() {
        std::vector<T> grown(slots_.empty() ? 4 : 2 * slots_.size());
        for (size_t k = 0; k < count_; ++k) grown[k] = std::move((*this)[k]);
        slots_.swap(grown);
        head_ = 0;
    }

    std::vector<T> slots_;  // a power of two of them, or none
    size_t head_ = 0;
    size_t count_ = 0;
};

}  // namespace mvp::sim
