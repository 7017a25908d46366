#include "launch_memory.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "device.h"
#include "modules/golden/kernel_abi.h"
#include "platform_preset.h"
#include "sw/toolchain/program.h"
#include "sw/toolchain/work_item_fibers.h"

namespace mvp::host {

LaunchMemory::LaunchMemory(Device& device, const LoadedProgram& loaded, Launch* launch)
    : device_(device) {
    try {
        spill(launch);
        if (loaded.program && loaded.program->fiber_region_bytes != 0) {
            run_on_fibers(loaded, launch);
        } else {
            place_stacks(loaded, launch);
        }
    } catch (...) {
        if (spill_ != 0) device_.release(spill_);
        if (block_ != 0) device_.release(block_);
        if (private_ != 0) device_.release(private_);
        throw;
    }
}

LaunchMemory::~LaunchMemory() {
    if (spill_ != 0) device_.release(spill_);
    if (block_ != 0) device_.release(block_);
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
    launch->private_base = allocate_private(
        bytes * slots, 16,
        name + " needs " + std::to_string(bytes) + " bytes of private memory per work-item");
    launch->private_bytes = static_cast<uint32_t>(bytes);
}

uint32_t LaunchMemory::allocate_private(uint64_t bytes, uint64_t align, const std::string& what) {
    const uint64_t slots = uint64_t{num_sps(device_.config())} *
                           KernelAbi::Params::from_config(device_.config()).threads_per_sp;
    if (bytes + align > 0xffffffffu)
        throw DeviceError(what + ", more than device memory holds for its " +
                          std::to_string(slots) + " hardware threads");
    try {
        private_ = device_.allocate(static_cast<size_t>(bytes + (align > 256 ? align : 0)));
    } catch (const DeviceError&) {
        throw DeviceError(what + ": " + std::to_string(bytes) + " bytes for its " +
                          std::to_string(slots) + " hardware threads do not fit in global memory");
    }
    return static_cast<uint32_t>((uint64_t{private_} + align - 1) & ~(align - 1));
}

void LaunchMemory::run_on_fibers(const LoadedProgram& loaded, Launch* launch) {
    const toolchain::Program& program = *loaded.program;
    const toolchain::KernelInfo* info = program.kernel_at(launch->entry_pc);
    const std::string name = info ? "kernel '" + info->name + "'" : "the kernel";
    const toolchain::Symbol* start = program.find_symbol(toolchain::kFiberStartSymbol);
    if (start == nullptr) throw DeviceError(name + ": the program has no fiber entry");
    const KernelAbi::Params params = KernelAbi::Params::from_config(device_.config());
    NDRange& r = launch->range;
    uint32_t items = 1;
    for (unsigned d = 0; d < 3; ++d) {
        if (r.local[d] == 0 || r.global[d] % r.local[d] != 0)
            throw DeviceError(name +
                              ": a work-group of more work-items than an SP has threads "
                              "must divide the global size (dimension " +
                              std::to_string(d) + ": " + std::to_string(r.global[d]) + " / " +
                              std::to_string(r.local[d]) + ")");
        items *= r.local[d];
    }
    if (items > toolchain::kMaxFiberGroupSize)
        throw DeviceError(name + ": a work-group of " + std::to_string(items) +
                          " work-items is more than the " +
                          std::to_string(toolchain::kMaxFiberGroupSize) + " the device runs");
    const uint32_t most = std::min(KernelAbi::kMaxWorkGroupSize, params.threads_per_sp);
    uint32_t threads = most;
    while (items % threads != 0) --threads;
    fibers_ = items / threads;

    std::vector<uint32_t> block(toolchain::kFiberBlockHeaderWords);
    for (unsigned d = 0; d < 3; ++d) {
        block[d] = r.local[d];
        block[3 + d] = r.global[d];
    }
    block[6] = fibers_;
    block[7] = launch->entry_pc;
    block[8] = static_cast<uint32_t>(launch->args.size());
    uint32_t local_mask = 0;
    uint32_t local_end = launch->static_local_bytes;
    for (size_t i = 0; i < launch->args.size(); ++i) {
        const KernelArg& a = launch->args[i];
        if (a.kind != KernelArg::Kind::kLocal) {
            block.push_back(a.value);
            continue;
        }
        const uint64_t align = a.local_align();
        const uint64_t at = (uint64_t{local_end} + align - 1) & ~(align - 1);
        if (a.local_bytes() == 0 || align == 0 || at + a.local_bytes() > 0xffffffffu)
            throw DeviceError("invalid launch: __local argument word " + std::to_string(i) +
                              " of " + std::to_string(a.local_bytes()) + " bytes");
        block.push_back(static_cast<uint32_t>(at));
        local_mask |= 1u << i;
        local_end = static_cast<uint32_t>(at + a.local_bytes());
    }
    block[9] = local_mask;
    launch->static_local_bytes = local_end;
    block_ = device_.allocate(block.size() * 4);
    device_.write(block_, block.data(), block.size() * 4);

    const uint32_t region = program.fiber_region_bytes;
    const uint64_t bytes = uint64_t{fibers_} * region;
    const uint64_t slots = uint64_t{num_sps(device_.config())} * params.threads_per_sp;
    launch->private_base =
        allocate_private(bytes * slots, region,
                         name + " needs " + std::to_string(region) +
                             " bytes of private memory "
                             "per work-item for its " +
                             std::to_string(fibers_) + " work-items per hardware thread");
    launch->private_bytes = static_cast<uint32_t>(bytes);
    launch->entry_pc = start->value;
    launch->args.assign(1, KernelArg::of_value(block_));
    for (unsigned d = 0; d < 3; ++d) {
        r.global[d] = r.global[d] / r.local[d] * (d == 0 ? threads : 1);
        r.local[d] = d == 0 ? threads : 1;
    }
}

}  // namespace mvp::host
