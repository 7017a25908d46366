#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::sim {

// The CSV of the project's logs (the pipeline log, doc/sp-pipeline.md): RFC 4180 quoting
// (a quoted field doubles its quotes), no line breaks inside a field, numbers in decimal or in
// hexadecimal with 0x. The log's writer and every reader of it use this one definition.
class CsvLine {
  public:
    // The fields of `line`; false with `error` naming the column ("column 6: ...").
    static bool split(const std::string& line, std::vector<std::string>* fields,
                      std::string* error);
    // Appends `text` as a quoted field.
    static void append_quoted(std::string& line, const std::string& text);
    // A field as a number: decimal, or hexadecimal with 0x; false if it is neither.
    static bool number(const std::string& field, uint64_t* value);
};

}  // namespace mvp::sim
