#pragma once

#include <string>

namespace mvp::sim::testing {

// What a command printed and how it ended.
struct CommandResult {
    int status = -1;  // the exit status; -1 when it did not exit (a signal)
    std::string out;  // standard output
    std::string err;  // standard error
};

// Runs the project's programs from tests (mvpsim, the trace tools, the OpenCL apps): a command
// line through the shell, standard output and standard error captured apart. Tests run in
// parallel processes; each capture has its own temporary file.
class CommandRunner {
  public:
    static CommandResult run(const std::string& command_line);
    // A whole file's bytes ("" when it cannot be read).
    static std::string read_file(const std::string& path);
};

}  // namespace mvp::sim::testing
