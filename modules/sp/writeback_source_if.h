#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "warp_instruction.h"

namespace mvp {

// A unit whose results WB writes back: EX (the INT, FP, SFU and branch units) and the LD/ST
// units. WB collects the instructions due at `now`, chooses the oldest it can write back in
// the cycle and takes them.
class WritebackSourceIf : public virtual sc_core::sc_interface {
  public:
    // Moves the instructions due at WB by `now` into `out` (appended).
    virtual void collect(uint64_t now, std::vector<WarpInstruction*>& out) = 0;
    // Returns an instruction WB collected but could not write back in this cycle (more were due
    // than it retires per cycle); it is offered again next cycle.
    virtual void give_back(WarpInstruction* wi) = 0;
};

}  // namespace mvp
