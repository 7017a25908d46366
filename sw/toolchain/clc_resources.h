#pragma once

namespace mvp::toolchain {

// The builtin library of sw/clc, embedded at configure time (CMakeLists.txt) as file name and
// text, each list ended by a null entry: the headers of sw/clc/include (`mvp_opencl.h` is the one
// force-included; it includes the others) and the assembly routines of sw/clc/lib, linked with
// every OpenCL C program, and the fiber routines of sw/clc/fibers, linked only into a program's
// fiber variant (work_item_fibers.h).
struct ClcFile {
    const char* name;
    const char* text;
};
extern const ClcFile kClcHeaders[];
extern const ClcFile kClcRoutines[];
extern const ClcFile kClcFiberRoutines[];

}  // namespace mvp::toolchain
