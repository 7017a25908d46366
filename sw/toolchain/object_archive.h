#pragma once

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

#include "object_file.h"
#include "program.h"

namespace mvp::toolchain {

// The objects of an OpenCL program that is not linked yet, with the descriptions of the kernels
// they define: what clCompileProgram makes (a compiled object) and clLinkProgram with
// -create-library joins (a library). Its binary form (the .mvpa format of doc/toolchain.md) is
// the program's CL_PROGRAM_BINARIES, so that clCreateProgramWithBinary takes it back.
struct ObjectArchive {
    enum class Type : uint8_t { kObject = 1, kLibrary = 2 };
    Type type = Type::kObject;
    bool opencl_c = true;  // compiled from OpenCL C (false: assembled from MVP assembly)
    std::vector<ObjectFile> objects;
    std::vector<KernelInfo> kernels;

    void write(std::ostream& os) const;
    // Throws std::runtime_error naming what is wrong with a malformed file.
    static ObjectArchive read(std::istream& is);
    // True when `bytes` start with the archive's magic.
    static bool is_archive(std::string_view bytes);
};

}  // namespace mvp::toolchain
