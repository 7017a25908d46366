#include "operand_collector.h"

#include "sp_pipeline.h"

namespace mvp {

OperandCollector::OperandCollector(SpPipeline& sp)
    : sp_(sp),
      collector_(sp.params.rf_model == SpParams::RfModel::kCollector),
      capacity_(collector_ ? sp.params.oc_collectors : sp.params.issue_width) {
    const unsigned banks = collector_ ? sp.params.rf_banks : 2;
    read_cycle_.assign(banks, UINT64_MAX);
    write_cycle_.assign(banks, UINT64_MAX);
    active_.reserve(capacity_);
}

unsigned OperandCollector::bank_of(unsigned warp, unsigned reg) const {
    return collector_ ? (reg + warp) % sp_.params.rf_banks : reg & 1;
}

void OperandCollector::note_write(unsigned warp, unsigned reg, uint64_t now) {
    write_cycle_[bank_of(warp, reg)] = now;
}

bool OperandCollector::tick(uint64_t now) {
    bool moved = false;
    // Allocate: the oldest instructions waiting in the IS->RF registers.
    while (active_.size() < capacity_) {
        int best = -1;
        for (unsigned p = 0; p < SpParams::kNumPipes; ++p) {
            const PipelineLatch& l = sp_.is_rf[p];
            if (!l.empty() && (best < 0 || l.front()->seq < sp_.is_rf[best].front()->seq))
                best = static_cast<int>(p);
        }
        if (best < 0) break;
        active_.push_back(sp_.is_rf[best].front());
        sp_.is_rf[best].pop();
        moved = true;
    }
    // Read: each bank serves one read per cycle, oldest instruction first.
    for (WarpInstruction* wi : active_) {
        for (unsigned i = 0; i < wi->num_reads; ++i) {
            const uint8_t bit = static_cast<uint8_t>(1u << i);
            if ((wi->reads_done | wi->bypass) & bit) continue;
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
        if (!blocked && ready && !sp_.rf_ex[wi->pipe].full()) {
            sp_.counters.rf_bypass_reads += static_cast<unsigned>(__builtin_popcount(wi->bypass));
            sp_.rf_ex[wi->pipe].push(wi);
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
