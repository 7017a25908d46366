#pragma once

#include <CL/cl.h>

#include <memory>
#include <string>

#include "info.h"
#include "object.h"
#include "sw/host/device.h"
#include "sw/host/progress_line.h"

namespace mvp::runtime {

class Platform;

// The OpenCL device: the MVP GPU behind one mvp::host::Device, opened with the configuration
// the environment names.
//
//   MVP_CONFIG=FILE    option file (GPGPU-Sim style); a -mvpgpu_platform in it selects that
//                      platform's preset, and the file's other options override the preset.
//   MVP_FUNCTIONAL=1   run kernels on the golden functional model.
//   MVP_STATS=FILE     append one line of statistics to FILE after each kernel.
//   MVP_PROGRESS=1|0   a progress line on stderr while kernels run (default: when stderr is a
//                      terminal).
class Device : public _cl_device_id, public Object {
  public:
    using Handle = cl_device_id;

    // The engine used unless MVP_FUNCTIONAL=1: the SystemC timing platform.
    static constexpr host::Device::Engine kDefaultEngine = host::Device::Engine::kTiming;

    // CL_DEVICE_MAX_WORK_GROUP_SIZE: work-groups of more work-items than an SP has threads run
    // on work-item fibers (OpenCL C kernels; hardware_group_size() for MVP assembly).
    static constexpr cl_uint kMaxWorkGroupSize = 1024;
    static constexpr cl_uint kMaxWorkItemSizes[3] = {1024, 1024, 64};
    static constexpr cl_uint kMaxArgs = 16;
    static constexpr cl_uint kBaseAlignBytes = 256;

    // Opens the GPU. Throws config::ConfigError or host::DeviceError.
    explicit Device(Platform* platform);

    Platform* platform() const { return platform_; }
    host::Device& gpu() { return *gpu_; }
    const config::Config& config() const { return gpu_->config(); }
    host::Device::Engine engine() const { return engine_; }

    cl_uint compute_units() const { return compute_units_; }
    cl_ulong global_mem_size() const { return global_mem_size_; }
    cl_ulong local_mem_size() const { return local_mem_size_; }
    cl_ulong max_alloc_size() const { return global_mem_size_; }
    cl_uint warp_size() const { return warp_size_; }
    // The largest work-group the SP runs one work-item a thread (64 with V2.1's 64 threads).
    cl_uint hardware_group_size() const { return hardware_group_size_; }
    const std::string& name() const { return name_; }

    cl_int get_info(cl_device_info param, Info* out) const;

    // The device's profiling timer in ns: on the timing engine, simulated time from a base
    // taken from the host's clock when the device was opened (so that it is never 0 and
    // events of the same process are comparable); on the functional engine, the host's
    // steady clock. device_time() converts a simulated time of the timing engine.
    cl_ulong timer_ns() const;
    cl_ulong device_time(uint64_t simulated_ns) const { return timer_base_ns_ + simulated_ns; }

    // With MVP_STATS=FILE in the environment, appends one line for a finished kernel:
    // kernel=NAME engine=functional|timing cycles=N thread_instructions=N
    // warp_instructions=N warp_size=N host_seconds=S. Does nothing without the variable.
    void record_launch(const std::string& kernel, const host::LaunchStats& stats) const;

  private:
    Platform* platform_;
    host::Device::Engine engine_;
    std::unique_ptr<host::ProgressLine> progress_;  // MVP_PROGRESS; outlives gpu_
    std::unique_ptr<host::Device> gpu_;
    cl_uint compute_units_ = 1;
    cl_ulong global_mem_size_ = 0;
    cl_ulong local_mem_size_ = 0;
    cl_uint warp_size_ = 1;
    cl_uint hardware_group_size_ = 64;
    cl_uint clock_mhz_ = 1000;
    cl_ulong timer_base_ns_ = 0;
    std::string name_;
};

}  // namespace mvp::runtime
