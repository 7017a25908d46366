#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "launch.h"
#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"

namespace mvp {

// The kernel ABI of doc/isa.md as the dispatcher applies it when it starts a work-group:
// which work-items a group has, where its __local arguments live, and the registers, special
// registers and stacked arguments each thread starts with. The golden model and the timing
// platform's dispatcher both use this class, so a thread starts identically in both.
//
// Local memory layout (per SP): the work-group's area from address 0 (the %local_base special
// register) upward: the kernel-scope __local variables, then the __local arguments, each
// 16-byte aligned, in argument order; private stacks from the top downward, stack_bytes per hardware thread slot.
// A thread's $sp points at its argument area: 16 bytes of home area for $4-$7, then the fifth
// and later arguments, word by word.
class KernelAbi {
  public:
    struct Params {
        uint32_t local_mem_bytes = 32768;
        uint32_t stack_bytes = 320;
        uint32_t threads_per_sp = 64;
        uint32_t warp_size = 4;
    };
    static constexpr unsigned kMaxArgs = 16;
    static constexpr unsigned kMaxWorkGroupSize = 64;

    // Checks the launch against the ABI; throws std::invalid_argument with a one-line reason.
    KernelAbi(const Params& params, const Launch& launch, uint32_t exit_stub_pc);

    struct Group {
        uint64_t linear_id = 0;
        uint32_t id[3] = {0, 0, 0};
        uint32_t size[3] = {1, 1, 1};
        uint32_t work_items = 1;
    };
    uint64_t num_groups() const { return launch_.range.total_groups(); }
    Group group(uint64_t linear_id) const;

    // The starting state of the thread with local linear id `local_id` of `group`, running in
    // hardware slot `slot` (which picks its stack) of SP `sp`.
    void init_thread(const Group& group, uint32_t local_id, uint32_t slot, uint32_t sp,
                     uint32_t regs[isa::kNumRegs],
                     uint32_t special[isa::kNumSpecialRegisters]) const;

    // Arguments beyond the fourth, as (local address, value) words that the dispatcher writes
    // into the thread's stack before it starts.
    struct StackWord {
        uint32_t address;
        uint32_t value;
    };
    std::vector<StackWord> stack_words(uint32_t slot) const;

    // Bytes of local memory the work-group's __local variables and arguments take, and the
    // address of each argument
    // (0 for value arguments).
    uint32_t local_args_bytes() const { return local_args_bytes_; }
    uint32_t arg_value(unsigned i) const { return arg_values_[i]; }
    const Launch& launch() const { return launch_; }
    const Params& params() const { return params_; }

  private:
    uint32_t stack_top(uint32_t slot) const {
        return params_.local_mem_bytes - slot * params_.stack_bytes - arg_area_bytes_;
    }

    Params params_;
    Launch launch_;
    uint32_t exit_stub_pc_;
    std::vector<uint32_t> arg_values_;
    uint32_t local_args_bytes_ = 0;
    uint32_t arg_area_bytes_ = 16;
};

}  // namespace mvp
