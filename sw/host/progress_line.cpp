#include "progress_line.h"

#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cmath>

namespace mvp::host {

namespace {

double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// 1234567 -> "1,234,567".
std::string grouped(uint64_t v) {
    std::string digits = std::to_string(v);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

// Seconds as H:MM:SS or M:SS.
std::string clock_text(double seconds) {
    const auto s = static_cast<uint64_t>(std::llround(seconds));
    char buf[32];
    if (s >= 3600) {
        std::snprintf(buf, sizeof buf, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600,
                      s / 60 % 60, s % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
    }
    return buf;
}

}  // namespace

ProgressLine::ProgressLine(std::string tool, std::FILE* out, bool terminal, double interval,
                           Clock clock)
    : tool_(std::move(tool)),
      out_(out),
      terminal_(terminal),
      interval_(interval),
      clock_(clock ? std::move(clock) : Clock(steady_seconds)) {}

bool ProgressLine::wanted(const std::string& asked) {
    if (asked == "1") return true;
    if (asked == "0") return false;
    return stderr_is_terminal();
}

bool ProgressLine::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

void ProgressLine::start() {
    started_ = last_ = clock_();
    shown_ = false;
}

std::string ProgressLine::format(const std::string& tool, const Sample& s, double seconds) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.2f",
                  seconds > 0 ? static_cast<double>(s.thread_instructions) / seconds / 1e6 : 0.0);
    std::string left = "--:--";
    if (s.groups_total > 0 && s.groups_done >= s.groups_total) {
        left = "0:00";
    } else if (s.groups_done > 0) {
        left = clock_text(seconds * static_cast<double>(s.groups_total - s.groups_done) /
                          static_cast<double>(s.groups_done));
    }
    const double percent = s.groups_total ? 100.0 * static_cast<double>(s.groups_done) /
                                                static_cast<double>(s.groups_total)
                                          : 0.0;
    char pct[16];
    std::snprintf(pct, sizeof pct, "%.1f%%", percent);
    return tool + ": cycle " + grouped(s.cycle) + ", work-groups " + grouped(s.groups_done) + "/" +
           grouped(s.groups_total) + " (" + pct + "), " + rate + " M thread instr/s, " + left +
           " left";
}

bool ProgressLine::due() const { return clock_() - last_ >= interval_; }

void ProgressLine::update(const Sample& s) {
    const double now = clock_();
    if (now - last_ < interval_) return;
    last_ = now;
    const std::string text = format(tool_, s, now - started_);
    if (terminal_) {
        // Back to the start of the line, the report, the rest of the old line erased.
        std::fprintf(out_, "\r%s\033[K", text.c_str());
    } else {
        std::fprintf(out_, "%s\n", text.c_str());
    }
    std::fflush(out_);
    shown_ = true;
}

void ProgressLine::finish() {
    if (terminal_ && shown_) {
        std::fprintf(out_, "\r\033[K");
        std::fflush(out_);
    }
    shown_ = false;
}

}  // namespace mvp::host
