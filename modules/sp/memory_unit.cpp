#include "memory_unit.h"

#include <algorithm>

#include "modules/isa/semantics.h"

namespace mvp {

using isa::Opcode;

MemoryUnit::MemoryUnit(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name), sp_(sp), rf_ex_(sp.params.rf_ex_width[SpParams::kPipeMem]) {
    completed_.reserve(16);
}

bool MemoryUnit::check(WarpInstruction* wi) {
    SpControl& sp = sp_;
    const Opcode op = wi->in.op;
    const unsigned size = isa::access_size(op);
    const uint64_t global_base = 0x80000000u;
    for (LaneMask m = wi->mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        const uint32_t addr = isa::effective_address(wi->in, wi->rs[lane]);
        wi->address[lane] = addr;
        if (!isa::is_aligned(op, addr)) {
            sp.fault(wi->warp, lane, wi->pc, "misaligned access", addr, true);
            return false;
        }
        const bool local =
            addr < sp.params.local_mem_bytes && uint64_t{addr} + size <= sp.params.local_mem_bytes;
        const bool global = addr >= global_base &&
                            uint64_t{addr} - global_base + size <= sp.params.global_mem_bytes;
        if (!local && !global) {
            sp.fault(wi->warp, lane, wi->pc, "unmapped address", addr, true);
            return false;
        }
    }
    return true;
}

void MemoryUnit::reset() {
    agu_free_ = 0;
    waiting_for_space_ = false;
    queue_ = InstructionQueue{kQueueDepth};
    at_memory_ = InstructionQueue{32};
    completed_.clear();
    rf_ex_.clear();
}

void MemoryUnit::charge_slept(uint64_t cycles) {
    if (waiting_for_space_) sp_.counters.memory_stall_cycles += cycles;
}

bool MemoryUnit::tick(uint64_t now) {
    bool moved = false;
    waiting_for_space_ = false;
    // AGU: the next memory instruction from its RF->EX register.
    PipelineLatch& latch = rf_ex_;
    if (!latch.empty() && agu_free_ <= now && queue_.size() < kQueueDepth) {
        WarpInstruction* wi = latch.front();
        latch.pop();
        const uint32_t passes =
            (sp_.params.warp_size + sp_.params.ldst_units - 1) / sp_.params.ldst_units;
        agu_free_ = now + passes;
        busy_cycles += passes;
        ++instructions;
        wi->ex_cycle = now;
        wi->wb_cycle = now + passes - 1;  // the cycle it may leave for the Ldst
        if (!check(wi)) return true;
        queue_.push_back(wi);
        moved = true;
        const Opcode op = wi->in.op;
        if (isa::is_load(op)) {
            ++sp_.counters.loads;
        } else if (isa::is_store(op)) {
            ++sp_.counters.stores;
        } else {
            ++sp_.counters.atomics;
        }
    }
    // Hand-off to the memory pipeline, in order, one per cycle.
    if (!queue_.empty() && queue_.front()->wb_cycle <= now) {
        if (!memory_can_accept || !memory_can_accept()) {
            ++sp_.counters.memory_stall_cycles;
            if (!memory_want_space) return true;  // polled: stay awake while it waits
            waiting_for_space_ = true;
            memory_want_space();
            return moved;
        }
        WarpInstruction* wi = queue_.front();
        queue_.pop_front();
        WarpMemoryRequest& r = request_;
        r.id = wi->seq;
        r.warp = wi->warp;
        r.op = wi->in.op;
        r.pc = wi->pc;
        r.lane_mask = wi->mask;
        for (LaneMask m = wi->mask; m; m &= m - 1) {
            const unsigned lane = lowest_lane(m);
            r.address[lane] = wi->address[lane];
            r.data[lane] = wi->rt[lane];
            r.compare[lane] = wi->rd_old[lane];
        }
        at_memory_.push_back(wi);
        memory_issue(r);
        moved = true;
    } else if (!queue_.empty()) {
        moved = true;  // an AGU pass is still going on
    }
    return moved;
}

void MemoryUnit::complete(const WarpMemoryResult& result) {
    if (at_memory_.empty() || at_memory_.front()->seq != result.id) {
        SC_REPORT_ERROR("mvp/sp", "memory completion out of order or for an unknown instruction");
        return;
    }
    WarpInstruction* wi = at_memory_.front();
    at_memory_.pop_front();
    if (result.error) {
        // An error response from memory: the instruction faults (reported at the SP's next
        // edge, which stops the pipeline).
        sp_.fault(wi->warp, result.error_lane, wi->pc, result.error, result.error_address, true);
        sp_.wake_at(sp_.clock.now() + 1);
        return;
    }
    const Opcode op = wi->in.op;
    if (!isa::is_store(op)) {
        for (LaneMask m = wi->mask; m; m &= m - 1) {
            const unsigned lane = lowest_lane(m);
            wi->result[lane] =
                isa::is_load(op) ? isa::load_result(op, result.value[lane]) : result.value[lane];
        }
    }
    // Written back at the edge after the completion.
    const uint64_t now = sp_.clock.now();
    wi->wb_cycle = now + 1;
    completed_.push_back(wi);
    sp_.wake_at(now + 1);
}

void MemoryUnit::collect(uint64_t now, std::vector<WarpInstruction*>& out) {
    if (completed_.empty()) return;
    size_t keep = 0;
    for (WarpInstruction* wi : completed_) {
        if (wi->wb_cycle <= now) {
            out.push_back(wi);
        } else {
            completed_[keep++] = wi;
        }
    }
    completed_.resize(keep);
}

}  // namespace mvp
