#pragma once

#include <string>
#include <vector>

namespace mvp::toolchain {

// Runs a program (found through PATH when it has no '/') with arguments, waits for it, and
// returns its exit status (128 + signal when killed, 127 when it could not be started).
// Standard output and standard error are collected in *out (they are interleaved as the
// program wrote them); standard input is /dev/null.
int run_process(const std::vector<std::string>& argv, std::string* out);

// A private directory under $TMPDIR (or /tmp), removed with its files by the destructor.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

}  // namespace mvp::toolchain
