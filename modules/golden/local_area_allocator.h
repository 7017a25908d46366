#pragma once

#include <cstdint>
#include <vector>

namespace mvp {

// The dispatcher's allocator of work-group areas in an SP's local memory (doc/isa.md, "Kernel
// ABI"): every resident work-group that uses __local memory holds one area (its kernel-scope
// __local variables, then its __local arguments) in [0, limit), the part of local memory below
// the private stacks. First fit: an area goes at the lowest address aligned to `align` (16, or
// the largest alignment of the launch's __local arguments) where it fits between the areas in
// use; it is freed when its group ends. In one launch all areas have the same size (a multiple
// of their alignment), so first fit packs them as fixed slots and never fragments.
class LocalAreaAllocator {
  public:
    static constexpr uint32_t kNoRoom = UINT32_MAX;
    static constexpr uint32_t kAlign = 16;

    // The base first fit would give an area of `bytes` in [0, limit), or kNoRoom. `align` is a
    // power of two, at least kAlign.
    uint32_t find(uint32_t bytes, uint32_t limit, uint32_t align = kAlign) const;
    // Takes that area and returns its base (kNoRoom, and nothing taken, when it does not fit).
    uint32_t allocate(uint32_t bytes, uint32_t limit, uint32_t align = kAlign);
    // Frees the area at `base`; throws std::logic_error when no area starts there.
    void free(uint32_t base);

    unsigned areas() const { return static_cast<unsigned>(areas_.size()); }
    uint32_t bytes_in_use() const { return bytes_in_use_; }

  private:
    struct Area {
        uint32_t base;
        uint32_t bytes;
    };
    std::vector<Area> areas_;  // by base
    uint32_t bytes_in_use_ = 0;
};

}  // namespace mvp
