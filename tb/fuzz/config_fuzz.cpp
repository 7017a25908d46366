// Fuzz target `config`: text as a configuration file (`-name value` lines) through
// config::Config::load, as mvpsim --config and MVP_CONFIG read it, then the checks across
// options (validate) and the JSON dump. Bad input must end in config::ConfigError; a file
// that fails changes nothing.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "modules/config/config.h"
#include "tb/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using mvp::config::Config;
    using mvp::config::ConfigError;
    static const std::string kDefaults = [] {
        std::ostringstream os;
        Config().write_json(os);
        return os.str();
    }();
    Config config;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        config.load(in, "fuzz.config");
    } catch (const ConfigError&) {
        std::ostringstream os;
        config.write_json(os);
        mvp::fuzz::check(os.str() == kDefaults, "a configuration file that failed changed options");
        return 0;
    }
    try {
        config.validate();
    } catch (const ConfigError&) {
    }
    std::ostringstream os;
    config.write_json(os);
    // The normalised values, written back as a file, give the same configuration.
    std::ostringstream file;
    for (const mvp::config::OptionSpec& spec : mvp::config::option_specs())
        file << "-" << spec.name << " " << config.text(spec.name) << "\n";
    Config again;
    std::istringstream normalised(file.str());
    again.load(normalised, "normalised.config");
    std::ostringstream again_json;
    again.write_json(again_json);
    mvp::fuzz::check(again_json.str() == os.str(),
                     "normalised option values read back differently");
    return 0;
}
