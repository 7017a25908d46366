#pragma once

#include <string>
#include <vector>

#include "modules/config/config.h"

namespace mvp::host {

// The platforms the model knows, by --platform name.
const std::vector<std::string>& platform_names();

// The platform tops live in platforms/ (PlatformTop); the host only chooses one.
// Sets the options that define a platform's hierarchy (counts of GPC, TPC, SM and SP) and
// -mvpgpu_platform, with origin "--platform NAME". Configuration files and command-line
// options applied afterwards override them. Throws config::ConfigError for an unknown name.
void apply_platform_preset(config::Config& config, const std::string& name);

// Number of SPs of the configured hierarchy.
unsigned num_sps(const config::Config& config);

}  // namespace mvp::host
