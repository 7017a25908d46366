#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/golden/launch.h"
#include "sw/toolchain/program.h"

namespace mvp {
class Platform;
}

namespace mvp::host {

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
    double host_seconds = 0;
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
// SystemC platform (once per process) and drives it through the CP registers, DMA and the
// interrupt, as a driver drives the chip.
class Device {
  public:
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

    // Runs a kernel to completion. Throws DeviceError for an invalid launch or a fault.
    LaunchStats run(const LoadedProgram& loaded, const Launch& launch);

    // The SystemC platform of the timing engine (nullptr for the functional engine), for
    // statistics, traces and debugging.
    Platform* platform();

  private:
    LaunchStats run_functional(const LoadedProgram& loaded, const Launch& launch);
    LaunchStats run_timing(const LoadedProgram& loaded, const Launch& launch);

    struct Impl;
    config::Config config_;
    Engine engine_;
    std::string platform_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mvp::host
