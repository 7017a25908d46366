// Fuzz target `opencl_api`: a byte string decoded as a sequence of OpenCL calls with
// arbitrary handles, sizes, flags and pointers (ClCallDecoder, tb/fuzz/README.md) against the
// project's runtime on the functional device (MVP_FUNCTIONAL=1). Every call must return its
// documented error code for bad arguments, never crash or corrupt memory; after each input
// every object is released and nothing may leak.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "tb/fuzz/cl_call_decoder.h"

namespace {

// Kernels whose run time does not depend on their arguments: any NDRange the decoder allows
// ends quickly (MVP_SOURCE_DIR: the source tree, set by tb/fuzz/CMakeLists.txt).
std::vector<std::string> kernel_sources() {
    std::vector<std::string> sources;
    for (const char* name : {"vec_add", "saxpy", "abs_clamp", "char_upper"}) {
        std::ifstream in(std::string(MVP_SOURCE_DIR) + "/sw/kernels/" + name + "/" + name + ".s");
        sources.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return sources;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    setenv("MVP_FUNCTIONAL", "1", 1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static mvp::fuzz::ClCallDecoder* const decoder = new mvp::fuzz::ClCallDecoder(kernel_sources());
    decoder->run(data, size);
    return 0;
}
