#pragma once

#include <cstdint>

namespace mvp {

// The fields of one kernel launch as the CP receives them, from the launch registers (CONTROL
// START) or from a kernel packet and its argument block (the command ring): raw words, before
// any check. Cp::launch() checks them and starts the kernel; both sources go through it.
struct KernelDispatch {
    uint32_t code_base = 0;
    uint32_t code_bytes = 0;
    uint32_t entry_pc = 0;
    uint32_t return_pc = 0;
    uint32_t work_dim = 1;
    uint32_t global[3] = {1, 1, 1};
    uint32_t local[3] = {1, 1, 1};
    uint32_t offset[3] = {0, 0, 0};
    uint32_t static_local_bytes = 0;
    uint32_t private_base = 0;
    uint32_t private_bytes = 0;
    uint32_t arg_count = 0;
    uint32_t arg_local_mask = 0;
    uint32_t args[16] = {};
};

}  // namespace mvp
