#pragma once

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <memory>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include "issue.h"
#include "lane_mask.h"
#include "warp_instruction.h"

namespace mvp {

class SpControl;
class SpPipeline;

// The pipeline log: for every warp instruction retired by WB, the cycle at which it entered
// each stage and why it waited at issue, as a CSV file (one row per instruction, in retire
// order) and/or a Kanata file for the Konata pipeline viewer. The format of both is specified
// in doc/sp-pipeline.md ("The pipeline log").
//
// The stages stamp their cycles into the instruction (WarpInstruction, InstructionBuffer::
// Entry) and call the hooks below only when a log is set (SpPipeline::pipeline_log), so a
// run without a log records nothing. One log may serve several SPs (each attaches itself);
// their rows interleave in retire order as their commit-log lines do.
//
// Stall accounting: every cycle IS evaluates a split and does not issue from it, the split is
// charged that cycle's stall reason (Issue::Stall), slept cycles included; the next
// instruction that issues from the split takes the charges: its `stall` is the reason charged
// most (on a tie the higher-ranked one, in Issue's ranking) and `stall_cycles` their sum.
// Cycles in which the split was not evaluated (its warp out of the running set, or IS issued
// its instructions for the cycle before reaching it) are not charged.
class PipelineLog {
  public:
    // One row of the CSV.
    struct Row {
        uint32_t sp = 0;
        uint32_t warp = 0;
        uint64_t seq = 0;  // the warp's issue order, from 0
        uint32_t pc = 0;
        LaneMask mask = 0;
        std::string instruction;
        uint64_t fe = 0;      // the fetch response entered the instruction buffer
        uint64_t is = 0;      // issued
        uint64_t rf = 0;      // entered operand collection
        uint64_t ex0 = 0;     // entered EX0 (memory: the AGU)
        uint64_t ex_end = 0;  // last EX cycle (memory: the LD/ST unit completed it)
        uint64_t wb = 0;      // written back (the commit log's cycle)
        std::string stall = "none";
        uint64_t stall_cycles = 0;
    };
    static const char* const kCsvHeader;  // the first line, without newline
    // The CSV line of a row, without newline; the mask has ceil(warp_size / 4) hex digits.
    static std::string csv_line(const Row& row, unsigned warp_size);
    // Parses a CSV line; false with `error` saying which field is wrong.
    static bool parse_csv_line(const std::string& line, Row* row, std::string* error);

    // csv, kanata: the streams to write (either may be null). The Kanata header is written at
    // once, the CSV header too.
    PipelineLog(std::ostream* csv, std::ostream* kanata);
    ~PipelineLog();
    PipelineLog(const PipelineLog&) = delete;
    PipelineLog& operator=(const PipelineLog&) = delete;

    // An SP logs into this log (SpPipeline::set_pipeline_log calls it). Each SP of a log must
    // have its own sp_id.
    void attach(SpPipeline& sp);

    // ---- The stages' hooks.
    // IS: a warp starts (its splits carry no charges).
    void warp_started(const SpControl& sp, unsigned warp);
    // IS evaluated the split and did not issue from it, for `reason`.
    void stalled(const SpControl& sp, unsigned warp, unsigned slot, Issue::Stall reason,
                 uint64_t now);
    // The SP, ticking at `now`, slept `cycles` cycles after its last tick: each split stalled
    // in that tick is charged them again.
    void slept(const SpControl& sp, uint64_t cycles, uint64_t now);
    // IS issued `wi`: its warp sequence number and stall.
    void issued(const SpControl& sp, WarpInstruction& wi);
    // WB retired `wi` at `cycle`: its row and Kanata events.
    void retired(const SpControl& sp, const WarpInstruction& wi, uint64_t cycle);

    // Writes the Kanata events held back (the run is over: nothing more retires).
    void finish();
    uint64_t rows() const { return rows_; }

  private:
    struct SplitStall {
        uint64_t cycles[Issue::kNumStalls] = {};
        uint64_t last_cycle = UINT64_MAX;  // the cycle of the last charge
        Issue::Stall last = Issue::kIssued;
    };
    struct SpState {
        SpPipeline* sp = nullptr;
        unsigned slots = 1;
        std::vector<SplitStall> splits;     // per warp and split slot
        std::vector<uint64_t> warp_seq;     // per warp: the next sequence number
        std::multiset<uint64_t> in_flight;  // fe of issued, not retired instructions (Kanata)
    };
    // A retired instruction whose Kanata events are not all written yet.
    struct KanataOp {
        static constexpr unsigned kSteps = 7;
        uint64_t at[kSteps] = {};  // fe, is, rf, ex0, ex_end + 1, wb, wb + 1
        unsigned next = 0;         // the first step not written
        uint64_t file_id = 0;      // given by its I command
        uint64_t sim_id = 0;
        uint64_t thread = 0;
        std::string label;
        std::string detail;
    };
    struct Due {
        uint64_t cycle;
        uint64_t order;  // KanataOp's creation order
        bool operator>(const Due& o) const {
            return cycle != o.cycle ? cycle > o.cycle : order > o.order;
        }
    };

    SpState& state(const SpControl& sp);
    void kanata_add(const SpState& s, const Row& row);
    // Writes every event of a cycle below `horizon`.
    void kanata_flush(uint64_t horizon);
    void kanata_write(KanataOp& op, uint64_t cycle);
    // No instruction that retires from now on has an event before this cycle.
    uint64_t horizon() const;

    std::ostream* csv_;
    std::ostream* kanata_;
    std::vector<std::unique_ptr<SpState>> sps_;  // by sp_id
    uint64_t rows_ = 0;
    std::string line_;
    Row row_;

    std::deque<KanataOp> ops_;  // ops_[0] has creation order ops_base_
    uint64_t ops_base_ = 0;
    std::priority_queue<Due, std::vector<Due>, std::greater<Due>> due_;
    size_t flush_at_ = 0;
    bool kanata_started_ = false;
    uint64_t kanata_cycle_ = 0;
    uint64_t next_file_id_ = 0;
    uint64_t next_retire_id_ = 0;
};

}  // namespace mvp
