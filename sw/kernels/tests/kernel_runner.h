#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "modules/config/config.h"
#include "modules/golden/launch.h"
#include "sw/host/device.h"
#include "sw/toolchain/program.h"

namespace mvp::kernels {

// One configuration the kernel suite runs under: an engine and the options that differ from
// the defaults of config::Config.
struct SuiteConfig {
    std::string name;  // part of the test name: letters, digits and '_' only
    host::Device::Engine engine = host::Device::Engine::kFunctional;
    std::vector<std::pair<std::string, std::string>> options;
    // Runs each kernel compiled from its OpenCL C source (<name>.cl) and checks it against
    // the hand-written assembly (KernelRunner::Source::kOpenClAgainstAssembly).
    bool opencl_c = false;

    // The default configuration with `options` applied.
    config::Config make_config() const;
};

// Builds a kernel of the suite, places it on a Device and launches it: the harness every
// kernel test uses, whatever engine and configuration it runs under.
class KernelRunner {
  public:
    // What load() builds. kOpenClAgainstAssembly compiles the kernel's OpenCL C source
    // (<name>.cl beside <name>.s) with toolchain::OpenClCompiler and also builds the assembly
    // as a reference: every run() first runs the assembly on the same device and inputs, then
    // the compiled kernel, and every buffer must end up identical to the bit.
    enum class Source : uint8_t { kAssembly, kOpenClAgainstAssembly };

    KernelRunner(const config::Config& config, host::Device::Engine engine,
                 Source source = Source::kAssembly);
    ~KernelRunner();
    KernelRunner(const KernelRunner&) = delete;
    KernelRunner& operator=(const KernelRunner&) = delete;

    // Builds sw/kernels/<kernel>/<kernel>.s (relative to the working directory, the
    // repository root) and loads it; the entry is the global label <kernel>.
    void load(const std::string& kernel);
    // Builds and loads the assembly file `path` (with kOpenClAgainstAssembly, also the file
    // with .cl in place of .s); the entry is the global label or kernel `entry`.
    void load_file(const std::string& path, const std::string& entry);

    // Allocates a buffer holding a copy of `data`.
    template <typename T>
    uint32_t upload(const std::vector<T>& data) {
        return upload_bytes(data.data(), data.size() * sizeof(T));
    }
    uint32_t upload_bytes(const void* data, size_t bytes);
    // Overwrites part of a buffer (on the golden model's copy too).
    void write(uint32_t address, const void* data, size_t bytes);
    // Allocates a buffer of `count` elements, each set to `fill`.
    template <typename T>
    uint32_t filled(size_t count, T fill) {
        return upload(std::vector<T>(count, fill));
    }
    template <typename T>
    std::vector<T> download(uint32_t address, size_t count) const {
        std::vector<T> data(count);
        if (count) device_.read(address, data.data(), count * sizeof(T));
        return data;
    }

    // Runs the loaded kernel to completion; throws host::DeviceError on a fault. On the timing
    // engine the same launch then runs on the golden model, which holds a copy of every
    // buffer, and the two memory images must be identical to the bit: run() throws
    // std::runtime_error naming the first differing byte otherwise. `args` are the argument
    // words of the assembly kernel; a kernel compiled from OpenCL C gets the same values laid
    // out by host::pack_kernel_args. With kOpenClAgainstAssembly the returned statistics are
    // the compiled kernel's, and run() prints both versions' instruction and cycle counts.
    host::LaunchStats run(const NDRange& range, const std::vector<KernelArg>& args);

    // For kernels whose result depends on the order in which threads perform atomics (a list
    // built with atom.xchg, float additions through atom.cas): the memory images of two
    // schedules (or of the assembly and the compiled kernel) may differ, so only the test's
    // own checks apply.
    void set_order_dependent() { order_dependent_ = true; }

    host::Device& device() { return device_; }
    const toolchain::Program& program() const { return program_; }

  private:
    void unload();

    void compare_with_golden() const;
    std::vector<std::vector<uint8_t>> read_buffers() const;
    // The assembly kernel's words as pack_kernel_args values for the compiled kernel.
    std::vector<KernelArg> opencl_args(const std::vector<KernelArg>& args) const;

    host::Device device_;
    std::unique_ptr<host::Device> golden_;  // the timing engine's reference
    Source source_;
    std::vector<std::pair<uint32_t, size_t>> buffers_;
    bool order_dependent_ = false;
    host::LoadedProgram golden_loaded_;
    toolchain::Program program_;
    host::LoadedProgram loaded_;
    bool is_loaded_ = false;
    std::string entry_;
    uint32_t entry_pc_ = 0;
    // kOpenClAgainstAssembly: the hand-written assembly, loaded on both devices so that they
    // keep allocating alike, run on device_ only.
    toolchain::Program assembly_program_;
    host::LoadedProgram assembly_loaded_;
    host::LoadedProgram golden_assembly_loaded_;
    uint32_t assembly_entry_pc_ = 0;
};

NDRange range_1d(uint32_t global, uint32_t local);
NDRange range_2d(uint32_t global_x, uint32_t global_y, uint32_t local_x, uint32_t local_y);

inline uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline float float_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

inline KernelArg value_arg(uint32_t v) { return KernelArg::of_value(v); }
inline KernelArg float_arg(float f) { return KernelArg::of_value(bits_of(f)); }
inline KernelArg local_arg(uint32_t bytes) { return KernelArg::of_local(bytes); }

// Distance in units in the last place between two finite floats (0 for equal values, +0 and
// -0 included).
uint32_t ulp_distance(float a, float b);

// A small deterministic generator (splitmix32 seeding an xorshift32), so that the test data
// are the same with every compiler and standard library.
class Rng {
  public:
    explicit Rng(uint32_t seed);
    uint32_t next();
    // Uniform in [lo, hi], both inclusive.
    int32_t range(int32_t lo, int32_t hi);
    // In [lo, hi), on a grid of 2^24 steps.
    float uniform(float lo, float hi);

  private:
    uint32_t state_;
};

}  // namespace mvp::kernels
