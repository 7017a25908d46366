#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "instruction.h"

// What every MVP instruction computes for one thread. This is the only place in the project
// where an instruction's meaning is written down: the golden functional model and the timing
// pipeline both call these functions. They are pure (no memory, no thread state), so a
// pipeline can call them at the stage where the hardware produces the value.
//
// Floating point follows IEEE-754 binary32 with round to nearest even and full subnormals.
// Every arithmetic NaN result is the canonical quiet NaN 0x7fc00000, as the MVP FPU produces
// it, so that results do not depend on the host's NaN propagation rules.
namespace mvp::isa {

inline constexpr uint32_t kCanonicalNan = 0x7fc00000u;

inline float as_float(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

inline uint32_t as_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline uint32_t fp_result(float f) { return std::isnan(f) ? kCanonicalNan : as_bits(f); }

// ftoi: toward zero, saturating at the int32 limits, NaN gives 0.
inline uint32_t float_to_int(float f) {
    if (std::isnan(f)) return 0;
    if (f >= 2147483648.0f) return 0x7fffffffu;
    if (f < -2147483648.0f) return 0x80000000u;
    return static_cast<uint32_t>(static_cast<int32_t>(f));
}

// Special function unit. Each result is within 1 ulp of the correctly rounded value (the
// contract allows 2): the function is evaluated in binary64 and rounded once to binary32.
inline uint32_t sfu(Opcode op, uint32_t a) {
    float x = as_float(a);
    double d = x;
    switch (op) {
        case Opcode::kFrcp:
            return fp_result(1.0f / x);
        case Opcode::kFsqrt:
            return fp_result(std::sqrt(x));
        case Opcode::kFrsqrt:
            return fp_result(static_cast<float>(1.0 / std::sqrt(d)));
        case Opcode::kFsin:
            return fp_result(static_cast<float>(std::sin(d)));
        case Opcode::kFcos:
            return fp_result(static_cast<float>(std::cos(d)));
        case Opcode::kFexp2:
            return fp_result(static_cast<float>(std::exp2(d)));
        case Opcode::kFlog2:
            return fp_result(static_cast<float>(std::log2(d)));
        default:
            return 0;
    }
}

// The value written to rd by an instruction of unit kInt, kFp or kSfu (not rdsr, whose value
// comes from the special registers). rd_old is rd's value before the instruction (mac, mas,
// fmac, fmas accumulate into it).
inline uint32_t compute(const Instruction& in, uint32_t rs, uint32_t rt, uint32_t rd_old) {
    const uint32_t imm = static_cast<uint32_t>(in.imm);
    switch (in.op) {
        case Opcode::kAdd:
            return rs + rt;
        case Opcode::kSub:
            return rs - rt;
        case Opcode::kAddSi:
            return rs + imm;
        case Opcode::kMul:
            return rs * rt;
        case Opcode::kMac:
            return rd_old + rs * rt;
        case Opcode::kMas:
            return rd_old - rs * rt;
        case Opcode::kAnd:
            return rs & rt;
        case Opcode::kOr:
            return rs | rt;
        case Opcode::kXor:
            return rs ^ rt;
        case Opcode::kAndI:
            return rs & imm;
        case Opcode::kOrI:
            return rs | imm;
        case Opcode::kXorI:
            return rs ^ imm;
        case Opcode::kSfll:
            return rs << (rt & 31);
        case Opcode::kSfrl:
            return rs >> (rt & 31);
        case Opcode::kSfra:
            return static_cast<uint32_t>(static_cast<int32_t>(rs) >> (rt & 31));
        case Opcode::kSfllI:
            return rs << (imm & 31);
        case Opcode::kSfrlI:
            return rs >> (imm & 31);
        case Opcode::kSfraI:
            return static_cast<uint32_t>(static_cast<int32_t>(rs) >> (imm & 31));
        case Opcode::kSetlt:
            return static_cast<int32_t>(rs) < static_cast<int32_t>(rt) ? 1 : 0;
        case Opcode::kSetltU:
            return rs < rt ? 1 : 0;
        case Opcode::kFadd:
            return fp_result(as_float(rs) + as_float(rt));
        case Opcode::kFsub:
            return fp_result(as_float(rs) - as_float(rt));
        case Opcode::kFmul:
            return fp_result(as_float(rs) * as_float(rt));
        case Opcode::kFmac:
            return fp_result(std::fma(as_float(rs), as_float(rt), as_float(rd_old)));
        case Opcode::kFmas:
            return fp_result(std::fma(-as_float(rs), as_float(rt), as_float(rd_old)));
        case Opcode::kItof:
            return fp_result(static_cast<float>(static_cast<int32_t>(rs)));
        case Opcode::kFtoi:
            return float_to_int(as_float(rs));
        default:
            return sfu(in.op, rs);
    }
}

// Whether a conditional branch is taken.
inline bool branch_taken(Opcode op, uint32_t rs, uint32_t rt) {
    switch (op) {
        case Opcode::kBeq:
            return rs == rt;
        case Opcode::kBne:
            return rs != rt;
        case Opcode::kBlt:
            return static_cast<int32_t>(rs) < static_cast<int32_t>(rt);
        case Opcode::kBle:
            return static_cast<int32_t>(rs) <= static_cast<int32_t>(rt);
        case Opcode::kFbeq:
            return as_float(rs) == as_float(rt);
        case Opcode::kFble:
            return as_float(rs) <= as_float(rt);
        default:
            return false;
    }
}

// The PC after a control instruction (branch, jp, jplnk, jr) for one thread.
inline uint32_t next_pc(const Instruction& in, uint32_t pc, uint32_t rs, uint32_t rt) {
    switch (in.op) {
        case Opcode::kJp:
        case Opcode::kJplnk:
            return static_cast<uint32_t>(in.imm);
        case Opcode::kJr:
            return rs;
        default:
            return branch_taken(in.op, rs, rt) ? static_cast<uint32_t>(in.imm) : pc + kInstBytes;
    }
}

// The value jplnk writes to $ra.
inline uint32_t link_value(uint32_t pc) { return pc + kInstBytes; }

// Effective address of a load, store or atomic.
inline uint32_t effective_address(const Instruction& in, uint32_t rs) {
    return rs + static_cast<uint32_t>(in.imm);
}

inline bool is_aligned(Opcode op, uint32_t addr) { return (addr & (access_size(op) - 1)) == 0; }

// The register value of a load, from the access_size(op) bytes read (little-endian, in the
// low bits of raw).
inline uint32_t load_result(Opcode op, uint32_t raw) {
    switch (op) {
        case Opcode::kLdH:
            return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(raw)));
        case Opcode::kLdHu:
            return raw & 0xffffu;
        case Opcode::kLdB:
            return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(raw)));
        case Opcode::kLdBu:
            return raw & 0xffu;
        default:
            return raw;
    }
}

// An atomic read-modify-write: given the old memory word, the value to store back and whether
// to store at all. rd receives `old` in every case.
struct AtomicUpdate {
    bool write;
    uint32_t value;
};

inline AtomicUpdate atomic_update(Opcode op, uint32_t old, uint32_t rt, uint32_t rd_old) {
    switch (op) {
        case Opcode::kAtomAdd:
            return {true, old + rt};
        case Opcode::kAtomXchg:
            return {true, rt};
        default:
            return {old == rd_old, rt};
    }
}

}  // namespace mvp::isa
