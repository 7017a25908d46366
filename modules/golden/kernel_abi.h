#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "launch.h"
#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"

namespace mvp {

namespace config {
class Config;
}

// The kernel ABI of doc/isa.md as the dispatcher applies it when it starts a work-group:
// which work-items a group has, where its __local arguments live, and the registers, special
// registers and stacked arguments each thread starts with. The golden model and the timing
// platform's dispatcher both use this class, so a thread starts identically in both.
//
// Local memory layout (per SP): private stacks from the top downward, stack_bytes per hardware
// thread slot; below them, from address 0 up to local_area_limit(), the areas of the resident
// work-groups that use __local memory (LocalAreaAllocator places them). A group's area starts
// at its local base (the %local_base special register): the kernel-scope __local variables,
// then the __local arguments, each aligned to 16 bytes or to what its word asks for
// (KernelArg::local_align), in argument order. The dispatcher passes
// the base to init_thread and stack_words, which compute the __local argument pointers.
// A thread's $sp points at its argument area: 16 bytes of home area for $4-$7, then the fifth
// and later arguments, word by word. A launch with a private area in device memory
// (Launch::private_base) has its stacks there instead: slot s of SP p owns the private_bytes at
// private_base + (p * threads_per_sp + s) * private_bytes, and the whole local memory is left to
// the work-groups' areas. Stacks in local memory are zeroed when a group starts; those in the
// private area are not.
class KernelAbi {
  public:
    struct Params {
        uint32_t local_mem_bytes = 32768;
        uint32_t stack_bytes = 320;
        uint32_t threads_per_sp = 64;
        uint32_t warp_size = 4;

        // From -mvpgpu_local_mem_size, _private_stack_bytes, _n_threads_per_sp and
        // _n_threads_per_sp_and_warp_size.
        static Params from_config(const config::Config& c);
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
    // hardware slot `slot` (which picks its stack) of SP `sp`, its group's area at local
    // address `local_base`.
    void init_thread(const Group& group, uint32_t local_id, uint32_t slot, uint32_t sp,
                     uint32_t local_base, uint32_t regs[isa::kNumRegs],
                     uint32_t special[isa::kNumSpecialRegisters]) const;

    // Arguments beyond the fourth, as (local address, value) words that the dispatcher writes
    // into the thread's stack before it starts.
    struct StackWord {
        uint32_t address;
        uint32_t value;
    };
    std::vector<StackWord> stack_words(uint32_t slot, uint32_t sp, uint32_t local_base) const;
    // The same one at a time (the SP's dispatch, which allocates nothing per thread): how many,
    // and word k. The address is in the SP's local memory, or in the private area.
    unsigned stack_word_count() const;
    StackWord stack_word(unsigned k, uint32_t slot, uint32_t sp, uint32_t local_base) const;

    // Bytes of the work-group's area (__local variables and arguments, a multiple of 16; 0 when
    // the kernel uses no __local memory), and the bytes of local memory below the stacks that
    // the areas of resident groups share.
    uint32_t local_area_bytes() const { return local_area_bytes_; }
    uint32_t local_area_limit() const {
        return params_.local_mem_bytes - params_.threads_per_sp * local_stack_bytes();
    }
    // Bytes of local memory each hardware thread slot's stack takes: stack_bytes, or 0 when the
    // launch has a private area in device memory.
    uint32_t local_stack_bytes() const { return launch_.private_base ? 0 : params_.stack_bytes; }

    // What a launch needs of the ABI before it is checked: the bytes of its work-groups' areas
    // of local memory (a multiple of 16) and of each thread's argument area at $sp. Throws
    // std::invalid_argument for a __local argument of 0 bytes or areas past 4 GiB.
    static uint32_t local_area_bytes_of(const Launch& launch);
    // The alignment of the work-group's area: 16, or the largest alignment of its __local
    // arguments (areas of one launch are placed at multiples of it).
    uint32_t local_area_align() const { return local_area_align_; }
    static uint32_t arg_area_bytes_of(const Launch& launch);
    // The value of argument i for a group whose area is at `local_base`: a __local argument is
    // the address of its part of the area, any other argument its value.
    uint32_t arg_value(unsigned i, uint32_t local_base) const {
        return launch_.args[i].kind == KernelArg::Kind::kLocal ? local_base + arg_values_[i]
                                                               : arg_values_[i];
    }
    const Launch& launch() const { return launch_; }
    const Params& params() const { return params_; }

  private:
    // The initial $sp of slot `slot` of SP `sp`.
    uint32_t stack_top(uint32_t slot, uint32_t sp) const {
        if (launch_.private_base == 0)
            return params_.local_mem_bytes - slot * params_.stack_bytes - arg_area_bytes_;
        const uint64_t index = uint64_t{sp} * params_.threads_per_sp + slot + 1;
        return static_cast<uint32_t>(launch_.private_base + index * launch_.private_bytes -
                                     arg_area_bytes_);
    }

    Params params_;
    Launch launch_;
    uint32_t exit_stub_pc_;
    std::vector<uint32_t> arg_values_;  // values; offsets in the area for __local arguments
    uint32_t local_area_bytes_ = 0;
    uint32_t arg_area_bytes_ = 16;
    uint32_t local_area_align_ = KernelArg::kLocalAlign;

    // The work-group area's layout: the kernel-scope variables from 0, then each __local
    // argument at the next multiple of its alignment; the size a multiple of the largest.
    struct LocalLayout {
        std::vector<uint32_t> offsets;  // per argument (0 for values)
        uint32_t bytes = 0;
        uint32_t align = KernelArg::kLocalAlign;
    };
    static LocalLayout local_layout(const Launch& launch);
};

}  // namespace mvp
