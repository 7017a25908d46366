# Link-time optimisation of the programs that run the model (Release builds with GCC, not the
# sanitizer or fuzz builds; -DMVP_LTO=OFF turns it off). Every object is compiled as a fat LTO
# object: the programs that simulate (mvpsim, the OpenCL runtime, the benchmarks) link with
# -flto and are optimised across the blocks (a tick calls many small functions of its
# neighbours and of the clock domain), while the test programs link the same objects as ordinary
# code, without the cost of link-time optimisation. doc/performance.md has what it gains.
option(MVP_LTO "Link-time optimisation of mvpsim, the OpenCL runtime and the benchmarks" ON)
set(MVP_LTO_ACTIVE OFF)
if(MVP_LTO AND CMAKE_BUILD_TYPE STREQUAL "Release" AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU"
   AND NOT MVP_SANITIZE AND NOT MVP_FUZZ)
    set(MVP_LTO_ACTIVE ON)
    add_compile_options(-flto=auto -ffat-lto-objects)
endif()

# mvp_lto_link(TARGET...): the targets link with link-time optimisation (when it is on).
function(mvp_lto_link)
    if(MVP_LTO_ACTIVE)
        foreach(target ${ARGN})
            target_link_options(${target} PRIVATE -flto=auto)
        endforeach()
    endif()
endfunction()
