#include "global_memory.h"

#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

namespace mvp {

GlobalMemory::GlobalMemory(uint32_t bytes)
    : size_(bytes), data_(static_cast<uint8_t*>(std::calloc(bytes ? bytes : 1, 1))) {
    if (!data_) throw std::bad_alloc();
}

namespace {

std::string range_error(uint32_t address, size_t bytes) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "global memory access [0x%08x, +%zu) is outside DDR", address,
                  bytes);
    return buf;
}

}  // namespace

void GlobalMemory::write(uint32_t address, const void* src, size_t bytes) {
    if (!contains(address, bytes)) throw std::out_of_range(range_error(address, bytes));
    if (bytes) std::memcpy(at(address), src, bytes);
}

void GlobalMemory::read(uint32_t address, void* dst, size_t bytes) const {
    if (!contains(address, bytes)) throw std::out_of_range(range_error(address, bytes));
    if (bytes) std::memcpy(dst, at(address), bytes);
}

}  // namespace mvp
