#pragma once

namespace mvp::toolchain {

// The builtin headers of sw/clc/include, embedded at configure time (CMakeLists.txt): name and
// text, ended by a null entry. `mvp_opencl.h` is the one force-included; it includes the others.
struct ClcHeader {
    const char* name;
    const char* text;
};
extern const ClcHeader kClcHeaders[];

// The helper routines of the builtin library (sw/clc/lib/mvp_rv_helpers.s).
extern const char kClcHelperSource[];

}  // namespace mvp::toolchain
