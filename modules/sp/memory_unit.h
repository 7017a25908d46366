#pragma once

#include <cstdint>
#include <functional>
#include <systemc>
#include <vector>

#include "instruction_queue.h"
#include "modules/ldst/warp_memory_request.h"
#include "pipeline_latch.h"
#include "pipeline_register_if.h"
#include "sp_control.h"
#include "warp_instruction.h"
#include "writeback_source_if.h"

namespace mvp {

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
//
// Ports: the memory side (`memory_can_accept`, `memory_issue`, `memory_want_space`, and
// complete() back, bound by the Sp to its Ldst; tests bind fakes). Exports (the module itself)
// PipelineRegisterIf, the memory pipe's RF->EX register, to RF and IS, and WritebackSourceIf
// (completed instructions) to WB.
class MemoryUnit : public sc_core::sc_module, public PipelineRegisterIf, public WritebackSourceIf {
  public:
    MemoryUnit(const sc_core::sc_module_name& name, SpControl& sp);

    std::function<bool()> memory_can_accept;
    std::function<void(const WarpMemoryRequest&)> memory_issue;
    // Optional: asks the memory pipeline to wake the SP when it can accept again (without it the
    // SP polls memory_can_accept every cycle while an instruction waits).
    std::function<void()> memory_want_space;

    bool tick(uint64_t now);
    // Drops every memory instruction (the SP's reset; the LD/ST unit is reset with it).
    void reset();
    void complete(const WarpMemoryResult& result);

    // Nothing waiting to be sent (instructions at the memory do not count: their completion
    // wakes the SP).
    bool idle() const { return queue_.empty(); }
    bool input_empty() const { return rf_ex_.empty(); }
    // The head of the queue waits for the LD/ST memory pipeline, which will wake the SP when
    // it can accept (memory_want_space): no reason to stay awake for it.
    bool waiting_for_space() const { return waiting_for_space_; }
    // Counts `cycles` slept through in the state of the last tick.
    void charge_slept(uint64_t cycles);
    // The SP goes to sleep. A split that may issue a memory instruction only into a drained
    // memory pipeline (IS) waits, like the unit's own queue, for the LD/ST memory pipeline to
    // accept again: the pipeline is asked to wake the SP then, at the edge a polling SP would
    // see it.
    void before_sleep() {
        if (!waiting_for_space_ && memory_want_space && memory_can_accept && !memory_can_accept())
            memory_want_space();
    }
    const std::vector<WarpInstruction*>& completed() const { return completed_; }

    // PipelineRegisterIf: the memory pipe's RF->EX register.
    bool full(unsigned) const override { return rf_ex_.full(); }
    bool empty(unsigned) const override { return rf_ex_.empty(); }
    void push(WarpInstruction* wi) override { rf_ex_.push(wi); }
    bool drained(unsigned) const override {
        return rf_ex_.empty() && queue_.empty() && memory_can_accept();
    }
    // WritebackSourceIf: completed instructions, due at the edge after their completion.
    void collect(uint64_t now, std::vector<WarpInstruction*>& out) override;
    void give_back(WarpInstruction* wi) override { completed_.push_back(wi); }
    unsigned outstanding() const { return static_cast<unsigned>(at_memory_.size()); }

    uint64_t busy_cycles = 0;  // AGU cycles
    uint64_t instructions = 0;

  private:
    static constexpr unsigned kQueueDepth = 2;
    bool check(WarpInstruction* wi);

    SpControl& sp_;
    PipelineLatch rf_ex_;
    uint64_t agu_free_ = 0;
    bool waiting_for_space_ = false;
    InstructionQueue queue_{kQueueDepth};  // address generated, waiting for Ldst
    InstructionQueue at_memory_{32};       // issued to Ldst, in order
    std::vector<WarpInstruction*> completed_;
    WarpMemoryRequest request_;
};

}  // namespace mvp
