#pragma once

#include <cstdint>
#include <string>

namespace mvp {

// What a debugger's symbol table says about the code at a PC: the source line it came from and
// the instruction as written. The host registers one per loaded program (Cp::
// register_debug_map) so that fault messages, hang reports and the commit log can name source
// lines. It is never read to decide what the hardware does: a run without it is identical,
// cycle for cycle, and its messages name PCs only.
class DebugMap {
  public:
    virtual ~DebugMap() = default;

    // True when the map describes the instruction at pc.
    virtual bool describes(uint32_t pc) const = 0;
    // "file.s:24", or "kernel.cl:7:12 file.s:24" for compiled OpenCL C.
    virtual std::string where(uint32_t pc) const = 0;
    // The instruction as written ("add $1, $2, $3").
    virtual std::string text(uint32_t pc) const = 0;

    // " (where) text" (with_text) or " (where)" for the messages of the model; "" when `map`
    // is null or does not describe pc.
    static std::string annotate(const DebugMap* map, uint32_t pc, bool with_text);
};

}  // namespace mvp
