# MVP_SANITIZE=LIST builds everything with -fsanitize=LIST (scripts/sanitize: address,undefined).
# UBSan reports abort the process (-fno-sanitize-recover) so that they fail the test that hit
# them. Suppressions and the runtime options the tests run with: doc/testing.md.
set(MVP_SANITIZE "" CACHE STRING
    "Sanitizers to build with, as -fsanitize takes them (e.g. address,undefined); empty: none")
if(MVP_SANITIZE)
    add_compile_options(-fsanitize=${MVP_SANITIZE} -fno-omit-frame-pointer)
    # GCC warns that values "may be used uninitialized" in code the sanitizers instrumented
    # (std::regex, the Verilated models) where the normal build sees none: its manual says the
    # sanitizers make this warning give false positives.
    add_compile_options(-Wno-maybe-uninitialized)
    add_link_options(-fsanitize=${MVP_SANITIZE})
    # Debian's gcc links with --as-needed except when sanitizing; without it a test that uses
    # nothing of SystemC would still load libsystemc and need its sc_main. Link as the normal
    # build does (the sanitizer runtimes stay: gcc links them with --no-as-needed).
    add_link_options(-Wl,--as-needed)
    if(MVP_SANITIZE MATCHES "undefined")
        add_compile_options(-fno-sanitize-recover=undefined)
        add_link_options(-fno-sanitize-recover=undefined)
        # Verilator 5.006's trace buffer stores 64-bit values at 4-byte aligned addresses by
        # design (VerilatedTraceBuffer::fullQData): its runtime and the generated models are
        # compiled without the alignment check (modules/rtl), everything else keeps it.
        set(MVP_SANITIZE_VERILATED_OPTIONS -fno-sanitize=alignment)
    endif()
    # A program built without ASan (Debian's clinfo) that loads the instrumented OpenCL library
    # needs the ASan runtime first in its library list, and libstdc++ loaded before ASan starts
    # (its __cxa_throw interceptor resolves the real function then): the tests that start such
    # programs preload both (MVP_ASAN_PRELOAD).
    if(MVP_SANITIZE MATCHES "address")
        execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so
                        OUTPUT_VARIABLE asan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
        set(MVP_ASAN_PRELOAD "${asan_runtime} libstdc++.so.6")
    endif()
endif()

# mvp_sanitize_executables(): with AddressSanitizer, every executable of the project gets
# tb/sanitizer/asan_fiber_stack.cpp, which keeps ASan's stack bounds right across SystemC's
# coroutine switches (doc/testing.md). Called once, after every directory was added.
function(mvp_sanitize_executables)
    if(NOT MVP_SANITIZE MATCHES "address")
        return()
    endif()
    add_library(mvp_asan_fiber_stack OBJECT ${PROJECT_SOURCE_DIR}/tb/sanitizer/asan_fiber_stack.cpp
                ${PROJECT_SOURCE_DIR}/tb/sanitizer/asan_own_stack.cpp)
    set(dirs ${PROJECT_SOURCE_DIR})
    while(dirs)
        list(POP_FRONT dirs dir)
        get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
        list(APPEND dirs ${subdirs})
        get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
        foreach(t ${targets})
            get_target_property(type ${t} TYPE)
            if(type STREQUAL "EXECUTABLE")
                target_sources(${t} PRIVATE $<TARGET_OBJECTS:mvp_asan_fiber_stack>)
            endif()
        endforeach()
    endwhile()
endfunction()
