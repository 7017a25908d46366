#pragma once

#include <cstdint>
#include <string>
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
        // naming the thread that ran last and the PC range the launch ran in its last stretch
        // of instructions (0: no limit). So is a launch still running when an armed
        // sim::HostDeadline passes.
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
    // The slow path of the run limit and the host deadline (sim::HostDeadline), taken at a
    // control transfer from `pc` to `target` once the count passes `budget_`: polls the
    // deadline, or in the last stretch before the stop widens the PC range of the stretch by
    // the straight-line run from `segment_start` to `pc`, then faults when the stretch ends.
    void near_limit(Thread& t, uint32_t pc, uint32_t target, uint32_t* segment_start,
                    uint64_t executed);
    // The stretch before the run limit, and the count at which near_limit() is next called.
    uint64_t limit_stretch() const;
    uint64_t next_check(uint64_t count) const;
    [[noreturn]] void fault(const Thread& t, const std::string& what, uint32_t address,
                            bool has_address);
    uint8_t* translate(Thread& t, uint32_t address, unsigned bytes);

    Params params_;
    std::vector<isa::Instruction> code_;
    const DebugMap* debug_ = nullptr;
    GlobalMemory* memory_ = nullptr;
    std::vector<uint8_t> local_;
    uint64_t executed_ = 0;
    // The run limit and the host deadline: the fast path calls near_limit() when the count
    // passes `budget_`; from the start of the stretch (a run limit's last instructions, or the
    // instructions after the deadline passed) to its end, it records the lowest and highest PC
    // executed.
    uint64_t budget_ = 0;
    uint64_t limit_ = 0;
    bool in_stretch_ = false;
    bool timed_out_ = false;
    uint64_t stretch_ = 0;
    uint64_t stretch_end_ = 0;
    uint32_t stretch_low_ = 0;
    uint32_t stretch_high_ = 0;
    uint32_t current_sp_ = 0;
};

}  // namespace mvp
