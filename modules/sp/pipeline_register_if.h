#pragma once

#include <systemc>

#include "warp_instruction.h"

namespace mvp {

// The input pipeline register of a stage, as the stage before it sees it: IS -> RF (the operand
// collector's) and RF -> EX (the execution units' and the LD/ST units'), one register per pipe
// (SpParams::Pipe). The stage before pushes at most what fits; the stage behind takes at the
// earliest in the next cycle (stages are evaluated in reverse pipeline order).
class PipelineRegisterIf : public virtual sc_core::sc_interface {
  public:
    virtual bool full(unsigned pipe) const = 0;
    virtual bool empty(unsigned pipe) const = 0;
    // Pushes into the register of wi->pipe.
    virtual void push(WarpInstruction* wi) = 0;
    // The register of `pipe` and the stage behind it hold nothing and the stage could take an
    // instruction now (the issue rule of a secondary MP-IPDOM split for memory).
    virtual bool drained(unsigned pipe) const = 0;
};

}  // namespace mvp
