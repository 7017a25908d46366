// Unit tests of modules/isa/semantics.h: what every MVP instruction computes for one thread.
// Expected values are written out as literals (worked out by hand from the definitions of
// spec isa-core.md and IEEE-754 binary32), or computed by a different route than the model
// (64-bit products, long double references), never by calling the function under test.

#include "modules/isa/semantics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "modules/isa/instruction.h"
#include "modules/isa/opcode.h"
#include "modules/isa/special_register.h"

namespace mvp::isa {
namespace {

constexpr uint32_t kPosZero = 0x00000000u;
constexpr uint32_t kNegZero = 0x80000000u;
constexpr uint32_t kOne = 0x3f800000u;
constexpr uint32_t kTwo = 0x40000000u;
constexpr uint32_t kPosInf = 0x7f800000u;
constexpr uint32_t kNegInf = 0xff800000u;
constexpr uint32_t kFltMax = 0x7f7fffffu;
constexpr uint32_t kFltMin = 0x00800000u;        // smallest normal, 2^-126
constexpr uint32_t kMinSubnormal = 0x00000001u;  // 2^-149
constexpr uint32_t kQuietNan = 0x7fc00000u;
constexpr uint32_t kSignalingNan = 0x7f800001u;
constexpr uint32_t kNegNanPayload = 0xffc12345u;

std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

// One evaluation of compute(): rs, rt and rd_old are register values, imm the immediate.
struct AluCase {
    Opcode op;
    uint32_t rs;
    uint32_t rt;
    uint32_t rd_old;
    int32_t imm;
    uint32_t want;
};

uint32_t run(const AluCase& c) {
    Instruction in;
    in.op = c.op;
    in.rd = 1;
    in.rs = 2;
    in.rt = 3;
    in.imm = c.imm;
    return compute(in, c.rs, c.rt, c.rd_old);
}

void check(const std::vector<AluCase>& cases) {
    for (const AluCase& c : cases) {
        EXPECT_EQ(hex(run(c)), hex(c.want))
            << info(c.op).mnemonic << " rs=" << hex(c.rs) << " rt=" << hex(c.rt)
            << " rd_old=" << hex(c.rd_old) << " imm=" << c.imm;
    }
}

uint32_t alu(Opcode op, uint32_t rs, uint32_t rt = 0, uint32_t rd_old = 0) {
    return run({op, rs, rt, rd_old, 0, 0});
}

// Integer arithmetic: wraps modulo 2^32.
std::vector<AluCase> add_sub_cases() {
    return {
        {Opcode::kAdd, 1, 2, 0, 0, 3},
        {Opcode::kAdd, 0xffffffffu, 1, 0, 0, 0},
        {Opcode::kAdd, 0x7fffffffu, 1, 0, 0, 0x80000000u},
        {Opcode::kAdd, 0x80000000u, 0x80000000u, 0, 0, 0},
        {Opcode::kAdd, 0xfffffffeu, 0xfffffffdu, 0, 0, 0xfffffffbu},  // -2 + -3
        {Opcode::kSub, 5, 7, 0, 0, 0xfffffffeu},
        {Opcode::kSub, 0, 1, 0, 0, 0xffffffffu},
        {Opcode::kSub, 0x80000000u, 1, 0, 0, 0x7fffffffu},
        {Opcode::kSub, 0x7fffffffu, 0xffffffffu, 0, 0, 0x80000000u},  // INT_MAX - (-1)
        {Opcode::kSub, 0x12345678u, 0x12345678u, 0, 0, 0},
        // add.si: the immediate is a signed 32-bit value; rt is not read.
        {Opcode::kAddSi, 0x10, 0xdead, 0, -16, 0},
        {Opcode::kAddSi, 0, 0, 0, -1, 0xffffffffu},
        {Opcode::kAddSi, 0xfffffff0u, 0, 0, 0x20, 0x10},
        {Opcode::kAddSi, 0x7fffffffu, 0, 0, 1, 0x80000000u},
        {Opcode::kAddSi, 0x80000000u, 0, 0, INT32_MIN, 0},
        {Opcode::kAddSi, 0x1000, 0, 0, INT32_MAX, 0x80000fffu},
        {Opcode::kAddSi, 0x00007ff8u, 0, 0, -56, 0x00007fc0u},  // add.si $sp, $sp, -56
    };
}

std::vector<AluCase> mul_cases() {
    return {
        {Opcode::kMul, 6, 7, 0, 0, 42},
        {Opcode::kMul, 0x10000u, 0x10000u, 0, 0, 0},
        {Opcode::kMul, 0xffffffffu, 0xffffffffu, 0, 0, 1},  // (-1) * (-1)
        {Opcode::kMul, 0xfffffffdu, 7, 0, 0, 0xffffffebu},  // -3 * 7 = -21
        {Opcode::kMul, 0x80000000u, 2, 0, 0, 0},
        {Opcode::kMul, 123456789u, 987654321u, 0, 0, 0xfbff5385u},
        {Opcode::kMul, 0x7fffffffu, 0x7fffffffu, 0, 0, 1},
        // mac: rd = rd + rs * rt; mas: rd = rd - rs * rt (low 32 bits).
        {Opcode::kMac, 3, 4, 10, 0, 22},
        {Opcode::kMac, 1, 1, 0xffffffffu, 0, 0},
        {Opcode::kMac, 0x10000u, 0x10000u, 10, 0, 10},
        {Opcode::kMac, 0xffffffffu, 5, 2, 0, 0xfffffffdu},  // 2 + (-1)*5 = -3
        {Opcode::kMac, 0x7fffffffu, 2, 2, 0, 0},            // 2 + 0xfffffffe
        {Opcode::kMas, 1, 1, 0, 0, 0xffffffffu},
        {Opcode::kMas, 0xfffffffeu, 3, 5, 0, 11},  // 5 - (-2)*3
        {Opcode::kMas, 0x10000u, 0x10000u, 7, 0, 7},
        {Opcode::kMas, 2, 3, 0x80000000u, 0, 0x7ffffffau},
    };
}

std::vector<AluCase> logic_cases() {
    return {
        {Opcode::kAnd, 0xdeadbeefu, 0x0ff00ff0u, 0, 0, 0x0ea00ee0u},
        {Opcode::kOr, 0xdeadbeefu, 0x0ff00ff0u, 0, 0, 0xdffdbfffu},
        {Opcode::kXor, 0xdeadbeefu, 0x0ff00ff0u, 0, 0, 0xd15db11fu},
        {Opcode::kXor, 0xffffffffu, 0x12345678u, 0, 0, 0xedcba987u},
        {Opcode::kAnd, 0xffffffffu, 0, 0, 0, 0},
        // The immediate forms use the full 32-bit pattern of imm, not a 16-bit field.
        {Opcode::kAndI, 0xdeadbeefu, 0, 0, static_cast<int32_t>(0xffff0000u), 0xdead0000u},
        {Opcode::kAndI, 0xdeadbeefu, 0, 0, 0x0000ffff, 0x0000beefu},
        {Opcode::kAndI, 0x12345678u, 0, 0, -1, 0x12345678u},
        {Opcode::kAndI, 0xffffffffu, 0, 0, static_cast<int32_t>(0x80000001u), 0x80000001u},
        {Opcode::kOrI, 0, 0, 0, 0x3f800000, 0x3f800000u},  // or.i rd, $zero, <float 1.0>
        {Opcode::kOrI, 0x0000000fu, 0, 0, static_cast<int32_t>(0xf0000000u), 0xf000000fu},
        {Opcode::kOrI, 0x00ff00ffu, 0, 0, static_cast<int32_t>(0xff00ff00u), 0xffffffffu},
        {Opcode::kXorI, 0xdeadbeefu, 0, 0, -1, 0x21524110u},
        {Opcode::kXorI, 0x80000000u, 0, 0, static_cast<int32_t>(0x80000000u), 0},
        {Opcode::kXorI, 0x0f0f0f0fu, 0, 0, static_cast<int32_t>(0xaaaa5555u), 0xa5a55a5au},
    };
}

// Shift amounts are masked to 5 bits: 32 shifts by 0, 33 by 1, -1 by 31.
std::vector<AluCase> shift_cases() {
    std::vector<AluCase> cases = {
        {Opcode::kSfll, 1, 31, 0, 0, 0x80000000u},
        {Opcode::kSfll, 0xffffffffu, 4, 0, 0, 0xfffffff0u},
        {Opcode::kSfll, 0x12345678u, 32, 0, 0, 0x12345678u},
        {Opcode::kSfll, 0x12345678u, 33, 0, 0, 0x2468acf0u},
        {Opcode::kSfll, 0x12345678u, 0xffffffffu, 0, 0, 0},
        {Opcode::kSfll, 3, 0xffffffffu, 0, 0, 0x80000000u},
        {Opcode::kSfll, 0x12345678u, 0, 0, 0, 0x12345678u},
        {Opcode::kSfrl, 0x80000000u, 31, 0, 0, 1},
        {Opcode::kSfrl, 0x80000000u, 1, 0, 0, 0x40000000u},
        {Opcode::kSfrl, 0xf0000000u, 32, 0, 0, 0xf0000000u},
        {Opcode::kSfrl, 0xf0000000u, 33, 0, 0, 0x78000000u},
        {Opcode::kSfrl, 0xffffffffu, 0xffffffffu, 0, 0, 1},
        // sfra replicates the sign bit.
        {Opcode::kSfra, 0x80000000u, 31, 0, 0, 0xffffffffu},
        {Opcode::kSfra, 0xfffffff8u, 1, 0, 0, 0xfffffffcu},  // -8 >> 1 = -4
        {Opcode::kSfra, 0xfffffff9u, 1, 0, 0, 0xfffffffcu},  // -7 >> 1 = -4 (floor)
        {Opcode::kSfra, 0xffffffffu, 31, 0, 0, 0xffffffffu},
        {Opcode::kSfra, 0x7fffffffu, 31, 0, 0, 0},
        {Opcode::kSfra, 0x80000000u, 32, 0, 0, 0x80000000u},
        {Opcode::kSfra, 0x80000000u, 33, 0, 0, 0xc0000000u},
        {Opcode::kSfra, 0x80000000u, 0xffffffffu, 0, 0, 0xffffffffu},
        {Opcode::kSfra, 0x40000000u, 0xffffffffu, 0, 0, 0},
        {Opcode::kSfllI, 0x12345678u, 0, 0, 4, 0x23456780u},
        {Opcode::kSfllI, 0x12345678u, 0, 0, 32, 0x12345678u},
        {Opcode::kSfllI, 0x12345678u, 0, 0, 33, 0x2468acf0u},
        {Opcode::kSfllI, 3, 0, 0, -1, 0x80000000u},
        {Opcode::kSfllI, 5, 0, 0, 2, 20},  // sfll.i $3, $2, 2 (index * 4)
        {Opcode::kSfrlI, 0x80000000u, 0, 0, 31, 1},
        {Opcode::kSfrlI, 0xf0000000u, 0, 0, 32, 0xf0000000u},
        {Opcode::kSfrlI, 0xf0000000u, 0, 0, 33, 0x78000000u},
        {Opcode::kSfrlI, 0xffffffffu, 0, 0, -1, 1},
        {Opcode::kSfraI, 0x80000000u, 0, 0, 31, 0xffffffffu},
        {Opcode::kSfraI, 0xfffffff8u, 0, 0, 2, 0xfffffffeu},
        {Opcode::kSfraI, 0x80000000u, 0, 0, 32, 0x80000000u},
        {Opcode::kSfraI, 0x80000000u, 0, 0, 33, 0xc0000000u},
        {Opcode::kSfraI, 0x80000000u, 0, 0, -1, 0xffffffffu},
        {Opcode::kSfraI, 0x7fff0000u, 0, 0, 16, 0x00007fffu},
    };
    return cases;
}

std::vector<AluCase> setlt_cases() {
    return {
        {Opcode::kSetlt, 1, 2, 0, 0, 1},
        {Opcode::kSetlt, 2, 1, 0, 0, 0},
        {Opcode::kSetlt, 7, 7, 0, 0, 0},
        {Opcode::kSetlt, 0x80000000u, 0, 0, 0, 1},  // INT_MIN < 0
        {Opcode::kSetlt, 0xffffffffu, 0, 0, 0, 1},  // -1 < 0
        {Opcode::kSetlt, 0, 0xffffffffu, 0, 0, 0},
        {Opcode::kSetlt, 0x80000000u, 0x7fffffffu, 0, 0, 1},
        {Opcode::kSetlt, 0x80000000u, 0xffffffffu, 0, 0, 1},
        {Opcode::kSetlt, 0xffffffffu, 0x80000000u, 0, 0, 0},
        {Opcode::kSetltU, 1, 2, 0, 0, 1},
        {Opcode::kSetltU, 7, 7, 0, 0, 0},
        {Opcode::kSetltU, 0x80000000u, 0, 0, 0, 0},
        {Opcode::kSetltU, 0xffffffffu, 0, 0, 0, 0},
        {Opcode::kSetltU, 0, 0xffffffffu, 0, 0, 1},
        {Opcode::kSetltU, 0x80000000u, 0x7fffffffu, 0, 0, 0},
        {Opcode::kSetltU, 0x7fffffffu, 0x80000000u, 0, 0, 1},
        {Opcode::kSetltU, 0x80000000u, 0xffffffffu, 0, 0, 1},
    };
}

// Binary32 arithmetic, round to nearest even, full subnormals, canonical NaN.
std::vector<AluCase> fadd_fsub_cases() {
    return {
        {Opcode::kFadd, kOne, kTwo, 0, 0, 0x40400000u},                // 1 + 2 = 3
        {Opcode::kFadd, 0x3dcccccdu, 0x3e4ccccdu, 0, 0, 0x3e99999au},  // 0.1f + 0.2f
        // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: ties go to the even mantissa (1).
        {Opcode::kFadd, kOne, 0x33800000u, 0, 0, kOne},
        // (1 + 2^-23) + 2^-24 is halfway between mantissas ...01 and ...10: up to ...10.
        {Opcode::kFadd, 0x3f800001u, 0x33800000u, 0, 0, 0x3f800002u},
        // 1 + 3*2^-24 is above the half: rounds up to 1 + 2^-22.
        {Opcode::kFadd, kOne, 0x34400000u, 0, 0, 0x3f800002u},
        // Just below the half way: 1 + (2^-24 - 2^-48) rounds down to 1.
        {Opcode::kFadd, kOne, 0x337fffffu, 0, 0, kOne},
        // Subnormals are kept (no flush to zero).
        {Opcode::kFadd, kMinSubnormal, kMinSubnormal, 0, 0, 0x00000002u},
        {Opcode::kFadd, 0x007fffffu, kMinSubnormal, 0, 0, kFltMin},
        {Opcode::kFsub, kFltMin, kMinSubnormal, 0, 0, 0x007fffffu},
        {Opcode::kFsub, 0x00000003u, 0x00000002u, 0, 0, kMinSubnormal},
        // Signed zeros: x - x is +0 in round to nearest; -0 + -0 is -0; -0 - +0 is -0.
        {Opcode::kFsub, kOne, kOne, 0, 0, kPosZero},
        {Opcode::kFadd, kNegZero, kNegZero, 0, 0, kNegZero},
        {Opcode::kFadd, kNegZero, kPosZero, 0, 0, kPosZero},
        {Opcode::kFsub, kNegZero, kPosZero, 0, 0, kNegZero},
        {Opcode::kFsub, kPosZero, kPosZero, 0, 0, kPosZero},
        {Opcode::kFsub, 0x40400000u, kOne, 0, 0, kTwo},  // 3 - 1
        {Opcode::kFsub, kOne, 0x40400000u, 0, 0, 0xc0000000u},
        // Overflow and infinities.
        {Opcode::kFadd, kFltMax, kFltMax, 0, 0, kPosInf},
        {Opcode::kFsub, 0xff7fffffu, kFltMax, 0, 0, kNegInf},
        {Opcode::kFadd, kPosInf, kOne, 0, 0, kPosInf},
        {Opcode::kFadd, kPosInf, kPosInf, 0, 0, kPosInf},
        {Opcode::kFsub, kNegInf, kFltMax, 0, 0, kNegInf},
        // Invalid operations and NaN operands give the canonical quiet NaN.
        {Opcode::kFadd, kPosInf, kNegInf, 0, 0, kQuietNan},
        {Opcode::kFsub, kPosInf, kPosInf, 0, 0, kQuietNan},
        {Opcode::kFadd, kSignalingNan, kOne, 0, 0, kQuietNan},
        {Opcode::kFadd, kOne, kNegNanPayload, 0, 0, kQuietNan},
        {Opcode::kFsub, 0x7fbfffffu, kNegNanPayload, 0, 0, kQuietNan},
    };
}

std::vector<AluCase> fmul_cases() {
    return {
        {Opcode::kFmul, 0x40400000u, 0x40400000u, 0, 0, 0x41100000u},  // 3 * 3 = 9
        {Opcode::kFmul, 0xc0000000u, 0x3f000000u, 0, 0, 0xbf800000u},  // -2 * 0.5 = -1
        // 3 * (1 + 2^-23) = 3 + 1.5 ulp: a tie between odd ...01 and even ...10, goes up.
        {Opcode::kFmul, 0x40400000u, 0x3f800001u, 0, 0, 0x40400002u},
        // 1.5 * (1 + 3*2^-23) = 1.5 + 4.5 ulp: a tie between even ...04 and odd ...05, goes down.
        {Opcode::kFmul, 0x3fc00000u, 0x3f800003u, 0, 0, 0x3fc00004u},
        // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: a tie, rounds to the even 1 + 2^-11.
        {Opcode::kFmul, 0x3f800800u, 0x3f800800u, 0, 0, 0x3f801000u},
        // Subnormal results, exact and rounded.
        {Opcode::kFmul, kFltMin, 0x3f000000u, 0, 0, 0x00400000u},          // 2^-126 * 0.5
        {Opcode::kFmul, kMinSubnormal, 0x4b000000u, 0, 0, kFltMin},        // 2^-149 * 2^23
        {Opcode::kFmul, 0x00000003u, 0x3f000000u, 0, 0, 0x00000002u},      // 1.5 ulp -> 2
        {Opcode::kFmul, 0x00000005u, 0x3f000000u, 0, 0, 0x00000002u},      // 2.5 ulp -> 2
        {Opcode::kFmul, kMinSubnormal, 0x3f000000u, 0, 0, kPosZero},       // 0.5 ulp -> 0
        {Opcode::kFmul, 0x80000001u, 0x3f000000u, 0, 0, kNegZero},         // -0.5 ulp -> -0
        {Opcode::kFmul, kMinSubnormal, 0x3f400000u, 0, 0, kMinSubnormal},  // 0.75 ulp -> 1
        {Opcode::kFmul, kFltMin, kFltMin, 0, 0, kPosZero},                 // underflow
        // Signs of zero and infinities.
        {Opcode::kFmul, kNegZero, kOne, 0, 0, kNegZero},
        {Opcode::kFmul, kNegZero, 0xbf800000u, 0, 0, kPosZero},
        {Opcode::kFmul, kFltMax, kTwo, 0, 0, kPosInf},
        {Opcode::kFmul, 0xff7fffffu, kTwo, 0, 0, kNegInf},
        {Opcode::kFmul, kNegInf, 0xbf800000u, 0, 0, kPosInf},
        {Opcode::kFmul, kPosInf, kPosZero, 0, 0, kQuietNan},
        {Opcode::kFmul, kNegZero, kNegInf, 0, 0, kQuietNan},
        {Opcode::kFmul, kSignalingNan, kOne, 0, 0, kQuietNan},
        {Opcode::kFmul, kNegNanPayload, kNegNanPayload, 0, 0, kQuietNan},
    };
}

// fmac: rd = rd + rs * rt, fmas: rd = rd - rs * rt, each with a single rounding.
std::vector<AluCase> fmac_fmas_cases() {
    return {
        {Opcode::kFmac, kTwo, 0x40400000u, kOne, 0, 0x40e00000u},                // 1 + 2*3 = 7
        {Opcode::kFmas, kTwo, 0x40400000u, kOne, 0, 0xc0a00000u},                // 1 - 2*3 = -5
        {Opcode::kFmac, 0x3f800800u, 0x3f800800u, 0xbf801000u, 0, 0x33800000u},  // +2^-24
        {Opcode::kFmas, 0x3f800800u, 0x3f800800u, 0x3f801000u, 0, 0xb3800000u},  // -2^-24
        // rs * rt overflows binary32, but the fused sum does not.
        {Opcode::kFmac, kFltMax, kTwo, 0xff7fffffu, 0, kFltMax},
        {Opcode::kFmas, kFltMax, kTwo, kFltMax, 0, 0xff7fffffu},
        // Zero signs: +0*1 + -0 = +0, -0*1 + -0 = -0, -0 - (+0*1) = -0.
        {Opcode::kFmac, kPosZero, kOne, kNegZero, 0, kPosZero},
        {Opcode::kFmac, kNegZero, kOne, kNegZero, 0, kNegZero},
        {Opcode::kFmas, kPosZero, kOne, kNegZero, 0, kNegZero},
        {Opcode::kFmas, kOne, kOne, kOne, 0, kPosZero},
        // Invalid: inf * 0, or inf - inf after the product; NaN operands.
        {Opcode::kFmac, kPosInf, kPosZero, kOne, 0, kQuietNan},
        {Opcode::kFmac, kPosInf, kOne, kNegInf, 0, kQuietNan},
        {Opcode::kFmas, kPosInf, kOne, kPosInf, 0, kQuietNan},
        {Opcode::kFmac, kOne, kOne, kNegNanPayload, 0, kQuietNan},
        {Opcode::kFmas, kSignalingNan, kOne, kOne, 0, kQuietNan},
        {Opcode::kFmac, kOne, kOne, kPosInf, 0, kPosInf},
        // A subnormal accumulator is kept.
        {Opcode::kFmac, kMinSubnormal, kOne, kMinSubnormal, 0, 0x00000002u},
    };
}

// itof: signed int to binary32, round to nearest even.
std::vector<AluCase> itof_cases() {
    return {
        {Opcode::kItof, 0, 0, 0, 0, kPosZero},
        {Opcode::kItof, 1, 0, 0, 0, kOne},
        {Opcode::kItof, 0xffffffffu, 0, 0, 0, 0xbf800000u},  // -1
        {Opcode::kItof, 16777216u, 0, 0, 0, 0x4b800000u},
        {Opcode::kItof, 16777217u, 0, 0, 0, 0x4b800000u},  // tie -> 16777216 (even)
        {Opcode::kItof, 16777218u, 0, 0, 0, 0x4b800001u},
        {Opcode::kItof, 16777219u, 0, 0, 0, 0x4b800002u},    // tie -> 16777220 (even)
        {Opcode::kItof, 0xfefffffeu, 0, 0, 0, 0xcb800001u},  // -16777218 exactly
        {Opcode::kItof, 0xfeffffffu, 0, 0, 0, 0xcb800000u},  // -16777217: tie -> -16777216
        {Opcode::kItof, 0x7fffffffu, 0, 0, 0, 0x4f000000u},  // 2^31 - 1 -> 2^31
        {Opcode::kItof, 0x80000000u, 0, 0, 0, 0xcf000000u},  // -2^31 exactly
        {Opcode::kItof, 0x7fffff80u, 0, 0, 0, 0x4effffffu},  // exactly representable
        {Opcode::kItof, 0x7fffffc0u, 0, 0, 0, 0x4f000000u},  // tie -> 2^31 (even)
        {Opcode::kItof, 0x7fffffbfu, 0, 0, 0, 0x4effffffu},  // below the tie
    };
}

// ftoi: toward zero, saturating at the int32 limits, NaN gives 0.
std::vector<AluCase> ftoi_cases() {
    return {
        {Opcode::kFtoi, kOne, 0, 0, 0, 1},
        {Opcode::kFtoi, 0x3ff33333u, 0, 0, 0, 1},            // 1.9
        {Opcode::kFtoi, 0xbff33333u, 0, 0, 0, 0xffffffffu},  // -1.9 -> -1
        {Opcode::kFtoi, 0x3f000000u, 0, 0, 0, 0},            // 0.5
        {Opcode::kFtoi, 0xbf000000u, 0, 0, 0, 0},            // -0.5
        {Opcode::kFtoi, 0x402ccccdu, 0, 0, 0, 2},            // 2.7
        {Opcode::kFtoi, 0xc0766666u, 0, 0, 0, 0xfffffffdu},  // -3.85 -> -3
        {Opcode::kFtoi, kPosZero, 0, 0, 0, 0},
        {Opcode::kFtoi, kNegZero, 0, 0, 0, 0},
        {Opcode::kFtoi, kMinSubnormal, 0, 0, 0, 0},
        {Opcode::kFtoi, 0x4b800001u, 0, 0, 0, 16777218u},
        {Opcode::kFtoi, 0x4effffffu, 0, 0, 0, 0x7fffff80u},  // largest float below 2^31
        {Opcode::kFtoi, 0x4f000000u, 0, 0, 0, 0x7fffffffu},  // 2^31 saturates
        {Opcode::kFtoi, kFltMax, 0, 0, 0, 0x7fffffffu},
        {Opcode::kFtoi, kPosInf, 0, 0, 0, 0x7fffffffu},
        {Opcode::kFtoi, 0xcf000000u, 0, 0, 0, 0x80000000u},  // -2^31 is representable
        {Opcode::kFtoi, 0xcf000001u, 0, 0, 0, 0x80000000u},  // below -2^31 saturates
        {Opcode::kFtoi, 0xff7fffffu, 0, 0, 0, 0x80000000u},
        {Opcode::kFtoi, kNegInf, 0, 0, 0, 0x80000000u},
        {Opcode::kFtoi, kQuietNan, 0, 0, 0, 0},
        {Opcode::kFtoi, kSignalingNan, 0, 0, 0, 0},
        {Opcode::kFtoi, kNegNanPayload, 0, 0, 0, 0},
    };
}

TEST(IntegerSemantics, AddSubAddSiWrap) { check(add_sub_cases()); }

TEST(IntegerSemantics, MulMacMasLow32Bits) {
    check(mul_cases());
    // Cross-check against 64-bit products for a spread of operands.
    const uint32_t vals[] = {0,           1,           2,           0x7fffffffu, 0x80000000u,
                             0xffffffffu, 0x12345678u, 0x9abcdef0u, 0x0000ffffu, 0xffff0001u};
    for (uint32_t a : vals) {
        for (uint32_t b : vals) {
            const uint64_t p = uint64_t{a} * uint64_t{b};
            EXPECT_EQ(alu(Opcode::kMul, a, b), static_cast<uint32_t>(p & 0xffffffffu));
            EXPECT_EQ(alu(Opcode::kMac, a, b, 0x55555555u),
                      static_cast<uint32_t>((0x55555555u + p) & 0xffffffffu));
            EXPECT_EQ(alu(Opcode::kMas, a, b, 0x55555555u),
                      static_cast<uint32_t>((uint64_t{0x55555555u} - p) & 0xffffffffu));
        }
    }
}

TEST(IntegerSemantics, BitwiseAndImmediatePatterns) { check(logic_cases()); }

TEST(IntegerSemantics, ShiftsMaskAmountTo5Bits) { check(shift_cases()); }

TEST(IntegerSemantics, SetltSignedVersusUnsigned) { check(setlt_cases()); }

TEST(FloatSemantics, FaddFsubRoundingSubnormalsInfNan) { check(fadd_fsub_cases()); }

TEST(FloatSemantics, FmulRoundingSubnormalsInfNan) { check(fmul_cases()); }

TEST(FloatSemantics, FmacFmasSingleRounding) { check(fmac_fmas_cases()); }

// A case where fmul followed by fadd (two roundings) differs from fmac (one rounding).
TEST(FloatSemantics, FmacDiffersFromFmulThenFadd) {
    const uint32_t a = 0x3f800800u;    // 1 + 2^-12
    const uint32_t acc = 0xbf801000u;  // -(1 + 2^-11)
    const uint32_t product = alu(Opcode::kFmul, a, a);
    const uint32_t unfused = alu(Opcode::kFadd, acc, product);
    const uint32_t fused = alu(Opcode::kFmac, a, a, acc);
    EXPECT_EQ(hex(product), hex(0x3f801000u));
    EXPECT_EQ(hex(unfused), hex(kPosZero));
    EXPECT_EQ(hex(fused), hex(0x33800000u));  // the exact 2^-24
    EXPECT_NE(fused, unfused);
    EXPECT_EQ(hex(fused), hex(as_bits(std::fma(as_float(a), as_float(a), as_float(acc)))));

    const uint32_t acc2 = 0x3f801000u;  // 1 + 2^-11
    const uint32_t unfused_mas = alu(Opcode::kFsub, acc2, product);
    const uint32_t fused_mas = alu(Opcode::kFmas, a, a, acc2);
    EXPECT_EQ(hex(unfused_mas), hex(kPosZero));
    EXPECT_EQ(hex(fused_mas), hex(0xb3800000u));
    EXPECT_NE(fused_mas, unfused_mas);
    EXPECT_EQ(hex(fused_mas), hex(as_bits(std::fma(-as_float(a), as_float(a), as_float(acc2)))));
}

TEST(FloatSemantics, ItofRoundsToNearestEven) { check(itof_cases()); }

TEST(FloatSemantics, FtoiTruncatesAndSaturates) { check(ftoi_cases()); }

TEST(FloatSemantics, CanonicalNanHelpers) {
    EXPECT_EQ(kCanonicalNan, 0x7fc00000u);
    EXPECT_EQ(fp_result(as_float(0xffffffffu)), kCanonicalNan);
    EXPECT_EQ(fp_result(as_float(kSignalingNan)), kCanonicalNan);
    EXPECT_EQ(fp_result(as_float(kNegZero)), kNegZero);
    EXPECT_EQ(as_bits(as_float(0xdeadbeefu)), 0xdeadbeefu);
}

// ---- Special function unit: within 2 ulp of the correctly rounded value. ----

// Maps a binary32 bit pattern to an integer that is monotonic in the float's value, so that
// the difference of two mapped values counts the representable floats between them.
int64_t ordered(uint32_t bits) {
    const int64_t magnitude = bits & 0x7fffffffu;
    return (bits & 0x80000000u) ? -magnitude : magnitude;
}

bool is_nan_bits(uint32_t bits) { return (bits & 0x7fffffffu) > 0x7f800000u; }

struct SfuStats {
    unsigned checked = 0;
    int64_t max_ulp = 0;
};

// Checks one input: the reference is computed in long double and rounded once to binary32.
void check_sfu(Opcode op, uint32_t in, long double (*reference)(long double), SfuStats* stats) {
    const uint32_t got = alu(op, in);
    const long double ref = reference(static_cast<long double>(as_float(in)));
    if (std::isnan(ref)) {
        EXPECT_EQ(hex(got), hex(kCanonicalNan)) << info(op).mnemonic << "(" << hex(in) << ")";
        return;
    }
    const uint32_t want = as_bits(static_cast<float>(ref));
    ASSERT_FALSE(is_nan_bits(got)) << info(op).mnemonic << "(" << hex(in) << ")";
    const int64_t ulp = std::llabs(ordered(got) - ordered(want));
    EXPECT_LE(ulp, 2) << info(op).mnemonic << "(" << hex(in) << ") = " << hex(got) << ", want "
                      << hex(want);
    ++stats->checked;
    if (ulp > stats->max_ulp) stats->max_ulp = ulp;
}

// A reproducible stream of 32-bit patterns (splitmix64).
struct Rng {
    uint64_t state;
    uint32_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return static_cast<uint32_t>((z ^ (z >> 31)) >> 32);
    }
};

// Inputs for a sweep: every exponent with a few mantissas, random finite patterns, and a
// dense uniform grid over [lo, hi].
std::vector<uint32_t> sweep_inputs(bool positive_only, double lo, double hi, uint64_t seed) {
    std::vector<uint32_t> v;
    Rng rng{seed};
    for (uint32_t e = 0; e < 255; ++e) {
        for (uint32_t m : {0u, 1u, 0x400000u, 0x7fffffu, 0x2aaaaau, 0x555555u}) {
            v.push_back(e << 23 | m);
            if (!positive_only) v.push_back(0x80000000u | e << 23 | m);
        }
    }
    for (int i = 0; i < 60000; ++i) {
        uint32_t bits = rng.next();
        if ((bits & 0x7f800000u) == 0x7f800000u) continue;  // inf/NaN: tested separately
        if (positive_only) bits &= 0x7fffffffu;
        v.push_back(bits);
    }
    const int n = 60000;
    for (int i = 0; i <= n; ++i) {
        const float x = static_cast<float>(lo + (hi - lo) * i / n);
        if (!positive_only || x > 0) v.push_back(as_bits(x));
    }
    return v;
}

long double ref_rcp(long double x) { return 1.0L / x; }
long double ref_sqrt(long double x) { return std::sqrt(x); }
long double ref_rsqrt(long double x) { return 1.0L / std::sqrt(x); }
long double ref_sin(long double x) { return std::sin(x); }
long double ref_cos(long double x) { return std::cos(x); }
long double ref_exp2(long double x) { return std::exp2(x); }
long double ref_log2(long double x) { return std::log2(x); }

void sweep(Opcode op, long double (*reference)(long double), bool positive_only, double lo,
           double hi) {
    SfuStats stats;
    for (uint32_t in : sweep_inputs(positive_only, lo, hi, static_cast<uint64_t>(op) + 1)) {
        check_sfu(op, in, reference, &stats);
        if (::testing::Test::HasFatalFailure()) return;
    }
    EXPECT_GT(stats.checked, 50000u);
    ::testing::Test::RecordProperty("max_ulp", static_cast<int>(stats.max_ulp));
}

TEST(SfuSemantics, FrcpWithin2Ulp) {
    sweep(Opcode::kFrcp, ref_rcp, false, -16.0, 16.0);
    EXPECT_EQ(hex(alu(Opcode::kFrcp, 0x40800000u)), hex(0x3e800000u));  // 1/4 = 0.25
    EXPECT_EQ(hex(alu(Opcode::kFrcp, kPosZero)), hex(kPosInf));
    EXPECT_EQ(hex(alu(Opcode::kFrcp, kNegZero)), hex(kNegInf));
    EXPECT_EQ(hex(alu(Opcode::kFrcp, kPosInf)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFrcp, kNegInf)), hex(kNegZero));
    EXPECT_EQ(hex(alu(Opcode::kFrcp, kNegNanPayload)), hex(kQuietNan));
}

TEST(SfuSemantics, FsqrtWithin2Ulp) {
    sweep(Opcode::kFsqrt, ref_sqrt, true, 0.0, 1000.0);
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, 0x40800000u)), hex(kTwo));  // sqrt(4) = 2
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, kPosZero)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, kNegZero)), hex(kNegZero));
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, kPosInf)), hex(kPosInf));
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, 0xbf800000u)), hex(kQuietNan));  // sqrt(-1)
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, kNegInf)), hex(kQuietNan));
    EXPECT_EQ(hex(alu(Opcode::kFsqrt, kSignalingNan)), hex(kQuietNan));
}

TEST(SfuSemantics, FrsqrtWithin2Ulp) {
    sweep(Opcode::kFrsqrt, ref_rsqrt, true, 0.0, 1000.0);
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, 0x40800000u)), hex(0x3f000000u));  // 1/sqrt(4) = 0.5
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, kPosZero)), hex(kPosInf));
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, kNegZero)), hex(kNegInf));
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, kPosInf)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, 0xbf800000u)), hex(kQuietNan));
    EXPECT_EQ(hex(alu(Opcode::kFrsqrt, kQuietNan)), hex(kQuietNan));
}

TEST(SfuSemantics, FsinWithin2Ulp) {
    sweep(Opcode::kFsin, ref_sin, false, -8.0, 8.0);
    EXPECT_EQ(hex(alu(Opcode::kFsin, kPosZero)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFsin, kNegZero)), hex(kNegZero));
    EXPECT_EQ(hex(alu(Opcode::kFsin, kPosInf)), hex(kQuietNan));
    EXPECT_EQ(hex(alu(Opcode::kFsin, kNegInf)), hex(kQuietNan));
    EXPECT_EQ(hex(alu(Opcode::kFsin, kNegNanPayload)), hex(kQuietNan));
}

TEST(SfuSemantics, FcosWithin2Ulp) {
    sweep(Opcode::kFcos, ref_cos, false, -8.0, 8.0);
    EXPECT_EQ(hex(alu(Opcode::kFcos, kPosZero)), hex(kOne));
    EXPECT_EQ(hex(alu(Opcode::kFcos, kNegZero)), hex(kOne));
    EXPECT_EQ(hex(alu(Opcode::kFcos, kPosInf)), hex(kQuietNan));
    EXPECT_EQ(hex(alu(Opcode::kFcos, kSignalingNan)), hex(kQuietNan));
}

TEST(SfuSemantics, Fexp2Within2Ulp) {
    sweep(Opcode::kFexp2, ref_exp2, false, -160.0, 130.0);
    EXPECT_EQ(hex(alu(Opcode::kFexp2, 0x40400000u)), hex(0x41000000u));  // 2^3 = 8
    EXPECT_EQ(hex(alu(Opcode::kFexp2, kPosZero)), hex(kOne));
    EXPECT_EQ(hex(alu(Opcode::kFexp2, 0xc3150000u)), hex(kMinSubnormal));  // 2^-149
    EXPECT_EQ(hex(alu(Opcode::kFexp2, 0x43000000u)), hex(kPosInf));        // 2^128
    EXPECT_EQ(hex(alu(Opcode::kFexp2, kPosInf)), hex(kPosInf));
    EXPECT_EQ(hex(alu(Opcode::kFexp2, kNegInf)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFexp2, kQuietNan)), hex(kQuietNan));
}

TEST(SfuSemantics, Flog2Within2Ulp) {
    sweep(Opcode::kFlog2, ref_log2, true, 0.0, 1000.0);
    EXPECT_EQ(hex(alu(Opcode::kFlog2, 0x41000000u)), hex(0x40400000u));  // log2(8) = 3
    EXPECT_EQ(hex(alu(Opcode::kFlog2, kOne)), hex(kPosZero));
    EXPECT_EQ(hex(alu(Opcode::kFlog2, kMinSubnormal)), hex(0xc3150000u));  // -149
    EXPECT_EQ(hex(alu(Opcode::kFlog2, kPosZero)), hex(kNegInf));
    EXPECT_EQ(hex(alu(Opcode::kFlog2, kNegZero)), hex(kNegInf));
    EXPECT_EQ(hex(alu(Opcode::kFlog2, kPosInf)), hex(kPosInf));
    EXPECT_EQ(hex(alu(Opcode::kFlog2, 0xbf800000u)), hex(kQuietNan));  // log2(-1)
}

// ---- Control flow. ----

struct BranchCase {
    Opcode op;
    uint32_t rs;
    uint32_t rt;
    bool taken;
};

std::vector<BranchCase> branch_cases() {
    return {
        {Opcode::kBeq, 5, 5, true},
        {Opcode::kBeq, 5, 6, false},
        {Opcode::kBeq, 0x80000000u, 0, false},
        {Opcode::kBeq, 0xffffffffu, 0xffffffffu, true},
        {Opcode::kBne, 5, 6, true},
        {Opcode::kBne, 5, 5, false},
        {Opcode::kBne, kPosZero, kNegZero, true},  // integer compare of the bit patterns
        {Opcode::kBlt, 0xffffffffu, 0, true},      // -1 < 0 (signed)
        {Opcode::kBlt, 0, 0xffffffffu, false},
        {Opcode::kBlt, 0x80000000u, 0x7fffffffu, true},
        {Opcode::kBlt, 0x7fffffffu, 0x80000000u, false},
        {Opcode::kBlt, 3, 3, false},
        {Opcode::kBlt, 2, 3, true},
        {Opcode::kBle, 3, 3, true},
        {Opcode::kBle, 4, 3, false},
        {Opcode::kBle, 0x80000000u, 0x80000000u, true},
        {Opcode::kBle, 0xfffffffeu, 0xffffffffu, true},  // -2 <= -1
        {Opcode::kBle, 0, 0x80000000u, false},
        // Floating-point compares: +0 == -0, NaN compares false.
        {Opcode::kFbeq, kOne, kOne, true},
        {Opcode::kFbeq, kOne, kTwo, false},
        {Opcode::kFbeq, kPosZero, kNegZero, true},
        {Opcode::kFbeq, kNegZero, kPosZero, true},
        {Opcode::kFbeq, kPosInf, kPosInf, true},
        {Opcode::kFbeq, kQuietNan, kQuietNan, false},
        {Opcode::kFbeq, kNegNanPayload, kNegNanPayload, false},
        {Opcode::kFbeq, kQuietNan, kOne, false},
        {Opcode::kFbeq, kOne, kSignalingNan, false},
        {Opcode::kFbeq, kMinSubnormal, kMinSubnormal, true},
        {Opcode::kFbeq, kMinSubnormal, kPosZero, false},
        {Opcode::kFble, kOne, kTwo, true},
        {Opcode::kFble, kTwo, kOne, false},
        {Opcode::kFble, kOne, kOne, true},
        {Opcode::kFble, kNegZero, kPosZero, true},
        {Opcode::kFble, kPosZero, kNegZero, true},
        {Opcode::kFble, 0xbf800000u, kPosZero, true},  // -1 <= 0 (not an unsigned compare)
        {Opcode::kFble, kPosZero, 0xbf800000u, false},
        {Opcode::kFble, 0xc0000000u, 0xbf800000u, true},  // -2 <= -1
        {Opcode::kFble, kNegInf, kPosInf, true},
        {Opcode::kFble, kPosInf, kFltMax, false},
        {Opcode::kFble, kQuietNan, kOne, false},
        {Opcode::kFble, kOne, kQuietNan, false},
        {Opcode::kFble, kQuietNan, kQuietNan, false},
        {Opcode::kFble, kNegInf, kNegNanPayload, false},
    };
}

TEST(ControlSemantics, ConditionalBranches) {
    const uint32_t pc = 0x0040;
    const int32_t target = 0x0090;
    for (const BranchCase& c : branch_cases()) {
        const std::string what =
            std::string(info(c.op).mnemonic) + " rs=" + hex(c.rs) + " rt=" + hex(c.rt);
        EXPECT_EQ(branch_taken(c.op, c.rs, c.rt), c.taken) << what;
        Instruction in;
        in.op = c.op;
        in.rs = 4;
        in.rt = 5;
        in.imm = target;
        EXPECT_EQ(hex(next_pc(in, pc, c.rs, c.rt)), hex(c.taken ? 0x0090u : 0x0048u)) << what;
    }
}

TEST(ControlSemantics, BackwardBranchAndFallThrough) {
    Instruction in;
    in.op = Opcode::kBne;
    in.imm = 0x0010;
    EXPECT_EQ(next_pc(in, 0x0100, 1, 2), 0x0010u);
    EXPECT_EQ(next_pc(in, 0x0100, 2, 2), 0x0108u);
    // A non-control instruction continues at PC + 8.
    in.op = Opcode::kAdd;
    EXPECT_EQ(next_pc(in, 0x0100, 1, 2), 0x0108u);
    EXPECT_FALSE(branch_taken(Opcode::kAdd, 1, 1));
}

TEST(ControlSemantics, JumpsAndLink) {
    Instruction jp;
    jp.op = Opcode::kJp;
    jp.imm = 0x0068;
    EXPECT_EQ(next_pc(jp, 0x0060, 0xdead, 0xbeef), 0x0068u);
    EXPECT_EQ(next_pc(jp, 0x1000, 0, 0), 0x0068u);  // absolute target, not PC-relative

    Instruction call;
    call.op = Opcode::kJplnk;
    call.imm = 0x0200;
    EXPECT_EQ(next_pc(call, 0x0038, 0, 0), 0x0200u);
    EXPECT_EQ(link_value(0x0038), 0x0040u);  // $ra = PC + 8
    EXPECT_EQ(link_value(0), 8u);
    EXPECT_EQ(link_value(0xfffffff8u), 0u);  // wraps

    Instruction jr;
    jr.op = Opcode::kJr;
    jr.rs = kRegRa;
    EXPECT_EQ(next_pc(jr, 0x0200, 0x0040, 0), 0x0040u);
    EXPECT_EQ(next_pc(jr, 0x0200, 0x12345678u, 0xffffffffu), 0x12345678u);  // any rs value
}

// ---- Memory. ----

TEST(MemorySemantics, EffectiveAddressWraps) {
    Instruction in;
    in.op = Opcode::kLdW;
    in.imm = 52;
    EXPECT_EQ(effective_address(in, 0x7fc0), 0x7ff4u);
    in.imm = -16;
    EXPECT_EQ(effective_address(in, 0x80000010u), 0x80000000u);
    EXPECT_EQ(effective_address(in, 0x8), 0xfffffff8u);  // wraps below 0
    in.imm = 8;
    EXPECT_EQ(effective_address(in, 0xfffffffcu), 4u);  // wraps above 2^32
    in.imm = INT32_MIN;
    EXPECT_EQ(effective_address(in, 0x00001000u), 0x80001000u);
    in.imm = INT32_MAX;
    EXPECT_EQ(effective_address(in, 0x80000001u), 0u);
    for (Opcode op : {Opcode::kStB, Opcode::kStH, Opcode::kAtomCas, Opcode::kLdBu}) {
        in.op = op;
        in.imm = -4;
        EXPECT_EQ(effective_address(in, 0x100), 0xfcu) << info(op).mnemonic;
    }
}

TEST(MemorySemantics, AccessSizesAndAlignment) {
    struct SizeCase {
        Opcode op;
        unsigned size;
    };
    const SizeCase cases[] = {
        {Opcode::kLdW, 4},     {Opcode::kLdH, 2},      {Opcode::kLdHu, 2},    {Opcode::kLdB, 1},
        {Opcode::kLdBu, 1},    {Opcode::kStW, 4},      {Opcode::kStH, 2},     {Opcode::kStB, 1},
        {Opcode::kAtomAdd, 4}, {Opcode::kAtomXchg, 4}, {Opcode::kAtomCas, 4},
    };
    for (const SizeCase& c : cases) {
        EXPECT_EQ(access_size(c.op), c.size) << info(c.op).mnemonic;
        for (uint32_t addr :
             {0x0u, 0x1u, 0x2u, 0x3u, 0x4u, 0x7ffeu, 0x80000003u, 0xfffffffcu, 0xffffffffu}) {
            EXPECT_EQ(is_aligned(c.op, addr), addr % c.size == 0)
                << info(c.op).mnemonic << " at " << hex(addr);
        }
    }
    EXPECT_EQ(access_size(Opcode::kAdd), 0u);
    EXPECT_EQ(access_size(Opcode::kJr), 0u);
}

TEST(MemorySemantics, LoadExtension) {
    EXPECT_EQ(hex(load_result(Opcode::kLdW, 0x89abcdefu)), hex(0x89abcdefu));
    EXPECT_EQ(hex(load_result(Opcode::kLdH, 0x8000u)), hex(0xffff8000u));
    EXPECT_EQ(hex(load_result(Opcode::kLdH, 0x7fffu)), hex(0x00007fffu));
    EXPECT_EQ(hex(load_result(Opcode::kLdH, 0xffffu)), hex(0xffffffffu));
    EXPECT_EQ(hex(load_result(Opcode::kLdHu, 0x8000u)), hex(0x00008000u));
    EXPECT_EQ(hex(load_result(Opcode::kLdHu, 0xffffu)), hex(0x0000ffffu));
    EXPECT_EQ(hex(load_result(Opcode::kLdB, 0x80u)), hex(0xffffff80u));
    EXPECT_EQ(hex(load_result(Opcode::kLdB, 0x7fu)), hex(0x0000007fu));
    EXPECT_EQ(hex(load_result(Opcode::kLdB, 0xffu)), hex(0xffffffffu));
    EXPECT_EQ(hex(load_result(Opcode::kLdBu, 0x80u)), hex(0x00000080u));
    EXPECT_EQ(hex(load_result(Opcode::kLdBu, 0xffu)), hex(0x000000ffu));
    // Bits above the access size do not leak into the result.
    EXPECT_EQ(hex(load_result(Opcode::kLdH, 0xabcd8001u)), hex(0xffff8001u));
    EXPECT_EQ(hex(load_result(Opcode::kLdHu, 0xabcd8001u)), hex(0x00008001u));
    EXPECT_EQ(hex(load_result(Opcode::kLdB, 0xabcdef01u)), hex(0x00000001u));
    EXPECT_EQ(hex(load_result(Opcode::kLdBu, 0xabcdef81u)), hex(0x00000081u));
}

TEST(MemorySemantics, StoresReadValueAndBase) {
    for (Opcode op : {Opcode::kStW, Opcode::kStH, Opcode::kStB}) {
        EXPECT_TRUE(is_store(op));
        EXPECT_TRUE(is_memory(op));
        EXPECT_TRUE(reads_rs(op));  // base
        EXPECT_TRUE(reads_rt(op));  // value
        EXPECT_FALSE(writes_rd(op));
        EXPECT_FALSE(is_load(op));
        EXPECT_EQ(info(op).unit, Unit::kMem);
    }
    for (Opcode op : {Opcode::kLdW, Opcode::kLdH, Opcode::kLdHu, Opcode::kLdB, Opcode::kLdBu}) {
        EXPECT_TRUE(is_load(op));
        EXPECT_TRUE(writes_rd(op));
        EXPECT_TRUE(reads_rs(op));
        EXPECT_FALSE(reads_rt(op));
        EXPECT_FALSE(is_store(op));
    }
}

TEST(MemorySemantics, Atomics) {
    AtomicUpdate u = atomic_update(Opcode::kAtomAdd, 40, 2, 0);
    EXPECT_TRUE(u.write);
    EXPECT_EQ(u.value, 42u);
    u = atomic_update(Opcode::kAtomAdd, 0xffffffffu, 2, 0);
    EXPECT_TRUE(u.write);
    EXPECT_EQ(u.value, 1u);                                  // wraps
    u = atomic_update(Opcode::kAtomAdd, 5, 0xfffffffbu, 0);  // adding -5
    EXPECT_EQ(u.value, 0u);

    u = atomic_update(Opcode::kAtomXchg, 0x11111111u, 0x22222222u, 0x33333333u);
    EXPECT_TRUE(u.write);
    EXPECT_EQ(u.value, 0x22222222u);

    // cas succeeds when the old word equals rd: the new value rt is stored.
    u = atomic_update(Opcode::kAtomCas, 7, 9, 7);
    EXPECT_TRUE(u.write);
    EXPECT_EQ(u.value, 9u);
    // cas fails otherwise: memory is left alone (rd still receives old).
    u = atomic_update(Opcode::kAtomCas, 7, 9, 8);
    EXPECT_FALSE(u.write);
    u = atomic_update(Opcode::kAtomCas, 0x80000000u, 1, 0x80000000u);
    EXPECT_TRUE(u.write);
    EXPECT_EQ(u.value, 1u);

    for (Opcode op : {Opcode::kAtomAdd, Opcode::kAtomXchg, Opcode::kAtomCas}) {
        EXPECT_TRUE(is_atomic(op));
        EXPECT_TRUE(is_memory(op));
        EXPECT_TRUE(writes_rd(op));
        EXPECT_TRUE(reads_rs(op));
        EXPECT_TRUE(reads_rt(op));
        EXPECT_FALSE(is_load(op));
        EXPECT_FALSE(is_store(op));
    }
    EXPECT_TRUE(reads_rd(Opcode::kAtomCas));  // the expected value
    EXPECT_FALSE(reads_rd(Opcode::kAtomAdd));
    EXPECT_FALSE(reads_rd(Opcode::kAtomXchg));
}

// ---- Instructions without a computed value. ----

TEST(OtherSemantics, SyncAndExit) {
    for (Opcode op : {Opcode::kSync, Opcode::kExit}) {
        EXPECT_EQ(info(op).format, Format::kNone);
        EXPECT_EQ(info(op).unit, Unit::kCtrl);
        EXPECT_FALSE(writes_rd(op));
        EXPECT_FALSE(reads_rs(op));
        EXPECT_FALSE(reads_rt(op));
        EXPECT_FALSE(reads_rd(op));
        EXPECT_FALSE(is_memory(op));
    }
}

TEST(OtherSemantics, RdsrAndSpecialRegisters) {
    EXPECT_EQ(info(Opcode::kRdsr).format, Format::kSr);
    EXPECT_TRUE(writes_rd(Opcode::kRdsr));
    EXPECT_TRUE(reads_rs(Opcode::kRdsr));  // the index added to the register number
    EXPECT_FALSE(reads_rt(Opcode::kRdsr));
    // Names are unique; the per-dimension registers leave room for x, y, z.
    std::set<std::string_view> names;
    std::set<unsigned> numbers;
    for (const SpecialRegisterName& n : kSpecialRegisterNames) {
        EXPECT_TRUE(names.insert(n.name).second) << n.name;
        EXPECT_TRUE(numbers.insert(static_cast<unsigned>(n.sr)).second) << n.name;
        EXPECT_LT(static_cast<unsigned>(n.sr), kNumSpecialRegisters) << n.name;
    }
    const SpecialRegister per_dim[] = {
        SpecialRegister::kGlobalId,          SpecialRegister::kLocalId,
        SpecialRegister::kGroupId,           SpecialRegister::kLocalSize,
        SpecialRegister::kEnqueuedLocalSize, SpecialRegister::kGlobalSize,
        SpecialRegister::kNumGroups,         SpecialRegister::kGlobalOffset};
    for (SpecialRegister sr : per_dim) {
        for (unsigned d = 1; d < 3; ++d)
            EXPECT_EQ(numbers.count(static_cast<unsigned>(sr) + d), 0u);
    }
    EXPECT_EQ(static_cast<unsigned>(SpecialRegister::kLocalBase) + 1, kNumSpecialRegisters);
}

TEST(OtherSemantics, OperandUseOfComputeInstructions) {
    for (Opcode op : {Opcode::kMac, Opcode::kMas, Opcode::kFmac, Opcode::kFmas})
        EXPECT_TRUE(reads_rd(op)) << info(op).mnemonic;
    for (Opcode op : {Opcode::kAdd, Opcode::kMul, Opcode::kFadd, Opcode::kItof, Opcode::kAddSi})
        EXPECT_FALSE(reads_rd(op)) << info(op).mnemonic;
    EXPECT_TRUE(reads_rt(Opcode::kSfll));
    EXPECT_FALSE(reads_rt(Opcode::kSfllI));
    EXPECT_FALSE(reads_rt(Opcode::kItof));
    EXPECT_FALSE(reads_rs(Opcode::kJp));
    EXPECT_TRUE(reads_rs(Opcode::kJr));
    EXPECT_FALSE(writes_rd(Opcode::kJplnk));  // $ra is written implicitly, not through rd
    EXPECT_FALSE(writes_rd(Opcode::kBeq));
}

// Every instruction of the ISA appears in at least one of the tests above. A new opcode fails
// this test until its semantics are tested.
TEST(Coverage, EveryOpcodeIsTested) {
    std::set<Opcode> tested;
    for (auto cases :
         {add_sub_cases(), mul_cases(), logic_cases(), shift_cases(), setlt_cases(),
          fadd_fsub_cases(), fmul_cases(), fmac_fmas_cases(), itof_cases(), ftoi_cases()}) {
        for (const AluCase& c : cases) tested.insert(c.op);
    }
    for (const BranchCase& c : branch_cases()) tested.insert(c.op);
    // Tested by the dedicated tests above.
    for (Opcode op :
         {Opcode::kFrcp,    Opcode::kFsqrt, Opcode::kFrsqrt, Opcode::kFsin,    Opcode::kFcos,
          Opcode::kFexp2,   Opcode::kFlog2, Opcode::kJp,     Opcode::kJplnk,   Opcode::kJr,
          Opcode::kLdW,     Opcode::kLdH,   Opcode::kLdHu,   Opcode::kLdB,     Opcode::kLdBu,
          Opcode::kStW,     Opcode::kStH,   Opcode::kStB,    Opcode::kAtomAdd, Opcode::kAtomXchg,
          Opcode::kAtomCas, Opcode::kSync,  Opcode::kExit,   Opcode::kRdsr})
        tested.insert(op);
    for (unsigned i = 0; i < kNumOpcodes; ++i) {
        EXPECT_EQ(tested.count(static_cast<Opcode>(i)), 1u)
            << "no semantics test for " << kOpcodeInfo[i].mnemonic;
    }
}

}  // namespace
}  // namespace mvp::isa
