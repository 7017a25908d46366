#pragma once

#include <cstdint>
#include <vector>

#include "code_image.h"
#include "global_memory.h"
#include "kernel_abi.h"
#include "kernel_fault.h"
#include "launch.h"
#include "modules/isa/instruction.h"

namespace mvp {

// The golden functional model: executes a kernel launch instruction by instruction with the
// semantics of modules/isa, and no timing. It is the reference every timing run must match bit
// for bit.
//
// Work-groups run one after the other; work-group g is reported as running on SP
// g mod num_sp. Within a group each thread runs until it reaches `sync` or ends; when every
// live thread of the group waits at the barrier, all are released. Threads that have ended
// do not take part in later barriers. Atomics are trivially atomic since one thread runs at a
// time. Each work-group starts with zeroed local memory; its __local area is placed by the
// SPs' first-fit rule, which with one group at a time gives local base 0 (a kernel that stores
// a __local address to global memory sees a different value on the timing platform, where the
// base depends on the groups resident beside it).
class FunctionalModel {
  public:
    struct Params {
        KernelAbi::Params abi;
        uint32_t num_sp = 1;
        // A launch that executes more thread instructions than this is stopped with a fault
        // naming the threads still live (0: no limit).
        uint64_t max_thread_instructions = 0;
    };

    struct Stats {
        uint64_t thread_instructions = 0;
        uint64_t work_groups = 0;
        uint64_t work_items = 0;
    };

    explicit FunctionalModel(const Params& params);

    // Runs the launch of the code image loaded at code.base in `memory` (read from there, as
    // the hardware fetches it). Throws KernelFault for a fault and std::invalid_argument for a
    // launch the ABI rejects or a code image outside memory.
    Stats run(const CodeImage& code, const Launch& launch, GlobalMemory& memory);

  private:
    struct Thread;
    enum class Stop : uint8_t { kSync, kExit };

    Stop run_thread(Thread& t);
    [[noreturn]] void fault(const Thread& t, const char* what, uint32_t address, bool has_address);
    uint8_t* translate(Thread& t, uint32_t address, unsigned bytes);

    Params params_;
    std::vector<isa::Instruction> code_;
    const DebugMap* debug_ = nullptr;
    GlobalMemory* memory_ = nullptr;
    std::vector<uint8_t> local_;
    uint64_t executed_ = 0;
    uint64_t budget_ = 0;
    uint32_t current_sp_ = 0;
};

}  // namespace mvp
