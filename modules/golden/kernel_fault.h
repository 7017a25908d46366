#pragma once

#include <stdexcept>
#include <string>

namespace mvp {

// A fault raised by a kernel (unmapped or misaligned access, undefined instruction, a jump
// outside the code image, a run that exceeds its limit). what() is the one-line message of
// doc/isa.md: SP, warp, thread, PC, source line, instruction and address.
class KernelFault : public std::runtime_error {
  public:
    explicit KernelFault(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace mvp
