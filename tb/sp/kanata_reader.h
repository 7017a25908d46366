#pragma once

// A strict reader of the Kanata log format (version 0004) of the Konata pipeline viewer, as its
// documentation (docs/kanata-log-format.md of the Konata repository) defines it, for the tests
// of the pipeline log: it accepts only the documented commands with their documented number of
// tab-separated arguments, and checks what a viewer relies on.

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::tb {

struct KanataStage {
    std::string name;
    unsigned lane = 0;
    uint64_t start = 0;
    uint64_t end = 0;  // the cycle of its E command, or of the R that closed it
};

struct KanataInstruction {
    uint64_t file_id = 0;
    uint64_t sim_id = 0;
    uint64_t thread = 0;
    std::string label;                // L type 0, concatenated
    std::string detail;               // L type 1, concatenated
    std::vector<KanataStage> stages;  // in the order of their S commands
    uint64_t retire_cycle = 0;
    uint64_t retire_id = 0;
    bool flushed = false;
};

// Parses `text`, a whole Kanata file. The rules checked:
//   - the first line is `Kanata\t0004`;
//   - every other line is one of the commands C=, C, I, L, S, E, R, W with exactly its
//     documented arguments, separated by single tabs, numbers in decimal;
//   - `C=` comes before any other command; `C` advances by at least one cycle (the cycle only
//     goes forward);
//   - `I` gives the next sequential file id; L, S, E, R and W name an instruction that has had
//     its `I` and is not retired; L has type 0 or 1; R has type 0 or 1;
//   - `E` ends a started stage of that name on that lane; a stage is ended at most once;
//   - every instruction is retired exactly once (`R`), which closes its stages still open.
// Returns false with `error` = "line N: what" at the first violation.
bool read_kanata(const std::string& text, std::vector<KanataInstruction>* out, std::string* error);

// The Kanata file and the CSV pipeline log of one run describe the same instructions with the
// same cycles: one Kanata instruction per row (simulator id = seq, thread = sp x warps_per_sp
// + warp, label "sp/warp 0xPC instruction 0xMASK"), stages FE [fe, is), IS [is, rf),
// RF [rf, ex0), EX [ex0, ex_end + 1), WB [wb, wb + 1) on lane 0, retired (not flushed) at
// wb + 1 with retire ids 0, 1, ... False with `error` naming the first difference.
bool kanata_matches_csv(const std::string& kanata, const std::string& csv, unsigned warps_per_sp,
                        std::string* error);

}  // namespace mvp::tb
