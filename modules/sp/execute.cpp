#include "execute.h"

#include <algorithm>

#include "modules/isa/semantics.h"
#include "modules/isa/special_register.h"

namespace mvp {

using isa::Opcode;

Execute::Execute(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      scoreboard("scoreboard"),
      rf("rf"),
      divergence("divergence"),
      fetch("fetch"),
      issue("issue"),
      thdc("thdc"),
      sp_(sp) {
    for (unsigned p = 0; p < SpParams::kNumPipes; ++p)
        if (p != SpParams::kPipeMem) rf_ex_[p].resize(sp.params.rf_ex_width[p]);
    int_unit.name = "int";
    int_unit.lanes = sp.params.int_units;
    fp_unit.name = "fp";
    fp_unit.lanes = sp.params.fp_units;
    sfu_unit.name = "sfu";
    sfu_unit.lanes = sp.params.sfu_units;
    in_flight_.reserve(64);
}

Execute::Unit* Execute::unit_of(const WarpInstruction& wi) {
    switch (isa::info(wi.in.op).unit) {
        case isa::Unit::kInt:
            return &int_unit;
        case isa::Unit::kFp:
            return &fp_unit;
        case isa::Unit::kSfu:
            return &sfu_unit;
        default:
            return nullptr;  // the branch unit
    }
}

bool Execute::tick(uint64_t now) {
    if (waiting_ == 0) return false;
    bool moved = false;
    for (unsigned p = 0; p < SpParams::kNumPipes; ++p) {
        if (p == SpParams::kPipeMem) continue;
        PipelineLatch& latch = rf_ex_[p];
        if (latch.empty()) continue;
        WarpInstruction* wi = latch.front();
        Unit* unit = unit_of(*wi);
        if (unit && unit->next_free > now) continue;
        latch.pop();
        --waiting_;
        start(wi, unit, now);
        moved = true;
        if (sp_.stopped()) return true;
    }
    return moved;
}

void Execute::start(WarpInstruction* wi, Unit* unit, uint64_t e) {
    SpControl& sp = sp_;
    const isa::Instruction& in = wi->in;
    const unsigned w = wi->warp;
    wi->ex_cycle = e;
    if (!unit) {
        ++branch_instructions;
        // Resolved in EX0; retires through the ALU stages like an integer add, so that the
        // write-back order of the INT pipe stays the program order.
        wi->wb_cycle = e + sp.params.latency_int[static_cast<unsigned>(isa::LatencyClass::kAdd)];
        resolve(wi, e);
        if (wi->sb_handle >= 0) scoreboard->set_ready(w, static_cast<unsigned>(wi->sb_handle), e);
        enter(wi);
        return;
    }
    const isa::OpcodeInfo& info = isa::info(in.op);
    const unsigned cls = static_cast<unsigned>(info.latency);
    const bool is_int = info.unit == isa::Unit::kInt;
    const uint32_t latency = is_int ? sp.params.latency_int[cls] : sp.params.latency_fp[cls];
    const uint32_t interval = is_int ? sp.params.initiation_int[cls] : sp.params.initiation_fp[cls];
    const uint32_t passes = (sp.params.warp_size + unit->lanes - 1) / unit->lanes;
    unit->next_free = e + uint64_t{passes} * interval;
    unit->busy_cycles += uint64_t{passes} * interval;
    ++unit->instructions;
    wi->wb_cycle = e + uint64_t{passes - 1} * interval + latency;

    // The values, computed as the instruction enters EX0.
    const bool rdsr = in.op == Opcode::kRdsr;
    for (LaneMask m = wi->mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        const unsigned t = sp.thread(w, lane);
        uint32_t v;
        if (rdsr) {
            const uint32_t index = static_cast<uint32_t>(in.imm) + wi->rs[lane];
            if (index >= isa::kNumSpecialRegisters) {
                sp.fault(w, lane, wi->pc, "special register out of range", index, true);
                return;
            }
            v = rf->read_special(t, index);
        } else {
            v = isa::compute(in, wi->rs[lane], wi->rt[lane], wi->rd_old[lane]);
        }
        wi->result[lane] = v;
    }
    if (wi->writes_rd) rf->write(w, wi->mask, in.rd, wi->result);
    if (wi->sb_handle >= 0) {
        const uint64_t ready = wi->wb_cycle >= e + 2 ? wi->wb_cycle - 2 : e;
        scoreboard->set_ready(w, static_cast<unsigned>(wi->sb_handle), ready);
    }
    enter(wi);
}

void Execute::resolve(WarpInstruction* wi, uint64_t) {
    SpControl& sp = sp_;
    const isa::Instruction& in = wi->in;
    const Opcode op = in.op;
    if (op == Opcode::kSync || op == Opcode::kExit) return;
    const unsigned w = wi->warp;
    const uint32_t pc = wi->pc;
    const uint32_t code_bytes = thdc->code_bytes_of(w);
    // Every lane's next PC (kept for the commit log), checked against the code image.
    LaneMask taken = 0;
    for (LaneMask m = wi->mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        const uint32_t next = isa::next_pc(in, pc, wi->rs[lane], wi->rt[lane]);
        if (next >= code_bytes || (next & (isa::kInstBytes - 1))) {
            sp.fault(w, lane, pc, "jump outside the code image", next, true);
            return;
        }
        wi->address[lane] = next;
        if (isa::is_conditional_branch(op) && isa::branch_taken(op, wi->rs[lane], wi->rt[lane]))
            taken |= LaneMask{1} << lane;
    }
    wi->taken = taken;
    const unsigned slot = wi->slot;
    switch (op) {
        case Opcode::kJp:
            divergence->on_jump(w, slot, static_cast<uint32_t>(in.imm));
            break;
        case Opcode::kJplnk:
            for (LaneMask m = wi->mask; m; m &= m - 1)
                wi->result[lowest_lane(m)] = isa::link_value(pc);
            rf->write(w, wi->mask, isa::kRegRa, wi->result);
            divergence->on_call(w, slot, static_cast<uint32_t>(in.imm), pc + isa::kInstBytes);
            break;
        case Opcode::kJr:
            divergence->on_indirect(w, slot, wi->address, in.rs == isa::kRegRa);
            break;
        default: {
            ++sp.counters.branches;
            if (taken) ++sp.counters.taken_branches;
            if (taken && taken != wi->mask) ++sp.counters.divergent_branches;
            // The reconvergence PC comes with the branch word; only a divergent branch needs
            // it. One too far for the field is in the image's table: FE reads the entry
            // through the ICC and the branch completes when it arrives (Fetch::
            // read_reconvergence), the split waiting meanwhile.
            const isa::Reconvergence r = isa::decode_reconvergence(in.rcv, pc);
            const bool divergent = taken && taken != wi->mask;
            if (divergent && r.kind == isa::Reconvergence::Kind::kInTable) {
                fetch->read_reconvergence(
                    {w, slot, pc, taken, static_cast<uint32_t>(in.imm), r.value});
                return;
            }
            const uint32_t rpc =
                r.kind == isa::Reconvergence::Kind::kAtPc ? r.value : isa::kReconvergeAtExit;
            divergence->on_branch(w, slot, taken, static_cast<uint32_t>(in.imm),
                                  pc + isa::kInstBytes, rpc);
            break;
        }
    }
    issue->resolved(w, slot);
    fetch->sync(w);
}

}  // namespace mvp

namespace mvp {

bool Execute::empty() const {
    for (const PipelineLatch& l : rf_ex_)
        if (!l.empty()) return false;
    return in_flight_.empty();
}

void Execute::reset() {
    for (PipelineLatch& l : rf_ex_) l.clear();
    waiting_ = 0;
    in_flight_.clear();
    next_due_ = UINT64_MAX;
    for (Unit* u : {&int_unit, &fp_unit, &sfu_unit}) u->next_free = 0;
}

void Execute::collect(uint64_t now, std::vector<WarpInstruction*>& out) {
    if (now < next_due_) return;
    size_t keep = 0;
    next_due_ = UINT64_MAX;
    for (WarpInstruction* wi : in_flight_) {
        if (wi->wb_cycle <= now) {
            out.push_back(wi);
        } else {
            in_flight_[keep++] = wi;
            next_due_ = std::min(next_due_, wi->wb_cycle);
        }
    }
    in_flight_.resize(keep);
}

}  // namespace mvp
