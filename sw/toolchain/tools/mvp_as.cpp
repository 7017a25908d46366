// mvp-as: assembles one MVP assembly file into an object file (.mvpo).

#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/file_io.h"

namespace {

constexpr char kUsage[] = "usage: mvp-as FILE.s [-o FILE.mvpo]\n";

int fail(const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::toolchain;
    std::string input, output;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "-o") {
            if (i + 1 >= argc) return fail("mvp-as: error: -o needs a file name");
            output = argv[++i];
        } else if (a.size() > 1 && a[0] == '-') {
            return fail("mvp-as: error: unknown option '" + a + "'");
        } else if (input.empty()) {
            input = a;
        } else {
            return fail("mvp-as: error: more than one input file ('" + input + "', '" + a + "')");
        }
    }
    if (input.empty()) return fail("mvp-as: error: no input file\n" + std::string(kUsage));
    if (output.empty()) {
        size_t dot = input.find_last_of('.');
        size_t slash = input.find_last_of('/');
        bool has_ext = dot != std::string::npos && (slash == std::string::npos || dot > slash);
        output = (has_ext ? input.substr(0, dot) : input) + ".mvpo";
    }
    try {
        std::string source, error;
        if (!read_file(input, &source, &error))
            return fail(input + ": error: cannot read file: " + error);
        ObjectFile obj = assemble(input, source);
        std::ostringstream bytes;
        obj.write(bytes);
        write_file_atomically(output, bytes.str());
    } catch (const AsmError& e) {
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(std::string("mvp-as: error: ") + e.what());
    }
    return 0;
}
