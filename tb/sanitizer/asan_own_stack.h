#pragma once

// Tells AddressSanitizer that the calling thread runs on the stack it was created with, when
// it does (SystemC's main context), after SystemC switched back to it without saying so: ASan
// then clears the right stack before a throw (asan_fiber_stack.cpp), and LeakSanitizer scans it
// for pointers (tb/fuzz/cp_fuzz.cpp, after each input). On a coroutine stack it does nothing.
extern "C" void mvp_asan_use_own_stack();
