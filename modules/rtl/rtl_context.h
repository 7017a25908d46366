#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "modules/isa/instruction.h"
#include "modules/sp/lane_mask.h"

namespace mvp {
class DebugMap;
}

namespace mvp::rtl {

// The instruction behind a call of a block, as the pipeline knows it (its issue stage), for a
// lockstep report: PC, lanes and the decoded word, and the program's debug map for its source
// line. known is false when the call has no instruction (a warp starts, a barrier releases);
// decoded is false when the PC and lanes are known but not the word.
struct RtlContext {
    bool known = false;
    bool decoded = false;
    uint32_t pc = 0;
    LaneMask mask = 0;
    isa::Instruction in{};
    const DebugMap* debug = nullptr;
};

// What the SP gives its RTL blocks (modules/rtl/rtl_blocks.h).
struct RtlHooks {
    std::string sp_path;  // "mvp.gpc0.tpc0.sm0.sp0"
    unsigned sp_id = 0;
    std::string report_prefix;  // -mvpgpu_rtl_report
    // The SP's cycle: the current one within its evaluation; between evaluations (a warp
    // started by the command processor) that of its last evaluation.
    std::function<uint64_t()> cycle;
    // The instruction the issue stage last offered from (warp, slot); slot -1: from the warp's
    // split it tried last.
    std::function<RtlContext(unsigned warp, int slot)> context;
    // Stops the SP with a one-line error (its fault path: on_error, the CP's run error).
    std::function<void(const std::string& message)> stop;
};

}  // namespace mvp::rtl
