#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "modules/golden/launch.h"

namespace mvp::mvpsim {

// A malformed command line; what() is one line that names the option.
class UsageError : public std::runtime_error {
  public:
    explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

// --buffer NAME=SPEC: the buffer's initial bytes.
struct BufferSpec {
    std::string name;
    std::vector<uint8_t> bytes;
};

// --arg SPEC, before buffer names are resolved to addresses.
struct ArgSpec {
    enum class Kind : uint8_t { kBuffer, kValue, kLocal };
    Kind kind = Kind::kValue;
    std::string buffer;  // kBuffer
    uint32_t value = 0;  // kValue: the bits; kLocal: bytes
};

// --print NAME:TYPE and --dump NAME=PATH.
struct PrintSpec {
    std::string buffer;
    std::string type;  // f32, i32 or u32
};
struct DumpSpec {
    std::string buffer;
    std::string path;
};

// Each parser throws UsageError naming `option` and the offending text.
BufferSpec parse_buffer(const std::string& option, const std::string& text);
ArgSpec parse_arg(const std::string& option, const std::string& text);
PrintSpec parse_print(const std::string& option, const std::string& text);
DumpSpec parse_dump(const std::string& option, const std::string& text);
// A positive number of seconds (--timeout).
double parse_seconds(const std::string& option, const std::string& text);
// X[,Y[,Z]] of positive integers; returns 1 to 3 values.
std::vector<uint32_t> parse_dims(const std::string& option, const std::string& text);

// The launch options as typed: --global, --local, --offset and each --buffer, --arg, --print
// and --dump (empty: not given).
struct LaunchOptions {
    std::string global, local, offset;
    std::vector<std::string> buffers, args, prints, dumps;
};

// The launch those options describe: every value parsed, --local checked against --global (a
// default work-group size when it is not given), buffer names defined once and every name an
// --arg, --print or --dump uses defined by a --buffer. Throws UsageError naming the option.
struct LaunchValues {
    NDRange range;
    std::vector<BufferSpec> buffers;
    std::map<std::string, size_t> buffer_index;  // buffer name -> index in `buffers`
    std::vector<ArgSpec> args;
    std::vector<PrintSpec> prints;
    std::vector<DumpSpec> dumps;
};
LaunchValues parse_launch(const LaunchOptions& options);

}  // namespace mvp::mvpsim
