#include "vcd_reader.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "trace_error.h"

namespace mvp::tools {

namespace {

bool all_digits(const std::string& s, size_t from) {
    if (from >= s.size()) return false;
    for (size_t i = from; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    return true;
}

}  // namespace

VcdReader::VcdReader(const std::string& path) : in_(path) { read_header(); }

void VcdReader::fail(const std::string& what) const {
    throw TraceError::at(in_.path(), in_.line(), what);
}

bool VcdReader::next_token(std::string* token) {
    while (token_ >= tokens_.size()) {
        if (!in_.next(&line_text_)) return false;
        tokens_.clear();
        token_ = 0;
        std::istringstream words(line_text_);
        std::string w;
        while (words >> w) tokens_.push_back(w);
    }
    *token = tokens_[token_++];
    return true;
}

void VcdReader::skip_to_end(const std::string& command) {
    std::string t;
    while (next_token(&t))
        if (t == "$end") return;
    fail(command + " has no $end: the file is truncated");
}

void VcdReader::read_header() {
    std::vector<std::string> scopes;
    std::string t;
    while (true) {
        if (!next_token(&t))
            fail("the header ends without $enddefinitions: the file is truncated or not a VCD");
        if (t == "$enddefinitions") {
            skip_to_end(t);
            return;
        }
        if (t == "$scope") {
            std::string type, name;
            if (!next_token(&type) || !next_token(&name)) fail("$scope: the file is truncated");
            scopes.push_back(name);
            skip_to_end(t);
        } else if (t == "$upscope") {
            if (scopes.empty()) fail("$upscope without $scope");
            scopes.pop_back();
            skip_to_end(t);
        } else if (t == "$var") {
            std::vector<std::string> w;
            std::string x;
            while (next_token(&x) && x != "$end") w.push_back(x);
            if (x != "$end") fail("$var has no $end: the file is truncated");
            if (w.size() < 4 || !all_digits(w[1], 0))
                fail("$var: expected '$var <type> <width> <id> <name> [range] $end'");
            Var v;
            errno = 0;
            v.width = static_cast<unsigned>(std::strtoul(w[1].c_str(), nullptr, 10));
            if (v.width == 0 || errno) fail("$var: bad width '" + w[1] + "'");
            v.id = w[2];
            for (const std::string& s : scopes) v.path += s + ".";
            v.path += w[3];
            if (w.size() > 4 && w[4].find(':') == std::string::npos) v.path += w[4];
            v.line = in_.line();
            declared_.emplace(v.id, vars_.size());
            vars_.push_back(std::move(v));
        } else if (t == "$timescale") {
            std::string text, x;
            while (next_token(&x) && x != "$end") text += x;
            if (x != "$end") fail("$timescale has no $end: the file is truncated");
            size_t digits = 0;
            while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
                ++digits;
            const std::string unit = text.substr(digits);
            static const struct {
                const char* name;
                uint64_t fs;
            } kUnits[] = {
                {"s", 1000000000000000ull}, {"ms", 1000000000000ull}, {"us", 1000000000ull},
                {"ns", 1000000ull},         {"ps", 1000ull},          {"fs", 1ull}};
            uint64_t fs = 0;
            for (const auto& u : kUnits)
                if (unit == u.name) fs = u.fs;
            const uint64_t n = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
            if (!fs || (n != 1 && n != 10 && n != 100))
                fail("$timescale '" + text +
                     "': expected 1, 10 or 100 and s, ms, us, ns, ps or fs");
            timescale_fs_ = n * fs;
        } else if (t[0] == '$') {
            skip_to_end(t);
        } else {
            fail("unexpected '" + t + "' in the header");
        }
    }
}

bool VcdReader::next_step(uint64_t* time, std::vector<Change>* changes, size_t* line) {
    changes->clear();
    if (ended_) return false;
    *time = pending_time_;
    *line = pending_line_;
    bool started = have_time_;
    std::string t;
    while (next_token(&t)) {
        const char c = t[0];
        if (c == '#') {
            if (!all_digits(t, 1)) fail("malformed time '" + t + "'");
            errno = 0;
            const uint64_t next = std::strtoull(t.c_str() + 1, nullptr, 10);
            if (errno) fail("time '" + t + "' out of range");
            if (have_time_ && next < last_time_)
                fail("time goes backwards: " + t + " after #" + std::to_string(last_time_));
            const bool had = have_time_;
            have_time_ = true;
            last_time_ = next;
            pending_time_ = next;
            pending_line_ = in_.line();
            if (had || !changes->empty()) return true;
            *time = next;
            *line = in_.line();
            started = true;
            continue;
        }
        if (!started) {
            *line = in_.line();
            started = true;
        }
        if (c == '$') {
            if (t == "$comment") skip_to_end(t);
            // $dumpvars, $dumpall, $dumpon and their $end only bracket changes.
            if (t == "$dumpoff") dumpoff_ = true;
            if (t == "$end") dumpoff_ = false;
            continue;
        }
        std::string value, id;
        if (c == 'b' || c == 'B' || c == 'r' || c == 'R') {
            value = t.substr(1);
            if (value.empty()) fail("malformed value change '" + t + "'");
            if (!next_token(&id)) fail("value change '" + t + "' without an identifier");
            if (c == 'r' || c == 'R') {
                value = "r" + value;
            } else {
                for (char& b : value) {
                    b = static_cast<char>(std::tolower(static_cast<unsigned char>(b)));
                    if (b != '0' && b != '1' && b != 'x' && b != 'z')
                        fail("malformed vector value '" + t + "'");
                }
            }
        } else {
            const char v = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if ((v != '0' && v != '1' && v != 'x' && v != 'z') || t.size() < 2)
                fail("malformed value change '" + t + "'");
            value = std::string(1, v);
            id = t.substr(1);
        }
        if (!declared_.count(id)) fail("value change of the undeclared identifier '" + id + "'");
        auto it = slots_.find(id);
        if (it != slots_.end() && !dumpoff_)
            changes->push_back(Change{it->second, std::move(value)});
    }
    ended_ = true;
    return started || !changes->empty();
}

std::string VcdReader::extend(const std::string& value, unsigned width) {
    if (value.size() >= width) return value.substr(value.size() - width);
    const char fill = value[0] == 'x' || value[0] == 'z' ? value[0] : '0';
    return std::string(width - value.size(), fill) + value;
}

}  // namespace mvp::tools
