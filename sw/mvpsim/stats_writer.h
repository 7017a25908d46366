#pragma once

#include <string>

#include "modules/config/config.h"
#include "modules/golden/launch.h"
#include "sw/host/device.h"
#include "sw/toolchain/program.h"

namespace mvp::mvpsim {

// The statistics file of doc/mvpsim.md: the keys of the launcher's contract, the launch, the
// simulation rate, and the resolved configuration, as one JSON object.
class StatsWriter {
  public:
    StatsWriter(const config::Config& config, const toolchain::Program& program,
                const std::string& kernel, const Launch& launch, const host::LaunchStats& stats,
                bool functional);
    std::string json() const;

  private:
    const config::Config& config_;
    const toolchain::Program& program_;
    std::string kernel_;
    const Launch& launch_;
    const host::LaunchStats& stats_;
    bool functional_;
};

}  // namespace mvp::mvpsim
