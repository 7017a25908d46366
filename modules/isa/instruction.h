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
    // A conditional branch's reconvergence field (bits 31:20, see Reconvergence); 0 for every
    // other instruction.
    uint16_t rcv = 0;

    bool operator==(const Instruction& o) const {
        return op == o.op && rd == o.rd && rs == o.rs && rt == o.rt && imm == o.imm && rcv == o.rcv;
    }
};

// The 64-bit machine word, little-endian in memory:
//   bits  7:0  opcode (position in MVP_ISA_OPCODES)
//   bits 11:8  rd, 15:12 rs, 19:16 rt
//   bits 31:20 a conditional branch's reconvergence field; reserved (zero) for the others
//   bits 63:32 imm (two's complement)
uint64_t encode(const Instruction& in);

// Decodes a machine word. Returns false for an undefined opcode or non-zero reserved bits.
bool decode(uint64_t word, Instruction* out);

// A reconvergence PC that means "the end of the function": the divergent paths of the branch
// meet again only when they return (jr $ra) or end (exit, fall-off).
inline constexpr uint32_t kReconvergeAtExit = 0xffffffffu;
// Not a conditional branch (in per-instruction tables).
inline constexpr uint32_t kNoReconvergence = 0xfffffffeu;

// Where the divergent paths of a conditional branch meet again, as the 12-bit field of its
// encoding says (doc/isa.md, "Reconvergence field"):
//   0                      at the function's exit (kAtExit);
//   bit 11 clear, d != 0   at PC + 8 * d, d the signed 11-bit value of bits 10:0 (kAtPc);
//   bit 11 set             entry `bits 10:0` of the image's far reconvergence table, the
//                          64-bit words that follow the last instruction (kInTable).
struct Reconvergence {
    enum class Kind : uint8_t { kAtExit, kAtPc, kInTable };
    Kind kind = Kind::kAtExit;
    uint32_t value = 0;  // the PC (kAtPc) or the table index (kInTable)
};
inline constexpr unsigned kRcvBits = 12;
inline constexpr uint16_t kRcvTableFlag = 0x800;
inline constexpr unsigned kRcvTableEntries = 0x800;
inline constexpr int kRcvMaxDistance = 1023;  // instructions, either way

Reconvergence decode_reconvergence(uint16_t field, uint32_t branch_pc);
// The field for a reconvergence PC within kRcvMaxDistance instructions of the branch (or
// kReconvergeAtExit); false when it needs a table entry.
bool near_reconvergence_field(uint32_t branch_pc, uint32_t rpc, uint16_t* field);
inline uint16_t table_reconvergence_field(uint32_t index) {
    return static_cast<uint16_t>(kRcvTableFlag | (index & (kRcvTableEntries - 1)));
}

// The instruction in assembly syntax, with branch targets as hexadecimal PCs
// ("beq $4, $0, 0x0090"). Register names are $0..$15.
std::string disassemble(const Instruction& in);

}  // namespace mvp::isa
