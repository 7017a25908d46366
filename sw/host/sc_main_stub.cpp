// libsystemc (linked for the timing engine) refers to sc_main, which its own main() would
// call. Programs that use the model through the host library (mvpsim, OpenCL host programs
// through libOpenCL.so, tests with GoogleTest's main) bring their own main, so this weak
// definition only satisfies the linker and is never called; a test's sc_main overrides it.
// It is compiled into each program (an interface source of mvp_host), so that libOpenCL.so
// can export it.
extern "C" __attribute__((weak)) int sc_main(int, char**) { return 1; }
