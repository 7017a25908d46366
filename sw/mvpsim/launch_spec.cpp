#include "launch_spec.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

namespace mvp::mvpsim {

namespace {

[[noreturn]] void bad(const std::string& option, const std::string& text, const std::string& why) {
    throw UsageError(option + " '" + text + "': " + why);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    parts.push_back(cur);
    return parts;
}

// Parses a whole string as an integer in [lo, hi]; decimal or 0x hexadecimal.
bool parse_integer(const std::string& s, int64_t lo, int64_t hi, int64_t* out) {
    if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return false;
    errno = 0;
    char* end = nullptr;
    size_t digits = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    bool hex = s.size() > digits + 1 && s[digits] == '0' && (s[digits + 1] | 0x20) == 'x';
    long long v = std::strtoll(s.c_str(), &end, hex ? 16 : 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

bool parse_float(const std::string& s, float* out) {
    if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return false;
    char* end = nullptr;
    errno = 0;
    float v = std::strtof(s.c_str(), &end);
    if (*end != '\0' || (errno == ERANGE && std::isinf(v))) return false;
    *out = v;
    return true;
}

uint32_t scalar(const std::string& option, const std::string& text, const std::string& type,
                const std::string& value) {
    int64_t v = 0;
    if (type == "u32") {
        if (!parse_integer(value, 0, 0xffffffffLL, &v))
            bad(option, text, "'" + value + "' is not an unsigned 32-bit integer");
        return static_cast<uint32_t>(v);
    }
    if (type == "i32") {
        if (!parse_integer(value, std::numeric_limits<int32_t>::min(),
                           std::numeric_limits<int32_t>::max(), &v))
            bad(option, text, "'" + value + "' is not a signed 32-bit integer");
        return static_cast<uint32_t>(v);
    }
    float f;
    if (!parse_float(value, &f)) bad(option, text, "'" + value + "' is not a 32-bit float");
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
}

}  // namespace

BufferSpec parse_buffer(const std::string& option, const std::string& text) {
    size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) bad(option, text, "expected NAME=SPEC");
    BufferSpec b;
    b.name = text.substr(0, eq);
    std::string spec = text.substr(eq + 1);
    size_t colon = spec.find(':');
    if (colon == std::string::npos)
        bad(option, text, "expected SPEC as zeros:BYTES, file:PATH, f32:..., i32:... or u32:...");
    std::string kind = spec.substr(0, colon);
    std::string rest = spec.substr(colon + 1);
    if (kind == "zeros") {
        int64_t n = 0;
        if (!parse_integer(rest, 1, 0x7fffffffLL, &n))
            bad(option, text, "'" + rest + "' is not a positive byte count");
        b.bytes.assign(static_cast<size_t>(n), 0);
    } else if (kind == "file") {
        // A regular file only: a device or a pipe (/dev/zero) could be read without end.
        std::error_code ec;
        const auto status = std::filesystem::status(rest, ec);
        if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
            bad(option, text, "'" + rest + "' is not a regular file");
        std::ifstream in(rest, std::ios::binary);
        if (!in) bad(option, text, "cannot read file '" + rest + "'");
        b.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (b.bytes.empty()) bad(option, text, "file '" + rest + "' is empty");
    } else if (kind == "f32" || kind == "i32" || kind == "u32") {
        if (rest.empty()) bad(option, text, "no values");
        for (const std::string& v : split(rest, ',')) {
            uint32_t bits = scalar(option, text, kind, v);
            for (int i = 0; i < 4; ++i) b.bytes.push_back(static_cast<uint8_t>(bits >> (8 * i)));
        }
    } else {
        bad(option, text, "unknown kind '" + kind + "' (expected zeros, file, f32, i32 or u32)");
    }
    return b;
}

ArgSpec parse_arg(const std::string& option, const std::string& text) {
    size_t colon = text.find(':');
    if (colon == std::string::npos)
        bad(option, text, "expected buf:NAME, u32:V, i32:V, f32:V or local:BYTES");
    std::string kind = text.substr(0, colon);
    std::string rest = text.substr(colon + 1);
    ArgSpec a;
    if (kind == "buf") {
        if (rest.empty()) bad(option, text, "no buffer name");
        a.kind = ArgSpec::Kind::kBuffer;
        a.buffer = rest;
    } else if (kind == "local") {
        int64_t n = 0;
        if (!parse_integer(rest, 1, 0x7fffffffLL, &n))
            bad(option, text, "'" + rest + "' is not a positive byte count");
        a.kind = ArgSpec::Kind::kLocal;
        a.value = static_cast<uint32_t>(n);
    } else if (kind == "u32" || kind == "i32" || kind == "f32") {
        a.kind = ArgSpec::Kind::kValue;
        a.value = scalar(option, text, kind, rest);
    } else {
        bad(option, text, "unknown kind '" + kind + "' (expected buf, u32, i32, f32 or local)");
    }
    return a;
}

PrintSpec parse_print(const std::string& option, const std::string& text) {
    size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) bad(option, text, "expected NAME:f32|i32|u32");
    PrintSpec p{text.substr(0, colon), text.substr(colon + 1)};
    if (p.type != "f32" && p.type != "i32" && p.type != "u32")
        bad(option, text, "unknown type '" + p.type + "' (expected f32, i32 or u32)");
    return p;
}

DumpSpec parse_dump(const std::string& option, const std::string& text) {
    size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
        bad(option, text, "expected NAME=PATH");
    return {text.substr(0, eq), text.substr(eq + 1)};
}

double parse_seconds(const std::string& option, const std::string& text) {
    float v = 0;
    if (!parse_float(text, &v) || !std::isfinite(v) || !(v > 0))
        bad(option, text, "expected a number of seconds greater than 0");
    return v;
}

std::vector<uint32_t> parse_dims(const std::string& option, const std::string& text) {
    std::vector<std::string> parts = split(text, ',');
    if (parts.size() > 3) bad(option, text, "at most 3 dimensions");
    std::vector<uint32_t> dims;
    for (const std::string& p : parts) {
        int64_t v = 0;
        if (!parse_integer(p, 1, 0xffffffffLL, &v))
            bad(option, text, "'" + p + "' is not a positive integer");
        dims.push_back(static_cast<uint32_t>(v));
    }
    return dims;
}

uint32_t default_local(uint32_t x) {
    for (uint32_t l = 64; l > 1; --l)
        if (x % l == 0) return l;
    return 1;
}

LaunchValues parse_launch(const LaunchOptions& o) {
    LaunchValues v;
    NDRange& range = v.range;
    std::vector<uint32_t> g = parse_dims("--global", o.global);
    range.work_dim = static_cast<uint32_t>(g.size());
    for (size_t d = 0; d < g.size(); ++d) range.global[d] = g[d];
    if (!o.local.empty()) {
        std::vector<uint32_t> l = parse_dims("--local", o.local);
        if (l.size() != g.size())
            throw UsageError("--local '" + o.local + "': has " + std::to_string(l.size()) +
                             " dimensions but --global has " + std::to_string(g.size()));
        for (size_t d = 0; d < l.size(); ++d) range.local[d] = l[d];
    } else {
        range.local[0] = default_local(range.global[0]);
    }
    if (!o.offset.empty()) {
        std::vector<uint32_t> off = parse_dims("--offset", o.offset);
        for (size_t d = 0; d < off.size(); ++d) range.offset[d] = off[d];
    }
    for (const std::string& b : o.buffers) {
        v.buffers.push_back(parse_buffer("--buffer", b));
        if (!v.buffer_index.emplace(v.buffers.back().name, v.buffers.size() - 1).second)
            throw UsageError("--buffer '" + b + "': buffer '" + v.buffers.back().name +
                             "' is defined twice");
    }
    auto find_buffer = [&](const std::string& option, const std::string& text,
                           const std::string& name) {
        if (v.buffer_index.count(name) == 0)
            throw UsageError(option + " '" + text + "': no --buffer named '" + name + "'");
    };
    for (const std::string& a : o.args) {
        v.args.push_back(parse_arg("--arg", a));
        if (v.args.back().kind == ArgSpec::Kind::kBuffer)
            find_buffer("--arg", a, v.args.back().buffer);
    }
    for (const std::string& p : o.prints) {
        v.prints.push_back(parse_print("--print", p));
        find_buffer("--print", p, v.prints.back().buffer);
    }
    for (const std::string& d : o.dumps) {
        v.dumps.push_back(parse_dump("--dump", d));
        find_buffer("--dump", d, v.dumps.back().buffer);
    }
    return v;
}

}  // namespace mvp::mvpsim
