#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "line_reader.h"

namespace mvp::tools {

// Reads a VCD file (IEEE 1364 four-state value changes) one time step at a time, without
// holding the file in memory. The header gives the variables, each named by its scopes and
// reference joined with dots ("tb.dut.retire_valid"; a bit-select written as a separate
// `[3]` is kept, a range `[7:0]` is dropped). Only the identifiers the caller watches are
// returned. Errors (a header without $enddefinitions, a malformed value change, an undeclared
// identifier, time going backwards, a truncated last line) throw TraceError naming the file and
// the line.
class VcdReader {
  public:
    struct Var {
        std::string path;
        std::string id;
        unsigned width = 1;
        size_t line = 0;
    };
    // A value as the file writes it: one of 0 1 x z for scalars; for vectors the bits, most
    // significant first, as many as the file gives (extend with value()); a real starts
    // with 'r'.
    struct Change {
        int slot;
        std::string value;
    };

    explicit VcdReader(const std::string& path);

    const std::string& path() const { return in_.path(); }
    const std::vector<Var>& vars() const { return vars_; }
    // One time unit of the file, in femtoseconds ($timescale; 1 ps when it has none).
    uint64_t timescale_fs() const { return timescale_fs_; }

    // Returns the changes of `id` under `slot` (a caller's index, >= 0).
    void watch(const std::string& id, int slot) { slots_[id] = slot; }

    // The next time step: its time, the watched changes in file order and the line of its
    // `#time` (of the first change when the file starts without one). The x values of a
    // $dumpoff section are skipped. False at the end of the file.
    bool next_step(uint64_t* time, std::vector<Change>* changes, size_t* line);

    // A vector value extended to `width` bits as IEEE 1364 says (0/1 with 0, x with x, z
    // with z); a longer value keeps its low `width` bits.
    static std::string extend(const std::string& value, unsigned width);

    // The "file:line: what" error for the current line.
    [[noreturn]] void fail(const std::string& what) const;

  private:
    bool next_token(std::string* token);
    void read_header();
    void skip_to_end(const std::string& command);

    LineReader in_;
    std::string line_text_;
    std::vector<std::string> tokens_;
    size_t token_ = 0;
    std::vector<Var> vars_;
    std::unordered_map<std::string, size_t> declared_;  // id -> first var
    std::unordered_map<std::string, int> slots_;
    uint64_t timescale_fs_ = 1000;
    bool have_time_ = false;
    bool ended_ = false;
    bool dumpoff_ = false;
    uint64_t pending_time_ = 0;
    size_t pending_line_ = 0;
    uint64_t last_time_ = 0;
};

}  // namespace mvp::tools
