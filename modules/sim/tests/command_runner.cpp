#include "command_runner.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace mvp::sim::testing {

CommandResult CommandRunner::run(const std::string& command_line) {
    CommandResult r;
    const char* tmp = std::getenv("TMPDIR");
    std::string err_file = std::string(tmp && *tmp ? tmp : "/tmp") + "/mvp_command_XXXXXX";
    const int fd = ::mkstemp(err_file.data());
    if (fd < 0) return r;
    ::close(fd);
    const std::string cmd = command_line + " 2>'" + err_file + "'";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p != nullptr) {
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
        const int st = ::pclose(p);
        r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    }
    r.err = read_file(err_file);
    ::unlink(err_file.c_str());
    return r;
}

std::string CommandRunner::read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace mvp::sim::testing
