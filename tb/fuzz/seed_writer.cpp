// Writes the seed corpora of the fuzz targets (tb/fuzz/README.md) from the project's own
// inputs: seed_writer SOURCE_DIR OUT_DIR fills OUT_DIR/<target>/. The kernels of sw/kernels,
// sw/clc/lib and sw/bench, the runtime library, the configurations of config/ and the runtime
// tests, objects and programs built from the kernels, mvpsim launches, and the inputs of
// tb/fuzz/regressions/TARGET. opencl_api and cp start from an empty input: their decoders turn
// any byte string into calls.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out) throw std::runtime_error("cannot write " + p.string());
}

// The files under `dir` (one level of subdirectories) whose name ends in `suffix`.
std::vector<fs::path> files(const fs::path& dir, const std::string& suffix) {
    std::vector<fs::path> found;
    if (!fs::is_directory(dir)) return found;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (e.is_regular_file() && name.size() > suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            found.push_back(e.path());
    }
    return found;
}

// Copies each file to `out`, named after its parent directory and itself.
void copy_seeds(const std::vector<fs::path>& paths, const fs::path& out) {
    for (const fs::path& p : paths)
        write(out / (p.parent_path().filename().string() + "_" + p.filename().string()), read(p));
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::toolchain;
    if (argc != 3) {
        std::cerr << "usage: fuzz_seed_writer SOURCE_DIR OUT_DIR\n";
        return 2;
    }
    const fs::path src = argv[1], out = argv[2];
    try {
        for (const char* t :
             {"assembler", "binary", "config", "mvpsim_values", "opencl_api", "clc", "cp"}) {
            fs::create_directories(out / t);
            // Inputs of past findings in the harnesses themselves (tb/fuzz/regressions/):
            // every run replays them first.
            const fs::path regressions = src / "tb/fuzz/regressions" / t;
            if (fs::exists(regressions)) copy_seeds(files(regressions, ".bin"), out / t);
        }
        const std::vector<fs::path> kernels = files(src / "sw/kernels", ".s");
        copy_seeds(kernels, out / "assembler");
        copy_seeds(files(src / "sw/clc/lib", ".s"), out / "assembler");
        copy_seeds({src / "sw/runtime/mvp_builtins.s"}, out / "assembler");
        copy_seeds(files(src / "sw/kernels", ".cl"), out / "clc");
        copy_seeds(files(src / "sw/bench", ".cl"), out / "clc");
        copy_seeds(files(src / "config", ".config"), out / "config");
        copy_seeds(files(src / "sw/runtime/tests", ".config"), out / "config");
        for (const fs::path& k : kernels) {
            const std::string text = read(k), stem = k.stem().string();
            try {
                std::ostringstream object, program;
                assemble(k.filename().string(), text).write(object);
                build_program({{k.filename().string(), text}}).write(program);
                write(out / "binary" / (stem + ".mvpo"), object.str());
                write(out / "binary" / (stem + ".mvpx"), program.str());
            } catch (const AsmError&) {
                // A kernel that needs another file to link: its object alone is not a seed.
            }
        }
        // Launches in the style of doc/mvpsim.md, one per line group.
        const char* const launches[] = {
            "--global 1024\n--buffer a=zeros:4096\n--buffer b=f32:1,2.5,-3\n--arg buf:a\n"
            "--arg buf:b\n--arg u32:1024\n--print b:f32\n",
            "--global 64,4\n--local 16,2\n--offset 0,1\n--buffer x=i32:-1,0x10,7\n--arg buf:x\n"
            "--arg i32:-5\n--arg f32:0.5\n--arg local:256\n--dump x=out.bin\n",
            "--global 8,8,8\n--buffer in=u32:0xffffffff,0\n--arg buf:in\n--print in:u32\n",
        };
        for (size_t i = 0; i < sizeof(launches) / sizeof(launches[0]); ++i)
            write(out / "mvpsim_values" / ("launch" + std::to_string(i) + ".txt"), launches[i]);
    } catch (const std::exception& e) {
        std::cerr << "fuzz_seed_writer: error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
