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
// ASan's own handler. On a coroutine stack it changes nothing. mvp_asan_use_own_stack() is the
// announcement alone, for a host loop that regains control from sc_start() and then relies on
// ASan's view of its stack: LeakSanitizer scans the stack ASan believes current for pointers,
// and misses the main stack's (libFuzzer's own objects then look leaked; tb/fuzz/cp_fuzz.cpp).
#include <dlfcn.h>
#include <pthread.h>

#include <cstddef>

extern "C" {
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, size_t size);
void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                     size_t* size_old);
void mvp_asan_use_own_stack();

void mvp_asan_use_own_stack() {
    // The stack the thread was created with, where its SystemC main context runs.
    thread_local char* stack = nullptr;
    thread_local size_t stack_bytes = 0;
    if (!stack) {
        pthread_attr_t attr;
        void* bottom = nullptr;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &bottom, &stack_bytes);
            pthread_attr_destroy(&attr);
        }
        stack = static_cast<char*>(bottom);
    }
    char here;
    if (stack && &here >= stack && &here < stack + stack_bytes) {
        void* fake_stack = nullptr;
        __sanitizer_start_switch_fiber(&fake_stack, stack, stack_bytes);
        __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
    }
}

void __asan_handle_no_return() {
    using Handler = void (*)();
    static const Handler asan_handler =
        reinterpret_cast<Handler>(dlsym(RTLD_NEXT, "__asan_handle_no_return"));
    mvp_asan_use_own_stack();
    if (asan_handler) asan_handler();
}
}
