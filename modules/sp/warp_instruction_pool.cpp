#include "warp_instruction_pool.h"

namespace mvp {

WarpInstructionPool::WarpInstructionPool(unsigned warp_size, unsigned initial)
    : warp_size_(warp_size) {
    while (total_ < initial) grow();
}

void WarpInstructionPool::grow() {
    auto chunk = std::make_unique<WarpInstruction[]>(kChunk);
    auto lanes = std::make_unique<uint32_t[]>(size_t{kChunk} * 5 * warp_size_);
    free_.reserve(total_ + kChunk);
    for (unsigned i = 0; i < kChunk; ++i) {
        WarpInstruction& wi = chunk[i];
        uint32_t* base = lanes.get() + size_t{i} * 5 * warp_size_;
        wi.rs = base;
        wi.rt = base + warp_size_;
        wi.rd_old = base + 2 * warp_size_;
        wi.result = base + 3 * warp_size_;
        wi.address = base + 4 * warp_size_;
        wi.pool_index = static_cast<uint16_t>(total_ + i);
    }
    for (unsigned i = kChunk; i-- > 0;) free_.push_back(&chunk[i]);
    total_ += kChunk;
    chunks_.push_back(std::move(chunk));
    lane_storage_.push_back(std::move(lanes));
}

void WarpInstructionPool::reset() {
    free_.clear();
    for (size_t c = chunks_.size(); c-- > 0;)
        for (unsigned i = kChunk; i-- > 0;) free_.push_back(&chunks_[c][i]);
}

WarpInstruction* WarpInstructionPool::allocate() {
    if (free_.empty()) grow();
    WarpInstruction* wi = free_.back();
    free_.pop_back();
    return wi;
}

}  // namespace mvp
