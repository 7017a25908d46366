#include "local_area_allocator.h"

#include <stdexcept>
#include <string>

namespace mvp {

namespace {

uint64_t aligned(uint64_t v, uint32_t align = LocalAreaAllocator::kAlign) {
    return (v + align - 1) & ~uint64_t{align - 1};
}

}  // namespace

uint32_t LocalAreaAllocator::find(uint32_t bytes, uint32_t limit, uint32_t align) const {
    const uint64_t size = aligned(bytes);
    uint64_t base = 0;
    for (const Area& a : areas_) {
        if (base + size <= a.base) break;
        base = aligned(uint64_t{a.base} + a.bytes, align);
    }
    return base + size <= limit ? static_cast<uint32_t>(base) : kNoRoom;
}

uint32_t LocalAreaAllocator::allocate(uint32_t bytes, uint32_t limit, uint32_t align) {
    const uint32_t base = find(bytes, limit, align);
    if (base == kNoRoom) return kNoRoom;
    const uint32_t size = static_cast<uint32_t>(aligned(bytes));
    auto it = areas_.begin();
    while (it != areas_.end() && it->base < base) ++it;
    areas_.insert(it, Area{base, size});
    bytes_in_use_ += size;
    return base;
}

void LocalAreaAllocator::free(uint32_t base) {
    for (auto it = areas_.begin(); it != areas_.end(); ++it) {
        if (it->base != base) continue;
        bytes_in_use_ -= it->bytes;
        areas_.erase(it);
        return;
    }
    throw std::logic_error("LocalAreaAllocator::free: no area at local address " +
                           std::to_string(base));
}

}  // namespace mvp
