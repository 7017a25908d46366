#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "direct_port.h"
#include "register_file_if.h"
#include "scoreboard_if.h"
#include "sp_control.h"
#include "thdc_if.h"
#include "warp_instruction.h"
#include "writeback_source_if.h"

namespace mvp {

// WB: writes results back and retires instructions, at most EX_WB
// (-mvpgpu_pipeline_widths) per cycle, oldest first among those due (EX results at their
// wb_cycle, memory completions at the edge after Ldst reports them). Load and atomic values
// are written to the register file here; every instruction releases its scoreboard
// reservation, tells the register file model which bank it writes, leaves its line in the
// commit log and is counted as retired.
//
// Ports: `ex_results` and `memory_results` (the units whose results it writes back), `rf`
// (load values, the bank written), `scoreboard` (release), `thdc` (retire bookkeeping).
class Writeback : public sc_core::sc_module {
  public:
    Writeback(const sc_core::sc_module_name& name, SpControl& sp);

    DirectPort<WritebackSourceIf> ex_results;
    DirectPort<WritebackSourceIf> memory_results;
    DirectPort<RegisterFileIf> rf;
    DirectPort<ScoreboardIf> scoreboard;
    DirectPort<ThdcIf> thdc;

    bool tick(uint64_t now);

  private:
    void retire(WarpInstruction* wi, uint64_t now);

    SpControl& sp_;
    std::vector<WarpInstruction*> due_;
};

}  // namespace mvp
