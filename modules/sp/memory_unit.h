#pragma once

#include <cstdint>
#include <vector>

#include "instruction_queue.h"
#include "modules/ldst/warp_memory_request.h"
#include "warp_instruction.h"

namespace mvp {

class SpPipeline;

// The LD/ST units of EX (-mvpgpu_num_ldst_units_per_sp, U): address generation and the
// hand-off to the LD/ST memory pipeline (Ldst). A memory instruction enters the AGU from its
// RF->EX register when the AGU is free; its W lanes take ceil(W / U) cycles. Per lane it
// computes the effective address (isa::effective_address) and checks it, in lane order:
// alignment first (isa::is_aligned), then the address map (local [0, local size), global
// [0x80000000, + global size); the whole access must lie inside one of them). A failing lane
// faults the kernel before anything reaches memory. After its last AGU cycle the instruction
// waits in the LD/ST unit's output queue (2 entries, in order) until Ldst can accept it; it
// is issued at most one per cycle, in order. Ldst completes instructions in issue order; the
// values it returns (loads: isa::load_result; atomics: the old word, the atomic itself is
// performed in memory) are written back by WB at the edge after the completion.
class MemoryUnit {
  public:
    explicit MemoryUnit(SpPipeline& sp);

    bool tick(uint64_t now);
    // Drops every memory instruction (the SP's reset; the LD/ST unit is reset with it).
    void reset();
    void complete(const WarpMemoryResult& result);

    // Nothing waiting to be sent (instructions at the memory do not count: their completion
    // wakes the SP).
    bool idle() const { return queue_.empty(); }
    // The head of the queue waits for the LD/ST memory pipeline, which will wake the SP when
    // it can accept (memory_want_space): no reason to stay awake for it.
    bool waiting_for_space() const { return waiting_for_space_; }
    // Counts `cycles` slept through in the state of the last tick.
    void charge_slept(uint64_t cycles);
    std::vector<WarpInstruction*>& completed() { return completed_; }
    unsigned outstanding() const { return static_cast<unsigned>(at_memory_.size()); }

    uint64_t busy_cycles = 0;  // AGU cycles
    uint64_t instructions = 0;

  private:
    static constexpr unsigned kQueueDepth = 2;
    bool check(WarpInstruction* wi);

    SpPipeline& sp_;
    uint64_t agu_free_ = 0;
    bool waiting_for_space_ = false;
    InstructionQueue queue_{kQueueDepth};  // address generated, waiting for Ldst
    InstructionQueue at_memory_{32};       // issued to Ldst, in order
    std::vector<WarpInstruction*> completed_;
    WarpMemoryRequest request_;
};

}  // namespace mvp
