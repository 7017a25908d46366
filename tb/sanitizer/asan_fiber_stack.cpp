// Linked into every executable of an AddressSanitizer build (cmake/MvpSanitize.cmake): keeps
// ASan's idea of the current stack right across SystemC's coroutine switches.
//
// SystemC 2.3.4 tells ASan about its switches between coroutine stacks, but not about two of
// them: a switch back to the simulation's main context names no stack (bottom 0), and the
// switch away from a process that ended is not announced at all. ASan then believes a thread
// that is back on its own stack still runs on a coroutine stack (or on none), and when code
// throws, __asan_handle_no_return refuses to clear the stack it unwinds ("False positive error
// reports may follow"); the stale redzones are reported later as stack-buffer-overflows.
// This definition of __asan_handle_no_return, called by instrumented code before every throw,
// first announces a switch to the thread's own stack when the throw happens there, then runs
// ASan's own handler. On a coroutine stack it changes nothing. The announcement itself is
// mvp_asan_use_own_stack() (asan_own_stack.cpp).
#include <dlfcn.h>

#include "asan_own_stack.h"

extern "C" {

void __asan_handle_no_return() {
    using Handler = void (*)();
    static const Handler asan_handler =
        reinterpret_cast<Handler>(dlsym(RTLD_NEXT, "__asan_handle_no_return"));
    mvp_asan_use_own_stack();
    if (asan_handler) asan_handler();
}
}
