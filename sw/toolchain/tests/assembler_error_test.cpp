#include <gtest/gtest.h>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/linker.h"

namespace mvp::toolchain {
namespace {

// The message of the AsmError that assembling `source` as "dir/k.s" throws.
std::string asm_error(const std::string& source) {
    try {
        assemble("dir/k.s", source);
    } catch (const AsmError& e) {
        return e.what();
    }
    return "no error";
}

std::string build_error(const std::vector<SourceFile>& sources) {
    try {
        build_program(sources);
    } catch (const AsmError& e) {
        return e.what();
    }
    return "no error";
}

TEST(AssemblerError, UnknownMnemonic) {
    EXPECT_EQ(asm_error("\tsync\n\taddx $1, $2, $3\n"),
              "dir/k.s:2:2: error: unknown mnemonic 'addx'");
    EXPECT_EQ(asm_error("  lbl: mov $1, $2\n"), "dir/k.s:1:8: error: unknown mnemonic 'mov'");
}

TEST(AssemblerError, WrongOperandCount) {
    EXPECT_EQ(asm_error("\tadd $1, $2\n"),
              "dir/k.s:1:2: error: 'add' takes 3 operands (rd, rs, rt), got 2");
    EXPECT_EQ(asm_error("\tjr $ra, $1\n"), "dir/k.s:1:10: error: 'jr' takes 1 operand (rs), got 2");
    EXPECT_EQ(asm_error("\tsync $1\n"), "dir/k.s:1:7: error: 'sync' takes no operands, got 1");
    EXPECT_EQ(asm_error("\tld.w $1\n"),
              "dir/k.s:1:2: error: 'ld.w' takes 2 operands (rd, offset(rs)), got 1");
    EXPECT_EQ(asm_error("\tadd $1, , $3\n"), "dir/k.s:1:10: error: missing operand");
}

TEST(AssemblerError, WrongOperandKind) {
    EXPECT_EQ(asm_error("add $1, 5, $3\n"),
              "dir/k.s:1:9: error: expected a register, got immediate '5'");
    EXPECT_EQ(asm_error("add $1, $16, $3\n"), "dir/k.s:1:9: error: bad register name '$16'");
    EXPECT_EQ(asm_error("add $1, $fp, $3\n"), "dir/k.s:1:9: error: bad register name '$fp'");
    EXPECT_EQ(asm_error("add $1, r2, $3\n"), "dir/k.s:1:9: error: expected a register, got 'r2'");
    EXPECT_EQ(asm_error("add.si $1, $2, $3\n"),
              "dir/k.s:1:16: error: expected an immediate, got register '$3'");
    EXPECT_EQ(asm_error("ld.w $1, $2\n"),
              "dir/k.s:1:10: error: expected a memory operand 'offset(register)', got '$2'");
    EXPECT_EQ(asm_error("ld.w $1, 4(x)\n"), "dir/k.s:1:12: error: expected a register, got 'x'");
    EXPECT_EQ(asm_error("beq $1, $2, 16\n"), "dir/k.s:1:13: error: expected a label, got '16'");
    EXPECT_EQ(asm_error("jp $ra\n"), "dir/k.s:1:4: error: expected a label, got register '$ra'");
    EXPECT_EQ(asm_error("rdsr $2, $4, 3\n"),
              "dir/k.s:1:14: error: expected a special register '%name', got '3'");
    EXPECT_EQ(asm_error("rdsr $2, $4, %bogus\n"),
              "dir/k.s:1:14: error: unknown special register '%bogus'");
    EXPECT_EQ(asm_error("rdsr $2, $4, %local_base+1\n"),
              "dir/k.s:1:14: error: special register out of range: '%local_base+1'");
    EXPECT_EQ(asm_error("add.si $1, $2, 1+\n"), "dir/k.s:1:16: error: malformed expression '1+'");
    EXPECT_EQ(asm_error("add.si $1, $2, 12ab\n"),
              "dir/k.s:1:16: error: malformed expression '12ab'");
}

TEST(AssemblerError, ImmediateOutOfRange) {
    EXPECT_EQ(asm_error("\tor.i $3, $zero, 0x100000000\n"),
              "dir/k.s:1:18: error: immediate out of range: '0x100000000'");
    EXPECT_EQ(asm_error("\tadd.si $3, $zero, 4294967296\n"),
              "dir/k.s:1:20: error: immediate out of range: '4294967296'");
    EXPECT_EQ(asm_error("\tadd.si $3, $zero, -2147483649\n"),
              "dir/k.s:1:20: error: immediate out of range: '-2147483649'");
    EXPECT_EQ(asm_error("\tld.w $3, 99999999999999999999999($sp)\n"),
              "dir/k.s:1:11: error: immediate out of range: '99999999999999999999999'");
}

TEST(AssemblerError, DuplicateLabel) {
    EXPECT_EQ(asm_error("a:\n\tsync\n\t.data\n  a:\n"),
              "dir/k.s:4:3: error: duplicate label 'a' (first defined at line 1)");
}

TEST(AssemblerError, UnknownDirective) {
    EXPECT_EQ(asm_error("\t.text\n\t.bogus 1, 2\n"),
              "dir/k.s:2:2: error: unknown directive '.bogus'");
}

TEST(AssemblerError, MalformedDataDirective) {
    EXPECT_EQ(asm_error("\t.data\n\t.word\n"),
              "dir/k.s:2:2: error: malformed .word directive: expected a value");
    EXPECT_EQ(
        asm_error("\t.data\n\t.word 1, x+y\n"),
        "dir/k.s:2:11: error: malformed .word directive: 'x+y' is not a label plus a constant");
    EXPECT_EQ(asm_error("\t.data\n\t.word 0x1ffffffff\n"),
              "dir/k.s:2:8: error: malformed .word directive: value '0x1ffffffff' out of range");
    EXPECT_EQ(asm_error("\t.data\n\t.float 1.5x\n"),
              "dir/k.s:2:9: error: malformed .float directive: '1.5x' is not a number");
    EXPECT_EQ(asm_error("\t.data\n\t.float 1e99\n"),
              "dir/k.s:2:9: error: malformed .float directive: value '1e99' out of range");
    EXPECT_EQ(asm_error("\t.data\n\t.space -4\n"),
              "dir/k.s:2:9: error: malformed .space directive: bad size '-4'");
    EXPECT_EQ(asm_error("\t.word 1\n"),
              "dir/k.s:1:2: error: malformed .word directive: not in a data section (use .data)");
    EXPECT_EQ(asm_error("\t.data\n\t.byte 256\n"),
              "dir/k.s:2:8: error: malformed .byte directive: value '256' out of range");
}

// A quoted operand cut off after a backslash (an escape with nothing to take) is still an
// operand, and an error, not a read past the line (found by scripts/fuzz).
TEST(AssemblerError, OperandEndingInAnEscape) {
    EXPECT_EQ(asm_error(".end\t\"\\"),
              "dir/k.s:1:6: error: malformed .end directive: expected a symbol, got '\"\\'");
}

TEST(AssemblerError, InstructionInDataSection) {
    EXPECT_EQ(asm_error("\t.data\n\tsync\n"),
              "dir/k.s:2:2: error: instruction 'sync' in a data section");
}

TEST(AssemblerError, UndefinedLabelAtLink) {
    EXPECT_EQ(build_error({{"dir/k.s", "\tsync\n\tbeq $1, $2, nowhere\n"}}),
              "dir/k.s:2:14: error: undefined label 'nowhere'");
    EXPECT_EQ(build_error({{"a.s", "\tsync\n"}, {"b.s", "\n\tor.i $3, $zero, tbl+4\n"}}),
              "b.s:2:18: error: undefined label 'tbl'");
    EXPECT_EQ(build_error({{"a.s", "\t.data\nptr:\t.word missing\n"}}),
              "a.s:2:12: error: undefined label 'missing'");
}

TEST(AssemblerError, UndefinedLabelInSize) {
    EXPECT_EQ(asm_error("f:\n\tsync\n\t.size f, end-f\n"),
              "dir/k.s:3:11: error: undefined label 'end'");
}

TEST(AssemblerError, LabelOfOtherFileNeedsGlobl) {
    EXPECT_EQ(build_error({{"a.s", "\tjplnk helper\n"}, {"b.s", "helper:\n\tjr $ra\n"}}),
              "a.s:1:8: error: undefined label 'helper'");
}

TEST(AssemblerError, DuplicateGlobal) {
    EXPECT_EQ(build_error({{"a.s", "\t.globl f\nf:\tsync\n"}, {"b.s", "\t.globl f\nf:\tsync\n"}}),
              "b.s: error: duplicate global symbol 'f' (also defined in a.s)");
    EXPECT_EQ(build_error({{"a.s", "\t.globl _Z7barrierj\n_Z7barrierj:\tsync\n"}}),
              "mvp_builtins.s: error: duplicate global symbol '_Z7barrierj' (also defined in a.s)");
}

TEST(AssemblerError, BranchToDataLabel) {
    EXPECT_EQ(build_error({{"a.s", "\tjp tbl\n\t.data\ntbl:\t.word 1\n"}}),
              "a.s:1:5: error: 'tbl' is a data label; a branch or jump needs a code label");
}

TEST(AssemblerError, UnreadableFile) {
    try {
        build_program_from_files({"no/such/file.s"});
        FAIL();
    } catch (const AsmError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "no/such/file.s: error: cannot read file: No such file or directory");
    }
}

}  // namespace
}  // namespace mvp::toolchain
