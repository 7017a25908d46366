#pragma once

#include <string>
#include <vector>

#include "pipeline_log_reader.h"
#include "skew_stats.h"

namespace mvp::tools {

// Compares two pipeline logs stage by stage (mvp-trace-diff --stages). The rows of each
// (SP, warp), in seq order (the warp's issue order), are matched by WarpAligner's key (PC,
// mask, n): under MP-IPDOM the splits of a warp interleave differently when timing differs,
// so the same seq can name different instructions in two functionally identical runs. A
// functional difference is a matched row whose instruction differs (unless ignored), or rows
// with no partner (the first of each log shows where the PC or mask parts); the first is the
// earliest by the first stage cycle of its rows. Timing: per stage present in both logs, B's
// entry cycle minus A's over the matched rows where both cells are filled.
class StageDiff {
  public:
    using Row = PipelineLogReader::Row;

    StageDiff(const std::string& name_a, PipelineLogReader::Log a, const std::string& name_b,
              PipelineLogReader::Log b, bool ignore_instruction);

    bool functionally_equal() const { return differing_ == 0; }
    size_t matched() const { return matched_; }
    size_t differing() const { return differing_; }
    const Row* first_a() const { return first_a_; }
    const Row* first_b() const { return first_b_; }
    // The stages compared (in A's order) and their skews.
    const std::vector<std::string>& stages() const { return stages_; }
    const SkewStats& skew(size_t stage) const { return skew_[stage]; }

    std::string report() const;

  private:
    std::string name_a_, name_b_;
    PipelineLogReader::Log a_, b_;
    std::vector<std::string> stages_;
    std::vector<std::string> only_a_stages_, only_b_stages_;
    std::vector<SkewStats> skew_;
    size_t warps_ = 0;
    size_t matched_ = 0;
    size_t differing_ = 0;
    const Row* first_a_ = nullptr;
    const Row* first_b_ = nullptr;
    int64_t first_time_ = 0;
    std::string first_what_;

    void consider(const Row* a, const Row* b, std::string what);
};

}  // namespace mvp::tools
