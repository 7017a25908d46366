#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "program.h"

namespace mvp::toolchain {

// A reference to a symbol that the linker resolves: the instruction's immediate (kCode) or a
// data word (kData) receives the symbol's value plus addend.
struct Relocation {
    enum class Site : uint8_t { kCode, kData };
    Site site = Site::kCode;
    uint32_t offset = 0;  // instruction index (kCode) or byte offset in the data (kData)
    std::string symbol;
    int32_t addend = 0;
    uint32_t line = 0;  // source line and column of the reference, for link errors
    uint32_t column = 0;
};

// One assembled source file (the .mvpo format of doc/toolchain.md). Code PCs and data offsets
// start at 0; the linker places the files one after the other.
struct ObjectFile {
    std::string file;  // source path as given to the assembler
    std::vector<uint64_t> code;
    std::vector<SourceLine> lines;  // SourceLine::file is 0 (this object's own file)
    // High-level source files named by .file N "name"; SourceLine::origin_file indexes them.
    std::vector<std::string> origin_files;
    uint32_t local_bytes = 0;  // the .lmem section: kernel-scope __local variables
    std::vector<uint8_t> data;
    std::vector<Symbol> symbols;  // defined here; local unless .globl
    std::vector<Relocation> relocations;
    std::vector<Function> functions;  // from labels typed @function (.type/.ent)

    void write(std::ostream& os) const;
    static ObjectFile read(std::istream& is);
};

}  // namespace mvp::toolchain
