// Fuzz target `cp`: the GPU's register block and command ring, driven with arbitrary register
// accesses, debug accesses, device-memory contents (packets, argument blocks, code) and
// simulated time (CpDriver, tb/fuzz/README.md). Any access must be answered as
// doc/registers.md says, never crash the model or leave it unable to serve the next input.

#include <cstddef>
#include <cstdint>

#include "tb/fuzz/cp_driver.h"

// SystemC runs its threads on coroutine stacks of its own, which ASan's fake stacks for
// use-after-return detection do not follow: the first stack switch crashes in the fake-stack
// bookkeeping, so this target turns that detection off. At exit LeakSanitizer no longer finds
// libFuzzer's own copies of the command line (held on the main stack that the coroutines
// switched away from and back to) and reports them, so the check at exit is off too; libFuzzer
// still checks for leaks after every input, which is where a leak of the model shows.
extern "C" const char* __asan_default_options() {
    return "detect_stack_use_after_return=0:leak_check_at_exit=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // Built at the first input, once per process (SystemC cannot elaborate twice), and never
    // destroyed: the simulation outlives the fuzzing loop.
    static mvp::fuzz::CpDriver* const driver = new mvp::fuzz::CpDriver();
    driver->run(data, size);
    return 0;
}
