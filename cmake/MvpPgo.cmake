# Profile-guided optimisation of the Release build with GCC (doc/performance.md, "Seventh round:
# profile-guided optimisation"). scripts/build drives it in two steps:
#   MVP_PGO=generate  an instrumented build (build/pgo/gen) whose runs write their counts into
#                     MVP_PGO_DIR;
#   MVP_PGO=use       the build itself, optimised with those counts (branch layout, inlining,
#                     hot and cold code apart).
# Both name a profile by its object's path below the build directory (-fprofile-prefix-path),
# so the instrumented build's counts serve the real build in another directory. Functions edited
# since the training run lose their profile (GCC checks each function's shape) and are optimised
# as without one; -fprofile-partial-training keeps code the training did not run optimised
# for speed too. Profile-guided optimisation never changes what the model computes.
set(MVP_PGO "" CACHE STRING "Profile-guided optimisation: empty (none), generate or use")
set(MVP_PGO_DIR "" CACHE PATH "Directory of the profile (MVP_PGO generate or use)")
if(MVP_PGO)
    if(NOT MVP_PGO MATCHES "^(generate|use)$")
        message(FATAL_ERROR "MVP_PGO must be empty, generate or use (is ${MVP_PGO})")
    endif()
    if(NOT MVP_PGO_DIR)
        message(FATAL_ERROR "MVP_PGO=${MVP_PGO} needs MVP_PGO_DIR")
    endif()
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR MVP_SANITIZE OR MVP_FUZZ)
        message(FATAL_ERROR "MVP_PGO needs GCC and a build without sanitizers")
    endif()
    set(mvp_pgo_prefix -fprofile-prefix-path=${CMAKE_BINARY_DIR})
    if(MVP_PGO STREQUAL "generate")
        # Training runs on two host threads too: counters updated atomically stay consistent.
        add_compile_options(-fprofile-generate=${MVP_PGO_DIR} ${mvp_pgo_prefix}
                            -fprofile-update=prefer-atomic)
        add_link_options(-fprofile-generate=${MVP_PGO_DIR})
    else()
        # The tests' own sources and edited functions have no profile: not a warning.
        add_compile_options(-fprofile-use=${MVP_PGO_DIR} ${mvp_pgo_prefix}
                            -fprofile-partial-training -fprofile-correction -Wno-missing-profile
                            -Wno-coverage-mismatch)
    endif()
endif()
