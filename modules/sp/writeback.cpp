#include "writeback.h"

#include <algorithm>

#include "modules/isa/semantics.h"
#include "sp_pipeline.h"

namespace mvp {

Writeback::Writeback(SpPipeline& sp) : sp_(sp) { due_.reserve(64); }

bool Writeback::tick(uint64_t now) {
    due_.clear();
    auto gather = [&](std::vector<WarpInstruction*>& from) {
        for (WarpInstruction* wi : from)
            if (wi->wb_cycle <= now) due_.push_back(wi);
    };
    gather(sp_.execute.in_flight());
    gather(sp_.memory_unit.completed());
    if (due_.empty()) return false;
    const size_t n = std::min<size_t>(due_.size(), sp_.params.ex_wb_width);
    if (due_.size() > n) {
        std::partial_sort(
            due_.begin(), due_.begin() + static_cast<std::ptrdiff_t>(n), due_.end(),
            [](const WarpInstruction* a, const WarpInstruction* b) { return a->seq < b->seq; });
        due_.resize(n);
    } else {
        std::sort(due_.begin(), due_.end(), [](const WarpInstruction* a, const WarpInstruction* b) {
            return a->seq < b->seq;
        });
    }
    auto remove = [&](std::vector<WarpInstruction*>& from) {
        size_t keep = 0;
        for (WarpInstruction* wi : from) {
            if (std::find(due_.begin(), due_.end(), wi) == due_.end()) from[keep++] = wi;
        }
        from.resize(keep);
    };
    remove(sp_.execute.in_flight());
    remove(sp_.memory_unit.completed());
    for (WarpInstruction* wi : due_) retire(wi, now);
    return true;
}

void Writeback::retire(WarpInstruction* wi, uint64_t now) {
    SpPipeline& sp = sp_;
    const unsigned w = wi->warp;
    const isa::Opcode op = wi->in.op;
    const bool memory = isa::is_memory(op);
    unsigned reg = 0;
    if (wi->writes_rd) {
        reg = op == isa::Opcode::kJplnk ? isa::kRegRa : wi->in.rd;
        if (memory) {
            for (LaneMask m = wi->mask; m; m &= m - 1) {
                const unsigned lane = lowest_lane(m);
                sp.regs.write(sp.thread(w, lane), reg, wi->result[lane]);
            }
        }
        sp.operand_collector.note_write(w, reg, now);
    }
    if (wi->sb_handle >= 0) sp.scoreboard->release(w, static_cast<unsigned>(wi->sb_handle));
    sp.commit_log.write(*wi, now);
    sp.note_retired(now);
    sp.pool.free(wi);
    sp.thdc.retired(w, memory);
}

}  // namespace mvp
