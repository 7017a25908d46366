#pragma once

#include <chrono>
#include <string>

namespace mvp::sim {

// The host time a run may take (mvpsim --timeout). The models that can run away poll it while
// they simulate, every few thousand instructions or cycles: the golden model and each SP's
// pipeline then stop the run with a one-line error that names the option and the PCs the
// kernel was running. One per process, like the simulation it bounds; unarmed by default.
class HostDeadline {
  public:
    static HostDeadline& instance();

    // The run may take `seconds` of host time from now; `option` ("--timeout 2") is what the
    // error messages name.
    void start(double seconds, const std::string& option);
    bool armed() const { return armed_; }
    // True once an armed deadline has passed (reads the host's clock).
    bool passed() const { return armed_ && std::chrono::steady_clock::now() >= end_; }
    const std::string& option() const { return option_; }

  private:
    bool armed_ = false;
    std::chrono::steady_clock::time_point end_;
    std::string option_;
};

}  // namespace mvp::sim
