#include "device.h"

#include <chrono>
#include <iostream>
#include <map>

#include "modules/cp/cp_registers.h"
#include "modules/golden/functional_model.h"
#include "modules/golden/global_memory.h"
#include "modules/sim/vcd_tracer.h"
#include "platform_preset.h"
#include "platforms/mvp/platform.h"
#include "printf_buffer.h"

namespace mvp::host {

namespace {

constexpr uint32_t kAlignment = 256;

std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

}  // namespace

// The timing engine drives the platform as a driver drives the chip: buffers move by DMA
// from and to a staging area in host memory, launches are written into the CP registers, and
// the host waits for the interrupt.
struct Device::Impl {
    // Functional engine: the golden model's memory.
    std::unique_ptr<GlobalMemory> memory;
    // Timing engine.
    std::unique_ptr<Platform> platform;
    uint64_t max_cycles = 0;

    std::map<uint32_t, uint32_t> allocations;  // address -> bytes (rounded up)
    uint32_t memory_bytes = 0;

    static constexpr uint64_t kStaging = 0x100000000ull;  // host address of the staging area

    // Copies between host memory and DDR with the DMA engine and waits for its interrupt.
    void dma(uint32_t gpu_address, size_t bytes, bool to_host) {
        HostBus& bus = platform->bus();
        bus.write(cp_reg::kIrqEnable, cp_reg::kIrqDmaDone | cp_reg::kIrqError);
        bus.write(cp_reg::kDmaHostLo, static_cast<uint32_t>(kStaging));
        bus.write(cp_reg::kDmaHostHi, static_cast<uint32_t>(kStaging >> 32));
        bus.write(cp_reg::kDmaGpu, gpu_address);
        bus.write(cp_reg::kDmaBytes, static_cast<uint32_t>(bytes));
        bus.write(cp_reg::kDmaDirection, to_host ? 1 : 0);
        bus.write(cp_reg::kControl, cp_reg::kControlStartDma);
        Platform::Wait w = platform->run_until_irq(0);
        uint32_t status = bus.read(cp_reg::kIrqStatus);
        bus.write(cp_reg::kIrqStatus, status);
        if (w != Platform::Wait::kInterrupt || !(status & cp_reg::kIrqDmaDone))
            throw DeviceError("DMA of " + std::to_string(bytes) + " bytes at " + hex(gpu_address) +
                              " did not complete: " + platform->gpu().cp().error_message());
    }
};

Device::Device(const config::Config& config, Engine engine)
    : config_(config), engine_(engine), platform_(config.get_string("mvpgpu_platform")) {
    config_.validate();
    impl_ = std::make_unique<Impl>();
    impl_->memory_bytes = static_cast<uint32_t>(config.get_int("mvpgpu_global_mem_size"));
    if (engine_ == Engine::kFunctional) {
        impl_->memory = std::make_unique<GlobalMemory>(impl_->memory_bytes);
    } else {
        impl_->platform = std::make_unique<Platform>(config_);
        impl_->max_cycles = static_cast<uint64_t>(config_.get_int("gpgpu_max_cycle"));
    }
}

Platform* Device::platform() { return impl_->platform.get(); }

Device::~Device() = default;

uint32_t Device::allocate(size_t bytes) {
    uint64_t size = (uint64_t{bytes ? bytes : 1} + kAlignment - 1) & ~uint64_t{kAlignment - 1};
    uint64_t end = uint64_t{GlobalMemory::kBase} + impl_->memory_bytes;
    uint64_t candidate = GlobalMemory::kBase;
    // First fit over the gaps between allocations, which the map keeps in address order.
    for (const auto& [address, length] : impl_->allocations) {
        if (candidate + size <= address) break;
        candidate = uint64_t{address} + length;
    }
    if (candidate + size > end)
        throw DeviceError("out of global memory: cannot allocate " + std::to_string(bytes) +
                          " bytes (-mvpgpu_global_mem_size is " +
                          std::to_string(impl_->memory_bytes) + ")");
    impl_->allocations[static_cast<uint32_t>(candidate)] = static_cast<uint32_t>(size);
    return static_cast<uint32_t>(candidate);
}

void Device::release(uint32_t address) {
    if (impl_->allocations.erase(address) == 0)
        throw DeviceError("release of " + hex(address) + ", which is not an allocation");
}

namespace {

bool in_global_memory(uint32_t address, size_t bytes, uint32_t memory_bytes) {
    return address >= GlobalMemory::kBase &&
           uint64_t{address} - GlobalMemory::kBase + bytes <= memory_bytes;
}

}  // namespace

void Device::write(uint32_t address, const void* data, size_t bytes) {
    if (!in_global_memory(address, bytes, impl_->memory_bytes))
        throw DeviceError("write of " + std::to_string(bytes) + " bytes at " + hex(address) +
                          " is outside global memory");
    if (bytes == 0) return;
    if (impl_->memory) {
        impl_->memory->write(address, data, bytes);
        return;
    }
    impl_->platform->host_memory().poke(Impl::kStaging, data, bytes);
    impl_->dma(address, bytes, false);
}

void Device::read(uint32_t address, void* data, size_t bytes) const {
    if (!in_global_memory(address, bytes, impl_->memory_bytes))
        throw DeviceError("read of " + std::to_string(bytes) + " bytes at " + hex(address) +
                          " is outside global memory");
    if (bytes == 0) return;
    if (impl_->memory) {
        impl_->memory->read(address, data, bytes);
        return;
    }
    impl_->dma(address, bytes, true);
    impl_->platform->host_memory().peek(Impl::kStaging, data, bytes);
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
    if (impl_->platform) impl_->platform->gpu().cp().register_program(loaded.code_base, &program);
    return loaded;
}

void Device::unload(const LoadedProgram& loaded) {
    if (impl_->platform) impl_->platform->gpu().cp().unregister_program(loaded.code_base);
    release(loaded.code_base);
    if (loaded.data_base) release(loaded.data_base);
}

LaunchStats Device::run(const LoadedProgram& loaded, const Launch& requested) {
    auto start = std::chrono::steady_clock::now();
    // The program's kernel-scope __local variables travel with every launch of it.
    Launch launch = requested;
    if (loaded.program) launch.static_local_bytes = loaded.program->local_bytes;
    // A program that calls printf gets a fresh buffer; its text goes to stdout when the kernel
    // has finished (not after a fault, when records may be half written).
    std::unique_ptr<PrintfBuffer> printf_buffer;
    if (loaded.program && PrintfBuffer::used_by(*loaded.program))
        printf_buffer = std::make_unique<PrintfBuffer>(*this, loaded);
    LaunchStats stats =
        impl_->platform ? run_timing(loaded, launch) : run_functional(loaded, launch);
    if (printf_buffer) printf_buffer->print(std::cout, std::cerr);
    stats.host_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return stats;
}

LaunchStats Device::run_functional(const LoadedProgram& loaded, const Launch& launch) {
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
        FunctionalModel::Stats s =
            model.run(*loaded.program, loaded.data_base, launch, *impl_->memory);
        stats.thread_instructions = s.thread_instructions;
        stats.warp_instructions = s.thread_instructions;
        stats.warp_size = 1;
    } catch (const KernelFault& e) {
        throw DeviceError(e.what());
    } catch (const std::invalid_argument& e) {
        throw DeviceError(std::string("invalid launch: ") + e.what());
    }
    return stats;
}

LaunchStats Device::run_timing(const LoadedProgram& loaded, const Launch& launch) {
    using namespace cp_reg;
    Platform& p = *impl_->platform;
    HostBus& bus = p.bus();
    if (launch.args.size() > KernelAbi::kMaxArgs)
        throw DeviceError("invalid launch: " + std::to_string(launch.args.size()) +
                          " kernel arguments exceed the maximum of " +
                          std::to_string(KernelAbi::kMaxArgs));
    auto counts = [&p](uint64_t* warp, uint64_t* thread) {
        *warp = *thread = 0;
        for (Sp* sp : p.gpu().sps()) {
            *warp += sp->pipeline().counters.warp_instructions;
            *thread += sp->pipeline().counters.thread_instructions;
        }
    };
    uint64_t warp0, thread0;
    counts(&warp0, &thread0);

    bus.write(kCodeBase, loaded.code_base);
    bus.write(kEntryPc, launch.entry_pc);
    bus.write(kWorkDim, launch.range.work_dim);
    for (unsigned d = 0; d < 3; ++d) {
        bus.write(kGlobal0 + 4 * d, launch.range.global[d]);
        bus.write(kLocal0 + 4 * d, launch.range.local[d]);
        bus.write(kOffset0 + 4 * d, launch.range.offset[d]);
    }
    uint32_t local_mask = 0;
    for (size_t i = 0; i < launch.args.size(); ++i) {
        if (launch.args[i].kind == KernelArg::Kind::kLocal) local_mask |= 1u << i;
        bus.write(kArg0 + 4 * static_cast<uint32_t>(i), launch.args[i].value);
    }
    bus.write(kArgCount, static_cast<uint32_t>(launch.args.size()));
    bus.write(kArgLocalMask, local_mask);
    bus.write(kStaticLocalBytes, launch.static_local_bytes);
    bus.write(kIrqEnable, kIrqKernelDone | kIrqError);
    bus.write(kControl, kControlStartKernel);

    Platform::Wait w = p.run_until_irq(impl_->max_cycles);
    uint32_t status = bus.read(kIrqStatus);
    bus.write(kIrqStatus, status);
    // A launch the CP refused ("invalid launch: ...") or a fault, watchdog or cycle limit
    // reported by an SP: the CP keeps the one-line message.
    if (status & kIrqError) throw DeviceError(p.gpu().cp().error_message());
    if (w == Platform::Wait::kCycleLimit)
        throw DeviceError("the kernel did not finish within -gpgpu_max_cycle " +
                          std::to_string(impl_->max_cycles) + " core cycles");
    if (!(status & kIrqKernelDone))
        throw DeviceError(
            "the simulation stopped with the kernel unfinished (nothing left to "
            "simulate): a deadlock in the model");
    LaunchStats stats;
    stats.cycles = uint64_t{bus.read(kKernelCyclesHi)} << 32 | bus.read(kKernelCyclesLo);
    uint64_t warp1, thread1;
    counts(&warp1, &thread1);
    stats.warp_instructions = warp1 - warp0;
    stats.thread_instructions = thread1 - thread0;
    stats.warp_size =
        static_cast<unsigned>(config_.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
    return stats;
}

}  // namespace mvp::host
