// Unit tests of the 64-bit MVP instruction encoding (modules/isa/instruction.h), the opcode
// table and the disassembler.

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "modules/isa/instruction.h"
#include "modules/isa/opcode.h"
#include "modules/isa/special_register.h"

namespace mvp::isa {
namespace {

Instruction make(Opcode op, unsigned rd, unsigned rs, unsigned rt, int32_t imm) {
    Instruction in;
    in.op = op;
    in.rd = static_cast<uint8_t>(rd);
    in.rs = static_cast<uint8_t>(rs);
    in.rt = static_cast<uint8_t>(rt);
    in.imm = imm;
    return in;
}

// The mnemonics of spec isa-core.md, in the order of MVP_ISA_OPCODES (the numeric opcodes are
// the positions in that list, so this order is the binary format).
constexpr std::string_view kExpectedMnemonics[] = {
    "add",   "sub",     "add.si", "mul",  "mac",   "mas",   "and",      "or",        "xor",
    "and.i", "or.i",    "xor.i",  "sfll", "sfrl",  "sfra",  "sfll.i",   "sfrl.i",    "sfra.i",
    "setlt", "setlt.u", "beq",    "bne",  "blt",   "ble",   "jp",       "jplnk",     "jr",
    "ld.w",  "ld.h",    "ld.hu",  "ld.b", "ld.bu", "st.w",  "st.h",     "st.b",      "fadd",
    "fsub",  "fmul",    "fmac",   "fmas", "fbeq",  "fble",  "itof",     "ftoi",      "frcp",
    "fsqrt", "frsqrt",  "fsin",   "fcos", "fexp2", "flog2", "atom.add", "atom.xchg", "atom.cas",
    "sync",  "exit",    "rdsr",
};

TEST(OpcodeTable, MnemonicsAndNumbering) {
    ASSERT_EQ(kNumOpcodes, std::size(kExpectedMnemonics));
    std::set<std::string_view> seen;
    for (unsigned i = 0; i < kNumOpcodes; ++i) {
        EXPECT_EQ(kOpcodeInfo[i].mnemonic, kExpectedMnemonics[i]) << "opcode " << i;
        EXPECT_TRUE(seen.insert(kOpcodeInfo[i].mnemonic).second) << kOpcodeInfo[i].mnemonic;
    }
    EXPECT_EQ(static_cast<unsigned>(Opcode::kAdd), 0u);
    EXPECT_EQ(static_cast<unsigned>(Opcode::kExit), 55u);
    EXPECT_EQ(static_cast<unsigned>(Opcode::kRdsr), 56u);
}

TEST(OpcodeTable, FindOpcode) {
    for (unsigned i = 0; i < kNumOpcodes; ++i) {
        Opcode op = Opcode::kCount;
        ASSERT_TRUE(find_opcode(kOpcodeInfo[i].mnemonic, &op)) << kOpcodeInfo[i].mnemonic;
        EXPECT_EQ(static_cast<unsigned>(op), i);
    }
    Opcode op = Opcode::kAdd;
    for (std::string_view bad : {"", "ADD", "addi", "add.", "ld", "atom", "nop", "add "}) {
        EXPECT_FALSE(find_opcode(bad, &op)) << "'" << bad << "'";
    }
    EXPECT_EQ(op, Opcode::kAdd);  // untouched on failure
}

TEST(OpcodeTable, UnitsAndLatencyClasses) {
    EXPECT_EQ(info(Opcode::kAdd).unit, Unit::kInt);
    EXPECT_EQ(info(Opcode::kMul).latency, LatencyClass::kMul);
    EXPECT_EQ(info(Opcode::kMac).latency, LatencyClass::kMad);
    EXPECT_EQ(info(Opcode::kSetlt).latency, LatencyClass::kMax);
    EXPECT_EQ(info(Opcode::kFadd).unit, Unit::kFp);
    EXPECT_EQ(info(Opcode::kFmul).latency, LatencyClass::kMul);
    EXPECT_EQ(info(Opcode::kFmac).latency, LatencyClass::kMad);
    EXPECT_EQ(info(Opcode::kItof).unit, Unit::kFp);
    EXPECT_EQ(info(Opcode::kFbeq).unit, Unit::kCtrl);
    for (Opcode op : {Opcode::kFrcp, Opcode::kFsqrt, Opcode::kFrsqrt, Opcode::kFsin, Opcode::kFcos,
                      Opcode::kFexp2, Opcode::kFlog2}) {
        EXPECT_EQ(info(op).unit, Unit::kSfu) << info(op).mnemonic;
        EXPECT_EQ(info(op).latency, LatencyClass::kDiv) << info(op).mnemonic;
        EXPECT_EQ(info(op).format, Format::kR2) << info(op).mnemonic;
    }
    for (Opcode op : {Opcode::kLdW, Opcode::kStB, Opcode::kAtomCas})
        EXPECT_EQ(info(op).unit, Unit::kMem) << info(op).mnemonic;
    for (Opcode op :
         {Opcode::kBeq, Opcode::kJp, Opcode::kJplnk, Opcode::kJr, Opcode::kSync, Opcode::kExit})
        EXPECT_EQ(info(op).unit, Unit::kCtrl) << info(op).mnemonic;
}

TEST(Encoding, FieldLayout) {
    // bits 7:0 opcode, 11:8 rd, 15:12 rs, 19:16 rt, 31:20 zero, 63:32 imm.
    EXPECT_EQ(encode(make(Opcode::kAdd, 1, 2, 3, 0)), 0x0000000000032100ull);
    EXPECT_EQ(encode(make(Opcode::kAddSi, 14, 14, 0, -56)), 0xffffffc80000ee02ull);
    EXPECT_EQ(encode(make(Opcode::kBeq, 0, 4, 0, 0x58)), 0x0000005800004014ull);
    EXPECT_EQ(encode(make(Opcode::kJr, 0, 15, 0, 0)), 0x000000000000f01aull);
    EXPECT_EQ(encode(make(Opcode::kOrI, 15, 15, 15, INT32_MIN)), 0x80000000000fff0aull);
    EXPECT_EQ(encode(make(Opcode::kRdsr, 2, 4, 0, 4)), 0x0000000400004238ull);
    EXPECT_EQ(encode(make(Opcode::kExit, 0, 0, 0, 0)), 0x0000000000000037ull);
}

TEST(Encoding, RoundTripEveryOpcode) {
    const int32_t imms[] = {0, 1, -1, 0x58, -56, INT32_MAX, INT32_MIN, 0x3f800000};
    unsigned checked = 0;
    for (unsigned op = 0; op < kNumOpcodes; ++op) {
        for (unsigned r = 0; r < kNumRegs; ++r) {
            for (int32_t imm : imms) {
                const Instruction in =
                    make(static_cast<Opcode>(op), r, (r + 5) % kNumRegs, 15 - r, imm);
                const uint64_t word = encode(in);
                EXPECT_EQ(word & 0xff, op);
                EXPECT_EQ((word >> 20) & 0xfff, 0u);
                Instruction out = make(Opcode::kExit, 9, 9, 9, 9);
                ASSERT_TRUE(decode(word, &out)) << disassemble(in);
                EXPECT_EQ(out, in) << disassemble(in) << " vs " << disassemble(out);
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, kNumOpcodes * kNumRegs * std::size(imms));
}

TEST(Encoding, DecodeFields) {
    Instruction out;
    ASSERT_TRUE(decode(0xfffffff800054324ull, &out));  // opcode 0x24 = fsub
    EXPECT_EQ(out.op, Opcode::kFsub);
    EXPECT_EQ(out.rd, 3);
    EXPECT_EQ(out.rs, 4);
    EXPECT_EQ(out.rt, 5);
    EXPECT_EQ(out.imm, -8);
}

TEST(Encoding, ReservedBitsRejected) {
    const uint64_t good = encode(make(Opcode::kAdd, 1, 2, 3, 7));
    for (unsigned bit = 20; bit < 32; ++bit) {
        Instruction out = make(Opcode::kSync, 0, 0, 0, 42);
        EXPECT_FALSE(decode(good | (uint64_t{1} << bit), &out)) << "bit " << bit;
        EXPECT_EQ(out, make(Opcode::kSync, 0, 0, 0, 42)) << "output untouched, bit " << bit;
    }
    Instruction out;
    EXPECT_TRUE(decode(good, &out));
}

TEST(Encoding, ConditionalBranchesCarryTheirReconvergenceField) {
    // beq $4, $zero, 0x0090 at PC 0x0058, reconverging at 0x0090: 7 instructions ahead.
    uint16_t field = 0;
    ASSERT_TRUE(near_reconvergence_field(0x58, 0x90, &field));
    EXPECT_EQ(field, 7);
    Instruction beq = make(Opcode::kBeq, 0, 4, 0, 0x90);
    beq.rcv = field;
    EXPECT_EQ(encode(beq), 0x0000009000704014ull);
    Instruction out;
    ASSERT_TRUE(decode(encode(beq), &out));
    EXPECT_EQ(out, beq);
    Reconvergence r = decode_reconvergence(out.rcv, 0x58);
    EXPECT_EQ(r.kind, Reconvergence::Kind::kAtPc);
    EXPECT_EQ(r.value, 0x90u);

    // Backward, at the limits, and at the exit.
    ASSERT_TRUE(near_reconvergence_field(0x4000, 0x4000 - 1024 * 8, &field));
    EXPECT_EQ(decode_reconvergence(field, 0x4000).value, 0x4000u - 1024 * 8);
    ASSERT_TRUE(near_reconvergence_field(0x10, 0x10 + 1023 * 8, &field));
    EXPECT_EQ(decode_reconvergence(field, 0x10).value, 0x10u + 1023 * 8);
    EXPECT_FALSE(near_reconvergence_field(0x10, 0x10 + 1024 * 8, &field));
    EXPECT_FALSE(near_reconvergence_field(0x4000, 0x4000 - 1025 * 8, &field));
    EXPECT_FALSE(near_reconvergence_field(0x10, 0x10, &field));
    ASSERT_TRUE(near_reconvergence_field(0x10, kReconvergeAtExit, &field));
    EXPECT_EQ(field, 0);
    EXPECT_EQ(decode_reconvergence(0, 0x10).kind, Reconvergence::Kind::kAtExit);

    // Far: an index into the image's table.
    r = decode_reconvergence(table_reconvergence_field(2047), 0x10);
    EXPECT_EQ(r.kind, Reconvergence::Kind::kInTable);
    EXPECT_EQ(r.value, 2047u);

    // Only conditional branches have the field: bit 20 on a jp is a reserved bit.
    EXPECT_FALSE(decode(encode(make(Opcode::kJp, 0, 0, 0, 0x90)) | 1u << 20, &out));
    Instruction add = make(Opcode::kAdd, 1, 2, 3, 0);
    add.rcv = 5;
    ASSERT_TRUE(decode(encode(add), &out));
    EXPECT_EQ(out.rcv, 0);
}

TEST(Encoding, UndefinedOpcodesRejected) {
    for (unsigned op = kNumOpcodes; op < 256; ++op) {
        Instruction out;
        EXPECT_FALSE(decode(op, &out)) << "opcode " << op;
        EXPECT_FALSE(decode(uint64_t{0x12345678} << 32 | op, &out)) << "opcode " << op;
    }
    Instruction out;
    EXPECT_FALSE(decode(0xffffffffffffffffull, &out));
    // Every defined opcode with zero reserved bits decodes, whatever the fields and immediate.
    for (unsigned op = 0; op < kNumOpcodes; ++op) {
        EXPECT_TRUE(decode(0xdeadbeef000fff00ull | op, &out)) << "opcode " << op;
        EXPECT_EQ(out.imm, static_cast<int32_t>(0xdeadbeefu));
    }
}

TEST(Encoding, RegisterConventions) {
    EXPECT_EQ(kNumRegs, 16u);
    EXPECT_EQ(kRegZero, 0u);
    EXPECT_EQ(kRegSp, 14u);
    EXPECT_EQ(kRegRa, 15u);
    EXPECT_EQ(kInstBytes, 8u);
}

TEST(Disassembly, EveryFormat) {
    struct Case {
        Instruction in;
        const char* text;
    };
    const Case cases[] = {
        {make(Opcode::kAdd, 3, 4, 3, 0), "add $3, $4, $3"},
        {make(Opcode::kSub, 0, 0, 0, 0), "sub $0, $0, $0"},
        {make(Opcode::kFmac, 15, 14, 13, 0), "fmac $15, $14, $13"},
        {make(Opcode::kAddSi, 14, 14, 0, -56), "add.si $14, $14, -56"},
        {make(Opcode::kOrI, 2, 0, 0, 0x3f800000), "or.i $2, $0, 1065353216"},
        {make(Opcode::kSfllI, 3, 2, 0, 2), "sfll.i $3, $2, 2"},
        {make(Opcode::kItof, 2, 3, 0, 0), "itof $2, $3"},
        {make(Opcode::kFsqrt, 5, 6, 0, 0), "fsqrt $5, $6"},
        {make(Opcode::kBeq, 0, 4, 0, 0x90), "beq $4, $0, 0x0090"},
        {make(Opcode::kFble, 0, 1, 2, 0x12340), "fble $1, $2, 0x12340"},
        {make(Opcode::kJp, 0, 0, 0, 0x68), "jp 0x0068"},
        {make(Opcode::kJplnk, 0, 0, 0, 0x1000), "jplnk 0x1000"},
        {make(Opcode::kJr, 0, 15, 0, 0), "jr $15"},
        {make(Opcode::kLdW, 4, 14, 0, 36), "ld.w $4, 36($14)"},
        {make(Opcode::kLdBu, 4, 3, 0, -1), "ld.bu $4, -1($3)"},
        {make(Opcode::kStW, 0, 14, 15, 52), "st.w $15, 52($14)"},
        {make(Opcode::kStH, 0, 2, 3, 0), "st.h $3, 0($2)"},
        {make(Opcode::kAtomAdd, 2, 4, 3, 0), "atom.add $2, $3, ($4)"},
        {make(Opcode::kAtomCas, 2, 4, 3, 8), "atom.cas $2, $3, 8($4)"},
        {make(Opcode::kSync, 0, 0, 0, 0), "sync"},
        {make(Opcode::kExit, 0, 0, 0, 0), "exit"},
        {make(Opcode::kRdsr, 2, 4, 0, 0), "rdsr $2, $4, %global_id"},
        {make(Opcode::kRdsr, 2, 0, 0, 32), "rdsr $2, $0, %work_dim"},
        {make(Opcode::kRdsr, 2, 0, 0, 5), "rdsr $2, $0, %local_id+1"},
        {make(Opcode::kRdsr, 2, 4, 0, 16), "rdsr $2, $4, %enqueued_local_size"},
        {make(Opcode::kRdsr, 2, 0, 0, 35), "rdsr $2, $0, %lane_id"},
    };
    for (const Case& c : cases) EXPECT_EQ(disassemble(c.in), c.text);
}

TEST(Disassembly, EveryOpcodeStartsWithItsMnemonic) {
    for (unsigned op = 0; op < kNumOpcodes; ++op) {
        const Instruction in = make(static_cast<Opcode>(op), 1, 2, 3, 8);
        const std::string text = disassemble(in);
        const std::string_view mnemonic = kOpcodeInfo[op].mnemonic;
        EXPECT_EQ(text.substr(0, mnemonic.size()), mnemonic);
        EXPECT_TRUE(text.size() == mnemonic.size() || text[mnemonic.size()] == ' ') << text;
    }
}

TEST(SpecialRegisters, NamesResolveInDisassembly) {
    for (const SpecialRegisterName& n : kSpecialRegisterNames) {
        const Instruction in = make(Opcode::kRdsr, 2, 0, 0, static_cast<int32_t>(n.sr));
        EXPECT_EQ(disassemble(in), "rdsr $2, $0, %" + std::string(n.name));
    }
}

}  // namespace
}  // namespace mvp::isa
