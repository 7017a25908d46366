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
    // Appends the instructions due at WB by `now`.
    virtual void due(uint64_t now, std::vector<WarpInstruction*>& out) const = 0;
    // WB wrote these back (some may be another source's).
    virtual void take(const std::vector<WarpInstruction*>& taken) = 0;
};

}  // namespace mvp
