#pragma once

#include <cstdint>
#include <string>

#include "opcode.h"

namespace mvp::isa {

inline constexpr unsigned kNumRegs = 16;
inline constexpr unsigned kRegZero = 0;
inline constexpr unsigned kRegSp = 14;
inline constexpr unsigned kRegRa = 15;
inline constexpr unsigned kInstBytes = 8;

// A decoded instruction. Registers that the format does not use are 0; imm is the immediate,
// the memory offset, the branch/jump target PC or the special-register number.
struct Instruction {
    Opcode op = Opcode::kExit;
    uint8_t rd = 0;
    uint8_t rs = 0;
    uint8_t rt = 0;
    int32_t imm = 0;

    bool operator==(const Instruction& o) const {
        return op == o.op && rd == o.rd && rs == o.rs && rt == o.rt && imm == o.imm;
    }
};

// The 64-bit machine word, little-endian in memory:
//   bits  7:0  opcode (position in MVP_ISA_OPCODES)
//   bits 11:8  rd, 15:12 rs, 19:16 rt
//   bits 31:20 reserved, must be zero
//   bits 63:32 imm (two's complement)
uint64_t encode(const Instruction& in);

// Decodes a machine word. Returns false for an undefined opcode or non-zero reserved bits.
bool decode(uint64_t word, Instruction* out);

// The instruction in assembly syntax, with branch targets as hexadecimal PCs
// ("beq $4, $0, 0x0090"). Register names are $0..$15.
std::string disassemble(const Instruction& in);

}  // namespace mvp::isa
