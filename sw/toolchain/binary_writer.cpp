#include "binary_writer.h"

#include <cassert>

namespace mvp::toolchain {

void BinaryWriter::u16(uint16_t v) {
    u8(static_cast<uint8_t>(v));
    u8(static_cast<uint8_t>(v >> 8));
}

void BinaryWriter::u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
}

void BinaryWriter::u64(uint64_t v) {
    u32(static_cast<uint32_t>(v));
    u32(static_cast<uint32_t>(v >> 32));
}

void BinaryWriter::str(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    bytes_ += s;
}

void BinaryWriter::raw(const void* data, size_t size) {
    bytes_.append(static_cast<const char*>(data), size);
}

void BinaryWriter::u32_vector(const std::vector<uint32_t>& v) {
    u32(static_cast<uint32_t>(v.size()));
    for (uint32_t x : v) u32(x);
}

void BinaryWriter::begin_section(uint32_t id) {
    assert(!in_section_);
    u32(id);
    section_size_at_ = bytes_.size();
    u32(0);
    in_section_ = true;
}

void BinaryWriter::end_section() {
    assert(in_section_);
    uint32_t size = static_cast<uint32_t>(bytes_.size() - section_size_at_ - 4);
    for (int i = 0; i < 4; ++i)
        bytes_[section_size_at_ + i] = static_cast<char>(static_cast<uint8_t>(size >> (8 * i)));
    in_section_ = false;
}

}  // namespace mvp::toolchain
