#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::tools {

// The signal map of mvp-vcd2commit: which VCD signals carry a retired warp instruction. A text
// file, one `key = value` per line, `#` starts a comment; the format is specified in
// doc/rtl-cosim.md ("From a waveform: mvp-vcd2commit"). Errors name the file and the line.
class SignalMap {
  public:
    enum class Style { kEvent, kClocked };
    // A port's fields; kTrigger is `event` (event style) or `valid` (clocked style).
    enum Field { kTrigger, kSp, kWarp, kMask, kPc, kInsn, kRd, kValue, kAddress, kData, kFields };
    static const char* field_name(Field f, Style style);
    static bool per_lane(Field f) { return f >= kValue; }

    // A signal path (with `*`/`**` wildcards and a `{lane}` placeholder) or a constant.
    struct Binding {
        bool set = false;
        bool constant = false;
        uint64_t value = 0;
        std::string path;
        size_t line = 0;
    };
    struct Port {
        std::string name;  // "" for fields written without a port prefix
        Binding fields[kFields];
        size_t line = 0;
    };
    // A duration: `count` femtoseconds, or `count` VCD time units when `fs` is false.
    struct Period {
        uint64_t count = 0;
        bool fs = true;
    };

    static SignalMap read(const std::string& path);
    // "1 ns", "2.5ns", "1000" (VCD units); false with `error` when malformed.
    static bool parse_period(const std::string& text, Period* period, std::string* error);

    std::string path;
    Style style = Style::kEvent;
    Binding clock;  // clocked style
    Binding cycle;  // a signal holding the cycle (optional)
    Period period;  // count 0: none
    size_t period_line = 0;
    int64_t cycle_offset = 0;
    unsigned warp_size = 0;  // 0: the width of the mask signal
    std::vector<Port> ports;
};

}  // namespace mvp::tools
