#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "modules/golden/code_image.h"
#include "modules/golden/kernel_abi.h"

namespace mvp {

// What the command processor needs from an SP: the control interface through which work-groups
// are handed out and their ends reported. In hardware these are dedicated dispatch and done
// wires between the CP and each SP, not memory traffic, so they are C++ calls.
class WorkgroupExecutor {
  public:
    virtual ~WorkgroupExecutor() = default;

    // True when the SP has the hardware thread slots and local memory for the group now.
    virtual bool can_start(const KernelAbi& abi, const KernelAbi::Group& group) const = 0;
    // Starts the group's threads (called in the cycle the CP dispatches it) on the code
    // image of the launch.
    virtual void start_workgroup(const KernelAbi& abi, const KernelAbi::Group& group,
                                 const CodeImage& code) = 0;
    // Writes every dirty data-cache word back to memory, then calls done.
    virtual void flush(std::function<void()> done) = 0;
    // Drops cached instructions and data (before a launch).
    virtual void invalidate() = 0;

    // Set by the CP: a group has ended (all its threads exited).
    std::function<void(uint64_t group_linear_id)> on_workgroup_done;
    // Set by the CP: the SP stops the kernel with a one-line reason (fault, watchdog).
    std::function<void(const std::string& message)> on_error;
};

}  // namespace mvp
