#include "rtl_block.h"

#include <algorithm>

namespace mvp::rtl {

RtlBlock::RtlBlock(std::string path, unsigned num_inputs)
    : path_(std::move(path)), num_inputs_(num_inputs) {}

RtlBlock::~RtlBlock() = default;

void RtlBlock::enable_recording(std::function<uint64_t()> cycle) {
    cycle_ = std::move(cycle);
    recording_ = true;
    next_snapshot_ = 0;
}

void RtlBlock::record() {
    const uint64_t now = cycle_();
    if (!current_.valid || now >= next_snapshot_) {
        // The older segment's storage is reused for the new one.
        std::swap(older_, current_);
        current_.first_cycle = now;
        current_.inputs.clear();
        model_->save(&current_.state);
        current_.valid = true;
        next_snapshot_ = now + kSnapshotCycles;
    }
    uint64_t values[kMaxInputs + 1];
    values[0] = now;
    capture_inputs(values + 1);
    current_.inputs.insert(current_.inputs.end(), values, values + 1 + num_inputs_);
}

bool RtlBlock::write_vcd(const std::string& path, std::string* error) {
    if (!recording_ || !current_.valid) {
        *error = "nothing recorded";
        return false;
    }
    std::vector<uint64_t> live(num_inputs_);
    capture_inputs(live.data());
    const Segment& start = older_.valid ? older_ : current_;
    model_->restore(start.state);
    if (!model_->open_trace(path)) {
        *error = "cannot write '" + path + "'";
        return false;
    }
    uint64_t last_cycle = UINT64_MAX;
    uint64_t step = 0;
    for (const Segment* s : {&older_, &current_}) {
        if (!s->valid) continue;
        const size_t stride = 1 + num_inputs_;
        for (size_t at = 0; at + stride <= s->inputs.size(); at += stride) {
            const uint64_t cycle = s->inputs[at];
            step = cycle == last_cycle ? std::min<uint64_t>(step + 1, 999) : 0;
            last_cycle = cycle;
            apply_inputs(&s->inputs[at + 1], true);
            model_->eval();
            model_->dump(cycle * 1000 + step);
        }
    }
    model_->close_trace();
    apply_inputs(live.data(), false);
    return true;
}

}  // namespace mvp::rtl
