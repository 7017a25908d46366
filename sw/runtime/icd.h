#pragma once

#include <CL/cl_icd.h>

// The runtime as an installable client driver of the Khronos ICD loader (cl_khr_icd).
//
// Both libraries of sw/runtime are built from the same objects: libOpenCL.so, which host
// programs link directly, and libMvpOpenCL.so, which the loader opens. Every handle begins
// with a pointer to one dispatch table (object.h), so both hand out handles the loader can
// use; what differs is only what the library announces, decided by one source file of each
// library (libopencl.cpp, libmvpopencl.cpp).
namespace mvp::runtime {

// The table of the runtime's cl* functions the loader calls through (icd.cpp). Entry points
// the runtime does not have (OpenCL 2.0 and later, GL, D3D) are NULL.
const cl_icd_dispatch* icd_dispatch();

// True in libMvpOpenCL.so, false in libOpenCL.so. The ICD library reports cl_khr_icd in
// CL_PLATFORM_EXTENSIONS and answers CL_PLATFORM_ICD_SUFFIX_KHR.
bool icd_enabled();

// What clGetExtensionFunctionAddress(ForPlatform) returns for a function name: in the ICD
// library clIcdGetPlatformIDsKHR and clGetPlatformInfo (which ocl-icd looks up by name),
// otherwise NULL.
void* icd_function_address(const char* name);

constexpr const char* kIcdExtension = "cl_khr_icd";
constexpr const char* kIcdSuffix = "MVP";

}  // namespace mvp::runtime
