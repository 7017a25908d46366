#include "commit_log_reader.h"

#include <cctype>

#include "line_reader.h"
#include "trace_error.h"

namespace mvp::tools {

namespace {

// A cursor over one line that reads the fields in order and names the first one it cannot.
class Fields {
  public:
    Fields(const std::string& text, const std::string& file, size_t line)
        : s_(text), file_(file), line_(line) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw TraceError::at(file_, line_, what + " (not a commit-log line: doc/commit-log.md)");
    }
    void literal(const char* lit, const char* field) {
        const std::string l(lit);
        if (s_.compare(pos_, l.size(), l) != 0) fail(std::string("expected ") + field);
        pos_ += l.size();
    }
    uint64_t number(int base, const char* field) {
        const size_t start = pos_;
        uint64_t v = 0;
        while (pos_ < s_.size()) {
            const int c = static_cast<unsigned char>(s_[pos_]);
            int d;
            if (c >= '0' && c <= '9') {
                d = c - '0';
            } else if (base == 16 && c >= 'a' && c <= 'f') {
                d = c - 'a' + 10;
            } else {
                break;
            }
            if (v > (UINT64_MAX - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base))
                fail(std::string(field) + " out of range");
            v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
            ++pos_;
        }
        if (pos_ == start) fail(std::string("expected ") + field);
        return v;
    }
    // The text up to `end` (not included); the cursor moves past `end`.
    std::string until(const char* end, const char* field) {
        const size_t e = s_.find(end, pos_);
        if (e == std::string::npos || e == pos_) fail(std::string("expected ") + field);
        std::string out = s_.substr(pos_, e - pos_);
        pos_ = e + std::string(end).size();
        return out;
    }
    std::string rest() { return s_.substr(pos_); }

  private:
    const std::string& s_;
    const std::string& file_;
    size_t line_;
    size_t pos_ = 0;
};

}  // namespace

std::string CommitLogReader::Entry::lane_effect(unsigned lane) const {
    const std::string key = " " + std::to_string(lane) + ":";
    const std::string e = " " + effects;
    const size_t at = e.find(key);
    if (at == std::string::npos) return "";
    const size_t start = at + key.size();
    const size_t end = e.find(' ', start);
    return e.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

CommitLogReader::Entry CommitLogReader::parse(const std::string& text, const std::string& file,
                                              size_t line) {
    Entry e;
    e.line = line;
    e.text = text;
    Fields f(text, file, line);
    e.cycle = f.number(10, "the cycle");
    f.literal(" sp", "' sp<S>'");
    e.sp = static_cast<unsigned>(f.number(10, "the SP number"));
    f.literal(" w", "' w<W>'");
    e.warp = static_cast<unsigned>(f.number(10, "the warp number"));
    f.literal(" m0x", "' m0x<MASK>'");
    e.mask = f.number(16, "the lane mask");
    f.literal(" pc=0x", "' pc=0x<PC>'");
    e.pc = static_cast<uint32_t>(f.number(16, "the PC"));
    f.literal(" (", "' (<file>:<line>)'");
    e.source = f.until(") ", "the source column and the instruction");
    std::string rest = f.rest();
    const size_t bar = rest.find(" |");
    e.instruction = rest.substr(0, bar);
    if (e.instruction.empty() || e.instruction.back() == ' ' || e.instruction.front() == ' ')
        f.fail("expected the instruction");
    if (bar != std::string::npos) {
        if (rest.compare(bar, 3, " | ") != 0 || bar + 3 >= rest.size())
            f.fail("expected lane effects after ' |'");
        e.effects = rest.substr(bar + 3);
        // Each effect is <lane>:<something>, one blank between them.
        size_t p = 0;
        while (p < e.effects.size()) {
            size_t q = p;
            while (q < e.effects.size() && std::isdigit(static_cast<unsigned char>(e.effects[q])))
                ++q;
            const size_t end = e.effects.find(' ', q);
            const size_t stop = end == std::string::npos ? e.effects.size() : end;
            if (q == p || q >= e.effects.size() || e.effects[q] != ':' || q + 1 >= stop)
                f.fail("malformed lane effect '" + e.effects.substr(p, stop - p) + "'");
            p = stop + 1;
            if (end != std::string::npos && p >= e.effects.size())
                f.fail("trailing blank after the lane effects");
        }
    }
    return e;
}

std::vector<CommitLogReader::Entry> CommitLogReader::read(const std::string& path) {
    LineReader in(path);
    std::vector<Entry> out;
    std::string text;
    while (in.next(&text)) out.push_back(parse(text, path, in.line()));
    return out;
}

}  // namespace mvp::tools
