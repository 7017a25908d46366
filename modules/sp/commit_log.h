#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "warp_instruction.h"

namespace mvp {

class SpPipeline;

// The commit log: one line per warp instruction retired by WB, for comparison with the RTL.
// The format is specified in doc/commit-log.md; nothing is formatted when no stream is set.
class CommitLog {
  public:
    explicit CommitLog(SpPipeline& sp) : sp_(sp) {}

    void set_stream(std::ostream* os) { os_ = os; }
    bool enabled() const { return os_ != nullptr; }
    void write(const WarpInstruction& wi, uint64_t cycle);

    // The line of an instruction without the trailing newline (also for tests).
    std::string format(const WarpInstruction& wi, uint64_t cycle) const;

  private:
    SpPipeline& sp_;
    std::ostream* os_ = nullptr;
    mutable std::string line_;
};

}  // namespace mvp
