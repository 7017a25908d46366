#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::toolchain {

// Builds the little-endian byte image of an .mvpo or .mvpx file: a header (magic, version,
// section count) followed by sections, each a 32-bit id, a 32-bit payload size and the payload.
class BinaryWriter {
  public:
    void u8(uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
    void u16(uint16_t v);
    void u32(uint32_t v);
    void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
    void u64(uint64_t v);
    // A string: its 32-bit byte count, then the bytes (no terminator).
    void str(const std::string& s);
    void raw(const void* data, size_t size);
    void u32_vector(const std::vector<uint32_t>& v);

    // Opens a section; every write until end_section() is its payload.
    void begin_section(uint32_t id);
    void end_section();

    const std::string& bytes() const { return bytes_; }

  private:
    std::string bytes_;
    size_t section_size_at_ = 0;
    bool in_section_ = false;
};

}  // namespace mvp::toolchain
