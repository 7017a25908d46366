#include "build.h"

#include <algorithm>
#include <cstdio>

#include "asm_error.h"
#include "assembler.h"
#include "file_io.h"
#include "linker.h"

namespace mvp::toolchain {

// Generated at configure time from sw/runtime/mvp_builtins.s (see CMakeLists.txt).
extern const char kRuntimeLibrarySource[];

namespace {

constexpr char kRuntimeLibraryPath[] = "mvp_builtins.s";

}  // namespace

const std::string& runtime_library_source() {
    static const std::string source(kRuntimeLibrarySource);
    return source;
}

Program build_program(const std::vector<SourceFile>& sources) {
    std::vector<ObjectFile> objects;
    objects.reserve(sources.size() + 1);
    for (const SourceFile& s : sources) objects.push_back(assemble(s.path, s.text));
    objects.push_back(assemble(kRuntimeLibraryPath, runtime_library_source()));
    return link(objects, sources.size());
}

Program build_program_from_files(const std::vector<std::string>& paths) {
    std::vector<SourceFile> sources;
    for (const std::string& path : paths) {
        SourceFile s;
        s.path = path;
        std::string error;
        if (!read_file(path, &s.text, &error))
            throw AsmError(path + ": error: cannot read file: " + error);
        sources.push_back(std::move(s));
    }
    return build_program(sources);
}

std::string listing(const Program& program) {
    std::string out;
    const size_t n =
        std::min<size_t>(program.user_code_end / isa::kInstBytes, program.lines.size());
    for (size_t i = 0; i < n; ++i) {
        const SourceLine& l = program.lines[i];
        char pc[16];
        std::snprintf(pc, sizeof pc, "0x%04x", static_cast<unsigned>(i * isa::kInstBytes));
        const std::string& file = l.file < program.files.size() ? program.files[l.file] : "?";
        out += "PC=" + std::string(pc) + " (" + file + ":" + std::to_string(l.line) + ") " +
               l.text + "\n";
    }
    return out;
}

}  // namespace mvp::toolchain
