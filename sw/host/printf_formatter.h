#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace mvp::host {

// Turns the records that OpenCL C printf calls left in a printf buffer (doc/opencl-c.md,
// "printf") into text. A record holds the device address of its format string and each
// argument's bytes with their size; the format strings, and the strings of %s arguments, are
// read from the program's data segment. Every conversion is formatted by the host's C
// snprintf (floats as doubles, vectors element by element, comma-separated), so the text is
// what a C printf gives for the same values.
class PrintfFormatter {
  public:
    // `image`: the program's data segment, loaded at device address `image_base`.
    PrintfFormatter(std::vector<uint8_t> image, uint32_t image_base);

    // Writes the text of the records in `records` (`bytes` bytes, in buffer order) to `out`.
    // A record whose format does not match its arguments is replaced by a one-line error on
    // `err`; a record that breaks the buffer's framing (a size or address out of range) gives
    // a one-line error and ends the output. Returns the number of records printed.
    size_t format(const uint8_t* records, size_t bytes, std::ostream& out, std::ostream& err) const;

    // The text of one record's format and arguments (`args`: the record after its two header
    // words); throws std::runtime_error with what does not match.
    std::string format_record(uint32_t format_address, const uint8_t* args,
                              size_t args_bytes) const;

  private:
    // The NUL-terminated string at device address `address` of the image; throws
    // std::runtime_error when it does not lie in the image.
    std::string string_at(uint32_t address) const;

    std::vector<uint8_t> image_;
    uint32_t image_base_;
};

}  // namespace mvp::host
