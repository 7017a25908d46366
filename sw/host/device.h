#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/golden/code_image.h"
#include "modules/golden/launch.h"
#include "sw/toolchain/program.h"

namespace mvp {
class Platform;
}

namespace mvp::host {

class ProgressLine;

// An error the device reports to the host: out of memory, an invalid launch, or a kernel
// fault. what() is one line that says what and where.
class DeviceError : public std::runtime_error {
  public:
    explicit DeviceError(const std::string& message) : std::runtime_error(message) {}
};

// What one launch did, as the statistics file reports it.
struct LaunchStats {
    uint64_t cycles = 0;  // 0 for the functional model
    uint64_t warp_instructions = 0;
    uint64_t thread_instructions = 0;
    unsigned warp_size = 1;
    // Work-items each hardware thread ran: more than 1 for work-groups larger than an SP's
    // threads, which run on work-item fibers (LaunchMemory).
    unsigned work_items_per_thread = 1;
    double host_seconds = 0;
    // The SPs' passes on several host threads (-mvpgpu_host_threads; none with one): passes,
    // their wall time and each thread's time in its SPs (ClockDomain::HostFigures).
    unsigned host_threads = 1;
    uint64_t parallel_passes = 0;
    double pass_seconds = 0;
    std::vector<double> thread_busy_seconds;
};

// What became of a launch queued with Device::submit().
struct LaunchOutcome {
    LaunchStats stats;
    // Empty when the kernel completed; otherwise the device's one-line message (an invalid
    // launch, a fault).
    std::string error;
    // Simulated time in ns (timing engine; 0 for the functional one): when the CP started the
    // kernel (dispatch start) and when it had ended (after the write-back). stats.cycles is the
    // same span in core cycles.
    uint64_t start_ns = 0;
    uint64_t end_ns = 0;
};

// A program placed in device memory: its code image and its data segment, relocated.
struct LoadedProgram {
    const toolchain::Program* program = nullptr;
    uint32_t code_base = 0;
    uint32_t data_base = 0;
};

// The host's view of one MVP GPU: global memory allocation, copies, program loading and
// kernel launches. The OpenCL runtime and mvpsim both drive the GPU through this class only.
// The functional engine runs launches on the golden model; the timing engine builds the
// SystemC platform (once per process) and drives it as a driver drives the chip: buffers move
// by DMA; run() starts a kernel through the CP's launch registers and sleeps until the
// interrupt; submit() queues a kernel in the CP's command ring (a kernel packet and its
// argument block written through the memory aperture, then the doorbell) and returns. The
// ring takes ring_bytes() at the top of global memory, which allocate() never hands out.
//
// Queued launches complete in order; the simulation advances only when the host waits
// (wait(), wait_next(), finish(), and run(), read() and write(), which first wait until every
// queued launch has completed, so that copies and launches stay in order).
class Device {
  public:
    using LaunchId = uint64_t;
    using Completion = std::function<void(const LaunchOutcome&)>;
    enum class LaunchState : uint8_t { kQueued, kRunning, kComplete };

    // kFunctional runs launches on the golden model; kTiming on the SystemC platform named by
    // the configuration.
    enum class Engine : uint8_t { kFunctional, kTiming };

    Device(const config::Config& config, Engine engine);
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    const config::Config& config() const { return config_; }
    const std::string& platform_name() const { return platform_; }

    // Allocates `bytes` of global memory (256-byte aligned); throws DeviceError when full.
    uint32_t allocate(size_t bytes);
    void release(uint32_t address);
    void write(uint32_t address, const void* data, size_t bytes);
    void read(uint32_t address, void* data, size_t bytes) const;

    // Copies the program's code and data into global memory (the program must outlive the
    // returned handle).
    LoadedProgram load(const toolchain::Program& program);
    void unload(const LoadedProgram& loaded);

    // Whether loaded programs give the GPU their debug map (source lines in fault messages and
    // the commit log; default on). Set before load(); a run without it is identical, cycle
    // for cycle, and its messages name PCs only.
    void set_debug_map(bool on) { debug_map_ = on; }

    // A progress line for the timing engine's launches while it simulates (nullptr, the
    // default: none). The host then simulates in slices and, between them, reads the CP's
    // GROUPS_DONE through the debug transport: the run is the same, cycle for cycle and
    // statistic for statistic. `line` must outlive the device or be unset.
    void set_progress(ProgressLine* line);

    // Runs a kernel to completion, after every queued launch: the timing engine starts it
    // through the CP's launch registers (CONTROL.START) and waits for the interrupt, so that
    // nothing but the kernel runs. Throws DeviceError for an invalid launch or a fault.
    LaunchStats run(const LoadedProgram& loaded, const Launch& launch);

    // Queues a kernel and returns without simulating (unless the ring is full: then it waits
    // for the oldest launch). `done` gets the outcome when the host sees the completion, in
    // launch order, from wait(), wait_next(), finish() or poll(); a printf kernel's text is
    // printed just before. The functional engine runs the kernel at once and calls `done`
    // before submit() returns. Throws DeviceError when the launch cannot be queued (too many
    // arguments, no global memory for a printf buffer).
    LaunchId submit(const LoadedProgram& loaded, const Launch& launch, Completion done);
    // Where a launch is, from the CP's ring pointers, without simulating.
    LaunchState state(LaunchId id) const;
    // Simulates until launch `id` (and every launch before it) has completed.
    void wait(LaunchId id);
    // Simulates until the oldest queued launch has completed; false when none is queued.
    bool wait_next();
    // Simulates until every queued launch has completed.
    void finish();
    // Delivers the completions already seen, without simulating.
    void poll();
    // Launches submitted and not yet delivered.
    size_t pending() const;
    // Simulated time in ns (0 for the functional engine).
    uint64_t now_ns() const;
    // Bytes of global memory the command ring takes (0 for the functional engine).
    uint32_t ring_bytes() const;

    // The SystemC platform of the timing engine (nullptr for the functional engine), for
    // statistics, traces and debugging.
    Platform* platform();

  private:
    LaunchStats run_functional(const LoadedProgram& loaded, const Launch& launch);
    LaunchStats run_timing(const LoadedProgram& loaded, const Launch& launch);
    CodeImage code_image(const LoadedProgram& loaded) const;
    // The program a launch runs: `loaded`, or its fiber variant (loaded on first use, the
    // launch's entry moved to the kernel's there) when the launch's work-groups have more
    // work-items than an SP has threads.
    const LoadedProgram& image_for(const LoadedProgram& loaded, Launch* launch);
    void deliver();

    struct Impl;
    config::Config config_;
    Engine engine_;
    std::string platform_;
    std::unique_ptr<Impl> impl_;
    bool debug_map_ = true;
};

}  // namespace mvp::host
