#pragma once

#include <algorithm>
#include <cstdint>
#include <systemc>
#include <vector>

#include "direct_port.h"
#include "divergence_policy.h"
#include "fetch_if.h"
#include "issue_if.h"
#include "pipeline_latch.h"
#include "pipeline_register_if.h"
#include "register_file_if.h"
#include "scoreboard_if.h"
#include "sp_control.h"
#include "thdc_if.h"
#include "warp_instruction.h"
#include "writeback_source_if.h"

namespace mvp {

// EX: the INT32 ALU/MAC, FP32 and SFU units and the branch unit. (The LD/ST units are the
// MemoryUnit.) Each RF->EX register feeds EX0 with at most one instruction per cycle, in
// order, when its unit can take it.
//
// A unit type has U units (lanes), a latency L and an initiation interval I per latency class
// (-ptx_opcode_latency_int/_fp, -ptx_opcode_initiation_int/_fp; I = 0 means 1). A warp
// instruction of W lanes takes ceil(W / U) passes through the U units, one pass every I
// cycles: it enters EX0 at cycle e, the unit takes the next instruction at e + passes * I,
// and the last pass leaves EX(L-1) at e + (passes - 1) * I + L - 1, so the instruction is
// written back at wb = e + (passes - 1) * I + L. With the default L = 3 these are the MVP's
// EX0-EX2 stages. The full warp width W counts, whatever lanes are active.
//
// The result is on the bypass when the last pass leaves EX(L-1): an instruction that needs it
// may issue at wb - 2, so that it reads its other operands in RF at wb - 1 and takes this one
// from the bypass entering EX0 at wb. A chain of dependent instructions of latency L on
// enough units therefore issues one every L cycles. The values are computed (modules/isa)
// when the instruction enters EX0 and written to the architectural register file then; the
// write-back at wb releases the scoreboard and makes the retirement visible.
//
// Branch unit: control instructions (branches, jp, jplnk, jr) resolve in EX0, where the
// policy learns the outcome and fetch is redirected; $ra of jplnk is forwardable from then.
// They then pass the remaining ALU stages and retire like an integer add (wb = e + the ADD
// latency), which keeps the INT pipe's write-back in program order. A branch issued at t
// resolves at t + 2: the next instruction of the split issues at t + 2 when it was already
// fetched (fall-through), or after the refetch otherwise (taken: t + 2 + ICC latency + 1).
// sync and exit act at issue and go through the branch unit only to retire.
//
// Ports: `scoreboard` (results forwardable), `rf` (results and special registers),
// `divergence`, `fetch`, `issue` (a resolved branch: the splits change, fetch is redirected,
// the split may issue again), `thdc` (the code image size jumps are checked against). Exports
// (the module itself) PipelineRegisterIf, its RF->EX registers (the INT, SP and SFU pipes), to
// RF, and WritebackSourceIf to WB.
class Execute : public sc_core::sc_module, public PipelineRegisterIf, public WritebackSourceIf {
  public:
    struct Unit {
        const char* name = "";
        uint32_t lanes = 1;
        uint64_t next_free = 0;
        uint64_t busy_cycles = 0;  // cycles the unit's lanes were taking passes
        uint64_t instructions = 0;
    };

    Execute(const sc_core::sc_module_name& name, SpControl& sp);

    DirectPort<ScoreboardIf> scoreboard;
    DirectPort<RegisterFileIf> rf;
    DirectPort<DivergencePolicy> divergence;
    DirectPort<FetchIf> fetch;
    DirectPort<IssueIf> issue;
    DirectPort<ThdcIf> thdc;

    bool tick(uint64_t now);
    // Nothing in the RF->EX registers or the units.
    bool empty() const;
    // Drops every instruction (the SP's reset).
    void reset();

    // PipelineRegisterIf: the RF->EX registers of the INT, SP and SFU pipes.
    bool full(unsigned pipe) const override { return rf_ex_[pipe].full(); }
    bool empty(unsigned pipe) const override { return rf_ex_[pipe].empty(); }
    void push(WarpInstruction* wi) override {
        rf_ex_[wi->pipe].push(wi);
        ++waiting_;
    }
    bool drained(unsigned pipe) const override {
        return rf_ex_[pipe].empty() && in_flight_.empty();
    }
    // WritebackSourceIf: instructions in EX, each due at WB at its wb_cycle.
    void collect(uint64_t now, std::vector<WarpInstruction*>& out) override;
    void give_back(WarpInstruction* wi) override { enter(wi); }

    Unit int_unit;
    Unit fp_unit;
    Unit sfu_unit;
    uint64_t branch_instructions = 0;

  private:
    void start(WarpInstruction* wi, Unit* unit, uint64_t now);
    void resolve(WarpInstruction* wi, uint64_t now);
    Unit* unit_of(const WarpInstruction& wi);
    // The instruction is in the units until WB takes it at its wb_cycle.
    void enter(WarpInstruction* wi) {
        in_flight_.push_back(wi);
        next_due_ = std::min(next_due_, wi->wb_cycle);
    }

    SpControl& sp_;
    PipelineLatch rf_ex_[SpParams::kNumPipes];
    unsigned waiting_ = 0;  // instructions in the RF->EX registers
    std::vector<WarpInstruction*> in_flight_;
    uint64_t next_due_ = UINT64_MAX;  // the earliest wb_cycle in in_flight_
};

}  // namespace mvp
