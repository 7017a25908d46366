#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "commit_log_reader.h"
#include "skew_stats.h"

namespace mvp::tools {

// Compares two commit logs (mvp-trace-diff): the same program run by two models, or by the
// model and an RTL simulation.
//
// Alignment. The lines of each (SP, warp) are matched by WarpAligner's key (PC, mask, n): the
// n-th line of that warp, in file order, with this PC and lane mask. A warp's lines are in
// retire order, which differs from issue order only between independent instructions
// (doc/commit-log.md), never between two executions of one PC by the same lanes.
//
// Functional difference: a matched pair whose lane effects differ (registers, memory, next
// PCs), whose source column or instruction differs (unless ignored), or a line of one log
// with no partner in the other (the warps took different paths, or one ran longer). The first
// is the one that happened earliest (the smaller retire cycle of its lines), then by SP and
// warp. Timing: B's retire cycle minus A's over every matched pair, overall and per class, and
// the first pair whose cycles differ.
class TraceDiff {
  public:
    using Entry = CommitLogReader::Entry;

    struct Options {
        bool ignore_source = false;  // compare PC, mask and effects only
        unsigned context = 3;        // lines of the warp shown before and after the difference
    };

    enum Class { kInt, kFp, kSfu, kControl, kLoad, kStore, kAtomic, kSyncExit, kOther, kClasses };
    static const char* class_name(Class c);
    // The class of a mnemonic, from the ISA's opcode table.
    static Class classify(const std::string& mnemonic);

    struct Difference {
        enum Kind { kEffects, kSource, kPath, kOnlyA, kOnlyB };
        Kind kind = kEffects;
        unsigned sp = 0;
        unsigned warp = 0;
        const Entry* a = nullptr;  // null for kOnlyB
        const Entry* b = nullptr;  // null for kOnlyA
        uint64_t time = 0;
        std::string what;  // one line: what differs
    };

    TraceDiff(const std::string& name_a, std::vector<Entry> a, const std::string& name_b,
              std::vector<Entry> b, const Options& options);

    bool functionally_equal() const { return differing_ == 0; }
    size_t matched() const { return matched_; }
    // Lines that differ or have no partner, both logs together.
    size_t differing() const { return differing_; }
    const Difference* first() const { return has_first_ ? &first_ : nullptr; }
    // The earliest matched pair (by A's cycle) whose retire cycles differ: where the timing
    // first parts, which names the class whose latency changed. Null when none.
    const Difference* first_skew() const { return has_first_skew_ ? &first_skew_ : nullptr; }
    const SkewStats& skew() const { return all_; }
    const SkewStats& skew(Class c) const { return by_class_[c]; }

    // The whole report (several lines, ending with a newline).
    std::string report() const;

  private:
    struct Warp {
        unsigned sp = 0, warp = 0;
        std::vector<size_t> a, b;  // indices into a_ / b_, file order
    };
    void compare_warp(const Warp& w);
    void consider(Difference d);
    std::string context(const std::string& name, const std::vector<Entry>& log, const Warp& w,
                        bool side_a, const Entry* mark, uint64_t time) const;

    std::string name_a_, name_b_;
    std::vector<Entry> a_, b_;
    Options options_;
    std::vector<Warp> warps_;
    size_t sps_ = 0;
    size_t matched_ = 0;
    size_t differing_ = 0;
    bool has_first_ = false;
    Difference first_;
    bool has_first_skew_ = false;
    Difference first_skew_;
    SkewStats all_;
    SkewStats by_class_[kClasses];
};

}  // namespace mvp::tools
