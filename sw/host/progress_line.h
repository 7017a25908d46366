#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

namespace mvp::host {

// The progress line of a long timing run (mvpsim --progress, the OpenCL runtime's
// MVP_PROGRESS): the kernel's cycle, work-groups done of total, thread instructions per host
// second since the launch started and an estimate of the host time left, at most once per
// interval on stderr. On a terminal the line is rewritten in place and erased when the launch
// ends; otherwise (asked for with output redirected) each report is a line of its own. The
// first report comes one interval after the launch started, so short runs print nothing.
class ProgressLine {
  public:
    // What the host driver sees of the running launch between two slices of simulation.
    struct Sample {
        uint64_t cycle = 0;  // core cycles since the launch started
        uint64_t groups_done = 0;
        uint64_t groups_total = 0;
        uint64_t thread_instructions = 0;  // since the launch started
    };
    // Host seconds from an arbitrary origin (tests give their own clock).
    using Clock = std::function<double()>;

    // `tool` starts every line ("mvpsim"); `interval` is the least host time in seconds between
    // two reports.
    ProgressLine(std::string tool, std::FILE* out, bool terminal, double interval = 1.0,
                 Clock clock = {});

    // Whether a tool prints the line: `asked` is "1" (yes), "0" (no) or empty (when stderr
    // is a terminal).
    static bool wanted(const std::string& asked);
    static bool stderr_is_terminal();

    // A launch starts: the rate and the estimate count from now.
    void start();
    // Whether an interval has passed since the start or the last report (reads the clock).
    bool due() const;
    // Reports `s` when due().
    void update(const Sample& s);
    // The launch ended: a line left on a terminal is erased.
    void finish();

    // The text of one report, without the line ending (for tests).
    static std::string format(const std::string& tool, const Sample& s, double seconds);

  private:
    std::string tool_;
    std::FILE* out_;
    bool terminal_;
    double interval_;
    Clock clock_;
    double started_ = 0;
    double last_ = 0;
    bool shown_ = false;
};

}  // namespace mvp::host
