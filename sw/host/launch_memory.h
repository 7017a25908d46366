#pragma once

#include <cstdint>
#include <string>

#include "modules/golden/launch.h"

namespace mvp::host {

class Device;
struct LoadedProgram;

// The device memory a launch needs besides its buffers, allocated when the launch is queued and
// released when the object (kept with the launch until it completes) is destroyed:
// - Spilled arguments. Words from toolchain::kSpillWord on of a launch with more than the
//   toolchain::kLaunchArgWords the CP takes move to a block of global memory whose address the
//   launch passes as word kSpillWord; the kernel's wrapper reads them there. A spilled __local
//   argument's area follows the kernel-scope __local variables (static_local_bytes grows by
//   it) and its word is the area's offset in the work-group's local memory.
// - The private area. When a kernel compiled from OpenCL C needs more stack than the stacks in
//   the SP's local memory have (toolchain::KernelInfo::private_bytes), or its work-groups'
//   __local memory does not fit beside them, the stacks move to a private area in device
//   memory (Launch::private_base): every hardware thread slot of every SP gets its stack there,
//   and the work-groups get the whole local memory.
// - Work-item fibers. A launch of a program's fiber variant (toolchain::Program::fibers, for
//   work-groups of more work-items than an SP has threads) becomes the launch the hardware
//   runs: H threads a group (the largest divisor of the group's work-items the SP takes), each
//   running K = items / H work-items; one argument, the address of a block holding the
//   group's sizes, the kernel's entry and its argument words (__local ones as offsets); and a
//   private area of K fiber regions per hardware thread slot, aligned to the region's size.
// doc/opencl-c.md, "Kernel arguments and entry", "Private memory" and "Work-groups larger
// than the SP".
class LaunchMemory {
  public:
    // Rewrites launch->args, static_local_bytes and the private area fields; throws DeviceError
    // (one line naming the kernel) when global memory cannot hold what the launch needs.
    LaunchMemory(Device& device, const LoadedProgram& loaded, Launch* launch);
    ~LaunchMemory();
    LaunchMemory(const LaunchMemory&) = delete;
    LaunchMemory& operator=(const LaunchMemory&) = delete;

    uint32_t spill_address() const { return spill_; }      // 0 when nothing spilled
    uint32_t private_address() const { return private_; }  // 0 when the stacks are on chip
    // Work-items each hardware thread runs: 1, or K for a launch on fibers.
    uint32_t work_items_per_thread() const { return fibers_; }

  private:
    void spill(Launch* launch);
    void place_stacks(const LoadedProgram& loaded, Launch* launch);
    void run_on_fibers(const LoadedProgram& loaded, Launch* launch);
    uint32_t allocate_private(uint64_t bytes, uint64_t align, const std::string& what);

    Device& device_;
    uint32_t spill_ = 0;
    uint32_t private_ = 0;
    uint32_t block_ = 0;
    uint32_t fibers_ = 1;
};

}  // namespace mvp::host
