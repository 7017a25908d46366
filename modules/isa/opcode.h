#pragma once

#include <cstdint>
#include <string_view>

namespace mvp::isa {

// Operand shapes as written in assembly.
enum class Format : uint8_t {
    kNone,    // sync, exit
    kR3,      // rd, rs, rt
    kR2,      // rd, rs
    kRI,      // rd, rs, imm
    kBranch,  // rs, rt, L
    kJump,    // L
    kJr,      // rs
    kLoad,    // rd, off(rs)
    kStore,   // rt, off(rs)
    kAtomic,  // rd, rt, (rs)
    kSr,      // rd, rs, %sr  (rd = special register [sr + rs])
};

// The execution resource an instruction occupies in the SP pipeline.
enum class Unit : uint8_t { kInt, kFp, kSfu, kMem, kCtrl };

// Index into -ptx_opcode_latency_int/_fp: ADD, MAX, MUL, MAD, DIV (GPGPU-Sim order).
enum class LatencyClass : uint8_t { kAdd = 0, kMax = 1, kMul = 2, kMad = 3, kDiv = 4 };

// X(enum, mnemonic, format, unit, latency class). The single list of MVP instructions; every
// table in the project (encoding, semantics, assembler, disassembler, timing) is generated from
// it. The numeric opcode is the position in this list: append new instructions at the end.
// clang-format off
#define MVP_ISA_OPCODES(X)                              \
    X(kAdd, "add", kR3, kInt, kAdd)                     \
    X(kSub, "sub", kR3, kInt, kAdd)                     \
    X(kAddSi, "add.si", kRI, kInt, kAdd)                \
    X(kMul, "mul", kR3, kInt, kMul)                     \
    X(kMac, "mac", kR3, kInt, kMad)                     \
    X(kMas, "mas", kR3, kInt, kMad)                     \
    X(kAnd, "and", kR3, kInt, kAdd)                     \
    X(kOr, "or", kR3, kInt, kAdd)                       \
    X(kXor, "xor", kR3, kInt, kAdd)                     \
    X(kAndI, "and.i", kRI, kInt, kAdd)                  \
    X(kOrI, "or.i", kRI, kInt, kAdd)                    \
    X(kXorI, "xor.i", kRI, kInt, kAdd)                  \
    X(kSfll, "sfll", kR3, kInt, kAdd)                   \
    X(kSfrl, "sfrl", kR3, kInt, kAdd)                   \
    X(kSfra, "sfra", kR3, kInt, kAdd)                   \
    X(kSfllI, "sfll.i", kRI, kInt, kAdd)                \
    X(kSfrlI, "sfrl.i", kRI, kInt, kAdd)                \
    X(kSfraI, "sfra.i", kRI, kInt, kAdd)                \
    X(kSetlt, "setlt", kR3, kInt, kMax)                 \
    X(kSetltU, "setlt.u", kR3, kInt, kMax)              \
    X(kBeq, "beq", kBranch, kCtrl, kAdd)                \
    X(kBne, "bne", kBranch, kCtrl, kAdd)                \
    X(kBlt, "blt", kBranch, kCtrl, kAdd)                \
    X(kBle, "ble", kBranch, kCtrl, kAdd)                \
    X(kJp, "jp", kJump, kCtrl, kAdd)                    \
    X(kJplnk, "jplnk", kJump, kCtrl, kAdd)              \
    X(kJr, "jr", kJr, kCtrl, kAdd)                      \
    X(kLdW, "ld.w", kLoad, kMem, kAdd)                  \
    X(kLdH, "ld.h", kLoad, kMem, kAdd)                  \
    X(kLdHu, "ld.hu", kLoad, kMem, kAdd)                \
    X(kLdB, "ld.b", kLoad, kMem, kAdd)                  \
    X(kLdBu, "ld.bu", kLoad, kMem, kAdd)                \
    X(kStW, "st.w", kStore, kMem, kAdd)                 \
    X(kStH, "st.h", kStore, kMem, kAdd)                 \
    X(kStB, "st.b", kStore, kMem, kAdd)                 \
    X(kFadd, "fadd", kR3, kFp, kAdd)                    \
    X(kFsub, "fsub", kR3, kFp, kAdd)                    \
    X(kFmul, "fmul", kR3, kFp, kMul)                    \
    X(kFmac, "fmac", kR3, kFp, kMad)                    \
    X(kFmas, "fmas", kR3, kFp, kMad)                    \
    X(kFbeq, "fbeq", kBranch, kCtrl, kAdd)              \
    X(kFble, "fble", kBranch, kCtrl, kAdd)              \
    X(kItof, "itof", kR2, kFp, kAdd)                    \
    X(kFtoi, "ftoi", kR2, kFp, kAdd)                    \
    X(kFrcp, "frcp", kR2, kSfu, kDiv)                   \
    X(kFsqrt, "fsqrt", kR2, kSfu, kDiv)                 \
    X(kFrsqrt, "frsqrt", kR2, kSfu, kDiv)               \
    X(kFsin, "fsin", kR2, kSfu, kDiv)                   \
    X(kFcos, "fcos", kR2, kSfu, kDiv)                   \
    X(kFexp2, "fexp2", kR2, kSfu, kDiv)                 \
    X(kFlog2, "flog2", kR2, kSfu, kDiv)                 \
    X(kAtomAdd, "atom.add", kAtomic, kMem, kAdd)        \
    X(kAtomXchg, "atom.xchg", kAtomic, kMem, kAdd)      \
    X(kAtomCas, "atom.cas", kAtomic, kMem, kAdd)        \
    X(kSync, "sync", kNone, kCtrl, kAdd)                \
    X(kExit, "exit", kNone, kCtrl, kAdd)                \
    X(kRdsr, "rdsr", kSr, kInt, kAdd)
// clang-format on

enum class Opcode : uint8_t {
#define MVP_ISA_ENUM(e, m, f, u, l) e,
    MVP_ISA_OPCODES(MVP_ISA_ENUM)
#undef MVP_ISA_ENUM
        kCount
};

inline constexpr unsigned kNumOpcodes = static_cast<unsigned>(Opcode::kCount);

struct OpcodeInfo {
    std::string_view mnemonic;
    Format format;
    Unit unit;
    LatencyClass latency;
};

inline constexpr OpcodeInfo kOpcodeInfo[kNumOpcodes] = {
#define MVP_ISA_INFO(e, m, f, u, l) {m, Format::f, Unit::u, LatencyClass::l},
    MVP_ISA_OPCODES(MVP_ISA_INFO)
#undef MVP_ISA_INFO
};

inline constexpr const OpcodeInfo& info(Opcode op) {
    return kOpcodeInfo[static_cast<unsigned>(op)];
}

// Looks a mnemonic up; returns false when the ISA has no such instruction.
bool find_opcode(std::string_view mnemonic, Opcode* op);

inline constexpr bool is_conditional_branch(Opcode op) {
    return info(op).format == Format::kBranch;
}
inline constexpr bool is_load(Opcode op) { return info(op).format == Format::kLoad; }
inline constexpr bool is_store(Opcode op) { return info(op).format == Format::kStore; }
inline constexpr bool is_atomic(Opcode op) { return info(op).format == Format::kAtomic; }
inline constexpr bool is_memory(Opcode op) { return info(op).unit == Unit::kMem; }

// True when the instruction writes rd (the scoreboard reserves it at issue).
inline constexpr bool writes_rd(Opcode op) {
    switch (info(op).format) {
        case Format::kR3:
        case Format::kR2:
        case Format::kRI:
        case Format::kLoad:
        case Format::kAtomic:
        case Format::kSr:
            return true;
        default:
            return false;
    }
}

inline constexpr bool reads_rs(Opcode op) {
    Format f = info(op).format;
    return f != Format::kNone && f != Format::kJump;
}

inline constexpr bool reads_rt(Opcode op) {
    Format f = info(op).format;
    return f == Format::kR3 || f == Format::kBranch || f == Format::kStore || f == Format::kAtomic;
}

// mac/mas/fmac/fmas and atom.cas read rd as a third source.
inline constexpr bool reads_rd(Opcode op) {
    return op == Opcode::kMac || op == Opcode::kMas || op == Opcode::kFmac || op == Opcode::kFmas ||
           op == Opcode::kAtomCas;
}

// Bytes moved by a load, store or atomic (0 for any other instruction).
inline constexpr unsigned access_size(Opcode op) {
    switch (op) {
        case Opcode::kLdW:
        case Opcode::kStW:
        case Opcode::kAtomAdd:
        case Opcode::kAtomXchg:
        case Opcode::kAtomCas:
            return 4;
        case Opcode::kLdH:
        case Opcode::kLdHu:
        case Opcode::kStH:
            return 2;
        case Opcode::kLdB:
        case Opcode::kLdBu:
        case Opcode::kStB:
            return 1;
        default:
            return 0;
    }
}

}  // namespace mvp::isa
