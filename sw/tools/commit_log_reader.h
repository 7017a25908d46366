#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::tools {

// Reads a commit log (doc/commit-log.md) into its lines' fields, checking the format: a line
// that is not a commit-log line, or a truncated last line, throws TraceError naming the file
// and the line.
class CommitLogReader {
  public:
    struct Entry {
        uint64_t cycle = 0;
        unsigned sp = 0;
        unsigned warp = 0;
        uint64_t mask = 0;
        uint32_t pc = 0;
        std::string source;       // inside the parentheses: "k.s:7", "-"
        std::string instruction;  // as written, or the disassembly
        std::string effects;      // after " | ", "" when the line has none
        size_t line = 0;          // 1-based line in the file
        std::string text;         // the whole line

        // The mnemonic: the instruction up to its first blank.
        std::string mnemonic() const { return instruction.substr(0, instruction.find(' ')); }
        // The effect of one lane ("$5=0x...@0x..."); "" when the line has none for the lane.
        std::string lane_effect(unsigned lane) const;
    };

    static std::vector<Entry> read(const std::string& path);
    // One line; `file` and `line` name it in errors.
    static Entry parse(const std::string& text, const std::string& file, size_t line);
};

}  // namespace mvp::tools
