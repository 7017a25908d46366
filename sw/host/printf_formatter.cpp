#include "printf_formatter.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <stdexcept>

namespace mvp::host {

namespace {

// The largest argument a record can hold: a long16 or ulong16.
constexpr uint32_t kMaxArgBytes = 128;
// The largest width or precision the host formats.
constexpr int kMaxWidth = 4096;

uint32_t load32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// `text` as a C string literal's contents, shortened to a one-line message's length.
std::string quoted(const std::string& text) {
    std::string s;
    for (char c : text) {
        if (s.size() > 60) return s + "...";
        if (c == '\n') {
            s += "\\n";
        } else if (c == '\t') {
            s += "\\t";
        } else if (c == '"' || c == '\\') {
            s += std::string("\\") + c;
        } else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
            s += buf;
        } else {
            s += c;
        }
    }
    return s;
}

struct Arg {
    uint32_t size = 0;
    const uint8_t* bytes = nullptr;
};

// One conversion specification: %[flags][width][.precision][vN][length]conversion.
struct Spec {
    std::string flags, width, precision;            // precision with its '.', empty when absent
    bool width_arg = false, precision_arg = false;  // '*'
    unsigned vector = 0;                            // elements; 0 for a scalar
    std::string length;                             // hh, h, hl, l
    char conversion = 0;
    std::string text;  // as written, for messages
};

bool is_integer(char c) { return std::strchr("diouxX", c) != nullptr; }
bool is_float(char c) { return std::strchr("fFeEgGaA", c) != nullptr; }

// snprintf of one value with the host format `host_format`.
template <class T>
std::string c_format(const std::string& host_format, T value) {
    int n = std::snprintf(nullptr, 0, host_format.c_str(), value);
    if (n < 0) throw std::runtime_error("the host cannot format '" + host_format + "'");
    std::string s(static_cast<size_t>(n) + 1, '\0');
    std::snprintf(s.data(), s.size(), host_format.c_str(), value);
    s.resize(static_cast<size_t>(n));
    return s;
}

// Parses the specification after a '%' at format[*at]; advances *at past it.
Spec parse_spec(const std::string& format, size_t* at) {
    Spec s;
    size_t i = *at;
    auto peek = [&]() { return i < format.size() ? format[i] : '\0'; };
    while (peek() && std::strchr("-+ #0", peek())) s.flags += format[i++];
    if (peek() == '*') {
        s.width_arg = true;
        ++i;
    }
    while (std::isdigit(static_cast<unsigned char>(peek()))) s.width += format[i++];
    if (peek() == '.') {
        s.precision = format[i++];
        if (peek() == '*') {
            s.precision_arg = true;
            ++i;
        }
        while (std::isdigit(static_cast<unsigned char>(peek()))) s.precision += format[i++];
    }
    if (peek() == 'v') {
        ++i;
        std::string n;
        while (std::isdigit(static_cast<unsigned char>(peek()))) n += format[i++];
        if (n != "2" && n != "3" && n != "4" && n != "8" && n != "16")
            throw std::runtime_error("'%" + format.substr(*at, i - *at) +
                                     "' is not a vector of 2, 3, 4, 8 or 16 elements");
        s.vector = static_cast<unsigned>(std::stoul(n));
    }
    if (format.compare(i, 2, "hh") == 0 || format.compare(i, 2, "hl") == 0) {
        s.length = format.substr(i, 2);
        i += 2;
    } else if (peek() == 'h' || peek() == 'l') {
        s.length = format[i++];
    }
    s.conversion = peek();
    if (s.conversion) ++i;
    s.text = "%" + format.substr(*at, i - *at);
    *at = i;
    return s;
}

// The element size in bytes a conversion with `spec`'s length modifier takes, or 0 when the
// argument's size decides (a vector without a length modifier, a floating-point scalar).
uint32_t element_bytes(const Spec& s) {
    if (s.length == "hh") return s.vector ? 1 : 4;
    if (s.length == "h") return s.vector ? 2 : 4;
    if (s.length == "hl") return 4;
    if (s.length == "l") return 8;
    return s.vector || is_float(s.conversion) ? 0 : 4;
}

// One element as C printf prints it with the specification (width and precision resolved).
// (%s is the caller's: its argument is an address in the image).
std::string format_element(const Spec& s, const std::string& prefix, const uint8_t* p,
                           uint32_t bytes) {
    uint64_t raw = 0;
    std::memcpy(&raw, p, bytes);
    const char c = s.conversion;
    if (is_float(c)) {
        double v;
        if (bytes == 4) {
            float f;
            std::memcpy(&f, p, 4);
            v = static_cast<double>(f);
        } else {
            std::memcpy(&v, p, 8);
        }
        return c_format(prefix + c, v);
    }
    if (c == 'c') return c_format(prefix + 'c', static_cast<int>(static_cast<unsigned char>(raw)));
    if (c == 'p')
        return c_format(prefix + 'p', reinterpret_cast<void*>(
                                          static_cast<uintptr_t>(static_cast<uint32_t>(raw))));
    // Integers: narrowed to the length modifier's width, then extended as the conversion's
    // signedness says, and printed as long long.
    unsigned width = s.length == "hh" ? 8 : s.length == "h" ? 16 : bytes * 8;
    if (width < 64) raw &= (uint64_t{1} << width) - 1;
    if (c == 'd' || c == 'i') {
        if (width < 64 && (raw >> (width - 1)) & 1) raw |= ~uint64_t{0} << width;
        return c_format(prefix + "ll" + c, static_cast<long long>(raw));
    }
    return c_format(prefix + "ll" + c, static_cast<unsigned long long>(raw));
}

}  // namespace

PrintfFormatter::PrintfFormatter(std::vector<uint8_t> image, uint32_t image_base)
    : image_(std::move(image)), image_base_(image_base) {}

std::string PrintfFormatter::string_at(uint32_t address) const {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", address);
    if (address < image_base_ || address - image_base_ >= image_.size())
        throw std::runtime_error(std::string("the string address ") + buf +
                                 " is not in the program's constant data (%s takes string "
                                 "literals only)");
    const uint8_t* begin = image_.data() + (address - image_base_);
    const uint8_t* end = image_.data() + image_.size();
    const uint8_t* nul = static_cast<const uint8_t*>(std::memchr(begin, 0, end - begin));
    if (!nul) throw std::runtime_error(std::string("the string at ") + buf + " has no end");
    return std::string(begin, nul);
}

std::string PrintfFormatter::format_record(uint32_t format_address, const uint8_t* args_bytes,
                                           size_t args_size) const {
    const std::string format = string_at(format_address);
    std::vector<Arg> args;
    for (size_t at = 0; at < args_size;) {
        if (args_size - at < 4) throw std::runtime_error("the arguments end inside a size word");
        Arg a{load32(args_bytes + at), args_bytes + at + 4};
        uint32_t padded = (a.size + 3) & ~3u;
        if (a.size == 0 || a.size > kMaxArgBytes || args_size - at - 4 < padded)
            throw std::runtime_error("argument " + std::to_string(args.size() + 1) + " has " +
                                     std::to_string(a.size) + " bytes, beyond its record");
        args.push_back(a);
        at += 4 + padded;
    }

    std::string text;
    size_t next = 0;
    auto fail = [&](const Spec& s, const std::string& what) {
        return std::runtime_error("format \"" + quoted(format) + "\": '" + s.text + "' " + what);
    };
    auto take = [&](const Spec& s) {
        if (next == args.size()) throw fail(s, "has no argument");
        return args[next++];
    };
    auto take_int = [&](const Spec& s) {
        Arg a = take(s);
        if (a.size != 4)
            throw fail(s,
                       "needs an int for '*', argument has " + std::to_string(a.size) + " bytes");
        return static_cast<int32_t>(load32(a.bytes));
    };
    for (size_t i = 0; i < format.size();) {
        char ch = format[i++];
        if (ch != '%') {
            text += ch;
            continue;
        }
        if (i < format.size() && format[i] == '%') {
            text += '%';
            ++i;
            continue;
        }
        Spec s;
        try {
            s = parse_spec(format, &i);
        } catch (const std::runtime_error& e) {
            throw std::runtime_error("format \"" + quoted(format) + "\": " + e.what());
        }
        const char c = s.conversion;
        if (!is_integer(c) && !is_float(c) && c != 'c' && c != 's' && c != 'p')
            throw fail(s, c ? "is not an OpenCL conversion" : "is incomplete");
        if (s.length == "hl" && !s.vector) throw fail(s, "uses 'hl', which needs a vector");
        if (s.vector && (c == 'c' || c == 's' || c == 'p')) throw fail(s, "has no vector form");
        if ((!s.length.empty() && (c == 's' || c == 'p' || c == 'c')) ||
            (is_float(c) && (s.length == "hh" || s.length == "h")))
            throw fail(s, "has a length modifier its conversion does not take");
        std::string width = s.width, precision = s.precision;
        if (s.width_arg) width = std::to_string(take_int(s));
        if (s.precision_arg) {
            int p = take_int(s);
            precision = p < 0 ? "" : "." + std::to_string(p);
        }
        for (const std::string& n : {width, precision}) {
            size_t digits = n.find_first_of("0123456789");
            if (digits != std::string::npos &&
                (n.size() - digits > 4 || std::stoi(n.substr(digits)) > kMaxWidth))
                throw fail(s, "has a width or precision above " + std::to_string(kMaxWidth));
        }
        Arg a = take(s);
        const uint32_t slots = s.vector == 3 ? 4 : (s.vector ? s.vector : 1);
        uint32_t elem = element_bytes(s);
        if (elem == 0) elem = a.size % slots == 0 ? a.size / slots : 0;
        const bool size_ok = is_float(c) ? (elem == 4 || elem == 8)
                                         : (elem == 1 || elem == 2 || elem == 4 || elem == 8);
        if (!size_ok || a.size != elem * slots)
            throw fail(s, "does not match argument " + std::to_string(next) + " of " +
                              std::to_string(a.size) + " bytes");
        const std::string prefix = "%" + s.flags + width + precision;
        for (unsigned e = 0; e < (s.vector ? s.vector : 1); ++e) {
            if (e) text += ',';
            if (c == 's') {
                text += c_format(prefix + 's', string_at(load32(a.bytes)).c_str());
                continue;
            }
            text += format_element(s, prefix, a.bytes + e * elem, elem);
        }
    }
    return text;
}

size_t PrintfFormatter::format(const uint8_t* records, size_t bytes, std::ostream& out,
                               std::ostream& err) const {
    size_t printed = 0;
    for (size_t at = 0; at < bytes;) {
        const std::string where = "printf buffer: record at byte " + std::to_string(at) + ": ";
        uint32_t size = bytes - at >= 8 ? load32(records + at) : 0;
        if (size < 8 || size % 4 != 0 || size > bytes - at) {
            err << where << "size " << size << " is not a record's (" << bytes - at
                << " bytes left); the rest of the buffer is not printed\n";
            break;
        }
        try {
            out << format_record(load32(records + at + 4), records + at + 8, size - 8);
            ++printed;
        } catch (const std::runtime_error& e) {
            err << where << e.what() << "\n";
        }
        at += size;
    }
    out.flush();
    return printed;
}

}  // namespace mvp::host
