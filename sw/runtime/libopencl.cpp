// The part of libOpenCL.so that libMvpOpenCL.so does not share: the library host programs link
// directly is not an ICD. It announces no extension, and clGetExtensionFunctionAddress finds
// nothing.

#include "icd.h"

namespace mvp::runtime {

bool icd_enabled() { return false; }

void* icd_function_address(const char* name) {
    (void)name;
    return nullptr;
}

}  // namespace mvp::runtime
