#include "sw/toolchain/linker.h"

#include <gtest/gtest.h>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"

namespace mvp::toolchain {
namespace {

isa::Instruction at(const Program& p, uint32_t pc) {
    isa::Instruction in;
    EXPECT_TRUE(isa::decode(p.code.at(pc / 8), &in));
    return in;
}

Program link_sources(const std::vector<SourceFile>& sources) {
    std::vector<ObjectFile> objects;
    for (const SourceFile& s : sources) objects.push_back(assemble(s.path, s.text));
    return link(objects, objects.size());
}

TEST(Linker, PlacesObjectsAndResolvesOwnLabelsFirst) {
    Program p = link_sources({
        {"a.s",
         "\t.globl main\n"
         "main:\n"
         "\tjplnk helper\n"  // 0x00 -> b.s helper (global)
         "\tjp local\n"      // 0x08 -> a.s local
         "local:\n"
         "\texit\n"},  // 0x10
        {"b.s",
         "local:\n"
         "\tjp local\n"  // 0x18 -> b.s local
         "\t.globl helper\n"
         "helper:\n"
         "\tjr $ra\n"},  // 0x20
    });
    EXPECT_EQ(at(p, 0x00).imm, 0x20);
    EXPECT_EQ(at(p, 0x08).imm, 0x10);
    EXPECT_EQ(at(p, 0x18).imm, 0x18);
    EXPECT_EQ(p.files, (std::vector<std::string>{"a.s", "b.s"}));
    EXPECT_EQ(p.where(0x18), "b.s:2");
    EXPECT_EQ(p.user_code_end, 0x28u);
    EXPECT_EQ(p.exit_stub_pc, 0x28u);  // no __mvp_exit_stub: one past the code
    ASSERT_EQ(p.symbols.size(), 4u);
    EXPECT_EQ(p.symbols[2].name, "local");
    EXPECT_EQ(p.symbols[2].value, 0x18u);
    EXPECT_FALSE(p.symbols[2].global);
    EXPECT_EQ(p.find_symbol("local"), nullptr);
    ASSERT_NE(p.find_symbol("helper"), nullptr);
    EXPECT_EQ(p.find_symbol("helper")->value, 0x20u);
}

TEST(Linker, UserCodeEndExcludesRuntime) {
    Program p = build_program({{"a.s", "\tsync\n"}, {"b.s", "\tsync\n\tsync\n"}});
    EXPECT_EQ(p.user_code_end, 0x18u);
    EXPECT_GT(p.code_bytes(), 0x18u);
    EXPECT_EQ(p.files.back(), "mvp_builtins.s");
    EXPECT_EQ(p.exit_stub_pc, p.find_symbol("__mvp_exit_stub")->value);
}

TEST(Linker, DataSegmentsAndRelocations) {
    Program p = link_sources({
        {"a.s",
         "\tor.i $3, $zero, tbl\n"     // 0: data label -> code_data_reloc
         "\tld.w $4, tbl+4($zero)\n"   // 1: likewise
         "\tor.i $5, $zero, code+8\n"  // 2: code label: its PC, no relocation
         "\t.globl code\n"
         "code:\n"
         "\texit\n"
         "\t.data\n"
         "\t.byte 9\n"
         "\t.globl tbl\n"
         "tbl:\t.word 10, 20\n"},  // a.s data: 9 0 0 0 | 10 | 20 -> tbl at 4
        {"b.s",
         "\t.data\n"
         "\t.byte 1\n"  // b.s data starts at 12
         "ptrs:\t.word tbl+8, code, ptrs\n"},
    });
    EXPECT_EQ(at(p, 0).imm, 4);
    EXPECT_EQ(at(p, 8).imm, 8);
    EXPECT_EQ(at(p, 16).imm, 0x20);
    EXPECT_EQ(p.code_data_relocs, (std::vector<uint32_t>{0, 1}));
    const std::vector<uint8_t> data = {9, 0, 0,  0, 10, 0, 0,    0, 20, 0, 0,  0, 1, 0,
                                       0, 0, 12, 0, 0,  0, 0x18, 0, 0,  0, 16, 0, 0, 0};
    EXPECT_EQ(p.data, data);
    EXPECT_EQ(p.data_data_relocs, (std::vector<uint32_t>{16, 24}));

    const uint32_t base = 0x80001000u;
    std::vector<uint64_t> code = p.relocated_code(base);
    EXPECT_EQ(code[0] >> 32, base + 4);
    EXPECT_EQ(code[1] >> 32, base + 8);
    EXPECT_EQ(code[2] >> 32, 0x20u);
    EXPECT_EQ(code[0] & 0xffffffffu, p.code[0] & 0xffffffffu);
    std::vector<uint8_t> d = p.relocated_data(base);
    auto word = [&](size_t i) {
        return uint32_t{d[i]} | uint32_t{d[i + 1]} << 8 | uint32_t{d[i + 2]} << 16 |
               uint32_t{d[i + 3]} << 24;
    };
    EXPECT_EQ(word(16), base + 12);
    EXPECT_EQ(word(20), 0x18u);
    EXPECT_EQ(word(24), base + 16);
    EXPECT_EQ(word(4), 10u);
}

TEST(Linker, FunctionsPartitionEveryInstruction) {
    Program p = link_sources({
        {"a.s",
         "\tsync\n"  // 0x00 implicit a.s:1
         "\t.globl k\n"
         "k:\tjplnk leaf\n"   // 0x08 k
         "\tjplnk g\n"        // 0x10
         "\tjr $ra\n"         // 0x18
         "leaf:\tjr $ra\n"},  // 0x20 leaf (local jplnk target)
        {"b.s",
         "\tsync\n"  // 0x28 implicit b.s:1
         "\t.globl g\n"
         "g:\tjr $ra\n"  // 0x30 g
         "\t.type h,@function\n"
         "h:\tsync\n"  // 0x38 h
         "\t.size h, 8\n"
         "rest:\texit\n"},  // 0x40 after .size: its own function
    });
    struct F {
        const char* name;
        uint32_t start, end;
    };
    const std::vector<F> expected = {{"a.s:1", 0x00, 0x08}, {"k", 0x08, 0x20}, {"leaf", 0x20, 0x28},
                                     {"b.s:1", 0x28, 0x30}, {"g", 0x30, 0x38}, {"h", 0x38, 0x40},
                                     {"rest", 0x40, 0x48}};
    ASSERT_EQ(p.functions.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(p.functions[i].name, expected[i].name);
        EXPECT_EQ(p.functions[i].start_pc, expected[i].start);
        EXPECT_EQ(p.functions[i].end_pc, expected[i].end);
    }
    for (uint32_t pc = 0; pc < p.code_bytes(); pc += 8) {
        int owners = 0;
        for (const Function& f : p.functions) owners += f.start_pc <= pc && pc < f.end_pc;
        EXPECT_EQ(owners, 1) << pc;
    }
    EXPECT_EQ(p.function_at(0x18)->name, "k");
    EXPECT_EQ(p.function_at(0x48), nullptr);
}

TEST(Linker, CallIntoTheMiddleOfAnObjectsFunctionSplitsIt) {
    ObjectFile a = assemble("a.s", "\tjplnk inner\n\texit\n");
    ObjectFile b =
        assemble("b.s", "\t.globl outer\nouter:\tsync\n\t.globl inner\ninner:\tjr $ra\n");
    b.functions = {{"outer", 0, 16}};  // as another tool might have written it
    Program p = link({a, b}, 2);
    ASSERT_EQ(p.functions.size(), 3u);
    EXPECT_EQ(p.functions[1].name, "outer");
    EXPECT_EQ(p.functions[1].end_pc, 0x18u);
    EXPECT_EQ(p.functions[2].name, "inner");
    EXPECT_EQ(p.functions[2].start_pc, 0x18u);
    EXPECT_EQ(p.functions[2].end_pc, 0x20u);
}

TEST(Linker, ReconvergenceIsComputed) {
    Program p = link_sources({{"a.s",
                               "\tbeq $4, $zero, skip\n"  // 0x00
                               "\tadd $2, $2, $2\n"       // 0x08
                               "skip:\n"
                               "\tjr $ra\n"}});  // 0x10
    ASSERT_EQ(p.reconvergence.size(), 3u);
    EXPECT_EQ(p.reconvergence[0], 0x10u);
    EXPECT_EQ(p.reconvergence[1], kNoReconvergence);
    EXPECT_EQ(p.reconvergence[2], kNoReconvergence);
}

TEST(Linker, WhereOutsideTheCode) {
    Program p = link_sources({{"a.s", "\tsync\n"}});
    EXPECT_EQ(p.where(0), "a.s:1");
    EXPECT_EQ(p.where(8), "?");
    EXPECT_EQ(p.where(4), "?");
}

}  // namespace
}  // namespace mvp::toolchain
