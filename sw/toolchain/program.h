#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "modules/isa/instruction.h"

namespace mvp::toolchain {

// A reconvergence PC that means "the end of the function": the divergent paths of the branch
// meet again only when they return (jr $ra) or end (exit, fall-off).
inline constexpr uint32_t kReconvergeAtExit = 0xffffffffu;
inline constexpr uint32_t kNoReconvergence = 0xfffffffeu;

// Where an instruction came from, for listings, commit logs and fault messages.
struct SourceLine {
    uint32_t file = 0;  // index into Program::files
    uint32_t line = 0;  // 1-based
    std::string text;   // as written: no comment, no trailing blanks, one space after mnemonic
};

struct Symbol {
    enum class Section : uint8_t { kCode, kData };
    std::string name;
    Section section = Section::kCode;
    uint32_t value = 0;  // PC for code, offset in the data segment for data
    bool global = false;
};

struct Function {
    std::string name;
    uint32_t start_pc = 0;
    uint32_t end_pc = 0;  // one past the last instruction
};

// A linked MVP program: the code image starting at PC 0, its initial data segment and
// everything the tools and models need to know about it. The on-disk form is documented in
// doc/toolchain.md.
struct Program {
    std::vector<std::string> files;  // source file names as shown in listings (base names)
    std::vector<uint64_t> code;      // machine words; the instruction at PC p is code[p / 8]
    std::vector<SourceLine> lines;   // one per instruction
    std::vector<uint8_t> data;       // initial data segment
    // Instructions (by index) whose immediate is an offset into the data segment, and data
    // words (by byte offset) that hold one: the loader adds the segment's device address.
    std::vector<uint32_t> code_data_relocs;
    std::vector<uint32_t> data_data_relocs;
    std::vector<Symbol> symbols;
    std::vector<Function> functions;
    // Per instruction: for a conditional branch its reconvergence PC (the immediate
    // post-dominator of the branch, or kReconvergeAtExit); kNoReconvergence otherwise.
    std::vector<uint32_t> reconvergence;
    uint32_t exit_stub_pc = 0;   // where $ra points when a kernel starts
    uint32_t user_code_end = 0;  // PCs below this come from the user's files, not the runtime

    uint32_t code_bytes() const { return static_cast<uint32_t>(code.size()) * isa::kInstBytes; }

    // The global symbol of that name, or nullptr.
    const Symbol* find_symbol(const std::string& name) const;
    // The function that contains pc, or nullptr.
    const Function* function_at(uint32_t pc) const;
    // "file.s:24" for the instruction at pc.
    std::string where(uint32_t pc) const;
    // The code image with data relocations applied for a data segment at data_base, and the
    // data segment likewise.
    std::vector<uint64_t> relocated_code(uint32_t data_base) const;
    std::vector<uint8_t> relocated_data(uint32_t data_base) const;

    // Binary serialisation (the .mvpx format of doc/toolchain.md). read() throws
    // std::runtime_error naming what is wrong with a malformed file.
    void write(std::ostream& os) const;
    static Program read(std::istream& is);
};

}  // namespace mvp::toolchain
