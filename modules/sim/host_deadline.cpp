#include "host_deadline.h"

namespace mvp::sim {

HostDeadline& HostDeadline::instance() {
    static HostDeadline deadline;
    return deadline;
}

void HostDeadline::start(double seconds, const std::string& option) {
    end_ = std::chrono::steady_clock::now() +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>(
               std::chrono::duration<double>(seconds));
    option_ = option;
    armed_ = true;
}

}  // namespace mvp::sim
