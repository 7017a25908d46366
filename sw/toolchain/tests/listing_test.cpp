#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"

namespace mvp::toolchain {
namespace {

// The kernel and listing are the project's copies of the shared _cl_hello.s/.lst.
const std::string kKernel = std::string(MVP_SOURCE_DIR) + "/sw/kernels/cl_hello/_cl_hello.s";
const std::string kListing = std::string(MVP_SOURCE_DIR) + "/sw/kernels/cl_hello/_cl_hello.lst";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << path;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(Listing, MatchesClHelloByteForByte) {
    Program p = build_program_from_files({kKernel});
    EXPECT_EQ(listing(p), slurp(kListing));
}

TEST(Listing, ShowsBaseNameWhateverThePath) {
    Program p = build_program({{"some/dir/_cl_hello.s", slurp(kKernel)}});
    EXPECT_EQ(listing(p), slurp(kListing));
    EXPECT_EQ(p.files[0], "_cl_hello.s");
    EXPECT_EQ(p.files[1], "mvp_builtins.s");
}

TEST(Listing, OnlyUserInstructions) {
    Program p = build_program({{"a.s", "\tadd.si\t$2,  $zero,\t7   # comment\n\texit  \n"}});
    EXPECT_EQ(listing(p), "PC=0x0000 (a.s:1) add.si $2,  $zero,\t7\nPC=0x0008 (a.s:2) exit\n");
    EXPECT_GT(p.code.size(), 2u);
}

TEST(Listing, PcWiderThanFourDigits) {
    std::string src;
    for (int i = 0; i < 0x2001; ++i) src += "sync\n";
    Program p = build_program({{"big.s", src}});
    std::string l = listing(p);
    EXPECT_NE(l.find("PC=0xfff8 (big.s:8192) sync\nPC=0x10000 (big.s:8193) sync\n"),
              std::string::npos);
}

TEST(ClHello, ProgramLayout) {
    Program p = build_program_from_files({kKernel});
    EXPECT_EQ(p.user_code_end, 0xc8u);
    EXPECT_EQ(p.where(0x58), "_cl_hello.s:24");
    EXPECT_EQ(p.where(0xc0), "_cl_hello.s:39");
    EXPECT_EQ(p.lines[0x58 / 8].text, "beq $4, $zero, .LBB0_2");

    const Symbol* square = p.find_symbol("square");
    ASSERT_NE(square, nullptr);
    EXPECT_EQ(square->value, 0u);
    EXPECT_EQ(p.find_symbol(".LBB0_2"), nullptr);  // local

    const Symbol* gid = p.find_symbol("_Z13get_global_idj");
    ASSERT_NE(gid, nullptr);
    EXPECT_EQ(gid->value, 0xc8u);
    isa::Instruction call;
    ASSERT_TRUE(isa::decode(p.code[0x38 / 8], &call));
    EXPECT_EQ(call.op, isa::Opcode::kJplnk);
    EXPECT_EQ(call.imm, 0xc8);

    const Symbol* stub = p.find_symbol("__mvp_exit_stub");
    ASSERT_NE(stub, nullptr);
    EXPECT_EQ(p.exit_stub_pc, stub->value);
    EXPECT_EQ(p.exit_stub_pc, p.code_bytes() - 8);

    const Function* f = p.function_at(0x58);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->name, "square");
    EXPECT_EQ(f->start_pc, 0u);
    EXPECT_EQ(f->end_pc, 0xc8u);
    ASSERT_NE(p.function_at(0xc8), nullptr);
    EXPECT_EQ(p.function_at(0xc8)->name, "_Z13get_global_idj");
    EXPECT_EQ(p.function_at(p.code_bytes()), nullptr);

    ASSERT_EQ(p.reconvergence.size(), p.code.size());
    EXPECT_EQ(p.reconvergence[0x58 / 8], 0x90u);
    EXPECT_EQ(p.reconvergence[0x60 / 8], kNoReconvergence);
}

TEST(ClHello, EncodeDecodeDisassembleRoundTrip) {
    Program p = build_program_from_files({kKernel});
    for (size_t i = 0; i < p.code.size(); ++i) {
        isa::Instruction in;
        ASSERT_TRUE(isa::decode(p.code[i], &in)) << i;
        EXPECT_EQ(isa::encode(in), p.code[i]) << i;
        if (isa::info(in.op).format == isa::Format::kBranch ||
            isa::info(in.op).format == isa::Format::kJump)
            continue;  // the disassembly shows targets as PCs, the assembler wants labels
        std::string text = isa::disassemble(in);
        ObjectFile again = assemble("again.s", text + "\n");
        ASSERT_EQ(again.code.size(), 1u) << text;
        EXPECT_EQ(again.code[0], p.code[i]) << text;
    }
    auto dis = [&](uint32_t pc) {
        isa::Instruction in;
        EXPECT_TRUE(isa::decode(p.code[pc / 8], &in));
        return isa::disassemble(in);
    };
    EXPECT_EQ(dis(0x00), "sub $0, $0, $0");
    EXPECT_EQ(dis(0x08), "add.si $14, $14, -56");
    EXPECT_EQ(dis(0x10), "st.w $15, 52($14)");
    EXPECT_EQ(dis(0x38), "jplnk 0x00c8");
    EXPECT_EQ(dis(0x58), "beq $4, $0, 0x0090");
    EXPECT_EQ(dis(0x60), "jp 0x0068");
    EXPECT_EQ(dis(0xc0), "jr $15");
    EXPECT_EQ(dis(0xc8 + 3 * 8), "rdsr $2, $4, %global_id");
}

TEST(Runtime, LibrarySourceIsEmbedded) {
    std::string embedded = runtime_library_source();
    EXPECT_EQ(embedded, slurp(std::string(MVP_SOURCE_DIR) + "/sw/runtime/mvp_builtins.s"));
}

}  // namespace
}  // namespace mvp::toolchain
