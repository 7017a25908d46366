#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace mvp::config {

// A configuration error; what() is one line naming the option and where it came from
// ("calib.config:12: -mvpgpu_n_sp_per_sm: expected an unsigned integer, got 'x'").
class ConfigError : public std::runtime_error {
  public:
    explicit ConfigError(const std::string& message) : std::runtime_error(message) {}
};

enum class OptionType : uint8_t { kInt, kBool, kDouble, kString, kIntList, kDoubleList };

// One option, declared once (modules/config/options.cpp) with its type, default and meaning.
struct OptionSpec {
    const char* name;  // without the leading '-'
    OptionType type;
    const char* default_value;  // in the same text form as in a config file
    const char* description;
    int64_t min = INT64_MIN;    // for kInt and each kIntList element
    int64_t max = INT64_MAX;
    // kIntList / kDoubleList: the number of values the option defines (0: any). A longer list
    // is accepted with a warning and the extra values ignored; a shorter one is an error.
    unsigned list_length = 0;
};

const std::vector<OptionSpec>& option_specs();

// The resolved options of one simulation: defaults, then files in order, then the command
// line; a later setting beats an earlier one. Values are checked when they are set.
class Config {
  public:
    Config();

    // Reads `-name value` lines ('#' comments, blank lines). Throws ConfigError naming
    // file:line for an unknown option, a malformed value or an unreadable file.
    void load_file(const std::string& path);
    // Sets one option; `origin` says where it came from in errors ("command line").
    void set(const std::string& name, const std::string& value, const std::string& origin);

    int64_t get_int(const std::string& name) const;
    bool get_bool(const std::string& name) const;
    double get_double(const std::string& name) const;
    const std::string& get_string(const std::string& name) const;
    std::vector<int64_t> get_int_list(const std::string& name) const;
    std::vector<double> get_double_list(const std::string& name) const;

    bool has_option(const std::string& name) const;
    // Where the current value came from ("default", "file.config:7", "command line").
    const std::string& origin(const std::string& name) const;

    // Warnings raised while loading (e.g. a list longer than the option defines), one line
    // each, naming file:line and the option.
    const std::vector<std::string>& warnings() const { return warnings_; }

    // The resolved configuration as a JSON object {"name": value, ...}, in declaration order.
    void write_json(std::ostream& os, int indent = 0) const;
    // A help text listing every option with its type, default and description.
    static std::string help();

  private:
    struct Value {
        std::string text;  // normalised text form
        std::string origin;
    };
    std::map<std::string, Value> values_;
    std::vector<std::string> warnings_;
};

}  // namespace mvp::config
