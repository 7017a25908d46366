#pragma once

#include <cstdint>
#include <vector>

#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"

namespace mvp {

// The architectural state of an SP's hardware threads: 16 GPRs and the special registers of
// each thread slot. The timing of reads and writes (banks, ports, bypass) is modelled by the
// operand collector and the scoreboard; this class only holds the values.
class RegisterFile {
  public:
    explicit RegisterFile(unsigned threads)
        : gpr_(size_t{threads} * isa::kNumRegs), sr_(size_t{threads} * isa::kNumSpecialRegisters) {}

    uint32_t* gpr(unsigned thread) { return &gpr_[size_t{thread} * isa::kNumRegs]; }
    const uint32_t* gpr(unsigned thread) const { return &gpr_[size_t{thread} * isa::kNumRegs]; }
    uint32_t* special(unsigned thread) { return &sr_[size_t{thread} * isa::kNumSpecialRegisters]; }
    const uint32_t* special(unsigned thread) const {
        return &sr_[size_t{thread} * isa::kNumSpecialRegisters];
    }
    // Writes to $zero are dropped.
    void write(unsigned thread, unsigned reg, uint32_t value) {
        if (reg != isa::kRegZero) gpr_[size_t{thread} * isa::kNumRegs + reg] = value;
    }

  private:
    std::vector<uint32_t> gpr_;
    std::vector<uint32_t> sr_;
};

}  // namespace mvp
