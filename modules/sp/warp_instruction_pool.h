#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "warp_instruction.h"

namespace mvp {

// The storage of in-flight warp instructions: allocated in chunks at elaboration and reused,
// so that issuing an instruction costs no heap allocation. A chunk is added only when more
// instructions are in flight than ever before.
class WarpInstructionPool {
  public:
    WarpInstructionPool(unsigned warp_size, unsigned initial);

    WarpInstruction* allocate();
    void free(WarpInstruction* wi) { free_.push_back(wi); }
    unsigned in_use() const { return total_ - static_cast<unsigned>(free_.size()); }
    // Every instruction back in the pool (the SP's reset: nothing refers to them any more).
    void reset();

  private:
    static constexpr unsigned kChunk = 64;
    void grow();

    unsigned warp_size_;
    unsigned total_ = 0;
    std::vector<std::unique_ptr<WarpInstruction[]>> chunks_;
    std::vector<std::unique_ptr<uint32_t[]>> lane_storage_;
    std::vector<WarpInstruction*> free_;
};

}  // namespace mvp
