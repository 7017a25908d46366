#include "pipeline_log_reader.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "line_reader.h"
#include "modules/sim/csv_line.h"
#include "trace_error.h"

namespace mvp::tools {

PipelineLogReader::Log PipelineLogReader::read(const std::string& path) {
    LineReader in(path);
    std::string text, error;
    std::vector<std::string> header, f;
    if (!in.next(&text)) throw TraceError::at(path, 1, "empty file: expected the CSV header");
    if (!sim::CsvLine::split(text, &header, &error)) throw TraceError::at(path, 1, error);
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
        if (!sim::CsvLine::split(text, &f, &error)) throw TraceError::at(path, in.line(), error);
        if (f.size() != header.size())
            throw TraceError::at(path, in.line(),
                                 std::to_string(f.size()) + " columns where the header has " +
                                     std::to_string(header.size()));
        auto num = [&](size_t c) {
            uint64_t v;
            if (!sim::CsvLine::number(f[c], &v))
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
