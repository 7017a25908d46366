#pragma once

#include <stdexcept>
#include <string>

namespace mvp::toolchain {

// An error in assembly or link input. what() is the one-line message, "file:line:column:
// error: ..." for source errors.
class AsmError : public std::runtime_error {
  public:
    explicit AsmError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace mvp::toolchain
