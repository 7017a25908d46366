#pragma once

#include <fstream>
#include <string>

namespace mvp::tools {

// Reads a text file line by line, counting lines for error messages. A file the tools write
// (commit log, pipeline log, VCD) ends every line with a newline, so a last line without one
// means the file was cut short: next() then throws, naming the file and the line, unless the
// reader was made for hand-written files (a signal map).
class LineReader {
  public:
    // Throws TraceError "path: cannot read: reason".
    explicit LineReader(const std::string& path, bool last_line_may_be_open = false);

    // The next line without its newline (and without a '\r' before it); false at the end.
    bool next(std::string* line);
    // 1-based number of the line next() returned last.
    size_t line() const { return line_; }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
    std::ifstream in_;
    size_t line_ = 0;
    bool open_last_ok_;
};

}  // namespace mvp::tools
