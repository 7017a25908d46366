#pragma once

#include <cstdint>

namespace mvp {

// How global memory is spread over the memory controllers: from `base`, consecutive blocks of
// `block_bytes` go to controllers 0, 1, ..., n-1, 0, 1, ... The NoC routes a request by its
// address with controller(); a controller removes the interleaving with local() before it maps
// the address onto its banks, rows and columns, so that each controller sees a dense address
// space. block_bytes is a power of two; the number of controllers is any count.
class MemoryInterleave {
  public:
    MemoryInterleave(uint32_t base, uint32_t block_bytes, unsigned controllers)
        : base_(base), block_bytes_(block_bytes), controllers_(controllers) {}

    uint32_t base() const { return base_; }
    uint32_t block_bytes() const { return block_bytes_; }
    unsigned controllers() const { return controllers_; }

    // The controller serving an address. Addresses below the base wrap around (they belong to
    // no memory; the controller that gets them answers with an address error).
    unsigned controller(uint32_t address) const {
        return static_cast<unsigned>(block(address) % controllers_);
    }
    // The address inside that controller's share of the memory.
    uint64_t local(uint32_t address) const {
        uint32_t offset = address - base_;
        return (block(address) / controllers_) * block_bytes_ + (offset & (block_bytes_ - 1));
    }
    // True when [address, address + bytes) lies in one interleaving block (one controller).
    bool one_block(uint32_t address, uint32_t bytes) const {
        return bytes == 0 || block(address) == block(address + bytes - 1);
    }

  private:
    uint64_t block(uint32_t address) const { return (address - base_) / block_bytes_; }

    uint32_t base_;
    uint32_t block_bytes_;
    unsigned controllers_;
};

}  // namespace mvp
