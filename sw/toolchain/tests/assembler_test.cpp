#include "sw/toolchain/assembler.h"

#include <gtest/gtest.h>

#include <cstring>

#include "sw/toolchain/asm_error.h"

namespace mvp::toolchain {
namespace {

using isa::Opcode;

isa::Instruction one(const std::string& text) {
    ObjectFile obj = assemble("t.s", text + "\n");
    EXPECT_EQ(obj.code.size(), 1u) << text;
    isa::Instruction in;
    EXPECT_TRUE(isa::decode(obj.code.at(0), &in)) << text;
    return in;
}

isa::Instruction make(Opcode op, uint8_t rd, uint8_t rs, uint8_t rt, int32_t imm) {
    isa::Instruction in;
    in.op = op;
    in.rd = rd;
    in.rs = rs;
    in.rt = rt;
    in.imm = imm;
    return in;
}

TEST(Assembler, EveryOperandFormat) {
    EXPECT_EQ(one("add $1, $2, $3"), make(Opcode::kAdd, 1, 2, 3, 0));
    EXPECT_EQ(one("itof $5, $6"), make(Opcode::kItof, 5, 6, 0, 0));
    EXPECT_EQ(one("add.si $sp, $sp, -56"), make(Opcode::kAddSi, 14, 14, 0, -56));
    EXPECT_EQ(one("jr $ra"), make(Opcode::kJr, 0, 15, 0, 0));
    EXPECT_EQ(one("ld.w $4, 36($sp)"), make(Opcode::kLdW, 4, 14, 0, 36));
    EXPECT_EQ(one("ld.bu $4, ($3)"), make(Opcode::kLdBu, 4, 3, 0, 0));
    EXPECT_EQ(one("st.w $ra, 52($sp)"), make(Opcode::kStW, 0, 14, 15, 52));
    EXPECT_EQ(one("st.h $7, -2( $9 )"), make(Opcode::kStH, 0, 9, 7, -2));
    EXPECT_EQ(one("atom.cas $1, $2, ($3)"), make(Opcode::kAtomCas, 1, 3, 2, 0));
    EXPECT_EQ(one("atom.add $1, $2, 8($3)"), make(Opcode::kAtomAdd, 1, 3, 2, 8));
    EXPECT_EQ(one("rdsr $2, $4, %global_id"), make(Opcode::kRdsr, 2, 4, 0, 0));
    EXPECT_EQ(one("rdsr $2, $zero, %work_dim"), make(Opcode::kRdsr, 2, 0, 0, 32));
    EXPECT_EQ(one("rdsr $2, $0, %local_id+2"), make(Opcode::kRdsr, 2, 0, 0, 6));
    EXPECT_EQ(one("sync"), make(Opcode::kSync, 0, 0, 0, 0));
    EXPECT_EQ(one("exit"), make(Opcode::kExit, 0, 0, 0, 0));
}

TEST(Assembler, RegisterNamesAndImmediates) {
    EXPECT_EQ(one("or $zero, $sp, $ra"), make(Opcode::kOr, 0, 14, 15, 0));
    EXPECT_EQ(one("or $0, $14, $15"), make(Opcode::kOr, 0, 14, 15, 0));
    EXPECT_EQ(one("or.i $3, $zero, 0x3f800000").imm, 0x3f800000);
    EXPECT_EQ(one("or.i $3, $zero, 0xffffffff").imm, -1);
    EXPECT_EQ(one("or.i $3, $zero, 4294967295").imm, -1);
    EXPECT_EQ(one("add.si $3, $zero, -2147483648").imm, INT32_MIN);
    EXPECT_EQ(one("add.si $3, $zero, 2147483647").imm, INT32_MAX);
    EXPECT_EQ(one("add.si $3, $zero, -0x10").imm, -16);
    EXPECT_EQ(one("add.si $3, $zero, 0X1F").imm, 31);
    EXPECT_EQ(one("sfll.i $3, $2, 007").imm, 7);
}

TEST(Assembler, SyntaxAsTheCompilerEmitsIt) {
    const std::string src =
        "\t.text\n"
        "\t.section .mdebug.abi32\n"
        "\t.previous\n"
        "\t.file\t\"k\"\n"
        "\t.globl\tk                  # -- Begin function k\n"
        "\t.p2align\t2\n"
        "\t.type\tk,@function\n"
        "\t.ent\tk\n"
        "k:\n"
        "\t.frame\t$sp,56,$ra\n"
        "\t.mask \t0x00008000,-4\n"
        "\t.fmask\t0x00000000,0\n"
        "\t.set\tnoreorder\n"
        "# %bb.0:\n"
        "\tbeq\t$4, $zero, $BB0_2\n"
        "$BB0_2:   # comment\n"
        "\tjr\t$ra\n"
        "\t.end\tk\n"
        "$func_end0:\n"
        "\t.size\tk, ($func_end0)-k\n"
        "\t.ident\t\"clang # not a comment\"\n"
        "\t.section\t\".note.GNU-stack\",\"\",@progbits\n";
    ObjectFile obj = assemble("k.s", src);
    ASSERT_EQ(obj.code.size(), 2u);
    EXPECT_EQ(obj.lines[0].line, 15u);
    EXPECT_EQ(obj.lines[0].text, "beq $4, $zero, $BB0_2");
    EXPECT_EQ(obj.lines[1].line, 17u);
    ASSERT_EQ(obj.relocations.size(), 1u);
    EXPECT_EQ(obj.relocations[0].symbol, "$BB0_2");
    EXPECT_EQ(obj.relocations[0].offset, 0u);
    EXPECT_EQ(obj.relocations[0].line, 15u);
    EXPECT_EQ(obj.relocations[0].column, 17u);
    ASSERT_EQ(obj.symbols.size(), 3u);
    EXPECT_EQ(obj.symbols[0].name, "k");
    EXPECT_TRUE(obj.symbols[0].global);
    EXPECT_EQ(obj.symbols[1].name, "$BB0_2");
    EXPECT_EQ(obj.symbols[1].value, 8u);
    EXPECT_FALSE(obj.symbols[1].global);
    EXPECT_EQ(obj.symbols[2].name, "$func_end0");
    EXPECT_EQ(obj.symbols[2].value, 16u);
    ASSERT_EQ(obj.functions.size(), 1u);
    EXPECT_EQ(obj.functions[0].name, "k");
    EXPECT_EQ(obj.functions[0].start_pc, 0u);
    EXPECT_EQ(obj.functions[0].end_pc, 16u);
}

TEST(Assembler, SourceTextKeepsOperandsAsWritten) {
    ObjectFile obj =
        assemble("t.s", "  lbl:  \tadd.si\t \t$sp,   $sp,-56 \t# c\n\tst.w\t$ra,52($sp)\t\r\n");
    ASSERT_EQ(obj.lines.size(), 2u);
    EXPECT_EQ(obj.lines[0].text, "add.si $sp,   $sp,-56");
    EXPECT_EQ(obj.lines[1].text, "st.w $ra,52($sp)");
    EXPECT_EQ(obj.symbols.at(0).name, "lbl");
    EXPECT_EQ(obj.symbols.at(0).value, 0u);
}

TEST(Assembler, LabelsAsImmediatesBecomeRelocations) {
    ObjectFile obj = assemble("t.s",
                              "start:\n"
                              "\tor.i $3, $zero, table\n"
                              "\tadd.si $4, $zero, start+16\n"
                              "\tld.w $5, table+4($zero)\n"
                              "\tjp start\n"
                              "\t.data\n"
                              "table:\n"
                              "\t.word 1, 2\n");
    ASSERT_EQ(obj.relocations.size(), 4u);
    const Relocation& r0 = obj.relocations[0];
    EXPECT_EQ(r0.site, Relocation::Site::kCode);
    EXPECT_EQ(r0.offset, 0u);
    EXPECT_EQ(r0.symbol, "table");
    EXPECT_EQ(r0.addend, 0);
    EXPECT_EQ(r0.line, 2u);
    EXPECT_EQ(r0.column, 18u);
    EXPECT_EQ(obj.relocations[1].symbol, "start");
    EXPECT_EQ(obj.relocations[1].addend, 16);
    EXPECT_EQ(obj.relocations[2].symbol, "table");
    EXPECT_EQ(obj.relocations[2].addend, 4);
    EXPECT_EQ(obj.relocations[2].offset, 2u);
    EXPECT_EQ(obj.relocations[3].offset, 3u);
    for (uint64_t word : obj.code) EXPECT_EQ(word >> 32, 0u);  // filled in by the linker
}

TEST(Assembler, DataDirectives) {
    ObjectFile obj = assemble("d.s",
                              "\t.data\n"
                              "bytes:\n"
                              "\t.byte 1, 0xff, -1\n"
                              "words:\n"
                              "\t.word 0x11223344, -2, ptr\n"
                              "halves:\n"
                              "\t.half 0xbeef\n"
                              "floats:\n"
                              "\t.float 1.0, -2.5\n"
                              "gap:\n"
                              "\t.space 3, 0xaa\n"
                              "\t.p2align 3\n"
                              "ptr:\n"
                              "\t.space 1\n");
    const std::vector<uint8_t> expected = {
        1,    0xff, 0xff, 0,                             // .byte, pad to 4
        0x44, 0x33, 0x22, 0x11, 0xfe, 0xff, 0xff, 0xff,  // .word
        0,    0,    0,    0,                             // ptr: relocation
        0xef, 0xbe, 0,    0,                             // .half, pad to 4
        0,    0,    0x80, 0x3f, 0,    0,    0x20, 0xc0,  // 1.0f, -2.5f
        0xaa, 0xaa, 0xaa, 0,                             // .space 3, align 8
        0};                                              // ptr
    EXPECT_EQ(obj.data, expected);
    auto value = [&](const std::string& name) {
        for (const Symbol& s : obj.symbols)
            if (s.name == name) {
                EXPECT_EQ(s.section, Symbol::Section::kData);
                return s.value;
            }
        ADD_FAILURE() << name;
        return 0u;
    };
    EXPECT_EQ(value("bytes"), 0u);
    EXPECT_EQ(value("words"), 4u);
    EXPECT_EQ(value("halves"), 16u);
    EXPECT_EQ(value("floats"), 20u);
    EXPECT_EQ(value("gap"), 28u);
    EXPECT_EQ(value("ptr"), 32u);
    ASSERT_EQ(obj.relocations.size(), 1u);
    EXPECT_EQ(obj.relocations[0].site, Relocation::Site::kData);
    EXPECT_EQ(obj.relocations[0].offset, 12u);
    EXPECT_EQ(obj.relocations[0].symbol, "ptr");
}

TEST(Assembler, SectionsSwitchBackAndForth) {
    ObjectFile obj = assemble("s.s",
                              "\tsync\n"
                              "\t.data\n"
                              "a:\t.word 7\n"
                              "\t.previous\n"
                              "b:\tsync\n"
                              "\t.section .rodata.cst4,\"aM\",@progbits,4\n"
                              "c:\t.float 0.5\n"
                              "\t.text\n"
                              "\texit\n"
                              "\t.section .debug_str,\"MS\",@progbits,1\n"
                              ".Linfo:\n"
                              "\t.asciz \"skipped\"\n");
    EXPECT_EQ(obj.code.size(), 3u);
    EXPECT_EQ(obj.data.size(), 8u);
    ASSERT_EQ(obj.symbols.size(), 3u);
    EXPECT_EQ(obj.symbols[1].name, "b");
    EXPECT_EQ(obj.symbols[1].value, 8u);
    EXPECT_EQ(obj.symbols[2].name, "c");
    EXPECT_EQ(obj.symbols[2].value, 4u);
}

TEST(Assembler, FunctionsPartitionTheCode) {
    ObjectFile obj = assemble("f.s",
                              "\tsync\n"  // 0x00: implicit function
                              "main:\n"
                              "\t.globl main\n"
                              "\tjplnk helper\n"  // 0x08
                              "\tjr $ra\n"        // 0x10
                              "helper:\n"
                              "\tadd $2, $2, $2\n"  // 0x18
                              "\tjr $ra\n"          // 0x20
                              "\t.ent typed\n"
                              "typed:\n"
                              "\tsync\n"  // 0x28
                              "\t.end typed\n"
                              "tail:\n"
                              "\texit\n");  // 0x30: after .end
    ASSERT_EQ(obj.functions.size(), 5u);
    auto check = [&](size_t i, const char* name, uint32_t start, uint32_t end) {
        EXPECT_EQ(obj.functions[i].name, name);
        EXPECT_EQ(obj.functions[i].start_pc, start);
        EXPECT_EQ(obj.functions[i].end_pc, end);
    };
    check(0, "f.s:1", 0x00, 0x08);
    check(1, "main", 0x08, 0x18);
    check(2, "helper", 0x18, 0x28);
    check(3, "typed", 0x28, 0x30);
    check(4, "tail", 0x30, 0x38);
}

TEST(Assembler, SizeExpressionsEndFunctions) {
    ObjectFile obj = assemble("z.s",
                              "\t.align 3\n"
                              "f:\tsync\n"
                              "\tsync\n"
                              "\t.size f, .-f\n"
                              "\t.globl g, h\n"
                              "g:\tsync\n"
                              "\t.size g, (4 + 4)\n");
    ASSERT_EQ(obj.functions.size(), 2u);
    EXPECT_EQ(obj.functions[0].name, "f");
    EXPECT_EQ(obj.functions[0].end_pc, 16u);
    EXPECT_EQ(obj.functions[1].name, "g");
}

TEST(Assembler, EmptySourceGivesEmptyObject) {
    ObjectFile obj = assemble("e.s", "");
    EXPECT_TRUE(obj.code.empty());
    EXPECT_TRUE(obj.functions.empty());
    EXPECT_EQ(obj.file, "e.s");
}

}  // namespace
}  // namespace mvp::toolchain
