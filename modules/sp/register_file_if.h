#pragma once

#include <cstdint>
#include <systemc>

#include "lane_mask.h"

namespace mvp {

// The register file's warp-wide ports: IS reads the operands of an issued instruction, EX and
// WB write a result register for the lanes of an instruction (writes to $zero are dropped), and
// WB tells the bank model which bank it writes in the cycle (a write has priority over a read
// of the same bank in the collector model). Per-lane values are indexed by lane.
class RegisterFileIf : public virtual sc_core::sc_interface {
  public:
    // Registers ra, rb and rc of the warp's lanes in `mask` into a, b and c.
    virtual void read(unsigned warp, LaneMask mask, unsigned ra, unsigned rb, unsigned rc,
                      uint32_t* a, uint32_t* b, uint32_t* c) const = 0;
    virtual uint32_t read_special(unsigned thread, unsigned index) const = 0;
    virtual void write(unsigned warp, LaneMask mask, unsigned reg, const uint32_t* values) = 0;
    virtual void note_write(unsigned warp, unsigned reg, uint64_t now) = 0;
};

}  // namespace mvp
