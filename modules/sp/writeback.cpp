#include "writeback.h"

#include <algorithm>

#include "modules/isa/semantics.h"

namespace mvp {

Writeback::Writeback(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      ex_results("ex_results"),
      memory_results("memory_results"),
      rf("rf"),
      scoreboard("scoreboard"),
      thdc("thdc"),
      sp_(sp) {
    due_.reserve(64);
}

bool Writeback::tick(uint64_t now) {
    due_.clear();
    ex_results->due(now, due_);
    memory_results->due(now, due_);
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
    ex_results->take(due_);
    memory_results->take(due_);
    for (WarpInstruction* wi : due_) retire(wi, now);
    return true;
}

void Writeback::retire(WarpInstruction* wi, uint64_t now) {
    SpControl& sp = sp_;
    const unsigned w = wi->warp;
    const isa::Opcode op = wi->in.op;
    const bool memory = isa::is_memory(op);
    unsigned reg = 0;
    if (wi->writes_rd) {
        reg = op == isa::Opcode::kJplnk ? isa::kRegRa : wi->in.rd;
        if (memory) {
            for (LaneMask m = wi->mask; m; m &= m - 1) {
                const unsigned lane = lowest_lane(m);
                rf->write(sp.thread(w, lane), reg, wi->result[lane]);
            }
        }
        rf->note_write(w, reg, now);
    }
    if (wi->sb_handle >= 0) scoreboard->release(w, static_cast<unsigned>(wi->sb_handle));
    sp.retired(*wi, now);
    sp.pool.free(wi);
    thdc->retired(w, memory);
}

}  // namespace mvp
