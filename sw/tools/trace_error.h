#pragma once

#include <stdexcept>
#include <string>

namespace mvp::tools {

// Bad input to a trace tool: one line naming the file (and line) and what is wrong with it.
class TraceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
    // "file:line: what" (line 0: "file: what").
    static TraceError at(const std::string& file, size_t line, const std::string& what) {
        return TraceError(file + (line ? ":" + std::to_string(line) : std::string()) + ": " + what);
    }
};

}  // namespace mvp::tools
