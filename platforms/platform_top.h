#pragma once

#include <string>
#include <vector>

#include "modules/config/config.h"

namespace mvp {

// A platform top: the hierarchy of one MVP chip (counts of GPC, TPC, SM and SP) that
// platforms/mvp/Platform or a virtual platform instantiates the Gpu with. Each top has its own
// file under platforms/ (mvp_v2_1/, mvp_1sp/); hosts only choose one by name.
class PlatformTop {
  public:
    PlatformTop(const char* name, const char* description, unsigned gpc, unsigned tpc_per_gpc,
                unsigned sm_per_tpc, unsigned sp_per_sm);

    const std::string& name() const { return name_; }
    const std::string& description() const { return description_; }
    unsigned sps() const { return gpc_ * tpc_per_gpc_ * sm_per_tpc_ * sp_per_sm_; }

    // Sets -mvpgpu_platform and the hierarchy counts, with origin "--platform NAME";
    // configuration files and options applied afterwards override them.
    void apply(config::Config& config) const;

    // Every top of the project, and the one of that name (config::ConfigError naming the
    // known ones otherwise).
    static const std::vector<const PlatformTop*>& all();
    static const PlatformTop& find(const std::string& name);

    // SPs of the hierarchy a configuration describes.
    static unsigned sps_of(const config::Config& config);

  private:
    std::string name_;
    std::string description_;
    unsigned gpc_, tpc_per_gpc_, sm_per_tpc_, sp_per_sm_;
};

// The MVP V2.1 chip: 1 GPC > 4 TPC > 2 SM > 4 SP (platforms/mvp_v2_1/mvp_v2_1_top.cpp).
const PlatformTop& mvp_v2_1_top();
// The calibration platform: one of each, 1 SP (platforms/mvp_1sp/mvp_1sp_top.cpp).
const PlatformTop& mvp_1sp_top();

}  // namespace mvp
