#include "signal_map.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "line_reader.h"
#include "trace_error.h"

namespace mvp::tools {

namespace {

std::string trim(const std::string& s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

bool parse_uint(const std::string& s, uint64_t* v) {
    if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    char* end = nullptr;
    errno = 0;
    *v = std::strtoull(s.c_str(), &end, 0);
    return errno == 0 && *end == '\0';
}

bool identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

// A VCD path: dot-separated names of letters, digits and _ $ [ ] : { } and the wildcards.
bool signal_path(const std::string& s) {
    if (s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string::npos)
        return false;
    for (char c : s)
        if (std::isspace(static_cast<unsigned char>(c)) || c == '#' || c == '=') return false;
    return true;
}

}  // namespace

const char* SignalMap::field_name(Field f, Style style) {
    static const char* const kNames[kFields] = {"",     "sp", "warp",  "mask",    "pc",
                                                "insn", "rd", "value", "address", "data"};
    if (f == kTrigger) return style == Style::kClocked ? "valid" : "event";
    return kNames[f];
}

bool SignalMap::parse_period(const std::string& text, Period* period, std::string* error) {
    const std::string t = trim(text);
    size_t n = 0;
    while (n < t.size() && (std::isdigit(static_cast<unsigned char>(t[n])) || t[n] == '.')) ++n;
    const std::string number = t.substr(0, n), unit = trim(t.substr(n));
    char* end = nullptr;
    const double v = number.empty() ? 0 : std::strtod(number.c_str(), &end);
    if (number.empty() || *end != '\0' || !(v > 0)) {
        *error = "period '" + text + "': expected a positive number and a unit (1 ns, 500 ps)";
        return false;
    }
    static const struct {
        const char* name;
        double fs;
    } kUnits[] = {{"s", 1e15}, {"ms", 1e12}, {"us", 1e9}, {"ns", 1e6}, {"ps", 1e3}, {"fs", 1}};
    if (unit.empty()) {
        if (std::floor(v) != v) {
            *error = "period '" + text + "': VCD time units must be a whole number";
            return false;
        }
        period->count = static_cast<uint64_t>(v);
        period->fs = false;
        return true;
    }
    for (const auto& u : kUnits) {
        if (unit == u.name) {
            const double fs = v * u.fs;
            if (std::floor(fs) != fs || fs < 1) {
                *error = "period '" + text + "': not a whole number of femtoseconds";
                return false;
            }
            period->count = static_cast<uint64_t>(fs);
            period->fs = true;
            return true;
        }
    }
    *error = "period '" + text + "': unknown unit '" + unit + "' (s, ms, us, ns, ps, fs)";
    return false;
}

SignalMap SignalMap::read(const std::string& file) {
    LineReader in(file, true);
    SignalMap map;
    map.path = file;
    std::string text;
    struct Pending {
        std::string port;
        std::string field;
        std::string value;
        size_t line;
    };
    std::vector<Pending> fields;
    bool style_set = false;
    size_t style_line = 0;
    auto fail = [&](const std::string& what) { throw TraceError::at(file, in.line(), what); };
    auto binding = [&](const std::string& key, const std::string& value, size_t line) {
        Binding b;
        b.set = true;
        b.line = line;
        if (std::isdigit(static_cast<unsigned char>(value[0]))) {
            if (!parse_uint(value, &b.value))
                throw TraceError::at(
                    file, line, key + ": '" + value + "' is neither a signal path nor a number");
            b.constant = true;
        } else if (!signal_path(value)) {
            throw TraceError::at(file, line, key + ": '" + value + "' is not a signal path");
        } else {
            b.path = value;
        }
        return b;
    };
    while (in.next(&text)) {
        const size_t hash = text.find('#');
        const std::string line = trim(hash == std::string::npos ? text : text.substr(0, hash));
        if (line.empty()) continue;
        const size_t eq = line.find('=');
        if (eq == std::string::npos) fail("expected 'key = value', found '" + line + "'");
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        if (key.empty()) fail("no key before '='");
        if (value.empty()) fail(key + ": no value after '='");
        if (key == "style") {
            if (value == "event") {
                map.style = Style::kEvent;
            } else if (value == "clocked") {
                map.style = Style::kClocked;
            } else {
                fail("style: '" + value + "' is neither 'event' nor 'clocked'");
            }
            if (style_set) fail("style is given twice");
            style_set = true;
            style_line = in.line();
        } else if (key == "clock") {
            if (map.clock.set) fail("clock is given twice");
            map.clock = binding(key, value, in.line());
            if (map.clock.constant) fail("clock: must be a signal");
        } else if (key == "cycle") {
            if (map.cycle.set) fail("cycle is given twice");
            map.cycle = binding(key, value, in.line());
            if (map.cycle.constant) fail("cycle: must be a signal (cycle_offset adds a constant)");
        } else if (key == "period") {
            std::string error;
            if (map.period.count) fail("period is given twice");
            if (!parse_period(value, &map.period, &error)) fail(error);
            map.period_line = in.line();
        } else if (key == "cycle_offset") {
            char* end = nullptr;
            errno = 0;
            map.cycle_offset = std::strtoll(value.c_str(), &end, 0);
            if (errno || *end) fail("cycle_offset: '" + value + "' is not an integer");
        } else if (key == "warp_size") {
            uint64_t w;
            if (!parse_uint(value, &w) || w < 1 || w > 64)
                fail("warp_size: '" + value + "' is not a number of lanes from 1 to 64");
            map.warp_size = static_cast<unsigned>(w);
        } else {
            const size_t dot = key.find('.');
            Pending p;
            p.port = dot == std::string::npos ? "" : key.substr(0, dot);
            p.field = dot == std::string::npos ? key : key.substr(dot + 1);
            p.value = value;
            p.line = in.line();
            if (dot != std::string::npos && !identifier(p.port))
                fail("'" + key + "': the port name '" + p.port + "' must be letters, digits and _");
            fields.push_back(p);
        }
    }
    if (!style_set && map.clock.set) map.style = Style::kClocked;
    if (map.style == Style::kClocked && !map.clock.set)
        throw TraceError::at(file, style_line, "the clocked style needs 'clock = <signal>'");
    if (map.style == Style::kEvent && map.clock.set)
        throw TraceError::at(file, map.clock.line,
                             "'clock' is for the clocked style (style = clocked)");
    if (map.style == Style::kEvent && !map.cycle.set && !map.period.count)
        throw TraceError::at(file, 0,
                             "the event style needs 'period = <time per cycle>' or 'cycle = "
                             "<signal>' to know the cycle of a retire");

    for (const Pending& p : fields) {
        int f = -1;
        for (int i = 0; i < kFields; ++i)
            if (p.field == field_name(static_cast<Field>(i), map.style)) f = i;
        if (f < 0) {
            const char* other = map.style == Style::kClocked ? "event" : "valid";
            std::string hint = p.field == other ? std::string(" ('") + other + "' belongs to the " +
                                                      (map.style == Style::kClocked
                                                           ? "event style)"
                                                           : "clocked style: style = clocked)")
                                                : std::string();
            throw TraceError::at(
                file, p.line,
                "unknown key '" + (p.port.empty() ? "" : p.port + ".") + p.field + "'" + hint);
        }
        Port* port = nullptr;
        for (Port& q : map.ports)
            if (q.name == p.port) port = &q;
        if (!port) {
            map.ports.emplace_back();
            port = &map.ports.back();
            port->name = p.port;
            port->line = p.line;
        }
        Binding& b = port->fields[f];
        const std::string key = (p.port.empty() ? "" : p.port + ".") + p.field;
        if (b.set) throw TraceError::at(file, p.line, key + " is given twice");
        const Binding nb = binding(key, p.value, p.line);
        if (nb.constant && (f == kTrigger || per_lane(static_cast<Field>(f))))
            throw TraceError::at(file, p.line, key + ": must be a signal");
        if (!nb.constant && nb.path.find("{lane}") != std::string::npos &&
            !per_lane(static_cast<Field>(f)))
            throw TraceError::at(file, p.line, key + ": {lane} is for value, address and data");
        b = nb;
    }
    if (map.ports.empty())
        throw TraceError::at(file, 0,
                             "no retire port: give at least '" +
                                 std::string(field_name(kTrigger, map.style)) +
                                 "', warp, mask, pc, insn and rd");
    for (const Port& p : map.ports) {
        for (Field f : {kTrigger, kWarp, kMask, kPc, kInsn, kRd}) {
            if (!p.fields[f].set)
                throw TraceError::at(
                    file, p.line,
                    "port '" + (p.name.empty() ? std::string("(unnamed)") : p.name) + "' has no '" +
                        (p.name.empty() ? "" : p.name + ".") + field_name(f, map.style) + "'");
        }
    }
    return map;
}

}  // namespace mvp::tools
