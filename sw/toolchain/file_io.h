#pragma once

#include <string>

namespace mvp::toolchain {

// Reads a whole file. On failure returns false and sets *error to the reason ("No such file
// or directory").
bool read_file(const std::string& path, std::string* contents, std::string* error);

// Writes bytes to path through a temporary file in the same directory that is renamed over
// path only once it is complete, so that a failed write never leaves a partial file. Throws
// std::runtime_error "cannot write PATH: reason" on failure, having removed the temporary.
void write_file_atomically(const std::string& path, const std::string& bytes);

}  // namespace mvp::toolchain
