// Fuzz target `binary`: arbitrary bytes through the .mvpo and .mvpx readers (ObjectFile::read,
// Program::read), as mvp-ld, mvp-objdump, mvpsim and clCreateProgramWithBinary read them. Bad
// input must end in std::runtime_error naming the problem. What a reader accepts must survive
// a write/read round trip unchanged and be usable: an object links with the runtime library
// (or fails with toolchain::AsmError), a program lists, loads (image, data) and names its PCs.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/assembler.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/linker.h"
#include "tb/fuzz/fuzz_check.h"

namespace {

using mvp::toolchain::AsmError;
using mvp::toolchain::ObjectFile;
using mvp::toolchain::Program;

template <class T>
std::string bytes_of(const T& t) {
    std::ostringstream os;
    t.write(os);
    return os.str();
}

template <class T>
void round_trip(const T& t, const char* what) {
    const std::string first = bytes_of(t);
    std::istringstream in(first);
    mvp::fuzz::check(bytes_of(T::read(in)) == first, what);
}

void use_program(const Program& program) {
    mvp::toolchain::listing(program);
    program.image(0x80000000u);
    program.relocated_data(0x80100000u);
    for (uint32_t pc = 0; pc < program.code_bytes(); pc += 8) {
        program.where(pc);
        program.function_at(pc);
    }
}

void try_object(const std::string& bytes) {
    std::istringstream in(bytes);
    ObjectFile object;
    try {
        object = ObjectFile::read(in);
    } catch (const std::runtime_error&) {
        return;
    }
    round_trip(object, "an accepted .mvpo changed in a write/read round trip");
    static const ObjectFile runtime =
        mvp::toolchain::assemble("mvp_builtins.s", mvp::toolchain::runtime_library_source());
    Program program;
    try {
        program = mvp::toolchain::link({object, runtime}, 1);
    } catch (const AsmError&) {
        return;
    }
    use_program(program);
}

void try_program(const std::string& bytes) {
    std::istringstream in(bytes);
    Program program;
    try {
        program = Program::read(in);
    } catch (const std::runtime_error&) {
        return;
    }
    round_trip(program, "an accepted .mvpx changed in a write/read round trip");
    use_program(program);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    try_object(bytes);
    try_program(bytes);
    return 0;
}
