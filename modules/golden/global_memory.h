#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace mvp {

// The contents of the GPU's global memory (DDR), from kBase upward. Storage is allocated
// lazily by the host OS (calloc), so a large memory that a kernel barely touches costs little.
class GlobalMemory {
  public:
    static constexpr uint32_t kBase = 0x80000000u;

    explicit GlobalMemory(uint32_t bytes);

    uint32_t size() const { return size_; }
    // True when [address, address + bytes) lies inside the memory.
    bool contains(uint32_t address, uint64_t bytes) const {
        return address >= kBase && uint64_t{address - kBase} + bytes <= size_;
    }
    // Host pointer to an address for which contains() holds.
    uint8_t* at(uint32_t address) { return data_.get() + (address - kBase); }
    const uint8_t* at(uint32_t address) const { return data_.get() + (address - kBase); }

    // Copies; both throw std::out_of_range when the range is not inside the memory.
    void write(uint32_t address, const void* src, size_t bytes);
    void read(uint32_t address, void* dst, size_t bytes) const;

  private:
    struct Free {
        void operator()(uint8_t* p) const { std::free(p); }
    };
    uint32_t size_;
    std::unique_ptr<uint8_t[], Free> data_;
};

}  // namespace mvp
