#include "operand_collector.h"

#include "lane_mask.h"

namespace mvp {

OperandCollector::OperandCollector(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      ex_stage("ex_stage"),
      memory_stage("memory_stage"),
      sp_(sp),
      warp_size_(sp.params.warp_size),
      regs_(sp.params.threads_per_sp),
      collector_(sp.params.rf_model == SpParams::RfModel::kCollector),
      capacity_(collector_ ? sp.params.oc_collectors : sp.params.issue_width) {
    const unsigned banks = collector_ ? sp.params.rf_banks : 2;
    read_cycle_.assign(banks, UINT64_MAX);
    write_cycle_.assign(banks, UINT64_MAX);
    active_.reserve(capacity_);
    for (unsigned p = 0; p < SpParams::kNumPipes; ++p) is_rf_[p].resize(sp.params.is_rf_width[p]);
}

void OperandCollector::reset() {
    active_.clear();
    for (PipelineLatch& l : is_rf_) l.clear();
    waiting_ = 0;
}

bool OperandCollector::empty() const {
    for (const PipelineLatch& l : is_rf_)
        if (!l.empty()) return false;
    return active_.empty();
}

void OperandCollector::note_write(unsigned warp, unsigned reg, uint64_t now) {
    write_cycle_[bank_of(warp, reg)] = now;
}

bool OperandCollector::tick(uint64_t now) {
    if (waiting_ == 0 && active_.empty()) return false;
    bool moved = false;
    // Allocate: the oldest instructions waiting in the IS->RF registers.
    while (waiting_ > 0 && active_.size() < capacity_) {
        int best = -1;
        for (unsigned p = 0; p < SpParams::kNumPipes; ++p) {
            const PipelineLatch& l = is_rf_[p];
            if (!l.empty() && (best < 0 || l.front()->seq < is_rf_[best].front()->seq))
                best = static_cast<int>(p);
        }
        if (best < 0) break;
        active_.push_back(is_rf_[best].front());
        active_.back()->rf_cycle = now;
        is_rf_[best].pop();
        --waiting_;
        moved = true;
    }
    // Read: each bank serves one read per cycle, oldest instruction first.
    for (WarpInstruction* wi : active_) {
        const unsigned all = (1u << wi->num_reads) - 1;
        for (unsigned todo = all & ~static_cast<unsigned>(wi->reads_done | wi->bypass); todo;
             todo &= todo - 1) {
            const unsigned i = static_cast<unsigned>(__builtin_ctz(todo));
            const uint8_t bit = static_cast<uint8_t>(1u << i);
            const unsigned b = bank_of(wi->warp, wi->read_reg[i]);
            if (read_cycle_[b] == now || (collector_ && write_cycle_[b] == now)) {
                ++sp_.counters.rf_bank_conflicts;
                continue;
            }
            read_cycle_[b] = now;
            wi->reads_done |= bit;
            ++sp_.counters.rf_bank_reads;
            moved = true;
        }
    }
    // Dispatch to the RF->EX registers: in order (oddeven) or oldest ready first (collector).
    size_t keep = 0;
    bool blocked = false;
    for (size_t i = 0; i < active_.size(); ++i) {
        WarpInstruction* wi = active_[i];
        const uint8_t all = static_cast<uint8_t>((1u << wi->num_reads) - 1);
        const bool ready = ((wi->reads_done | wi->bypass) & all) == all;
        PipelineRegisterIf* next =
            wi->pipe == SpParams::kPipeMem ? memory_stage.operator->() : ex_stage.operator->();
        if (!blocked && ready && !next->full(wi->pipe)) {
            sp_.counters.rf_bypass_reads += bit_count(wi->bypass);
            next->push(wi);
            moved = true;
            continue;
        }
        if (!collector_) blocked = true;
        active_[keep++] = wi;
    }
    active_.resize(keep);
    return moved;
}

}  // namespace mvp
