#pragma once

#include <systemc>

namespace mvp {

// IS's interface toward EX and FE: the control instruction of a split has resolved (the split
// may issue again).
class IssueIf : public virtual sc_core::sc_interface {
  public:
    virtual void resolved(unsigned warp, unsigned slot) = 0;
};

}  // namespace mvp
