#include "line_reader.h"

#include <cerrno>
#include <cstring>

#include "trace_error.h"

namespace mvp::tools {

LineReader::LineReader(const std::string& path, bool last_line_may_be_open)
    : path_(path), in_(path, std::ios::binary), open_last_ok_(last_line_may_be_open) {
    if (!in_) throw TraceError::at(path, 0, std::string("cannot read: ") + std::strerror(errno));
}

bool LineReader::next(std::string* line) {
    if (!std::getline(in_, *line)) {
        if (in_.bad()) throw TraceError::at(path_, line_, "read error");
        return false;
    }
    ++line_;
    if (in_.eof() && !open_last_ok_)
        throw TraceError::at(path_, line_,
                             "the last line has no end of line: the file is truncated");
    if (!line->empty() && line->back() == '\r') line->pop_back();
    return true;
}

}  // namespace mvp::tools
