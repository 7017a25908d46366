#include "asan_own_stack.h"

#include <pthread.h>

#include <cstddef>

extern "C" {
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, size_t size);
void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                     size_t* size_old);

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
}
