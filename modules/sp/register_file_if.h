#pragma once

#include <cstdint>
#include <systemc>

namespace mvp {

// The register file's ports: IS reads the operands of an issued instruction, EX and WB write
// results (writes to $zero are dropped), and WB tells the bank model which bank it writes in
// the cycle (a write has priority over a read of the same bank in the collector model).
class RegisterFileIf : public virtual sc_core::sc_interface {
  public:
    virtual const uint32_t* gpr(unsigned thread) const = 0;
    virtual const uint32_t* special(unsigned thread) const = 0;
    virtual void write(unsigned thread, unsigned reg, uint32_t value) = 0;
    virtual void note_write(unsigned warp, unsigned reg, uint64_t now) = 0;
};

}  // namespace mvp
