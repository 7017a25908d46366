// Fuzz target `cp`: the GPU's register block and command ring, driven with arbitrary register
// accesses, debug accesses, device-memory contents (packets, argument blocks, code) and
// simulated time (CpDriver, tb/fuzz/README.md). Any access must be answered as
// doc/registers.md says, never crash the model or leave it unable to serve the next input.

#include <cstddef>
#include <cstdint>

#include "tb/fuzz/cp_driver.h"
#include "tb/sanitizer/asan_own_stack.h"

// SystemC runs its threads on coroutine stacks of its own, which ASan's fake stacks for
// use-after-return detection do not follow: the first stack switch crashes in the fake-stack
// bookkeeping, so this target turns that detection off.
extern "C" const char* __asan_default_options() { return "detect_stack_use_after_return=0"; }

// After the simulation returns to the main context ASan is told that the thread runs on its own
// stack again (SystemC does not say so). Without it the leak check libFuzzer runs after an
// input that allocated more than it freed, and the one at exit, scan no main stack and report
// libFuzzer's own objects held there as leaks.

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // Built at the first input, once per process (SystemC cannot elaborate twice), and never
    // destroyed: the simulation outlives the fuzzing loop.
    static mvp::fuzz::CpDriver* const driver = new mvp::fuzz::CpDriver();
    driver->run(data, size);
    mvp_asan_use_own_stack();
    return 0;
}
