#pragma once

#include <cstdint>
#include <string>

#include "lane_mask.h"
#include "modules/isa/instruction.h"

namespace mvp {

class DebugMap;

// One warp instruction retired by WB, as the commit log shows it (doc/commit-log.md). format()
// is the one definition of a commit-log line: the SP's CommitLog writes it, and the trace
// tools (sw/tools, mvp-vcd2commit) rebuild the same line from a waveform's retire port.
struct CommitRecord {
    uint64_t cycle = 0;
    unsigned sp = 0;
    unsigned warp_size = 0;
    unsigned warp = 0;
    LaneMask mask = 0;
    uint32_t pc = 0;
    isa::Instruction in;
    bool writes_rd = false;  // rd != $zero is written (jplnk: $ra)
    // Per lane, read for the lanes of `mask` only (see lane_fields()).
    const uint32_t* value = nullptr;    // the value written to rd (atomics: the old word)
    const uint32_t* address = nullptr;  // memory address; control: the lane's next PC
    const uint32_t* data = nullptr;     // stores: the register stored (rt)

    // The line, without the trailing newline, into `line`; `map` (may be null) gives the
    // source column and the instruction text, the disassembly otherwise.
    void format(const DebugMap* map, std::string* line) const;

    // The per-lane arrays the line of an instruction reads.
    struct LaneFields {
        bool value = false, address = false, data = false;
    };
    static LaneFields lane_fields(const isa::Instruction& in, bool writes_rd);
    // The instruction column: the text the debug map gives for `pc`, or the disassembly (the
    // pipeline log's instruction column too).
    static std::string instruction_text(const DebugMap* map, uint32_t pc,
                                        const isa::Instruction& in);
    // The register a line names when the instruction writes one ($ra for jplnk).
    static unsigned written_reg(const isa::Instruction& in);
};

}  // namespace mvp
