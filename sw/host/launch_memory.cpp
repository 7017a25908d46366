#include "launch_memory.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "device.h"
#include "modules/golden/kernel_abi.h"
#include "platform_preset.h"
#include "sw/toolchain/program.h"

namespace mvp::host {

LaunchMemory::LaunchMemory(Device& device, const LoadedProgram& loaded, Launch* launch)
    : device_(device) {
    try {
        spill(launch);
        place_stacks(loaded, launch);
    } catch (...) {
        if (spill_ != 0) device_.release(spill_);
        throw;
    }
}

LaunchMemory::~LaunchMemory() {
    if (spill_ != 0) device_.release(spill_);
    if (private_ != 0) device_.release(private_);
}

void LaunchMemory::spill(Launch* launch) {
    using toolchain::kLaunchArgWords;
    using toolchain::kSpillWord;
    std::vector<KernelArg>& args = launch->args;
    if (args.size() <= kLaunchArgWords) return;
    std::vector<uint32_t> words;
    uint32_t local_end = launch->static_local_bytes;
    for (size_t i = kSpillWord; i < args.size(); ++i) {
        if (args[i].kind != KernelArg::Kind::kLocal) {
            words.push_back(args[i].value);
            continue;
        }
        const uint64_t align = args[i].local_align();
        const uint64_t at = (uint64_t{local_end} + align - 1) & ~(align - 1);
        if (args[i].local_bytes() == 0 || align == 0 || at + args[i].local_bytes() > 0xffffffffu)
            throw DeviceError("invalid launch: __local argument word " + std::to_string(i) +
                              " of " + std::to_string(args[i].local_bytes()) + " bytes");
        words.push_back(static_cast<uint32_t>(at));
        local_end = static_cast<uint32_t>(at + args[i].local_bytes());
    }
    launch->static_local_bytes = local_end;
    spill_ = device_.allocate(words.size() * 4);
    device_.write(spill_, words.data(), words.size() * 4);
    args.resize(kLaunchArgWords);
    args[kSpillWord] = KernelArg::of_value(spill_);
}

void LaunchMemory::place_stacks(const LoadedProgram& loaded, Launch* launch) {
    const KernelAbi::Params params = KernelAbi::Params::from_config(device_.config());
    const toolchain::KernelInfo* info =
        loaded.program ? loaded.program->kernel_at(launch->entry_pc) : nullptr;
    uint32_t local_area = 0;
    try {
        local_area = KernelAbi::local_area_bytes_of(*launch);
    } catch (const std::invalid_argument&) {
        return;  // the CP refuses the launch and names the problem
    }
    const uint32_t arg_area = KernelAbi::arg_area_bytes_of(*launch);
    const uint32_t frame = info ? info->private_bytes : 0;
    const uint64_t stacks = uint64_t{params.threads_per_sp} * params.stack_bytes;
    const bool on_chip = stacks + local_area <= params.local_mem_bytes &&
                         uint64_t{frame} + arg_area <= params.stack_bytes;
    if (on_chip || local_area > params.local_mem_bytes) return;
    // Each slot's stack: the kernel's frame (at least the ABI's 256 bytes) over its arguments.
    const uint64_t bytes = (std::max<uint64_t>(frame, 256) + arg_area + 15) & ~uint64_t{15};
    const uint64_t slots = uint64_t{num_sps(device_.config())} * params.threads_per_sp;
    const std::string name = info ? "kernel '" + info->name + "'" : "the kernel";
    if (bytes * slots > 0xffffffffu)
        throw DeviceError(name + " needs " + std::to_string(bytes) +
                          " bytes of private memory per work-item, more than device memory "
                          "holds for its " +
                          std::to_string(slots) + " hardware threads");
    try {
        private_ = device_.allocate(static_cast<size_t>(bytes * slots));
    } catch (const DeviceError&) {
        throw DeviceError(name + " needs " + std::to_string(bytes) +
                          " bytes of private memory per work-item: " +
                          std::to_string(bytes * slots) + " bytes for its " +
                          std::to_string(slots) + " hardware threads do not fit in global memory");
    }
    launch->private_base = private_;
    launch->private_bytes = static_cast<uint32_t>(bytes);
}

}  // namespace mvp::host
