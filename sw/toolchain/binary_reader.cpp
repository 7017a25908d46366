#include "binary_reader.h"

#include <stdexcept>

namespace mvp::toolchain {

void BinaryReader::fail(const std::string& problem) const {
    throw std::runtime_error(context_ + ": " + problem);
}

void BinaryReader::need(size_t size, const char* what) const {
    if (remaining() < size) {
        fail("truncated: " + std::string(what) + " needs " + std::to_string(size) +
             " bytes at offset " + std::to_string(pos_) + ", " + std::to_string(remaining()) +
             " left");
    }
}

uint8_t BinaryReader::u8(const char* what) {
    need(1, what);
    return static_cast<uint8_t>(data_[pos_++]);
}

uint16_t BinaryReader::u16(const char* what) {
    need(2, what);
    uint16_t v = 0;
    for (int i = 0; i < 2; ++i) v |= uint16_t{static_cast<uint8_t>(data_[pos_++])} << (8 * i);
    return v;
}

uint32_t BinaryReader::u32(const char* what) {
    need(4, what);
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(data_[pos_++])} << (8 * i);
    return v;
}

uint64_t BinaryReader::u64(const char* what) {
    need(8, what);
    uint64_t lo = u32(what);
    uint64_t hi = u32(what);
    return lo | hi << 32;
}

std::string_view BinaryReader::take(size_t size, const char* what) {
    need(size, what);
    std::string_view v = data_.substr(pos_, size);
    pos_ += size;
    return v;
}

std::string BinaryReader::str(const char* what) {
    uint32_t size = u32(what);
    return std::string(take(size, what));
}

uint32_t BinaryReader::count(size_t min_element_bytes, const char* what) {
    uint32_t n = u32(what);
    if (min_element_bytes != 0 && n > remaining() / min_element_bytes) {
        fail("count " + std::to_string(n) + " of " + what + " does not fit in the " +
             std::to_string(remaining()) + " bytes left");
    }
    return n;
}

std::vector<uint32_t> BinaryReader::u32_vector(const char* what) {
    uint32_t n = count(4, what);
    std::vector<uint32_t> v(n);
    for (uint32_t& x : v) x = u32(what);
    return v;
}

void BinaryReader::expect_end() {
    if (remaining() != 0) fail(std::to_string(remaining()) + " unexpected trailing bytes");
}

std::vector<BinaryReader> BinaryReader::sections(std::string_view magic, uint32_t version,
                                                 const std::vector<std::string>& section_names) {
    if (remaining() < magic.size() || data_.substr(pos_, magic.size()) != magic) {
        fail("bad magic number (not a " + std::string(magic) + " file)");
    }
    pos_ += magic.size();
    uint32_t file_version = u32("version");
    if (file_version != version) {
        fail("unsupported version " + std::to_string(file_version) + " (expected " +
             std::to_string(version) + ")");
    }
    uint32_t n = count(8, "sections");
    std::vector<BinaryReader> result;
    std::vector<bool> seen(section_names.size(), false);
    result.reserve(section_names.size());
    for (size_t i = 0; i < section_names.size(); ++i)
        result.emplace_back(std::string_view(), context_ + ": section '" + section_names[i] + "'");
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t id = u32("section id");
        uint32_t size = u32("section size");
        if (id == 0 || id > section_names.size()) fail("unknown section id " + std::to_string(id));
        const std::string& name = section_names[id - 1];
        if (seen[id - 1]) fail("duplicate section '" + name + "'");
        seen[id - 1] = true;
        result[id - 1].data_ = take(size, ("section '" + name + "'").c_str());
    }
    expect_end();
    for (size_t i = 0; i < section_names.size(); ++i)
        if (!seen[i]) fail("missing section '" + section_names[i] + "'");
    return result;
}

}  // namespace mvp::toolchain
