#include "tb/fuzz/fuzz_check.h"

#include <cstdio>
#include <cstdlib>

namespace mvp::fuzz {

void check(bool condition, const char* what) {
    if (condition) return;
    std::fprintf(stderr, "fuzz check failed: %s\n", what);
    std::abort();
}

}  // namespace mvp::fuzz
