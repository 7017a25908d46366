#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "commit_record.h"
#include "lane_mask.h"
#include "warp_instruction.h"

namespace mvp {

class DebugMap;
class SpPipeline;

// The commit log: one line per warp instruction retired by WB, for comparison with the RTL.
// The format is specified in doc/commit-log.md (CommitRecord::format writes a line); nothing
// is formatted when no stream is set.
//
// When VCD tracing is on, the SP also shows its retire ports in the waveform, as an RTL
// write-back stage drives them: port k (`<sp>.commit<k>`, k below EX_WB) carries the k-th
// instruction retired in a cycle, oldest first, and its `count` advances by one per
// instruction, so a retire shows even when two in a row carry the same values. Only the
// fields the line shows change. mvp-vcd2commit rebuilds the commit log from these ports
// (doc/rtl-cosim.md); doc/commit-log.md lists them.
class CommitLog {
  public:
    // name: the SP's hierarchical name, the prefix of the retire ports in the VCD.
    CommitLog(SpPipeline& sp, const std::string& name);

    void set_stream(std::ostream* os) { os_ = os; }
    bool enabled() const { return os_ != nullptr; }
    // WB retired `wi` at `cycle`: its line, and its retire port in the VCD.
    void write(const WarpInstruction& wi, uint64_t cycle);
    // A stream or the VCD's retire ports take the lines (write() does something).
    bool active() const { return os_ != nullptr || !ports_.empty(); }

    // The line of an instruction without the trailing newline (also for tests).
    std::string format(const WarpInstruction& wi, uint64_t cycle) const;

  private:
    // One retire port: the fields of the instruction it retired last.
    struct Port {
        uint32_t count = 0;
        uint32_t sp = 0;
        uint32_t warp = 0;
        LaneMask mask = 0;
        uint32_t pc = 0;
        uint64_t insn = 0;
        uint8_t rd = 0;  // the register written; 0: none
        std::vector<uint32_t> value, address, data;
    };
    CommitRecord record(const WarpInstruction& wi, uint64_t cycle) const;
    // Writes the lines held during a parallel pass (a TileLog record).
    static void write_held(void* log, const uint64_t* args);
    void drive_port(const WarpInstruction& wi, uint64_t cycle);

    SpPipeline& sp_;
    std::ostream* os_ = nullptr;
    mutable std::string line_;
    std::string held_;         // lines of this edge, held for the tile's log
    std::vector<Port> ports_;  // empty unless the VCD traces them
    uint64_t port_cycle_ = UINT64_MAX;
    unsigned port_next_ = 0;
};

}  // namespace mvp
