#include "stats_writer.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "modules/config/config.h"
#include "modules/sim/stat_group.h"

namespace mvp::mvpsim {

namespace {

std::string quoted(const std::string& s) {
    std::ostringstream os;
    config::write_json_string(os, s);
    return os.str();
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

}  // namespace

StatsWriter::StatsWriter(const config::Config& config, const toolchain::Program& program,
                         const std::string& kernel, const Launch& launch,
                         const host::LaunchStats& stats, bool functional)
    : config_(config),
      program_(program),
      kernel_(kernel),
      launch_(launch),
      stats_(stats),
      functional_(functional) {}

std::string StatsWriter::json() const {
    std::ostringstream os;
    const double warp_slots = static_cast<double>(stats_.warp_instructions) * stats_.warp_size;
    const double secs = stats_.host_seconds;
    os << "{\n";
    os << "  \"platform\": " << quoted(config_.get_string("mvpgpu_platform")) << ",\n";
    os << "  \"engine\": " << quoted(functional_ ? "functional" : "timing") << ",\n";
    os << "  \"divergence\": " << quoted(config_.get_string("mvpgpu_divergence")) << ",\n";
    os << "  \"kernel\": " << quoted(kernel_) << ",\n";
    os << "  \"kernel_files\": [";
    for (size_t i = 0; i < program_.files.size(); ++i)
        os << (i ? ", " : "") << quoted(program_.files[i]);
    os << "],\n";
    os << "  \"global\": [" << launch_.range.global[0] << ", " << launch_.range.global[1] << ", "
       << launch_.range.global[2] << "],\n";
    os << "  \"local\": [" << launch_.range.local[0] << ", " << launch_.range.local[1] << ", "
       << launch_.range.local[2] << "],\n";
    os << "  \"work_items\": " << launch_.range.total_work_items() << ",\n";
    os << "  \"work_groups\": " << launch_.range.total_groups() << ",\n";
    os << "  \"cycles\": " << stats_.cycles << ",\n";
    os << "  \"warp_size\": " << stats_.warp_size << ",\n";
    os << "  \"warp_instructions\": " << stats_.warp_instructions << ",\n";
    os << "  \"thread_instructions\": " << stats_.thread_instructions << ",\n";
    os << "  \"simd_efficiency\": "
       << number(warp_slots > 0 ? stats_.thread_instructions / warp_slots : 0.0) << ",\n";
    os << "  \"host_seconds\": " << number(secs) << ",\n";
    os << "  \"thread_instructions_per_second\": "
       << number(secs > 0 ? stats_.thread_instructions / secs : 0.0) << ",\n";
    os << "  \"cycles_per_second\": " << number(secs > 0 ? stats_.cycles / secs : 0.0) << ",\n";
    // Where the host threads' time went (host figures, like the rates above): the passes of the
    // SPs on the threads, their wall time, each thread's time in its SPs, and how unevenly the
    // passes' work fell on the threads (wall time over the threads' mean; 1 is even).
    os << "  \"host_threads\": {\"threads\": " << stats_.host_threads
       << ", \"parallel_passes\": " << stats_.parallel_passes
       << ", \"pass_seconds\": " << number(stats_.pass_seconds) << ", \"thread_busy_seconds\": [";
    double busy = 0;
    for (size_t t = 0; t < stats_.thread_busy_seconds.size(); ++t) {
        os << (t ? ", " : "") << number(stats_.thread_busy_seconds[t]);
        busy += stats_.thread_busy_seconds[t];
    }
    const double mean = stats_.thread_busy_seconds.empty()
                            ? 0.0
                            : busy / static_cast<double>(stats_.thread_busy_seconds.size());
    os << "], \"imbalance\": " << number(mean > 0 ? stats_.pass_seconds / mean : 0.0) << "},\n";
    os << "  \"config\": ";
    config_.write_json(os, 2);
    // The statistics of every module instance, as a tree that mirrors the hierarchy
    // ("mvp" > "gpc0" > "tpc0" > "sm0" > "sp0" > "icc" ...); empty in --functional.
    os << ",\n  \"model\": ";
    sim::StatGroup::write_json(os, 2);
    os << "\n}\n";
    return os.str();
}

}  // namespace mvp::mvpsim
