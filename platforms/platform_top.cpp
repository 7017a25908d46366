#include "platform_top.h"

namespace mvp {

PlatformTop::PlatformTop(const char* name, const char* description, unsigned gpc,
                         unsigned tpc_per_gpc, unsigned sm_per_tpc, unsigned sp_per_sm)
    : name_(name),
      description_(description),
      gpc_(gpc),
      tpc_per_gpc_(tpc_per_gpc),
      sm_per_tpc_(sm_per_tpc),
      sp_per_sm_(sp_per_sm) {}

void PlatformTop::apply(config::Config& config) const {
    const std::string origin = "--platform " + name_;
    config.set("mvpgpu_platform", name_, origin);
    config.set("mvpgpu_n_gpc", std::to_string(gpc_), origin);
    config.set("mvpgpu_n_tpc_per_gpc", std::to_string(tpc_per_gpc_), origin);
    config.set("mvpgpu_n_sm_per_tpc", std::to_string(sm_per_tpc_), origin);
    config.set("mvpgpu_n_sp_per_sm", std::to_string(sp_per_sm_), origin);
}

const std::vector<const PlatformTop*>& PlatformTop::all() {
    static const std::vector<const PlatformTop*> tops = {&mvp_v2_1_top(), &mvp_1sp_top()};
    return tops;
}

const PlatformTop& PlatformTop::find(const std::string& name) {
    std::string known;
    for (const PlatformTop* top : all()) {
        if (top->name() == name) return *top;
        known += (known.empty() ? "" : ", ") + top->name();
    }
    throw config::ConfigError("--platform: unknown platform '" + name + "' (known: " + known + ")");
}

unsigned PlatformTop::sps_of(const config::Config& config) {
    return static_cast<unsigned>(
        config.get_int("mvpgpu_n_gpc") * config.get_int("mvpgpu_n_tpc_per_gpc") *
        config.get_int("mvpgpu_n_sm_per_tpc") * config.get_int("mvpgpu_n_sp_per_sm"));
}

}  // namespace mvp
