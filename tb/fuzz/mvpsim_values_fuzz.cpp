// Fuzz target `mvpsim_values`: mvpsim's launch options through mvpsim::parse_launch, the
// parsers of --global, --local, --offset, --buffer, --arg, --print and --dump with the checks
// between them. Each input line is "OPTION VALUE" (for example "--buffer a=f32:1,2"); lines
// with another first word are skipped. Bad input must end in mvpsim::UsageError.

#include <cstddef>
#include <cstdint>
#include <string>

#include "sw/mvpsim/launch_spec.h"
#include "tb/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace mvp::mvpsim;
    const std::string text(reinterpret_cast<const char*>(data), size);
    LaunchOptions options;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(pos, end - pos);
        pos = end + 1;
        const size_t blank = line.find(' ');
        if (blank == std::string::npos) continue;
        const std::string option = line.substr(0, blank), value = line.substr(blank + 1);
        if (option == "--global") options.global = value;
        if (option == "--local") options.local = value;
        if (option == "--offset") options.offset = value;
        if (option == "--buffer") options.buffers.push_back(value);
        if (option == "--arg") options.args.push_back(value);
        if (option == "--print") options.prints.push_back(value);
        if (option == "--dump") options.dumps.push_back(value);
    }
    LaunchValues values;
    try {
        values = parse_launch(options);
    } catch (const UsageError&) {
        return 0;
    }
    const mvp::NDRange& r = values.range;
    mvp::fuzz::check(r.work_dim >= 1 && r.work_dim <= 3, "a launch with 0 or over 3 dimensions");
    for (unsigned d = 0; d < 3; ++d)
        mvp::fuzz::check(r.global[d] > 0 && r.local[d] > 0, "a launch with an empty dimension");
    for (const BufferSpec& b : values.buffers)
        mvp::fuzz::check(!b.bytes.empty(), "an empty buffer was accepted");
    for (const ArgSpec& a : values.args)
        mvp::fuzz::check(a.kind != ArgSpec::Kind::kBuffer || values.buffer_index.count(a.buffer),
                         "an --arg names an undefined buffer");
    return 0;
}
