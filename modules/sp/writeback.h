#pragma once

#include <cstdint>
#include <vector>

#include "warp_instruction.h"

namespace mvp {

class SpPipeline;

// WB: writes results back and retires instructions, at most EX_WB
// (-mvpgpu_pipeline_widths) per cycle, oldest first among those due (EX results at their
// wb_cycle, memory completions at the edge after Ldst reports them). Load and atomic values
// are written to the register file here; every instruction releases its scoreboard
// reservation, tells the register file model which bank it writes, leaves its line in the
// commit log and is counted as retired.
class Writeback {
  public:
    explicit Writeback(SpPipeline& sp);
    bool tick(uint64_t now);

  private:
    void retire(WarpInstruction* wi, uint64_t now);

    SpPipeline& sp_;
    std::vector<WarpInstruction*> due_;
};

}  // namespace mvp
