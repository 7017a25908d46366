#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace mvp::sim {

// A hash map for the per-transaction bookkeeping of the memory blocks (payload -> state, line
// address -> entry): keys are pointers or integers, values small. Open addressing with linear
// probing and backward-shift deletion keeps every entry inline, so inserting and erasing cost
// no allocation once the table has grown to the block's peak of transactions in flight.
template <class K, class V>
class FlatMap {
    static_assert(std::is_pointer<K>::value || std::is_integral<K>::value,
                  "FlatMap keys are pointers or integers");

  public:
    FlatMap() { slots_.resize(16); }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    V* find(K key) {
        size_t i = home(key);
        while (slots_[i].used) {
            if (slots_[i].key == key) return &slots_[i].value;
            i = (i + 1) & mask();
        }
        return nullptr;
    }
    const V* find(K key) const { return const_cast<FlatMap*>(this)->find(key); }
    bool contains(K key) const { return find(key) != nullptr; }

    // The value of key, default-constructed if it was absent.
    V& operator[](K key) {
        if (V* v = find(key)) return *v;
        if (2 * (size_ + 1) > slots_.size()) grow();
        size_t i = home(key);
        while (slots_[i].used) i = (i + 1) & mask();
        slots_[i] = Slot{key, V(), true};
        ++size_;
        return slots_[i].value;
    }

    // Removes every entry (keeps the table's size, so refilling it allocates nothing).
    void clear() {
        for (Slot& s : slots_) s = Slot{};
        size_ = 0;
    }

    bool erase(K key) {
        size_t i = home(key);
        while (slots_[i].used && slots_[i].key != key) i = (i + 1) & mask();
        if (!slots_[i].used) return false;
        // Backward shift: move later entries of the probe run into the hole.
        size_t hole = i;
        for (size_t j = (i + 1) & mask(); slots_[j].used; j = (j + 1) & mask()) {
            size_t h = home(slots_[j].key);
            bool movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
            if (movable) {
                slots_[hole] = std::move(slots_[j]);
                hole = j;
            }
        }
        slots_[hole].used = false;
        --size_;
        return true;
    }

  private:
    struct Slot {
        K key{};
        V value{};
        bool used = false;
    };

    size_t mask() const { return slots_.size() - 1; }
    size_t home(K key) const {
        uint64_t x;
        if constexpr (std::is_pointer<K>::value) {
            x = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(key)) >> 4;
        } else {
            x = static_cast<uint64_t>(key);
        }
        return static_cast<size_t>((x * 0x9e3779b97f4a7c15ull) >> 32) & mask();
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.size() * 2, Slot{});
        size_ = 0;
        for (Slot& s : old)
            if (s.used) (*this)[s.key] = std::move(s.value);
    }

    std::vector<Slot> slots_;
    size_t size_ = 0;
};

}  // namespace mvp::sim
