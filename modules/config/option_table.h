#pragma once

// Helpers for declaring options, one call per option, used by the option tables
// (options.cpp and options_<area>.cpp). Internal to modules/config.

#include <cmath>
#include <cstdint>
#include <vector>

#include "config.h"

namespace mvp::config {

constexpr int64_t kNoMax = INT64_MAX;

// Extra conditions on numeric values (see ValueRule).
inline bool is_positive(double v) { return v > 0; }

inline bool is_power_of_two(double v) {
    int exponent = 0;
    return v > 0 && std::frexp(v, &exponent) == 0.5;
}

inline bool divides_64(double v) { return v > 0 && std::floor(v) == v && std::fmod(64.0, v) == 0; }

inline bool is_multiple_of_8(double v) { return std::fmod(v, 8.0) == 0; }

constexpr ValueRule kPositive{is_positive, "greater than 0"};
constexpr ValueRule kPowerOfTwo{is_power_of_two, "a power of two"};
constexpr ValueRule kDivides64{divides_64, "a divisor of 64"};
constexpr ValueRule kMultipleOf8{is_multiple_of_8, "a multiple of 8"};

// One helper per kind of option, so that each declaration below is a single call.
inline OptionSpec int_option(const char* name, const char* def, int64_t min, int64_t max,
                             const char* description, ValueRule rule = {}) {
    OptionSpec s{name, OptionType::kInt, def, description};
    s.min = min;
    s.max = max;
    s.rule = rule;
    return s;
}

inline OptionSpec int_list_option(const char* name, const char* def, unsigned length, int64_t min,
                                  const char* description) {
    OptionSpec s{name, OptionType::kIntList, def, description};
    s.min = min;
    s.list_length = length;
    return s;
}

inline OptionSpec double_list_option(const char* name, const char* def, unsigned length,
                                     char separator, ValueRule rule, const char* description) {
    OptionSpec s{name, OptionType::kDoubleList, def, description};
    s.list_length = length;
    s.separator = separator;
    s.rule = rule;
    return s;
}

inline OptionSpec string_option(const char* name, const char* def, const char* choices,
                                const char* description) {
    OptionSpec s{name, OptionType::kString, def, description};
    s.choices = choices;
    return s;
}

// A kString option whose value is a list of distinct `choices` ("a|b|c") separated by ','.
inline OptionSpec choice_list_option(const char* name, const char* def, const char* choices,
                                     const char* description) {
    OptionSpec s{name, OptionType::kString, def, description};
    s.choices = choices;
    s.choice_list = true;
    return s;
}

// The option tables of each area of the model; option_specs() concatenates them.
std::vector<OptionSpec> core_options();
std::vector<OptionSpec> memory_system_options();  // options_memory_system.cpp: noc, ddr
std::vector<OptionSpec> sp_memory_options();      // options_sp_memory.cpp: icc, xi, dcc, occ, ldst
std::vector<OptionSpec> sp_pipeline_options();    // options_sp_pipeline.cpp: fe, thdc, is, rf
std::vector<OptionSpec> platform_options();       // options_platform.cpp: cp, dma, tracing

}  // namespace mvp::config
