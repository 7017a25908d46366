#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "direct_port.h"
#include "divergence_policy.h"
#include "fetch_if.h"
#include "issue_if.h"
#include "lane_mask.h"
#include "modules/isa/instruction.h"
#include "pipeline_register_if.h"
#include "register_file_if.h"
#include "scoreboard_if.h"
#include "sp_control.h"
#include "thdc_if.h"

namespace mvp {

// IS: picks, each cycle, up to -mvpgpu_issue_width instructions (one per warp) from the
// running warps, round robin starting after the warp that issued last. Under MP-IPDOM a warp
// has several splits, in the policy's order (the order the SIMT stack would run them): IS
// first offers each warp's first split, as PDOM would, then, with issue slots left, the
// warps' other splits; those issue a memory instruction only into an empty memory pipeline.
// So the extra splits use slots PDOM leaves idle without taking any from it. A split may issue
// when
//   - its threads are not at a barrier, it has no branch in flight (branches resolve in EX0)
//     and, under the stall and switch THDC policies, no memory instruction of its threads (of
//     the warp under PDOM) is outstanding;
//   - the head of its instruction buffer is decoded and at the split's PC;
//   - the scoreboard allows it (RAW on the sources, WAW on the destination, per lane mask);
//   - the IS->RF pipeline register of its pipe has room.
// At issue the instruction's source operands are read for its lanes (functionally: the
// register file is the architectural state, written when a result is produced), its
// destination is reserved, and the split moves on: sync arrives at the barrier, exit ends the
// lanes, any other non-control instruction advances the split to PC + 8 (which may reach a
// reconvergence point). Control instructions leave the split where it is until EX0 resolves
// them.
//
// When nothing issues while warps are resident, the cycle is charged to one stall reason: the
// highest-ranked reason among the running warps, in the order of the enum below from the last
// (pipeline busy) down to the first (no running warp).
//
// A split that waits for an event (an empty slot, the barrier, a branch in flight, a memory
// instruction, an instruction not yet fetched) keeps its stall reason, as a ready bit would,
// until FE, EX or THDC signal an event of its warp (IssueIf: resolved, wake); a split stalled on
// the scoreboard or a full pipe repeats only those checks every cycle until then.
//
// Ports: `thdc` (running set, barrier and memory holds, issue bookkeeping), `fetch` (the
// instruction buffers), `divergence` (the splits; control events), `scoreboard`, `rf` (operand
// reads), `rf_stage` (the IS->RF pipeline registers), `memory_pipe` (whether the LD/ST units'
// pipe is drained, for secondary splits). Exports IssueIf (the module itself) to FE, EX and
// THDC.
class Issue : public sc_core::sc_module, public IssueIf {
  public:
    enum Stall : uint8_t {
        kIssued = 0,
        kNoWarp,        // no running warp with a split (all waiting, finished or switching)
        kIbufferEmpty,  // the instruction is not fetched yet
        kControl,       // a branch of the split is being resolved
        kBarrier,       // at a work-group barrier
        kMemory,        // waiting for a memory instruction (stall/switch policies)
        kScoreboard,    // RAW/WAW on a register
        kPipelineBusy,  // the IS->RF register of the pipe is full (RF or the unit is busy)
        kNumStalls
    };
    static const char* stall_name(Stall s);

    Issue(const sc_core::sc_module_name& name, SpControl& sp);

    DirectPort<ThdcIf> thdc;
    DirectPort<FetchIf> fetch;
    DirectPort<DivergencePolicy> divergence;
    DirectPort<ScoreboardIf> scoreboard;
    DirectPort<RegisterFileIf> rf;
    DirectPort<PipelineRegisterIf> rf_stage;
    DirectPort<PipelineRegisterIf> memory_pipe;

    // Sizes the per-split state: one per split slot of the divergence unit.
    void init(unsigned max_splits);
    // As after init(): no branch pending, round robin from the first place (the SP's reset).
    void reset();
    bool tick(uint64_t now);

    void start(unsigned warp);
    // EX0 resolved the control instruction of the split.
    void resolved(unsigned warp, unsigned slot) override {
        warps_[warp].control &= ~(1u << slot);
        wake(warp);
    }
    void wake(unsigned warp) override {
        WarpState& ws = warps_[warp];
        ws.waiting = 0;
        ws.fronted = 0;
        ws.ordered = false;
    }

    uint64_t stall_cycles[kNumStalls] = {};
    // Counts `cycles` slept through after the last tick, charged to its stall reason.
    void charge_slept(uint64_t cycles) {
        if (last_stall_ != kIssued) stall_cycles[last_stall_] += cycles;
    }
    // Cycles in which a warp issued from one split while another of its splits could have
    // issued too (MP-IPDOM: the parallelism the independent splits expose).
    uint64_t multi_ready_cycles = 0;

    // Traced per warp (VCD): PC of the first split, instruction buffer occupancy, active mask
    // and the warp's stall reason, updated while the warp is running.
    std::vector<uint32_t> trace_pc;
    std::vector<uint32_t> trace_ibuffer;
    std::vector<uint64_t> trace_mask;
    std::vector<uint32_t> trace_stall;

    // The instruction a split slot of a warp last offered to issue (the scoreboard checks and
    // the divergence policy's calls are about it): the context of an RTL lockstep report
    // (modules/rtl), recorded only when the SP has an RTL block. slot -1: the warp's slot
    // offered last.
    struct Offered {
        bool valid = false;
        uint32_t pc = 0;
        LaneMask mask = 0;
        isa::Instruction in{};
    };
    const Offered& offered(unsigned warp, int slot) const {
        return offered_[warp * slots_ + (slot < 0 ? last_offered_[warp] : unsigned(slot))];
    }

  private:
    // Per warp: what each of its splits waits for, the splits whose head instruction passed the
    // checks before the scoreboard's, and its splits in the policy's order (MP-IPDOM), kept until
    // an event wakes the warp. Not kept with the VCD (IS traces the warps' state each cycle) or
    // an RTL block (its reports name the instruction each split offered last).
    struct WarpState {
        uint32_t waiting = 0;     // the slots whose wait is known (waits)
        uint32_t fronted = 0;     // the slots whose head passed (with the lanes in front_masks_)
        uint32_t control = 0;     // the slots with a control instruction in flight
        uint32_t code_bytes = 0;  // latched when the warp starts
        uint32_t group = 0;
        bool ordered = false;
        uint8_t count = 0;
        uint8_t order[32] = {};
        Stall waits[32] = {};
    };
    // Per place of the running set, in the current cycle: the warp and its stall reason so far.
    struct PlaceState {
        const WarpState* warp = nullptr;
        Stall stall = kNoWarp;
    };

    WarpState& ordered(unsigned warp) {
        WarpState& ws = warps_[warp];
        if (!ws.ordered) {
            ws.count = static_cast<uint8_t>(divergence->schedule(warp, ws.order));
            ws.ordered = keep_waits_;
        }
        return ws;
    }
    // Offers a split: the event it waits for, if known, or an attempt to issue it (logged);
    // kNumStalls when the SP stopped.
    Stall attempt(unsigned warp, unsigned slot, bool secondary, uint64_t now);
    // The split waits for an event that wakes its warp: the stall holds until then.
    Stall wait(unsigned warp, unsigned slot, Stall stall) {
        if (keep_waits_) {
            WarpState& ws = warps_[warp];
            ws.waits[slot] = stall;
            ws.waiting |= 1u << slot;
        }
        return stall;
    }
    // The split's head instruction passed the checks before the scoreboard's: only those are
    // made again until an event wakes the warp.
    Stall fronted(unsigned warp, unsigned slot, LaneMask mask, Stall stall) {
        if (keep_waits_) {
            warps_[warp].fronted |= 1u << slot;
            front_masks_[warp * slots_ + slot] = mask;
        }
        return stall;
    }
    // The scoreboard lets the instruction issue for these lanes (RAW on the sources, WAW on the
    // destination, a free reservation).
    bool scoreboard_allows(unsigned warp, const isa::Instruction& in, LaneMask mask, uint64_t now);
    // secondary: the split is not its warp's first.
    Stall try_issue(unsigned warp, unsigned slot, bool secondary, uint64_t now);
    // Another split of the warp than order[k], the one that issued, could have issued too.
    bool other_ready(unsigned warp, const WarpState& ws, unsigned k, uint64_t now);
    Stall last_stall_ = kIssued;  // what the last tick charged (kIssued: nothing)
    void trace_splits(unsigned warp, const WarpState& ws);
    // The split could issue now (no side effect; the pipe's room is not checked).
    bool ready(unsigned warp, unsigned slot, uint64_t now);
    void offer(unsigned warp, unsigned slot, uint32_t pc, LaneMask mask,
               const isa::Instruction& in) {
        if (!record_offers_) return;
        offered_[warp * slots_ + slot] = Offered{true, pc, mask, in};
        last_offered_[warp] = static_cast<uint8_t>(slot);
    }

    SpControl& sp_;
    unsigned slots_ = 1;
    bool record_offers_ = false;  // an RTL block is in the SP (its reports read them)
    bool tracing_ = false;        // the VCD tracer was on when the SP was built (it traces trace_*)
    std::vector<Offered> offered_;
    std::vector<uint8_t> last_offered_;
    bool keep_waits_ = false;
    std::vector<WarpState> warps_;
    std::vector<LaneMask> front_masks_;
    std::vector<PlaceState> place_state_;
    unsigned rr_ = 0;
};

}  // namespace mvp
