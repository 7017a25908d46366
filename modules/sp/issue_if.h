#pragma once

#include <systemc>

namespace mvp {

// IS's interface toward FE, EX and THDC: the events that end a split's wait. IS keeps, per split
// slot, what the split waits for (an empty slot, a barrier, a branch in flight, a memory
// instruction, an instruction not yet in its buffer) and does not evaluate the split again until
// one of these events is signalled for its warp.
class IssueIf : public virtual sc_core::sc_interface {
  public:
    // The control instruction of a split has resolved (the split may issue again).
    virtual void resolved(unsigned warp, unsigned slot) = 0;
    // Something the warp's splits may wait for has happened: its splits changed (FE's sync, a
    // flush, a start), an instruction arrived in one of its buffers, or a memory instruction of
    // it completed.
    virtual void wake(unsigned warp) = 0;
};

}  // namespace mvp
