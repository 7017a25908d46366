#pragma once

#include <cstdint>
#include <string>

#include "modules/isa/instruction.h"
#include "modules/sim/clock_domain.h"
#include "sp_counters.h"
#include "sp_params.h"
#include "warp_instruction.h"
#include "warp_instruction_pool.h"

namespace mvp {

class PipelineLog;

// What every block of the SP pipeline shares with its SP rather than with a neighbour: the
// parameters, the core clock, the SP's counters, the pool of in-flight warp instructions, and
// the SP's control (a fault stops the SP, a block that worked keeps it awake, a block that
// waits for a timer wakes it). Blocks reach their neighbours only through their ports.
class SpControl {
  public:
    SpControl(const SpParams& p, sim::ClockDomain& c)
        : params(p), clock(c), pool(p.warp_size, 64) {}
    virtual ~SpControl() = default;
    SpControl(const SpControl&) = delete;
    SpControl& operator=(const SpControl&) = delete;

    const SpParams params;
    sim::ClockDomain& clock;
    SpCounters counters;
    WarpInstructionPool pool;
    uint64_t next_seq = 0;  // issue order, SP-wide
    // The pipeline log the stages stamp into (doc/sp-pipeline.md); nullptr: off.
    PipelineLog* pipeline_log = nullptr;

    // Stops the SP with a fault of lane `lane` of `warp` at `pc`, in the golden model's format.
    virtual void fault(unsigned warp, unsigned lane, uint32_t pc, const char* what,
                       uint32_t address, bool has_address) = 0;
    // The SP stopped (a fault, the watchdog, the cycle limit): no block does anything more.
    bool stopped() const { return stopped_; }
    // Something happened this cycle (keeps the SP awake for the next).
    virtual void progress() = 0;
    // Wakes the SP at `cycle` (or the next edge) if it sleeps; UINT64_MAX: no-op.
    virtual void wake_at(uint64_t cycle) = 0;
    // WB retired an instruction: the commit log and the watchdog's measure of progress.
    virtual void retired(const WarpInstruction& wi, uint64_t cycle) = 0;

    // Hardware thread slot of a lane.
    unsigned thread(unsigned warp, unsigned lane) const { return warp * params.warp_size + lane; }
    // The pipeline register set an instruction of this unit goes through.
    uint8_t pipe_of(isa::Unit unit) const { return pipe_of_unit_[static_cast<unsigned>(unit)]; }

  protected:
    uint8_t pipe_of_unit_[5] = {};
    bool stopped_ = false;
};

}  // namespace mvp
