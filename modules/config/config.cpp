#include "config.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string_view>
#include <system_error>

namespace mvp::config {

namespace {

std::string trim(std::string_view s) {
    const size_t begin = s.find_first_not_of(" \t\r\n");
    if (begin == std::string_view::npos) return {};
    const size_t end = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(begin, end - begin + 1));
}

std::string strip_dash(const std::string& name) {
    return !name.empty() && name[0] == '-' ? name.substr(1) : name;
}

// Integers are decimal or 0x hexadecimal, optionally signed. Returns false for anything else;
// *overflow says that the text is an integer that does not fit in 64 bits.
bool parse_int(const std::string& s, int64_t* out, bool* overflow) {
    *overflow = false;
    std::string_view v = s;
    bool negative = false;
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
        negative = v[0] == '-';
        v.remove_prefix(1);
    }
    int base = 10;
    if (v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
        base = 16;
        v.remove_prefix(2);
    }
    if (v.empty() || v[0] == '-' || v[0] == '+') return false;
    uint64_t magnitude = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), magnitude, base);
    if (end != v.data() + v.size()) return false;
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    if (ec == std::errc::result_out_of_range || magnitude > limit) {
        *overflow = true;
        return false;
    }
    *out = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
    return true;
}

// Finite decimal numbers ("800", "1000.0", "2.5e3"), independent of the C locale.
bool parse_double(const std::string& s, double* out) {
    std::string_view v = s;
    if (!v.empty() && v[0] == '+') v.remove_prefix(1);
    if (v.empty() || v[0] == '+') return false;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), *out);
    return ec == std::errc() && end == v.data() + v.size() && std::isfinite(*out);
}

// The shortest text that reads back as the same double ("1000", "800.5").
std::string format_double(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

const char* type_noun(OptionType type) {
    switch (type) {
        case OptionType::kInt:
            return "an integer";
        case OptionType::kBool:
            return "a boolean";
        case OptionType::kDouble:
            return "a number";
        case OptionType::kString:
            return "a string";
        case OptionType::kIntList:
            return "a list of integers";
        case OptionType::kDoubleList:
            return "a list of numbers";
    }
    return "a value";
}

// The option's type in GPGPU-Sim's terms (OPT_INT64, OPT_BOOL, OPT_DOUBLE, OPT_CSTR), with
// the number of values for a list.
std::string type_label(const OptionSpec& spec) {
    const std::string length = spec.list_length ? std::to_string(spec.list_length) : "";
    switch (spec.type) {
        case OptionType::kInt:
            return "OPT_INT64";
        case OptionType::kBool:
            return "OPT_BOOL";
        case OptionType::kDouble:
            return "OPT_DOUBLE";
        case OptionType::kString:
            return "OPT_CSTR";
        case OptionType::kIntList:
            return "OPT_INT64[" + length + "]";
        case OptionType::kDoubleList:
            return "OPT_DOUBLE[" + length + "]";
    }
    return "?";
}

std::vector<std::string> split(const std::string& s, char separator) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (;;) {
        const size_t pos = s.find(separator, start);
        parts.push_back(trim(std::string_view(s).substr(start, pos - start)));
        if (pos == std::string::npos) break;
        start = pos + 1;
    }
    return parts;
}

// The accepted values of a string option, from "a|b|c".
std::vector<std::string> choices_of(const OptionSpec& spec) {
    return spec.choices ? split(spec.choices, '|') : std::vector<std::string>{};
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
    std::string s;
    for (size_t i = 0; i < parts.size(); ++i) s += (i ? separator : "") + parts[i];
    return s;
}

// "must be at least 1", from the declared limits and rule; empty when there is no limit.
std::string requirement_of(const OptionSpec& spec) {
    std::vector<std::string> parts;
    const bool numeric_limits = spec.type == OptionType::kInt || spec.type == OptionType::kIntList;
    if (numeric_limits && spec.min != INT64_MIN && spec.max != INT64_MAX)
        parts.push_back(std::to_string(spec.min) + ".." + std::to_string(spec.max));
    else if (numeric_limits && spec.min != INT64_MIN)
        parts.push_back(">= " + std::to_string(spec.min));
    else if (numeric_limits && spec.max != INT64_MAX)
        parts.push_back("<= " + std::to_string(spec.max));
    if (spec.rule.holds) parts.push_back(spec.rule.requirement);
    if (spec.choices)
        parts.push_back((spec.choice_list
                             ? std::string("a '") + spec.separator + "'-separated list of "
                             : std::string("one of ")) +
                        spec.choices);
    return join(parts, ", ");
}

// A value parsed and checked against its option.
struct Parsed {
    std::string text;
    std::vector<int64_t> ints;
    std::vector<double> doubles;
    std::string warning;
};

class ValueParser {
  public:
    ValueParser(const OptionSpec& spec, const std::string& origin)
        : spec_(spec), origin_(origin), prefix_(origin + ": -" + spec.name + ": ") {}

    Parsed parse(std::string raw) const {
        raw = trim(raw);
        if (raw.size() >= 2 && raw.front() == '"' && raw.back() == '"')
            raw = raw.substr(1, raw.size() - 2);
        if (raw.empty()) fail("missing value");
        Parsed p;
        switch (spec_.type) {
            case OptionType::kInt:
                p.ints.push_back(integer(raw, raw, 0));
                p.text = std::to_string(p.ints[0]);
                break;
            case OptionType::kBool:
                if (raw == "1" || raw == "true") {
                    p.ints.push_back(1);
                } else if (raw == "0" || raw == "false") {
                    p.ints.push_back(0);
                } else {
                    fail("expected 0, 1, true or false, got '" + raw + "'");
                }
                p.text = std::to_string(p.ints[0]);
                break;
            case OptionType::kDouble:
                p.doubles.push_back(number(raw, raw, 0));
                p.text = format_double(p.doubles[0]);
                break;
            case OptionType::kString:
                if (spec_.choice_list) {
                    p.text = choice_list(raw);
                } else {
                    check_choice(raw);
                    p.text = raw;
                }
                break;
            case OptionType::kIntList:
            case OptionType::kDoubleList:
                parse_list(raw, &p);
                break;
        }
        return p;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const { throw ConfigError(prefix_ + what); }

    // One integer: `element` is its text, `whole` the whole value (for the error message),
    // `entry` its 1-based position in a list (0 for a scalar).
    int64_t integer(const std::string& element, const std::string& whole, unsigned entry) const {
        int64_t v = 0;
        bool overflow = false;
        if (!parse_int(element, &v, &overflow)) {
            if (overflow) out_of_range(element, entry, element[0] == '-' ? at_least() : at_most());
            fail(malformed(whole));
        }
        if (v < spec_.min) out_of_range(element, entry, at_least());
        if (v > spec_.max) out_of_range(element, entry, at_most());
        if (spec_.rule.holds && !spec_.rule.holds(static_cast<double>(v)))
            out_of_range(element, entry, spec_.rule.requirement);
        return v;
    }

    double number(const std::string& element, const std::string& whole, unsigned entry) const {
        double v = 0;
        if (!parse_double(element, &v)) fail(malformed(whole));
        if (spec_.rule.holds && !spec_.rule.holds(v))
            out_of_range(element, entry, spec_.rule.requirement);
        return v;
    }

    std::string at_least() const { return "at least " + std::to_string(spec_.min); }
    std::string at_most() const { return "at most " + std::to_string(spec_.max); }

    [[noreturn]] void out_of_range(const std::string& element, unsigned entry,
                                   const std::string& requirement) const {
        std::string what = element;
        if (entry) what += " (entry " + std::to_string(entry) + ")";
        fail(what + " is out of range: must be " + requirement);
    }

    std::string malformed(const std::string& whole) const {
        std::string expected = type_noun(spec_.type);
        if (spec_.type == OptionType::kIntList || spec_.type == OptionType::kDoubleList)
            expected += std::string(" separated by '") + spec_.separator + "'";
        return "expected " + expected + ", got '" + whole + "'";
    }

    void check_choice(const std::string& raw) const {
        const std::vector<std::string> choices = choices_of(spec_);
        if (choices.empty()) return;
        for (const std::string& c : choices) {
            if (c == raw) return;
        }
        fail("expected one of " + join(choices, ", ") + ", got '" + raw + "'");
    }

    // A list of distinct choices, in the order the option declares them.
    std::string choice_list(const std::string& raw) const {
        const std::vector<std::string> choices = choices_of(spec_);
        std::vector<bool> given(choices.size(), false);
        for (const std::string& e : split(raw, spec_.separator)) {
            size_t i = 0;
            while (i < choices.size() && choices[i] != e) ++i;
            if (i == choices.size())
                fail("'" + e + "' is not one of " + join(choices, ", ") + " (in '" + raw + "')");
            if (given[i]) fail("'" + e + "' is given twice (in '" + raw + "')");
            given[i] = true;
        }
        std::vector<std::string> kept;
        for (size_t i = 0; i < choices.size(); ++i)
            if (given[i]) kept.push_back(choices[i]);
        return join(kept, std::string(1, spec_.separator).c_str());
    }

    void parse_list(const std::string& raw, Parsed* p) const {
        const std::vector<std::string> elements = split(raw, spec_.separator);
        // Every value must be well-formed, even one beyond the defined length.
        for (const std::string& e : elements) {
            int64_t iv = 0;
            double dv = 0;
            bool overflow = false;
            const bool ok = spec_.type == OptionType::kIntList
                                ? parse_int(e, &iv, &overflow) || overflow
                                : parse_double(e, &dv);
            if (!ok) fail(malformed(raw));
        }
        const size_t n = elements.size();
        if (spec_.list_length && n < spec_.list_length) {
            fail("expected " + std::to_string(spec_.list_length) + " values, got " +
                 std::to_string(n));
        }
        // Values beyond the defined length are ignored, so their range does not matter.
        const size_t kept = spec_.list_length && n > spec_.list_length ? spec_.list_length : n;
        std::vector<std::string> texts;
        for (size_t i = 0; i < kept; ++i) {
            const unsigned entry = static_cast<unsigned>(i + 1);
            if (spec_.type == OptionType::kIntList) {
                p->ints.push_back(integer(elements[i], raw, entry));
                texts.push_back(std::to_string(p->ints.back()));
            } else {
                p->doubles.push_back(number(elements[i], raw, entry));
                texts.push_back(format_double(p->doubles.back()));
            }
        }
        p->text = join(texts, std::string(1, spec_.separator).c_str());
        if (kept < n) {
            p->warning = origin_ + ": -" + spec_.name + ": " + std::to_string(n) +
                         " values given where the option defines " +
                         std::to_string(spec_.list_length) + "; the extra values are ignored";
        }
    }

    const OptionSpec& spec_;
    const std::string& origin_;
    std::string prefix_;
};

// Appends `text` to `out` wrapped at `width` columns, each line starting with `indent`.
void wrap(std::string* out, const std::string& text, const std::string& indent, size_t width) {
    std::istringstream words(text);
    std::string word;
    std::string line = indent;
    while (words >> word) {
        if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
            *out += line + "\n";
            line = indent;
        }
        if (line.size() > indent.size()) line += ' ';
        line += word;
    }
    if (line.size() > indent.size()) *out += line + "\n";
}

}  // namespace

void write_json_string(std::ostream& os, const std::string& s) {
    os << '"';
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                os << "\\\"";
                break;
            case '\\':
                os << "\\\\";
                break;
            case '\n':
                os << "\\n";
                break;
            case '\r':
                os << "\\r";
                break;
            case '\t':
                os << "\\t";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    os << buf;
                } else {
                    os << c;
                }
        }
    }
    os << '"';
}

Config::Config() : Config(option_specs()) {}

Config::Config(const std::vector<OptionSpec>& specs) : specs_(&specs) {
    values_.reserve(specs.size());
    for (size_t i = 0; i < specs.size(); ++i) {
        const OptionSpec& spec = specs[i];
        if (!index_.emplace(spec.name, i).second)
            throw ConfigError(std::string("option table: -") + spec.name + " is declared twice");
        Parsed p = ValueParser(spec, "default").parse(spec.default_value);
        if (!p.warning.empty()) throw ConfigError("option table: " + p.warning);
        values_.push_back({p.text, "default", std::move(p.ints), std::move(p.doubles)});
    }
}

void Config::load_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw ConfigError(path + ": cannot read config file: Is a directory");
    std::ifstream in(path);
    if (!in) throw ConfigError(path + ": cannot read config file: " + std::strerror(errno));
    load(in, path);
}

void Config::load(std::istream& in, const std::string& path) {
    // Settings go to a copy, so that a file with an error changes nothing.
    Config next = *this;
    std::string line;
    unsigned number = 0;
    while (std::getline(in, line)) {
        ++number;
        const size_t comment = line.find('#');
        if (comment != std::string::npos) line.erase(comment);
        line = trim(line);
        if (line.empty()) continue;
        const std::string where = path + ":" + std::to_string(number);
        if (line[0] != '-' || line.size() == 1)
            throw ConfigError(where + ": expected '-option value', got '" + line + "'");
        const size_t blank = line.find_first_of(" \t");
        const std::string name = line.substr(0, blank);
        const std::string value = blank == std::string::npos ? "" : line.substr(blank);
        next.set(name, value, where);
    }
    if (in.bad()) throw ConfigError(path + ": cannot read config file: " + std::strerror(errno));
    *this = std::move(next);
}

void Config::set(const std::string& name, const std::string& value, const std::string& origin) {
    const std::string key = strip_dash(name);
    const auto it = index_.find(key);
    if (it == index_.end()) throw ConfigError(origin + ": unknown option -" + key);
    // MVPGPU-Sim writes the warp size as THREADS:WARP (threads per SP, then warp size): both
    // options are set, each checked as if given alone.
    const char* kThreadsAndWarp = "mvpgpu_n_threads_per_sp_and_warp_size";
    const size_t first = value.find_first_not_of(" \t"), last = value.find_last_not_of(" \t");
    const std::string pair =
        first == std::string::npos ? std::string() : value.substr(first, last - first + 1);
    if (key == kThreadsAndWarp && pair.find(':') != std::string::npos) {
        const size_t colon = pair.find(':');
        const std::string threads = pair.substr(0, colon), warp = pair.substr(colon + 1);
        auto digits = [](const std::string& t) {
            return !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
        };
        if (!digits(threads) || !digits(warp) || index_.count("mvpgpu_n_threads_per_sp") == 0)
            throw ConfigError(origin + ": -" + key + ": '" + pair +
                              "' is not a number or a THREADS:WARP pair");
        // Both halves are checked before either is set.
        const std::string threads_origin = origin + " (-" + key + " " + pair + ")";
        const size_t threads_index = index_.at("mvpgpu_n_threads_per_sp");
        ValueParser((*specs_)[threads_index], threads_origin).parse(threads);
        ValueParser((*specs_)[it->second], origin).parse(warp);
        set("mvpgpu_n_threads_per_sp", threads, threads_origin);
        set(key, warp, origin);
        return;
    }
    Parsed p = ValueParser((*specs_)[it->second], origin).parse(value);
    values_[it->second] = {p.text, origin, std::move(p.ints), std::move(p.doubles)};
    if (!p.warning.empty()) warnings_.push_back(p.warning);
}

void Config::validate() const {
    const char* kWarp = "mvpgpu_n_threads_per_sp_and_warp_size";
    const char* kThreads = "mvpgpu_n_threads_per_sp";
    const char* kStack = "mvpgpu_private_stack_bytes";
    const char* kLocal = "mvpgpu_local_mem_size";
    if (has_option(kWarp) && has_option(kThreads)) {
        const int64_t warp = get_int(kWarp);
        const int64_t threads = get_int(kThreads);
        if (threads % warp != 0) {
            throw ConfigError("-" + std::string(kThreads) + " " + std::to_string(threads) + " (" +
                              origin(kThreads) + ") is not a multiple of -" + kWarp + " " +
                              std::to_string(warp) + " (" + origin(kWarp) + ")");
        }
    }
    if (has_option(kThreads) && has_option(kStack) && has_option(kLocal)) {
        const int64_t need = get_int(kThreads) * get_int(kStack);
        if (need > get_int(kLocal)) {
            throw ConfigError("the private stacks need -" + std::string(kThreads) + " " +
                              std::to_string(get_int(kThreads)) + " x -" + kStack + " " +
                              std::to_string(get_int(kStack)) + " = " + std::to_string(need) +
                              " bytes, more than -" + kLocal + " " +
                              std::to_string(get_int(kLocal)));
        }
    }
}

const OptionSpec& Config::spec_of(const std::string& name, size_t* index) const {
    const std::string key = strip_dash(name);
    const auto it = index_.find(key);
    if (it == index_.end()) throw ConfigError("unknown option -" + key);
    *index = it->second;
    return (*specs_)[it->second];
}

const Config::Value& Config::typed(const std::string& name, OptionType type,
                                   const char* what) const {
    size_t index = 0;
    const OptionSpec& spec = spec_of(name, &index);
    if (spec.type != type) {
        throw ConfigError(std::string("-") + spec.name + " holds " + type_noun(spec.type) +
                          ", not " + what);
    }
    return values_[index];
}

int64_t Config::get_int(const std::string& name) const {
    return typed(name, OptionType::kInt, "an integer").ints[0];
}

bool Config::get_bool(const std::string& name) const {
    return typed(name, OptionType::kBool, "a boolean").ints[0] != 0;
}

double Config::get_double(const std::string& name) const {
    return typed(name, OptionType::kDouble, "a number").doubles[0];
}

const std::string& Config::get_string(const std::string& name) const {
    return typed(name, OptionType::kString, "a string").text;
}

std::vector<int64_t> Config::get_int_list(const std::string& name) const {
    return typed(name, OptionType::kIntList, "a list of integers").ints;
}

std::vector<double> Config::get_double_list(const std::string& name) const {
    return typed(name, OptionType::kDoubleList, "a list of numbers").doubles;
}

bool Config::has_option(const std::string& name) const {
    return index_.count(strip_dash(name)) != 0;
}

const std::string& Config::origin(const std::string& name) const {
    size_t index = 0;
    spec_of(name, &index);
    return values_[index].origin;
}

const std::string& Config::text(const std::string& name) const {
    size_t index = 0;
    spec_of(name, &index);
    return values_[index].text;
}

void Config::write_json(std::ostream& os, int indent) const {
    const std::string outer(indent > 0 ? static_cast<size_t>(indent) : 0, ' ');
    const std::string inner = outer + "  ";
    os << "{";
    for (size_t i = 0; i < specs_->size(); ++i) {
        const OptionSpec& spec = (*specs_)[i];
        const Value& v = values_[i];
        os << (i ? ",\n" : "\n") << inner;
        write_json_string(os, spec.name);
        os << ": ";
        switch (spec.type) {
            case OptionType::kInt:
                os << v.ints[0];
                break;
            case OptionType::kBool:
                os << (v.ints[0] ? "true" : "false");
                break;
            case OptionType::kDouble:
                os << format_double(v.doubles[0]);
                break;
            case OptionType::kString:
                write_json_string(os, v.text);
                break;
            case OptionType::kIntList:
                os << "[";
                for (size_t k = 0; k < v.ints.size(); ++k) os << (k ? ", " : "") << v.ints[k];
                os << "]";
                break;
            case OptionType::kDoubleList:
                os << "[";
                for (size_t k = 0; k < v.doubles.size(); ++k)
                    os << (k ? ", " : "") << format_double(v.doubles[k]);
                os << "]";
                break;
        }
    }
    os << (specs_->empty() ? "}" : "\n" + outer + "}");
}

std::string Config::help() { return help(option_specs()); }

std::string Config::help(const std::vector<OptionSpec>& specs) {
    std::string out =
        "Configuration options, in the GPGPU-Sim style: `-name value` on the command line, or "
        "one per line in a configuration file ('#' starts a comment). Files apply in order, then "
        "the command line; a later setting wins. Types are GPGPU-Sim's (OPT_INT64, OPT_BOOL, "
        "OPT_DOUBLE, OPT_CSTR); a list OPT_T[n] is one word of n values with the separator "
        "shown.\n\n";
    std::string wrapped;
    wrap(&wrapped, out, "", 100);
    out = wrapped + "\n";

    size_t name_width = std::string("option").size();
    size_t type_width = std::string("type").size();
    for (const OptionSpec& s : specs) {
        name_width = std::max(name_width, std::strlen(s.name) + 1);
        type_width = std::max(type_width, type_label(s).size());
    }
    auto row = [&](const std::string& name, const std::string& type, const std::string& def) {
        std::string line = name;
        line.resize(name_width + 2, ' ');
        line += type;
        line.resize(name_width + 2 + type_width + 2, ' ');
        return line + def + "\n";
    };
    out += row("option", "type", "default");
    out += row(std::string(name_width, '-'), std::string(type_width, '-'), "-------");
    for (const OptionSpec& s : specs) {
        out += row(std::string("-") + s.name, type_label(s), s.default_value);
        std::string description = s.description;
        const std::string requirement = requirement_of(s);
        if (s.type == OptionType::kIntList || s.type == OptionType::kDoubleList)
            description += std::string("; separated by '") + s.separator + "'";
        if (!requirement.empty()) description += "; " + requirement;
        wrap(&out, description, "    ", 100);
    }
    return out;
}

}  // namespace mvp::config
