# The installed package (doc/packaging.md): `cmake --install BUILD --prefix PREFIX` installs
#   libmvp-gpu.so   the hardware model (modules/, platforms/) for virtual platforms
#   libmvp-host.so  the toolchain (sw/toolchain) and the host driver (sw/host)
# with their headers under include/mvp, the command-line tools, the configuration files, the
# OpenCL libraries (sw/runtime/CMakeLists.txt), a CMake package MvpTlm (targets mvp::gpu,
# mvp::host) and pkg-config files mvp-gpu.pc and mvp-host.pc.
#
# The shared libraries are linked from the objects of the in-tree static libraries, so no
# source is compiled twice and each block's sources are listed once, in its own CMakeLists.txt.
include(CMakePackageConfigHelpers)

set(MVP_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/mvp)
set(MVP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/MvpTlm)
set(MVP_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/mvp)
set(MVP_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})

# mvp_static_libraries(OUT DIR...): the static libraries defined in the source directories
# DIR... and below them.
function(mvp_static_libraries out)
    set(found "")
    foreach(dir ${ARGN})
        get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
        foreach(t ${targets})
            get_target_property(type ${t} TYPE)
            if(type STREQUAL "STATIC_LIBRARY")
                list(APPEND found ${t})
            endif()
        endforeach()
        get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
        if(subdirs)
            mvp_static_libraries(below ${subdirs})
            list(APPEND found ${below})
        endif()
    endforeach()
    set(${out} ${found} PARENT_SCOPE)
endfunction()

# mvp_source_subdirectories(OUT REGEX): the source directories added to the build whose paths
# relative to the repository root match REGEX.
function(mvp_source_subdirectories out regex)
    get_property(subdirs DIRECTORY ${CMAKE_SOURCE_DIR} PROPERTY SUBDIRECTORIES)
    set(found "")
    foreach(dir ${subdirs})
        file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
        if(rel MATCHES "${regex}")
            list(APPEND found ${dir})
        endif()
    endforeach()
    set(${out} ${found} PARENT_SCOPE)
endfunction()

# mvp_shared_library(TARGET EXPORT_NAME LIBS...): the versioned shared library TARGET made of
# the objects of the static libraries LIBS. Its link interface is what LIBS link outside
# themselves: a library packaged before (by its shared library) or an external one (SystemC,
# TLM, Threads). A library of LIBS that links another target of this project, one not packaged,
# is left out, and so is every library that links it: the package holds only what stands on its
# own. LIBS keep their place in the in-tree build; each records the shared library it went into
# (property MVP_PACKAGE).
function(mvp_shared_library target export_name)
    set(libs "")
    foreach(lib ${ARGN})
        get_property(packaged TARGET ${lib} PROPERTY MVP_PACKAGE)
        if(NOT packaged)
            list(APPEND libs ${lib})
        endif()
    endforeach()
    set(changed TRUE)
    while(changed)
        set(changed FALSE)
        foreach(lib ${libs})
            get_property(deps TARGET ${lib} PROPERTY INTERFACE_LINK_LIBRARIES)
            foreach(dep ${deps})
                string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" dep "${dep}")
                if(dep IN_LIST libs OR NOT TARGET ${dep})
                    continue()
                endif()
                get_property(imported TARGET ${dep} PROPERTY IMPORTED)
                get_property(packaged TARGET ${dep} PROPERTY MVP_PACKAGE)
                if(NOT imported AND NOT packaged)
                    message(STATUS "lib${target}.so: ${lib} left out, it links ${dep}")
                    set_property(GLOBAL APPEND PROPERTY MVP_PACKAGE_LEFT_OUT
                        "${lib} (links ${dep})")
                    list(REMOVE_ITEM libs ${lib})
                    set(changed TRUE)
                    break()
                endif()
            endforeach()
        endforeach()
    endwhile()

    set(sources "")
    set(interface "")
    foreach(lib ${libs})
        list(APPEND sources $<TARGET_OBJECTS:${lib}>)
        # Sources a library gives to whatever links it (sw/host's weak sc_main).
        get_property(extra TARGET ${lib} PROPERTY INTERFACE_SOURCES)
        list(APPEND sources ${extra})
        get_property(deps TARGET ${lib} PROPERTY INTERFACE_LINK_LIBRARIES)
        foreach(dep ${deps})
            string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" dep "${dep}")
            if(dep IN_LIST libs)
                continue()
            endif()
            if(TARGET ${dep})
                get_property(packaged TARGET ${dep} PROPERTY MVP_PACKAGE)
                if(packaged)
                    set(dep ${packaged})
                endif()
            endif()
            list(APPEND interface ${dep})
        endforeach()
        set_property(TARGET ${lib} PROPERTY MVP_PACKAGE ${target})
    endforeach()
    list(REMOVE_DUPLICATES interface)

    add_library(${target} SHARED ${sources})
    set_target_properties(${target} PROPERTIES
        VERSION ${PROJECT_VERSION}
        SOVERSION ${MVP_SOVERSION}
        EXPORT_NAME ${export_name}
        LINKER_LANGUAGE CXX
        # The package's libraries sit in one directory: libmvp-host finds libmvp-gpu beside it.
        INSTALL_RPATH "$ORIGIN")
    target_link_libraries(${target} PUBLIC ${interface})
    target_link_options(${target} PRIVATE -Wl,--no-undefined)
    target_include_directories(${target} PUBLIC
        $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}>
        $<INSTALL_INTERFACE:${MVP_INSTALL_INCLUDEDIR}>)
    # SystemC checks at link time that a program was compiled with the C++ standard it was
    # built with: C++17 for Debian's libsystemc.
    target_compile_features(${target} INTERFACE cxx_std_17)

    # The headers of the packaged libraries: those in the directories of their sources, at
    # their repository paths (#include "modules/hierarchy/gpu.h").
    set(header_dirs "")
    foreach(lib ${libs})
        get_target_property(lib_dir ${lib} SOURCE_DIR)
        get_target_property(lib_sources ${lib} SOURCES)
        foreach(source ${lib_sources})
            if(IS_ABSOLUTE ${source})
                get_filename_component(dir ${source} DIRECTORY)
            else()
                get_filename_component(dir ${lib_dir}/${source} DIRECTORY)
            endif()
            list(APPEND header_dirs ${dir})
        endforeach()
    endforeach()
    list(REMOVE_DUPLICATES header_dirs)
    foreach(dir ${header_dirs})
        file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${dir})
        file(RELATIVE_PATH from_build ${CMAKE_BINARY_DIR} ${dir})
        if(rel MATCHES "^\\.\\." OR NOT from_build MATCHES "^\\.\\.")
            # Generated sources (the Verilated models) are in the build tree, which may be
            # inside the source tree (build/).
            continue()
        endif()
        file(GLOB headers CONFIGURE_DEPENDS ${dir}/*.h)
        install(FILES ${headers} DESTINATION ${MVP_INSTALL_INCLUDEDIR}/${rel})
    endforeach()

    install(TARGETS ${target} EXPORT MvpTlmTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

mvp_source_subdirectories(hardware_dirs "^(modules/[^/]+|platforms)$")
mvp_static_libraries(hardware_libs ${hardware_dirs})
mvp_shared_library(mvp-gpu gpu ${hardware_libs})

mvp_source_subdirectories(host_dirs "^sw/(toolchain|host)$")
mvp_static_libraries(host_libs ${host_dirs})
mvp_shared_library(mvp-host host ${host_libs})

# The command-line tools (statically linked with the model), the platforms' option files and
# mvp-vcd2commit's signal maps.
foreach(tool mvpsim mvp-as mvp-ld mvp-objdump mvp-clc mvp-trace-diff mvp-vcd2commit)
    if(TARGET ${tool})
        install(TARGETS ${tool} EXPORT MvpTlmTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    endif()
endforeach()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/config/ DESTINATION ${MVP_INSTALL_DATADIR}/config
    FILES_MATCHING PATTERN "*.config" PATTERN "*.map")

# The CMake package.
install(EXPORT MvpTlmTargets NAMESPACE mvp:: DESTINATION ${MVP_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/MvpTlmConfig.cmake.in
    ${CMAKE_BINARY_DIR}/cmake/MvpTlmConfig.cmake
    INSTALL_DESTINATION ${MVP_INSTALL_CMAKEDIR}
    PATH_VARS MVP_INSTALL_INCLUDEDIR MVP_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/MvpTlmConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/MvpTlmConfig.cmake
    ${CMAKE_BINARY_DIR}/cmake/MvpTlmConfigVersion.cmake
    DESTINATION ${MVP_INSTALL_CMAKEDIR})

# The pkg-config files, relocatable: prefix is found from the .pc file's own directory.
set(MVP_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH MVP_PC_PREFIX_FROM_PCFILEDIR
    /prefix/${MVP_PKGCONFIG_DIR} /prefix)
foreach(lib mvp-gpu mvp-host)
    if(lib STREQUAL "mvp-gpu")
        set(MVP_PC_DESCRIPTION "MVP V2.1 GPU model (SystemC/TLM-2.0) for virtual platforms")
        set(MVP_PC_REQUIRES "systemc tlm")
    else()
        set(MVP_PC_DESCRIPTION "MVP toolchain (assembler, linker, OpenCL C) and host driver")
        set(MVP_PC_REQUIRES "mvp-gpu = ${PROJECT_VERSION}")
    endif()
    set(MVP_PC_NAME ${lib})
    configure_file(${CMAKE_SOURCE_DIR}/cmake/mvp.pc.in ${CMAKE_BINARY_DIR}/cmake/${lib}.pc @ONLY)
    install(FILES ${CMAKE_BINARY_DIR}/cmake/${lib}.pc DESTINATION ${MVP_PKGCONFIG_DIR})
endforeach()

# package.out_of_tree: installs this build into a prefix under the build directory, checks what
# it holds, builds tb/package against it (find_package and pkg-config) and runs it. The script
# reads its settings from package_test.env.
if(MVP_OPENCL_LOADER)
    set(loader ${MVP_OPENCL_LOADER})
else()
    set(loader "")
endif()
get_property(left_out GLOBAL PROPERTY MVP_PACKAGE_LEFT_OUT)
string(REPLACE ";" ", " left_out "${left_out}")
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/cmake/package_test.env CONTENT "\
build='${CMAKE_BINARY_DIR}'
work='${CMAKE_BINARY_DIR}/package_test'
cmake='${CMAKE_COMMAND}'
generator='${CMAKE_GENERATOR}'
cxx='${CMAKE_CXX_COMPILER}'
cc='${CMAKE_C_COMPILER}'
pkg_config='${PKG_CONFIG_EXECUTABLE}'
version='${PROJECT_VERSION}'
libdir='${CMAKE_INSTALL_LIBDIR}'
bindir='${CMAKE_INSTALL_BINDIR}'
includedir='${MVP_INSTALL_INCLUDEDIR}'
datadir='${MVP_INSTALL_DATADIR}'
gpu_file='$<TARGET_FILE_NAME:mvp-gpu>'
gpu_soname='$<TARGET_SONAME_FILE_NAME:mvp-gpu>'
host_file='$<TARGET_FILE_NAME:mvp-host>'
host_soname='$<TARGET_SONAME_FILE_NAME:mvp-host>'
opencl_soname='$<TARGET_SONAME_FILE_NAME:OpenCL>'
icd_soname='$<TARGET_SONAME_FILE_NAME:MvpOpenCL>'
install_icd='${MVP_INSTALL_ICD}'
opencl_loader='${loader}'
opencl_include='${MVP_OPENCL_INCLUDE_DIR}'
left_out='${left_out}'
sanitize='${MVP_SANITIZE}'
")
add_test(NAME package.out_of_tree
    COMMAND sh ${CMAKE_SOURCE_DIR}/tb/package/package_test.sh
            ${CMAKE_BINARY_DIR}/cmake/package_test.env)
set_tests_properties(package.out_of_tree PROPERTIES LABELS package TIMEOUT 300)
