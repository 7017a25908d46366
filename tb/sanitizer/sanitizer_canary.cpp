// A program with one seeded error per mode, built with the project's flags: its tests prove that
// a sanitizer build still reports a heap-use-after-free (ASan) and a signed integer overflow
// (UBSan) in project code, and that the report ends the process. The values come from the
// command line so that the compiler cannot fold the errors away.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace mvp {

// Reads a register file after it was freed: ASan's heap-use-after-free. The stale pointer is
// kept in a volatile so that the compiler neither warns about it nor removes the read.
int read_after_free(int index) {
    auto regs = std::make_unique<int[]>(32);
    int* volatile stale = regs.get();
    regs.reset();
    return stale[index % 32];
}

// Adds two 32-bit values as signed ints: UBSan's signed integer overflow.
int add_signed(int a, int b) { return a + b; }

}  // namespace mvp

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: sanitizer_canary use-after-free|signed-overflow\n");
        return 2;
    }
    if (std::strcmp(argv[1], "use-after-free") == 0) {
        std::printf("%d\n", mvp::read_after_free(argc));
    } else if (std::strcmp(argv[1], "signed-overflow") == 0) {
        std::printf("%d\n", mvp::add_signed(std::atoi("2147483647"), argc - 1));
    } else {
        std::fprintf(stderr, "sanitizer_canary: unknown mode '%s'\n", argv[1]);
        return 2;
    }
    // Reached only when the sanitizer did not stop the program: the test fails on this exit.
    return 0;
}
