#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mvp::toolchain {

// Reads the little-endian container written by BinaryWriter. Every read checks the bytes left
// and throws std::runtime_error "<context>: <problem>" instead of reading past the end, so a
// truncated or corrupted file is rejected with a message and never crashes the reader.
class BinaryReader {
  public:
    BinaryReader(std::string_view data, std::string context)
        : data_(data), context_(std::move(context)) {}

    uint8_t u8(const char* what);
    uint16_t u16(const char* what);
    uint32_t u32(const char* what);
    int32_t i32(const char* what) { return static_cast<int32_t>(u32(what)); }
    uint64_t u64(const char* what);
    std::string str(const char* what);
    std::string_view take(size_t size, const char* what);
    // A 32-bit element count, checked against the bytes left for elements of at least
    // min_element_bytes each, so that a corrupted count cannot cause a huge allocation.
    uint32_t count(size_t min_element_bytes, const char* what);
    std::vector<uint32_t> u32_vector(const char* what);

    size_t remaining() const { return data_.size() - pos_; }
    // Throws when bytes are left over after the last field.
    void expect_end();
    [[noreturn]] void fail(const std::string& problem) const;

    // Checks the file header (4-byte magic, version, section count) and splits the sections:
    // the result has one reader per entry of section_names, in that order, where the section
    // with id i + 1 is section_names[i]. Each section must appear exactly once.
    std::vector<BinaryReader> sections(std::string_view magic, uint32_t version,
                                       const std::vector<std::string>& section_names);

  private:
    void need(size_t size, const char* what) const;

    std::string_view data_;
    size_t pos_ = 0;
    std::string context_;
};

}  // namespace mvp::toolchain
