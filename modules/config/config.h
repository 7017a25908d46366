#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace mvp::config {

// A configuration error; what() is one line naming the option and where it came from
// ("calib.config:12: -mvpgpu_n_sp_per_sm: expected an integer, got 'x'").
class ConfigError : public std::runtime_error {
  public:
    explicit ConfigError(const std::string& message) : std::runtime_error(message) {}
};

enum class OptionType : uint8_t { kInt, kBool, kDouble, kString, kIntList, kDoubleList };

// An extra condition on a numeric value (kInt, kDouble, or each element of a list), checked
// after min/max: `holds` says whether a value satisfies it, `requirement` what the value must
// be ("a power of two"), for error messages and the help text. Integers are passed exactly
// (up to 2^53).
struct ValueRule {
    bool (*holds)(double value) = nullptr;  // nullptr: no extra condition
    const char* requirement = "";
};

// One option, declared once (modules/config/options.cpp) with its type, default and meaning.
struct OptionSpec {
    const char* name;  // without the leading '-'
    OptionType type;
    const char* default_value;  // in the same text form as in a config file
    const char* description;
    int64_t min = INT64_MIN;  // for kInt and each kIntList element
    int64_t max = INT64_MAX;
    // kIntList / kDoubleList: the number of values the option defines (0: any). A longer list
    // is accepted with a warning and the extra values ignored; a shorter one is an error.
    unsigned list_length = 0;
    char separator = ',';           // between the values of a list
    const char* choices = nullptr;  // kString: the allowed values, "a|b|c" (nullptr: any)
    ValueRule rule{};               // kInt, kDouble and list elements: an extra condition
    // kString with choices: the value is a list of distinct choices separated by `separator`
    // ("a,c"), normalised to the order of `choices`.
    bool choice_list = false;
};

// The options of the model, in declaration order.
const std::vector<OptionSpec>& option_specs();

// The resolved options of one simulation: defaults, then files in order, then the command
// line; a later setting beats an earlier one. Values are checked when they are set.
class Config {
  public:
    // The model's options (option_specs()) at their defaults.
    Config();
    // Another option table (it must outlive the Config); used by tests. Throws ConfigError
    // when a default does not satisfy its own option or a name is declared twice.
    explicit Config(const std::vector<OptionSpec>& specs);

    // Reads `-name value` lines ('#' comments, blank lines). Throws ConfigError naming
    // file:line for an unknown option, a malformed value or an unreadable file. Either the
    // whole file applies or, when it throws, none of it.
    void load_file(const std::string& path);
    // The same for settings read from a stream; `name` stands for the file in errors and
    // origins ("name:12").
    void load(std::istream& in, const std::string& name);
    // Sets one option (name with or without the leading '-'); `origin` says where it came from
    // in errors and in origin() ("command line").
    void set(const std::string& name, const std::string& value, const std::string& origin);

    // Checks the conditions that involve several options (e.g. the private stacks of all
    // hardware threads fit in local memory). Call once every setting has been applied; throws
    // ConfigError naming the options.
    void validate() const;

    // Typed access by name (with or without '-'). Throws ConfigError for an unknown name or
    // a type mismatch (a programming error).
    int64_t get_int(const std::string& name) const;
    bool get_bool(const std::string& name) const;
    double get_double(const std::string& name) const;
    const std::string& get_string(const std::string& name) const;
    std::vector<int64_t> get_int_list(const std::string& name) const;
    std::vector<double> get_double_list(const std::string& name) const;

    bool has_option(const std::string& name) const;
    // Where the current value came from ("default", "file.config:7", "command line").
    const std::string& origin(const std::string& name) const;
    // The current value in its normalised text form (as a config file would write it).
    const std::string& text(const std::string& name) const;

    // Warnings raised while loading (e.g. a list longer than the option defines), one line
    // each, naming file:line and the option.
    const std::vector<std::string>& warnings() const { return warnings_; }

    // The resolved configuration as a JSON object {"name": value, ...}, in declaration order.
    // The object starts at the stream's position; its members are indented by indent + 2
    // spaces and its closing brace by indent spaces, with no newline after it, so that it can
    // be embedded in a larger document. Lists are arrays, strings quoted and escaped.
    void write_json(std::ostream& os, int indent = 0) const;
    // A help text listing every option with its type, default and description.
    static std::string help();
    static std::string help(const std::vector<OptionSpec>& specs);

  private:
    struct Value {
        std::string text;  // normalised text form
        std::string origin;
        std::vector<int64_t> ints;    // kInt, kBool (0/1) and kIntList
        std::vector<double> doubles;  // kDouble and kDoubleList
    };

    const OptionSpec& spec_of(const std::string& name, size_t* index) const;
    const Value& typed(const std::string& name, OptionType type, const char* what) const;

    const std::vector<OptionSpec>* specs_;
    std::map<std::string, size_t> index_;  // option name -> position in *specs_
    std::vector<Value> values_;            // one per spec, in declaration order
    std::vector<std::string> warnings_;
};

// Writes `s` as a JSON string literal (quoted, escaped): configuration dumps, statistics and
// reports share this one.
void write_json_string(std::ostream& os, const std::string& s);

}  // namespace mvp::config
