#include "pipeline_log_reader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "line_reader.h"
#include "trace_error.h"

namespace mvp::tools {

namespace {

// Decimal, or hexadecimal with 0x.
bool number(const std::string& s, uint64_t* v) {
    if (s.empty()) return false;
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (size_t i = hex ? 2 : 0; i < s.size(); ++i)
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(s[i]))
                  : std::isdigit(static_cast<unsigned char>(s[i]))))
            return false;
    errno = 0;
    *v = std::strtoull(s.c_str() + (hex ? 2 : 0), nullptr, hex ? 16 : 10);
    return errno == 0;
}

}  // namespace

bool PipelineLogReader::split(const std::string& line, std::vector<std::string>* fields,
                              std::string* error) {
    fields->clear();
    size_t i = 0;
    while (true) {
        std::string f;
        if (i < line.size() && line[i] == '"') {
            for (++i;; ++i) {
                if (i >= line.size()) {
                    *error = "column " + std::to_string(fields->size() + 1) +
                             ": the quoted text does not end";
                    return false;
                }
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        f += '"';
                        ++i;
                        continue;
                    }
                    ++i;
                    break;
                }
                f += line[i];
            }
            if (i < line.size() && line[i] != ',') {
                *error = "column " + std::to_string(fields->size() + 1) +
                         ": text after the closing quote";
                return false;
            }
        } else {
            const size_t comma = std::min(line.find(',', i), line.size());
            f = line.substr(i, comma - i);
            i = comma;
        }
        fields->push_back(std::move(f));
        if (i >= line.size()) return true;
        ++i;
    }
}

PipelineLogReader::Log PipelineLogReader::read(const std::string& path) {
    LineReader in(path);
    std::string text, error;
    std::vector<std::string> header, f;
    if (!in.next(&text)) throw TraceError::at(path, 1, "empty file: expected the CSV header");
    if (!split(text, &header, &error)) throw TraceError::at(path, 1, error);
    auto column = [&](const char* name) {
        for (size_t i = 0; i < header.size(); ++i)
            if (header[i] == name) return i;
        throw TraceError::at(path, 1, std::string("the header has no column '") + name + "'");
    };
    const size_t c_sp = column("sp"), c_warp = column("warp"), c_seq = column("seq"),
                 c_pc = column("pc"), c_mask = column("mask"), c_in = column("instruction"),
                 c_stall = column("stall");
    if (c_stall <= c_in)
        throw TraceError::at(path, 1, "the column 'stall' must come after 'instruction'");
    Log log;
    for (size_t i = c_in + 1; i < c_stall; ++i) log.stage_names.push_back(header[i]);
    while (in.next(&text)) {
        if (!split(text, &f, &error)) throw TraceError::at(path, in.line(), error);
        if (f.size() != header.size())
            throw TraceError::at(path, in.line(),
                                 std::to_string(f.size()) + " columns where the header has " +
                                     std::to_string(header.size()));
        auto num = [&](size_t c) {
            uint64_t v;
            if (!number(f[c], &v))
                throw TraceError::at(path, in.line(),
                                     "column '" + header[c] + "': '" + f[c] + "' is not a number");
            return v;
        };
        Row r;
        r.sp = static_cast<unsigned>(num(c_sp));
        r.warp = static_cast<unsigned>(num(c_warp));
        r.seq = num(c_seq);
        r.pc = num(c_pc);
        r.mask = num(c_mask);
        r.instruction = f[c_in];
        for (size_t c = c_in + 1; c < c_stall; ++c)
            r.stages.push_back(f[c].empty() ? -1 : static_cast<int64_t>(num(c)));
        r.stall = f[c_stall];
        r.line = in.line();
        r.text = text;
        log.rows.push_back(std::move(r));
    }
    return log;
}

}  // namespace mvp::tools
