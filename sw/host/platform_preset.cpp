#include "platform_preset.h"

namespace mvp::host {

namespace {

struct Preset {
    const char* name;
    const char* gpc;
    const char* tpc_per_gpc;
    const char* sm_per_tpc;
    const char* sp_per_sm;
};

// MVP V2.1: 1 GPC > 4 TPC > 2 SM > 4 SP (32 SP); the calibration platform has one of each.
constexpr Preset kPresets[] = {
    {"mvp_v2_1", "1", "4", "2", "4"},
    {"mvp_1sp", "1", "1", "1", "1"},
};

}  // namespace

const std::vector<std::string>& platform_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const Preset& p : kPresets) n.push_back(p.name);
        return n;
    }();
    return names;
}

void apply_platform_preset(config::Config& config, const std::string& name) {
    for (const Preset& p : kPresets) {
        if (name != p.name) continue;
        const std::string origin = "--platform " + name;
        config.set("mvpgpu_platform", name, origin);
        config.set("mvpgpu_n_gpc", p.gpc, origin);
        config.set("mvpgpu_n_tpc_per_gpc", p.tpc_per_gpc, origin);
        config.set("mvpgpu_n_sm_per_tpc", p.sm_per_tpc, origin);
        config.set("mvpgpu_n_sp_per_sm", p.sp_per_sm, origin);
        return;
    }
    std::string known;
    for (const Preset& p : kPresets) known += std::string(known.empty() ? "" : ", ") + p.name;
    throw config::ConfigError("--platform: unknown platform '" + name + "' (known: " + known + ")");
}

unsigned num_sps(const config::Config& config) {
    return static_cast<unsigned>(
        config.get_int("mvpgpu_n_gpc") * config.get_int("mvpgpu_n_tpc_per_gpc") *
        config.get_int("mvpgpu_n_sm_per_tpc") * config.get_int("mvpgpu_n_sp_per_sm"));
}

}  // namespace mvp::host
