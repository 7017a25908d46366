#include "device.h"

#include <chrono>
#include <map>

#include "modules/golden/functional_model.h"
#include "modules/golden/global_memory.h"
#include "platform_preset.h"

namespace mvp::host {

namespace {

constexpr uint32_t kAlignment = 256;

std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

}  // namespace

struct Device::Impl {
    explicit Impl(uint32_t memory_bytes) : memory(memory_bytes) {}

    GlobalMemory memory;
    std::map<uint32_t, uint32_t> allocations;  // address -> bytes (rounded up)
};

Device::Device(const config::Config& config, Engine engine)
    : config_(config), engine_(engine), platform_(config.get_string("mvpgpu_platform")) {
    config_.validate();
    if (engine_ == Engine::kTiming)
        throw DeviceError(
            "the timing platform '" + platform_ +
            "' is not available yet: run with --functional (the golden functional model)");
    impl_ = std::make_unique<Impl>(static_cast<uint32_t>(config.get_int("mvpgpu_global_mem_size")));
}

Device::~Device() = default;

uint32_t Device::allocate(size_t bytes) {
    uint64_t size = (uint64_t{bytes ? bytes : 1} + kAlignment - 1) & ~uint64_t{kAlignment - 1};
    uint64_t end = uint64_t{GlobalMemory::kBase} + impl_->memory.size();
    uint64_t candidate = GlobalMemory::kBase;
    // First fit over the gaps between allocations, which the map keeps in address order.
    for (const auto& [address, length] : impl_->allocations) {
        if (candidate + size <= address) break;
        candidate = uint64_t{address} + length;
    }
    if (candidate + size > end)
        throw DeviceError("out of global memory: cannot allocate " + std::to_string(bytes) +
                          " bytes (-mvpgpu_global_mem_size is " +
                          std::to_string(impl_->memory.size()) + ")");
    impl_->allocations[static_cast<uint32_t>(candidate)] = static_cast<uint32_t>(size);
    return static_cast<uint32_t>(candidate);
}

void Device::release(uint32_t address) {
    if (impl_->allocations.erase(address) == 0)
        throw DeviceError("release of " + hex(address) + ", which is not an allocation");
}

void Device::write(uint32_t address, const void* data, size_t bytes) {
    if (!impl_->memory.contains(address, bytes))
        throw DeviceError("write of " + std::to_string(bytes) + " bytes at " + hex(address) +
                          " is outside global memory");
    impl_->memory.write(address, data, bytes);
}

void Device::read(uint32_t address, void* data, size_t bytes) const {
    if (!impl_->memory.contains(address, bytes))
        throw DeviceError("read of " + std::to_string(bytes) + " bytes at " + hex(address) +
                          " is outside global memory");
    impl_->memory.read(address, data, bytes);
}

LoadedProgram Device::load(const toolchain::Program& program) {
    LoadedProgram loaded;
    loaded.program = &program;
    loaded.code_base = allocate(program.code_bytes());
    loaded.data_base = program.data.empty() ? 0 : allocate(program.data.size());
    std::vector<uint64_t> code = program.relocated_code(loaded.data_base);
    write(loaded.code_base, code.data(), code.size() * sizeof(uint64_t));
    if (!program.data.empty()) {
        std::vector<uint8_t> data = program.relocated_data(loaded.data_base);
        write(loaded.data_base, data.data(), data.size());
    }
    return loaded;
}

void Device::unload(const LoadedProgram& loaded) {
    release(loaded.code_base);
    if (loaded.data_base) release(loaded.data_base);
}

LaunchStats Device::run(const LoadedProgram& loaded, const Launch& launch) {
    auto start = std::chrono::steady_clock::now();
    FunctionalModel::Params params;
    params.abi.local_mem_bytes = static_cast<uint32_t>(config_.get_int("mvpgpu_local_mem_size"));
    params.abi.stack_bytes = static_cast<uint32_t>(config_.get_int("mvpgpu_private_stack_bytes"));
    params.abi.threads_per_sp = static_cast<uint32_t>(config_.get_int("mvpgpu_n_threads_per_sp"));
    params.abi.warp_size =
        static_cast<uint32_t>(config_.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
    params.num_sp = num_sps(config_);
    params.max_thread_instructions =
        static_cast<uint64_t>(config_.get_int("mvpgpu_functional_max_instructions"));

    LaunchStats stats;
    try {
        FunctionalModel model(params);
        FunctionalModel::Stats s = model.run(*loaded.program, loaded.data_base, launch,
                                             impl_->memory);
        stats.thread_instructions = s.thread_instructions;
        stats.warp_instructions = s.thread_instructions;
        stats.warp_size = 1;
    } catch (const KernelFault& e) {
        throw DeviceError(e.what());
    } catch (const std::invalid_argument& e) {
        throw DeviceError(std::string("invalid launch: ") + e.what());
    }
    stats.host_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

}  // namespace mvp::host
