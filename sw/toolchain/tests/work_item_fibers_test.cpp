#include "sw/toolchain/work_item_fibers.h"

#include <gtest/gtest.h>

#include "modules/isa/special_register.h"
#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/linker.h"

namespace mvp::toolchain {
namespace {

isa::Instruction decoded(uint64_t word) {
    isa::Instruction in;
    EXPECT_TRUE(isa::decode(word, &in));
    return in;
}

// Work-item reads become loads from the fiber's context, sync a call of the barrier routine
// with $ra kept below $sp, exit a jump to the fiber exit; labels, functions and relocations
// follow the instructions they named.
TEST(WorkItemFibers, RewritesReadsBarriersAndExitsAndMovesWhatNamesThem) {
    const ObjectFile in = assemble("k.s",
                                   "\t.globl k\n"
                                   "\t.type k,@function\n"
                                   "k:\n"
                                   "\trdsr $5, $zero, %local_id+1\n"  // 0
                                   "\trdsr $2, $4, %global_size\n"    // 1
                                   "\tsync\n"                         // 2
                                   "\trdsr $6, $zero, %group_id+2\n"  // 3: stays
                                   "\tbeq $5, $zero, done\n"          // 4
                                   "\texit\n"                         // 5
                                   "done:\n"
                                   "\tjr $ra\n");  // 6
    const ObjectFile out = fiber_object(in, 1024);
    ASSERT_EQ(out.code.size(), 2u + 4u + 3u + 1u + 1u + 1u + 1u);
    ASSERT_EQ(out.lines.size(), out.code.size());
    isa::Instruction i = decoded(out.code[0]);
    EXPECT_EQ(i.op, isa::Opcode::kAndI);
    EXPECT_EQ(i.rd, 5);
    EXPECT_EQ(i.rs, isa::kRegSp);
    EXPECT_EQ(i.imm, -1024);
    i = decoded(out.code[1]);
    EXPECT_EQ(i.op, isa::Opcode::kLdW);
    EXPECT_EQ(i.imm, static_cast<int32_t>(kFiberLocalId + 4));
    // rd = $2, index $4: the region's base in $3.
    EXPECT_EQ(decoded(out.code[2]).op, isa::Opcode::kAndI);
    EXPECT_EQ(decoded(out.code[2]).rd, 3);
    EXPECT_EQ(decoded(out.code[3]).op, isa::Opcode::kSfllI);
    EXPECT_EQ(decoded(out.code[4]).op, isa::Opcode::kAdd);
    EXPECT_EQ(decoded(out.code[5]).imm, static_cast<int32_t>(kFiberGlobalSize));
    EXPECT_EQ(decoded(out.code[6]).op, isa::Opcode::kStW);
    EXPECT_EQ(decoded(out.code[7]).op, isa::Opcode::kJplnk);
    EXPECT_EQ(decoded(out.code[8]).op, isa::Opcode::kLdW);
    EXPECT_EQ(decoded(out.code[8]).rd, isa::kRegRa);
    i = decoded(out.code[9]);
    EXPECT_EQ(i.op, isa::Opcode::kRdsr);
    EXPECT_EQ(i.imm, static_cast<int32_t>(isa::SpecialRegister::kGroupId) + 2);
    EXPECT_EQ(decoded(out.code[10]).op, isa::Opcode::kBeq);
    EXPECT_EQ(decoded(out.code[11]).op, isa::Opcode::kJp);
    bool barrier = false, exit = false, branch = false;
    for (const Relocation& r : out.relocations) {
        barrier |= r.symbol == "__mvp_fiber_barrier" && r.offset == 7;
        exit |= r.symbol == "__mvp_fiber_exit" && r.offset == 11;
        branch |= r.symbol == "done" && r.offset == 10;
    }
    EXPECT_TRUE(barrier);
    EXPECT_TRUE(exit);
    EXPECT_TRUE(branch);
    for (const Symbol& s : out.symbols) {
        if (s.name == "done") EXPECT_EQ(s.value, 12u * 8);
    }
    ASSERT_EQ(out.functions.size(), 1u);
    EXPECT_EQ(out.functions[0].end_pc, 13u * 8);
}

// A register-indexed read whose destination and index take both scratch registers cannot be
// rewritten: the error names the file and line.
TEST(WorkItemFibers, AReadWithNoScratchRegisterIsAnError) {
    const ObjectFile in = assemble("k.s", "k:\n\trdsr $2, $3, %local_id\n\tjr $ra\n");
    try {
        fiber_object(in, 512);
        FAIL() << "no error";
    } catch (const AsmError& e) {
        EXPECT_NE(std::string(e.what()).find("k.s:2:"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace mvp::toolchain
