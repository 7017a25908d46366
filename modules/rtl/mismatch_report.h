#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::rtl {

// The report of the first difference between a C++ block and its RTL in lockstep: where
// (cycle, SP, warp, block path), what (the interface field, both values, the call and its
// inputs), the instruction behind it (lane mask, PC, source line, disassembly), the last
// transactions on that interface, and the waveform. Written as PREFIX.txt and its JSON twin
// PREFIX.json; the waveform PREFIX.vcd by the RTL block (RtlBlock::write_vcd).
struct MismatchReport {
    struct Transaction {
        uint64_t cycle = 0;
        std::string call;  // "source_ready(warp=1, reg=5, lanes=0xf, now=2003)"
        std::string cpp;   // the C++ block's outputs
        std::string rtl;   // the RTL's outputs
    };

    uint64_t cycle = 0;
    unsigned sp = 0;
    int warp = -1;
    std::string block;       // "mvp.gpc0.tpc0.sm0.sp0.scoreboard"
    std::string rtl_source;  // "rtl/sp/mvp_scoreboard.sv"
    std::string field;       // "source_ready", "split[1].pc", ...
    std::string cpp_value;
    std::string rtl_value;
    std::string call;                      // the call whose outputs differ, with its inputs
    std::vector<std::string> cpp_outputs;  // everything the call's outputs are, each side
    std::vector<std::string> rtl_outputs;
    bool has_instruction = false;
    uint64_t lane_mask = 0;
    uint32_t pc = 0;
    std::string source;                // "file.s:24", or empty without a debug map
    std::string instruction;           // "add $1, $2, $3"
    std::vector<Transaction> history;  // oldest first, the mismatching call last
    std::string vcd;                   // the waveform's path ("" when it could not be written)
    std::string vcd_window;            // "cycles 980..2003"
    std::string vcd_error;

    // The one-line error that stops the run.
    std::string summary(const std::string& report_path) const;
    std::string text() const;
    std::string json() const;
    // Writes PREFIX.txt and PREFIX.json; false with *error.
    bool write(const std::string& prefix, std::string* error) const;

    // A value as the reports write it: 0x and at least `digits` hex digits.
    static std::string hex(uint64_t v, int digits = 1);

    // Whether a lockstep mismatch stopped a run in this process (mvpsim's exit status).
    static bool occurred();
    static void note_occurred();
};

}  // namespace mvp::rtl
