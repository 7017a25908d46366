#include "platform_preset.h"

#include "platforms/platform_top.h"

namespace mvp::host {

const std::vector<std::string>& platform_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const PlatformTop* top : PlatformTop::all()) n.push_back(top->name());
        return n;
    }();
    return names;
}

void apply_platform_preset(config::Config& config, const std::string& name) {
    PlatformTop::find(name).apply(config);
}

unsigned num_sps(const config::Config& config) { return PlatformTop::sps_of(config); }

}  // namespace mvp::host
