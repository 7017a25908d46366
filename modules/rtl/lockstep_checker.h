#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "modules/sim/stat_group.h"
#include "rtl_block.h"
#include "rtl_context.h"

namespace mvp::rtl {

// The comparison of a C++ block with its RTL in lockstep, shared by LockstepScoreboard and
// LockstepMpIpdom: the count of compared transactions and block-cycles, the last kHistory
// transactions, and the first mismatch: its report (MismatchReport, the RTL's waveform) and the
// SP's stop. After the first mismatch nothing more is compared, so one difference gives one
// report and no cascade; the C++ block keeps answering until the SP stops at the end of the
// stage.
class LockstepChecker {
  public:
    static constexpr size_t kHistory = 16;

    // A call on the interface as recorded: its name and inputs, and each side's output (or a
    // summary of it), as numbers formatted only for a report. kind: '-' no output, 'b' a bool,
    // 'd' a number, 'x' a mask.
    struct Call {
        const char* name = "";
        int warp = -1;
        uint8_t num_args = 0;
        const char* arg_name[5] = {};
        uint64_t arg[5] = {};
        bool arg_hex[5] = {};
        char kind = '-';
        uint64_t cpp = 0;
        uint64_t rtl = 0;
        void add(const char* n, uint64_t v, bool in_hex = false) {
            arg_name[num_args] = n;
            arg[num_args] = v;
            arg_hex[num_args] = in_hex;
            ++num_args;
        }
        std::string text() const;
        std::string output(bool of_rtl) const;
    };

    LockstepChecker(const RtlHooks& hooks, RtlBlock& rtl, std::string rtl_source);
    ~LockstepChecker();
    LockstepChecker(const LockstepChecker&) = delete;
    LockstepChecker& operator=(const LockstepChecker&) = delete;

    // The counts of every checker of the process that has been destroyed: the summary of the
    // runs (tests print it).
    struct Totals {
        uint64_t blocks = 0;
        uint64_t transactions = 0;
        uint64_t cycles = 0;
        uint64_t mismatches = 0;
    };
    static const Totals& finished_totals();

    bool checking() const { return !failed_; }
    // A call whose outputs agreed.
    void compared(const Call& call);
    // The first difference: writes the report and the waveform, stops the SP.
    void fail(Call call, const std::string& field, const std::string& cpp_value,
              const std::string& rtl_value, const RtlContext& context,
              std::vector<std::string> cpp_outputs, std::vector<std::string> rtl_outputs);

    const RtlHooks& hooks() const { return hooks_; }
    uint64_t transactions() const { return transactions_; }
    uint64_t cycles() const { return cycles_; }

  private:
    struct Entry {
        uint64_t cycle = 0;
        Call call;
    };

    RtlHooks hooks_;
    RtlBlock& rtl_;
    std::string rtl_source_;
    bool failed_ = false;
    uint64_t transactions_ = 0;
    uint64_t cycles_ = 0;
    uint64_t mismatches_ = 0;
    uint64_t last_cycle_ = UINT64_MAX;
    std::vector<Entry> history_;  // a ring of kHistory entries
    size_t next_ = 0;
    sim::StatGroup stats_;
};

}  // namespace mvp::rtl
