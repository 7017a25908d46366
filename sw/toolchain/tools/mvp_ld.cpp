// mvp-ld: links object files (and the runtime library) into an MVP program (.mvpx).

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/file_io.h"
#include "sw/toolchain/linker.h"

namespace {

constexpr char kUsage[] =
    "usage: mvp-ld [--no-runtime] FILE.mvpo|FILE.s ... [-o PROG.mvpx]\n"
    "  links the files in order, followed by the runtime library unless --no-runtime;\n"
    "  the output defaults to a.mvpx\n";

int fail(const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::toolchain;
    std::vector<std::string> inputs;
    std::string output = "a.mvpx";
    bool runtime = true;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "-o") {
            if (i + 1 >= argc) return fail("mvp-ld: error: -o needs a file name");
            output = argv[++i];
        } else if (a == "--no-runtime") {
            runtime = false;
        } else if (a.size() > 1 && a[0] == '-') {
            return fail("mvp-ld: error: unknown option '" + a + "'");
        } else {
            inputs.push_back(a);
        }
    }
    if (inputs.empty()) return fail("mvp-ld: error: no input files\n" + std::string(kUsage));
    std::string current;
    try {
        std::vector<ObjectFile> objects;
        for (const std::string& path : inputs) {
            current = path;
            std::string bytes, error;
            if (!read_file(path, &bytes, &error))
                return fail(path + ": error: cannot read file: " + error);
            if (ends_with(path, ".s")) {
                objects.push_back(assemble(path, bytes));
            } else {
                std::istringstream in(bytes);
                objects.push_back(ObjectFile::read(in));
            }
        }
        current.clear();
        size_t user = objects.size();
        if (runtime) objects.push_back(assemble("mvp_builtins.s", runtime_library_source()));
        Program program = link(objects, user);
        std::ostringstream bytes;
        program.write(bytes);
        write_file_atomically(output, bytes.str());
    } catch (const AsmError& e) {
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(current.empty() ? "mvp-ld: error: " + std::string(e.what())
                                    : current + ": error: " + e.what());
    }
    return 0;
}
