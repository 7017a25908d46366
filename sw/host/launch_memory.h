#pragma once

#include <cstdint>

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
// doc/opencl-c.md, "Kernel arguments and entry" and "Private memory".
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

  private:
    void spill(Launch* launch);
    void place_stacks(const LoadedProgram& loaded, Launch* launch);

    Device& device_;
    uint32_t spill_ = 0;
    uint32_t private_ = 0;
};

}  // namespace mvp::host
