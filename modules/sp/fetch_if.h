#pragma once

#include <cstdint>
#include <systemc>

#include "instruction_buffer.h"
#include "lane_mask.h"

namespace mvp {

// FE's interface: the instruction buffers are the FE -> IS pipeline register (IS takes the head
// of a split's buffer), and the control events that redirect fetch.
class FetchIf : public virtual sc_core::sc_interface {
  public:
    // A divergent branch whose reconvergence PC is in the image's far table
    // (isa::Reconvergence): FE reads entry `index` through its ICC port.
    struct FarBranch {
        unsigned warp = 0;
        unsigned slot = 0;
        uint32_t pc = 0;
        LaneMask taken = 0;
        uint32_t target = 0;
        uint32_t index = 0;
    };

    virtual const InstructionBuffer& buffer(unsigned warp, unsigned slot) = 0;
    // IS takes the head instruction of the split's buffer (it issued).
    virtual void take(unsigned warp, unsigned slot) = 0;
    // A warp starts: buffers empty, fetch from the divergence unit's splits.
    virtual void start(unsigned warp) = 0;
    // Re-reads the warp's splits after a divergence event and flushes buffers that no longer
    // match.
    virtual void sync(unsigned warp) = 0;
    // Drops the warp's buffered instructions (switched out of the running set).
    virtual void flush(unsigned warp) = 0;
    virtual void read_reconvergence(const FarBranch& branch) = 0;
};

}  // namespace mvp
