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
    ex_results->collect(now, due_);
    memory_results->collect(now, due_);
    if (due_.empty()) return false;
    const size_t n = std::min<size_t>(due_.size(), sp_.params.ex_wb_width);
    if (due_.size() > n) {
        // More are due than WB retires in a cycle: the oldest go, the others wait in their unit.
        std::partial_sort(
            due_.begin(), due_.begin() + static_cast<std::ptrdiff_t>(n), due_.end(),
            [](const WarpInstruction* a, const WarpInstruction* b) { return a->seq < b->seq; });
        for (size_t i = n; i < due_.size(); ++i)
            (due_[i]->pipe == SpParams::kPipeMem ? memory_results : ex_results)->give_back(due_[i]);
        due_.resize(n);
    } else if (due_.size() > 1) {
        std::sort(due_.begin(), due_.end(), [](const WarpInstruction* a, const WarpInstruction* b) {
            return a->seq < b->seq;
        });
    }
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
        if (memory) rf->write(w, wi->mask, reg, wi->result);
        rf->note_write(w, reg, now);
    }
    if (wi->sb_handle >= 0) scoreboard->release(w, static_cast<unsigned>(wi->sb_handle));
    sp.retired(*wi, now);
    sp.pool.free(wi);
    thdc->retired(w, memory);
}

}  // namespace mvp
