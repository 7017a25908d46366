// The part of libMvpOpenCL.so that libOpenCL.so does not share: the entry point through which
// the Khronos ICD loader finds the platform. The loader looks clIcdGetPlatformIDsKHR up with
// clGetExtensionFunctionAddress; every other call reaches the runtime through the dispatch
// table that each handle begins with.

#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <cstring>

#include "icd.h"

extern "C" CL_API_ENTRY cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries,
                                                                  cl_platform_id* platforms,
                                                                  cl_uint* num_platforms) {
    // The one platform is always there, so CL_PLATFORM_NOT_FOUND_KHR never applies.
    return clGetPlatformIDs(num_entries, platforms, num_platforms);
}

namespace mvp::runtime {

bool icd_enabled() { return true; }

void* icd_function_address(const char* name) {
    if (std::strcmp(name, "clIcdGetPlatformIDsKHR") == 0)
        return reinterpret_cast<void*>(&clIcdGetPlatformIDsKHR);
    // ocl-icd (Debian's loader) asks for clGetPlatformInfo by name, before it uses the dispatch
    // table, to check cl_khr_icd and read the suffix; the library does not export it.
    if (std::strcmp(name, "clGetPlatformInfo") == 0)
        return reinterpret_cast<void*>(&clGetPlatformInfo);
    return nullptr;
}

}  // namespace mvp::runtime
