#include <gtest/gtest.h>

#include <sstream>

#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"

namespace mvp::toolchain {
namespace {

const std::string kSource =
    "\t.globl k\n"
    "\t.type k,@function\n"
    "k:\n"
    "\tor.i $3, $zero, tbl+4\n"
    "\tbeq $4, $zero, out\n"
    "\tjplnk _Z13get_global_idj\n"
    "out:\tjr $ra\n"
    "\t.data\n"
    "tbl:\t.word 1, tbl, 0x3f800000\n"
    "\t.float 2.5\n";

std::string bytes_of(const ObjectFile& obj) {
    std::ostringstream os;
    obj.write(os);
    return os.str();
}

std::string bytes_of(const Program& p) {
    std::ostringstream os;
    p.write(os);
    return os.str();
}

ObjectFile read_object(const std::string& bytes) {
    std::istringstream is(bytes);
    return ObjectFile::read(is);
}

Program read_program(const std::string& bytes) {
    std::istringstream is(bytes);
    return Program::read(is);
}

void expect_same(const SourceLine& a, const SourceLine& b) {
    EXPECT_EQ(a.file, b.file);
    EXPECT_EQ(a.line, b.line);
    EXPECT_EQ(a.text, b.text);
}

void expect_same(const Symbol& a, const Symbol& b) {
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.section, b.section);
    EXPECT_EQ(a.value, b.value);
    EXPECT_EQ(a.global, b.global);
}

void expect_same(const Function& a, const Function& b) {
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.start_pc, b.start_pc);
    EXPECT_EQ(a.end_pc, b.end_pc);
}

template <typename T>
void expect_same(const std::vector<T>& a, const std::vector<T>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) expect_same(a[i], b[i]);
}

TEST(ObjectFormat, RoundTrip) {
    ObjectFile obj = assemble("src/k.s", kSource);
    ObjectFile back = read_object(bytes_of(obj));
    EXPECT_EQ(back.file, "src/k.s");
    EXPECT_EQ(back.code, obj.code);
    expect_same(back.lines, obj.lines);
    EXPECT_EQ(back.data, obj.data);
    expect_same(back.symbols, obj.symbols);
    expect_same(back.functions, obj.functions);
    ASSERT_EQ(back.relocations.size(), 4u);
    for (size_t i = 0; i < obj.relocations.size(); ++i) {
        const Relocation& a = obj.relocations[i];
        const Relocation& b = back.relocations[i];
        EXPECT_EQ(a.site, b.site);
        EXPECT_EQ(a.offset, b.offset);
        EXPECT_EQ(a.symbol, b.symbol);
        EXPECT_EQ(a.addend, b.addend);
        EXPECT_EQ(a.line, b.line);
        EXPECT_EQ(a.column, b.column);
    }
    EXPECT_EQ(bytes_of(back), bytes_of(obj));
}

TEST(ObjectFormat, HeaderLayout) {
    std::string b = bytes_of(assemble("e.s", ""));
    ASSERT_GE(b.size(), 12u);
    EXPECT_EQ(b.substr(0, 4), "MVPO");
    EXPECT_EQ(b.substr(4, 4), std::string("\x02\x00\x00\x00", 4));   // version 2
    EXPECT_EQ(b.substr(8, 4), std::string("\x07\x00\x00\x00", 4));   // 7 sections
    EXPECT_EQ(b.substr(12, 4), std::string("\x01\x00\x00\x00", 4));  // section 1: file
    EXPECT_EQ(b.substr(16, 4), std::string("\x0f\x00\x00\x00", 4));  // 15 bytes
    EXPECT_EQ(b.substr(20, 7), std::string("\x03\x00\x00\x00"
                                           "e.s",
                                           7));
}

TEST(ProgramFormat, RoundTrip) {
    Program p = build_program({{"src/k.s", kSource}});
    ASSERT_FALSE(p.code_data_relocs.empty());
    ASSERT_FALSE(p.data_data_relocs.empty());
    Program back = read_program(bytes_of(p));
    EXPECT_EQ(back.files, p.files);
    EXPECT_EQ(back.code, p.code);
    expect_same(back.lines, p.lines);
    EXPECT_EQ(back.data, p.data);
    EXPECT_EQ(back.code_data_relocs, p.code_data_relocs);
    EXPECT_EQ(back.data_data_relocs, p.data_data_relocs);
    expect_same(back.symbols, p.symbols);
    expect_same(back.functions, p.functions);
    EXPECT_EQ(back.reconvergence, p.reconvergence);
    EXPECT_EQ(back.exit_stub_pc, p.exit_stub_pc);
    EXPECT_EQ(back.user_code_end, p.user_code_end);
    EXPECT_EQ(listing(back), listing(p));
    EXPECT_EQ(bytes_of(back), bytes_of(p));
}

std::string message_of_object(const std::string& bytes) {
    try {
        read_object(bytes);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "no error";
}

std::string message_of_program(const std::string& bytes) {
    try {
        read_program(bytes);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "no error";
}

TEST(ObjectFormat, EveryTruncationIsRejected) {
    std::string b = bytes_of(assemble("k.s", kSource));
    for (size_t n = 0; n < b.size(); ++n)
        EXPECT_NE(message_of_object(b.substr(0, n)), "no error") << n;
    EXPECT_EQ(message_of_object(""), "malformed .mvpo file: bad magic number (not a MVPO file)");
    EXPECT_EQ(message_of_object(b.substr(0, 10)),
              "malformed .mvpo file: truncated: sections needs 4 bytes at offset 8, 2 left");
}

TEST(ProgramFormat, EveryTruncationIsRejected) {
    std::string b = bytes_of(build_program({{"k.s", kSource}}));
    for (size_t n = 0; n < b.size(); ++n)
        EXPECT_NE(message_of_program(b.substr(0, n)), "no error") << n;
    EXPECT_EQ(message_of_program(b + "x"), "malformed .mvpx file: 1 unexpected trailing bytes");
}

TEST(ProgramFormat, CorruptionIsReportedNotCrashed) {
    std::string good = bytes_of(build_program({{"k.s", kSource}}));
    EXPECT_EQ(message_of_program(bytes_of(assemble("k.s", kSource))),
              "malformed .mvpx file: bad magic number (not a MVPX file)");
    std::string v = good;
    v[4] = 9;
    EXPECT_EQ(message_of_program(v), "malformed .mvpx file: unsupported version 9 (expected 4)");
    // The first section is "files": id 1 at offset 12, size at 16, count at 20.
    std::string c = good;
    c[23] = '\x7f';
    EXPECT_NE(message_of_program(c).find("malformed .mvpx file: section 'files': count"),
              std::string::npos);
    std::string id = good;
    id[12] = 42;
    EXPECT_EQ(message_of_program(id), "malformed .mvpx file: unknown section id 42");
    // Flipping any single byte either still reads or throws std::runtime_error.
    for (size_t i = 0; i < good.size(); ++i) {
        std::string f = good;
        f[i] = static_cast<char>(f[i] ^ 0xa5);
        message_of_program(f);
    }
}

TEST(ProgramFormat, InconsistentTablesAreRejected) {
    Program p = build_program({{"k.s", kSource}});
    Program bad = p;
    bad.reconvergence.pop_back();
    EXPECT_NE(message_of_program(bytes_of(bad)).find("section 'reconvergence': has"),
              std::string::npos);
    bad = p;
    bad.code_data_relocs.push_back(static_cast<uint32_t>(p.code.size()));
    EXPECT_NE(message_of_program(bytes_of(bad)).find("lies outside the code"), std::string::npos);
    bad = p;
    bad.lines[0].file = 7;
    EXPECT_EQ(message_of_program(bytes_of(bad)),
              "malformed .mvpx file: section 'lines': source line names file 7");
    bad = p;
    ASSERT_EQ(bad.reconvergence[1], 0x18u);  // beq at PC 8, its field says 2 instructions on
    bad.reconvergence[1] = kReconvergeAtExit;
    EXPECT_EQ(message_of_program(bytes_of(bad)),
              "malformed .mvpx file: section 'reconvergence': the reconvergence field of the "
              "branch at PC 8 disagrees with the reconvergence section");
    bad = p;
    bad.user_code_end = 4;
    EXPECT_EQ(message_of_program(bytes_of(bad)),
              "malformed .mvpx file: section 'layout': user code end 4 lies outside the code");
}

}  // namespace
}  // namespace mvp::toolchain
