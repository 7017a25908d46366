// Fuzz target `assembler`: MVP assembly text through the assembler and the linker
// (toolchain::build_program, as mvp-as and mvp-ld with the runtime library). A line that
// begins with "#---" starts the next source file, so that several objects are linked. Bad
// input must end in toolchain::AsmError; a program that builds must list, and survive a
// write/read round trip of the .mvpx format unchanged.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/build.h"
#include "tb/fuzz/fuzz_check.h"

namespace {

std::vector<mvp::toolchain::SourceFile> split_files(const std::string& text) {
    constexpr size_t kMaxFiles = 4;
    std::vector<mvp::toolchain::SourceFile> files(1);
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        end = end == std::string::npos ? text.size() : end + 1;
        if (text.compare(pos, 4, "#---") == 0 && files.size() < kMaxFiles) files.emplace_back();
        files.back().text.append(text, pos, end - pos);
        pos = end;
    }
    for (size_t i = 0; i < files.size(); ++i) files[i].path = "fuzz" + std::to_string(i) + ".s";
    return files;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace mvp::toolchain;
    const std::string text(reinterpret_cast<const char*>(data), size);
    Program program;
    try {
        program = build_program(split_files(text));
    } catch (const AsmError&) {
        return 0;
    }
    listing(program);
    std::ostringstream first;
    program.write(first);
    std::istringstream in(first.str());
    const Program again = Program::read(in);
    std::ostringstream second;
    again.write(second);
    mvp::fuzz::check(first.str() == second.str(), "a built program changed in a .mvpx round trip");
    return 0;
}
