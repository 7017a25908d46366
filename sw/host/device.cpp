#include "device.h"

#include <chrono>
#include <deque>
#include <iostream>
#include <map>

#include "launch_memory.h"
#include "modules/cp/cp_packets.h"
#include "modules/cp/cp_registers.h"
#include "modules/golden/functional_model.h"
#include "modules/golden/global_memory.h"
#include "modules/sim/vcd_tracer.h"
#include "platform_preset.h"
#include "platforms/mvp/platform.h"
#include "printf_buffer.h"
#include "progress_line.h"

namespace mvp::host {

namespace {

constexpr uint32_t kAlignment = 256;

// Core cycles simulated between two looks at the progress of a launch.
constexpr uint64_t kProgressSliceCycles = 2048;

// Work-groups of a launch (0 for one the CP will refuse).
uint64_t groups_of(const NDRange& range) {
    for (unsigned d = 0; d < 3; ++d)
        if (range.local[d] == 0) return 0;
    return range.total_groups();
}

std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

}  // namespace

// The timing engine drives the platform as a driver drives the chip: buffers move by DMA
// from and to a staging area in host memory; kernels are packets in the CP's command ring,
// which the host writes through the GPU's memory aperture (untimed, as a CPU's stores over a
// PCIe BAR take no GPU time) before it rings the doorbell; the host sleeps until the
// interrupt and then reads the ring's completion count, each packet's status word and its
// start/end cycles in the profile table.
struct Device::Impl {
    // Functional engine: the golden model's memory.
    std::unique_ptr<GlobalMemory> memory;
    // Timing engine.
    std::unique_ptr<Platform> platform;
    uint64_t max_cycles = 0;
    ProgressLine* progress = nullptr;

    std::map<uint32_t, uint32_t> allocations;  // address -> bytes (rounded up)
    // The fiber variants loaded for launches of work-groups larger than an SP's threads, by the
    // code base of the program they belong to.
    std::map<uint32_t, LoadedProgram> fiber_images;
    uint32_t memory_bytes = 0;

    static constexpr uint64_t kStaging = 0x100000000ull;  // host address of the staging area

    // The command ring, reserved at the top of global memory: `slots` packets, the profile
    // table (16 bytes a slot) and one argument block per slot.
    static constexpr uint32_t kArgBlockStride = 128;
    uint32_t slots = 0;
    uint32_t ring_base = 0;
    uint32_t ring_bytes = 0;
    bool ring_enabled = false;
    uint32_t profile() const { return ring_base + slots * cp_packet::kBytes; }
    uint32_t arg_block(uint32_t seq) const {
        return profile() + slots * 16 + (seq & (slots - 1)) * kArgBlockStride;
    }

    // Launches submitted and not yet seen complete, in order, and those seen but not yet
    // delivered to their callers.
    struct Pending {
        LaunchId id;
        Completion done;
        std::unique_ptr<PrintfBuffer> printf_buffer;
        std::unique_ptr<LaunchMemory> memory;  // spilled arguments, private area
        std::chrono::steady_clock::time_point submitted;
        LaunchOutcome outcome;
        uint64_t groups = 0;  // work-groups of the launch (for the progress line)
    };
    std::deque<Pending> in_flight;
    std::deque<Pending> completed;
    LaunchId next_id = 0;
    uint64_t warp_mark = 0, thread_mark = 0;  // SP counters when the running kernel started
    unsigned warp_size = 1;

    void counts(uint64_t* warp, uint64_t* thread) const {
        *warp = *thread = 0;
        for (Sp* sp : platform->gpu().sps()) {
            *warp += sp->pipeline().counters.warp_instructions;
            *thread += sp->pipeline().counters.thread_instructions;
        }
    }

    void enable_ring() {
        if (ring_enabled) return;
        using namespace cp_reg;
        HostBus& bus = platform->bus();
        bus.write(kQueueBase, ring_base);
        bus.write(kQueueSize, slots);
        bus.write(kQueueProfile, profile());
        bus.write(kQueueSignal, 0);
        bus.write(kIrqEnable, kIrqKernelDone | kIrqDmaDone | kIrqError | kIrqQueue);
        bus.write(kQueueControl, kQueueEnable);
        if (bus.read(kQueueControl) != kQueueEnable)
            throw DeviceError("the command ring could not be enabled: " +
                              platform->gpu().cp().error_message());
        ring_enabled = true;
    }

    // Reads what the CP wrote back for the oldest launch in flight and moves it to
    // `completed`.
    void retire() {
        Pending p = std::move(in_flight.front());
        in_flight.pop_front();
        const auto seq = static_cast<uint32_t>(p.id);
        GlobalMemory& dram = platform->gpu().dram();
        uint8_t slot[cp_packet::kBytes];
        dram.read(ring_base + (seq & (slots - 1)) * cp_packet::kBytes, slot, sizeof slot);
        const uint32_t status = cp_packet::load32(slot + cp_packet::kStatus);
        uint8_t record[16];
        dram.read(profile() + (seq & (slots - 1)) * 16, record, sizeof record);
        const uint64_t start = cp_packet::load32(record) | uint64_t{cp_packet::load32(record + 4)}
                                                               << 32;
        const uint64_t end =
            cp_packet::load32(record + 8) | uint64_t{cp_packet::load32(record + 12)} << 32;
        const double ps = static_cast<double>(platform->gpu().clock(Gpu::kCore).period().value());
        LaunchOutcome& o = p.outcome;
        o.start_ns = static_cast<uint64_t>(static_cast<double>(start) * ps / 1000.0);
        o.end_ns = static_cast<uint64_t>(static_cast<double>(end) * ps / 1000.0);
        if (status & cp_packet::kStatusFailed) {
            // The CP keeps the one-line message of the last failure, which is this packet's:
            // the host sees every completion before the CP starts the next packet.
            o.error = platform->gpu().cp().error_message();
            const std::string prefix = "queue packet " + std::to_string(seq);
            if (o.error.rfind(prefix, 0) == 0) o.error.erase(0, o.error.find(": ") + 2);
        } else {
            o.stats.cycles = end - start;
        }
        uint64_t warp, thread;
        counts(&warp, &thread);
        o.stats.warp_instructions = warp - warp_mark;
        o.stats.thread_instructions = thread - thread_mark;
        o.stats.warp_size = warp_size;
        o.stats.work_items_per_thread = p.memory ? p.memory->work_items_per_thread() : 1;
        warp_mark = warp;
        thread_mark = thread;
        completed.push_back(std::move(p));
    }

    // Fails every launch in flight with `message` (the model stopped or hit its cycle limit).
    void abandon(const std::string& message) {
        while (!in_flight.empty()) {
            in_flight.front().outcome.error = message;
            completed.push_back(std::move(in_flight.front()));
            in_flight.pop_front();
        }
    }

    // Simulates until the interrupt, reporting on `progress` (when set) the launch of
    // `groups` work-groups that runs.
    Platform::Wait simulate(uint64_t groups) {
        if (!progress) return platform->run_until_irq(max_cycles);
        const uint64_t cycle0 = platform->core_cycle();
        uint64_t warp0, thread0;
        counts(&warp0, &thread0);
        progress->start();
        // The line is erased however the run ends (a fault or --timeout throws from it).
        struct Finish {
            ProgressLine* line;
            ~Finish() { line->finish(); }
        } finish{progress};
        return platform->run_until_irq(max_cycles, kProgressSliceCycles, [&] {
            if (!progress->due()) return;
            ProgressLine::Sample s;
            s.cycle = platform->core_cycle() - cycle0;
            s.groups_done = platform->bus().peek(cp_reg::kGroupsDone);
            s.groups_total = groups;
            uint64_t warp, thread;
            counts(&warp, &thread);
            s.thread_instructions = thread - thread0;
            progress->update(s);
        });
    }

    // Simulates until the interrupt and takes in what it reports. False when the simulation
    // could not go on (every launch in flight has then failed).
    bool advance() {
        using namespace cp_reg;
        HostBus& bus = platform->bus();
        Platform::Wait w = simulate(in_flight.empty() ? 0 : in_flight.front().groups);
        const uint32_t status = bus.read(kIrqStatus);
        bus.write(kIrqStatus, status);
        const uint32_t done = bus.read(kQueueCompleted);
        while (!in_flight.empty() && static_cast<uint32_t>(in_flight.front().id) != done) retire();
        if (w == Platform::Wait::kInterrupt) return true;
        if (in_flight.empty()) return w != Platform::Wait::kIdle;
        if (w == Platform::Wait::kCycleLimit) {
            abandon("the kernel did not finish within -gpgpu_max_cycle " +
                    std::to_string(max_cycles) + " core cycles");
        } else {
            abandon(
                "the simulation stopped with the kernel unfinished (nothing left to "
                "simulate): a deadlock in the model");
        }
        return false;
    }

    // Waits until every launch in flight has completed (their outcomes wait in `completed`).
    void drain() {
        while (!in_flight.empty() && advance()) {
        }
    }

    // Copies between host memory and DDR with the DMA engine and waits for its interrupt,
    // after every queued launch.
    void dma(uint32_t gpu_address, size_t bytes, bool to_host) {
        drain();
        HostBus& bus = platform->bus();
        bus.write(cp_reg::kIrqEnable, cp_reg::kIrqDmaDone | cp_reg::kIrqError | cp_reg::kIrqQueue |
                                          cp_reg::kIrqKernelDone);
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
        impl_->warp_size =
            static_cast<unsigned>(config_.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
        // Up to 64 slots, in at most a sixteenth of global memory (a slot takes 208 bytes).
        Impl& i = *impl_;
        i.slots = 64;
        while (i.slots > 1 && uint64_t{i.slots} * 256 > i.memory_bytes / 16) i.slots /= 2;
        i.ring_bytes = i.slots * 256;
        i.ring_base = GlobalMemory::kBase + i.memory_bytes - i.ring_bytes;
        i.allocations[i.ring_base] = i.ring_bytes;
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
    loaded.code_base =
        allocate(program.code_bytes() + program.reconvergence_table.size() * isa::kInstBytes);
    loaded.data_base = program.data.empty() ? 0 : allocate(program.data.size());
    std::vector<uint64_t> code = program.image(loaded.data_base);
    write(loaded.code_base, code.data(), code.size() * sizeof(uint64_t));
    if (!program.data.empty()) {
        std::vector<uint8_t> data = program.relocated_data(loaded.data_base);
        write(loaded.data_base, data.data(), data.size());
    }
    if (impl_->platform && debug_map_)
        impl_->platform->gpu().cp().register_debug_map(loaded.code_base, &program);
    return loaded;
}

void Device::unload(const LoadedProgram& loaded) {
    auto fibers = impl_->fiber_images.find(loaded.code_base);
    if (fibers != impl_->fiber_images.end()) {
        const LoadedProgram image = fibers->second;
        impl_->fiber_images.erase(fibers);
        unload(image);
    }
    if (impl_->platform) impl_->platform->gpu().cp().unregister_debug_map(loaded.code_base);
    release(loaded.code_base);
    if (loaded.data_base) release(loaded.data_base);
}

const LoadedProgram& Device::image_for(const LoadedProgram& loaded, Launch* launch) {
    const toolchain::Program* program = loaded.program;
    if (program == nullptr || !program->fibers) return loaded;
    const KernelAbi::Params params = KernelAbi::Params::from_config(config_);
    const NDRange& r = launch->range;
    const uint64_t items = uint64_t{r.local[0]} * r.local[1] * r.local[2];
    if (items <= std::min(KernelAbi::kMaxWorkGroupSize, params.threads_per_sp)) return loaded;
    const toolchain::KernelInfo* kernel = program->kernel_at(launch->entry_pc);
    const toolchain::Symbol* entry = kernel ? program->fibers->find_symbol(kernel->name) : nullptr;
    if (entry == nullptr) return loaded;  // not a kernel's entry: the CP names the problem
    auto it = impl_->fiber_images.find(loaded.code_base);
    if (it == impl_->fiber_images.end())
        it = impl_->fiber_images.emplace(loaded.code_base, load(*program->fibers)).first;
    launch->entry_pc = entry->value;
    return it->second;
}

CodeImage Device::code_image(const LoadedProgram& loaded) const {
    CodeImage code;
    code.base = loaded.code_base;
    code.bytes = loaded.program->code_bytes();
    code.return_pc = loaded.program->exit_stub_pc;
    code.debug = debug_map_ ? loaded.program : nullptr;
    return code;
}

LaunchStats Device::run(const LoadedProgram& loaded, const Launch& requested) {
    if (!impl_->platform) {
        LaunchOutcome outcome;
        wait(submit(loaded, requested, [&outcome](const LaunchOutcome& o) { outcome = o; }));
        if (!outcome.error.empty()) throw DeviceError(outcome.error);
        return outcome.stats;
    }
    auto start = std::chrono::steady_clock::now();
    impl_->drain();
    Launch launch = requested;
    if (loaded.program) launch.static_local_bytes = loaded.program->local_bytes;
    const LoadedProgram& image = image_for(loaded, &launch);
    LaunchMemory memory(*this, image, &launch);
    std::unique_ptr<PrintfBuffer> printf_buffer;
    if (image.program && PrintfBuffer::used_by(*image.program))
        printf_buffer = std::make_unique<PrintfBuffer>(*this, image);
    LaunchStats stats = run_timing(image, launch);
    stats.work_items_per_thread = memory.work_items_per_thread();
    if (printf_buffer) printf_buffer->print(std::cout, std::cerr);
    stats.host_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
    uint64_t warp0, thread0;
    impl_->counts(&warp0, &thread0);

    const CodeImage code = code_image(loaded);
    bus.write(kCodeBase, code.base);
    bus.write(kCodeBytes, code.bytes);
    bus.write(kReturnPc, code.return_pc);
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
    bus.write(kPrivateBase, launch.private_base);
    bus.write(kPrivateBytes, launch.private_bytes);
    bus.write(kIrqEnable, kIrqKernelDone | kIrqError | kIrqDmaDone | kIrqQueue);
    const sim::ClockDomain& core = p.gpu().clock(Gpu::kCore);
    const sim::ClockDomain::HostFigures host0 = core.host_figures();
    bus.write(kControl, kControlStartKernel);

    Platform::Wait w = impl_->simulate(groups_of(launch.range));
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
    impl_->counts(&warp1, &thread1);
    stats.warp_instructions = warp1 - warp0;
    stats.thread_instructions = thread1 - thread0;
    stats.warp_size = impl_->warp_size;
    const sim::ClockDomain::HostFigures host1 = core.host_figures();
    stats.host_threads = core.host_threads();
    stats.parallel_passes = host1.parallel_passes - host0.parallel_passes;
    stats.pass_seconds = static_cast<double>(host1.pass_ns - host0.pass_ns) * 1e-9;
    // The host threads do not change during a launch: the two lists have one entry per thread.
    if (stats.host_threads > 1)
        for (size_t t = 0; t < host1.busy_ns.size(); ++t)
            stats.thread_busy_seconds.push_back(
                static_cast<double>(host1.busy_ns[t] - host0.busy_ns[t]) * 1e-9);
    return stats;
}

Device::LaunchId Device::submit(const LoadedProgram& loaded, const Launch& requested,
                                Completion done) {
    auto start = std::chrono::steady_clock::now();
    // The program's kernel-scope __local variables travel with every launch of it.
    Launch launch = requested;
    if (loaded.program) launch.static_local_bytes = loaded.program->local_bytes;
    const LoadedProgram& image = image_for(loaded, &launch);
    auto memory = std::make_unique<LaunchMemory>(*this, image, &launch);
    if (launch.args.size() > KernelAbi::kMaxArgs)
        throw DeviceError("invalid launch: " + std::to_string(launch.args.size()) +
                          " kernel arguments exceed the maximum of " +
                          std::to_string(KernelAbi::kMaxArgs));
    Impl& i = *impl_;
    // A program that calls printf gets a fresh buffer; its text goes to stdout when the kernel
    // has finished (not after a fault, when records may be half written). Setting it up copies
    // to the device, which waits for the launches before.
    std::unique_ptr<PrintfBuffer> printf_buffer;
    if (image.program && PrintfBuffer::used_by(*image.program))
        printf_buffer = std::make_unique<PrintfBuffer>(*this, image);
    const LaunchId id = i.next_id++;
    Impl::Pending p{id, std::move(done), std::move(printf_buffer), std::move(memory), start, {}};
    p.groups = groups_of(launch.range);
    if (!i.platform) {
        try {
            p.outcome.stats = run_functional(image, launch);
            p.outcome.stats.work_items_per_thread = p.memory->work_items_per_thread();
        } catch (const DeviceError& e) {
            p.outcome.error = e.what();
        }
        i.completed.push_back(std::move(p));
        deliver();
        return id;
    }

    i.enable_ring();
    // A full ring: the oldest launch must complete before its slot is written again.
    while (i.in_flight.size() >= i.slots && i.advance()) {
    }
    if (i.in_flight.empty()) i.counts(&i.warp_mark, &i.thread_mark);
    const auto seq = static_cast<uint32_t>(id);
    const CodeImage code = code_image(image);
    cp_packet::Kernel k;
    k.flags = cp_packet::kFlagIrq;
    k.work_dim = static_cast<uint16_t>(launch.range.work_dim);
    for (unsigned d = 0; d < 3; ++d) {
        // Work-group sizes above 16 bits are cut to 0, which the CP refuses.
        k.local[d] =
            launch.range.local[d] > 0xffff ? 0 : static_cast<uint16_t>(launch.range.local[d]);
        k.global[d] = launch.range.global[d];
        k.offset[d] = launch.range.offset[d];
    }
    k.code_base = code.base;
    k.code_bytes = code.bytes;
    k.entry_pc = launch.entry_pc;
    k.return_pc = code.return_pc;
    k.static_local_bytes = launch.static_local_bytes;
    GlobalMemory& dram = i.platform->gpu().dram();
    if (!launch.args.empty() || launch.private_base != 0) {
        std::vector<uint32_t> values;
        uint32_t local_mask = 0;
        for (size_t a = 0; a < launch.args.size(); ++a) {
            if (launch.args[a].kind == KernelArg::Kind::kLocal) local_mask |= 1u << a;
            values.push_back(launch.args[a].value);
        }
        std::vector<uint8_t> block =
            cp_packet::encode_args(values, local_mask, launch.private_base, launch.private_bytes);
        k.args_address = i.arg_block(seq);
        dram.write(k.args_address, block.data(), block.size());
    }
    cp_packet::Bytes packet = k.encode();
    dram.write(i.ring_base + (seq & (i.slots - 1)) * cp_packet::kBytes, packet.data(),
               packet.size());
    i.in_flight.push_back(std::move(p));
    i.platform->bus().write(cp_reg::kQueueWptr, seq + 1);
    return id;
}

Device::LaunchState Device::state(LaunchId id) const {
    const Impl& i = *impl_;
    if (id < i.next_id - i.in_flight.size()) return LaunchState::kComplete;
    HostBus& bus = i.platform->bus();
    const auto seq = static_cast<uint32_t>(id);
    // Sequence numbers wrap: compare distances from the completion count.
    const uint32_t done = bus.read(cp_reg::kQueueCompleted);
    const uint32_t read = bus.read(cp_reg::kQueueRptr);
    if (seq - done >= i.slots) return LaunchState::kComplete;
    return seq - done < read - done ? LaunchState::kRunning : LaunchState::kQueued;
}

void Device::wait(LaunchId id) {
    Impl& i = *impl_;
    while (!i.in_flight.empty() && i.in_flight.front().id <= id && i.advance()) {
    }
    deliver();
}

bool Device::wait_next() {
    Impl& i = *impl_;
    if (i.completed.empty()) {
        if (i.in_flight.empty()) return false;
        const size_t before = i.in_flight.size();
        while (i.in_flight.size() == before && i.advance()) {
        }
    }
    deliver();
    return true;
}

void Device::finish() {
    impl_->drain();
    deliver();
}

void Device::poll() { deliver(); }

size_t Device::pending() const { return impl_->in_flight.size() + impl_->completed.size(); }

uint64_t Device::now_ns() const {
    return impl_->platform ? sc_core::sc_time_stamp().value() / 1000 : 0;
}

void Device::set_progress(ProgressLine* line) { impl_->progress = line; }

uint32_t Device::ring_bytes() const { return impl_->ring_bytes; }

void Device::deliver() {
    // A callback may submit or wait again: take the completions one at a time.
    Impl& i = *impl_;
    while (!i.completed.empty()) {
        Impl::Pending p = std::move(i.completed.front());
        i.completed.pop_front();
        if (p.printf_buffer && p.outcome.error.empty())
            p.printf_buffer->print(std::cout, std::cerr);
        p.printf_buffer.reset();
        p.outcome.stats.host_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - p.submitted).count();
        if (p.done) p.done(p.outcome);
    }
}

LaunchStats Device::run_functional(const LoadedProgram& loaded, const Launch& launch) {
    FunctionalModel::Params params;
    params.abi = KernelAbi::Params::from_config(config_);
    params.num_sp = num_sps(config_);
    params.max_thread_instructions =
        static_cast<uint64_t>(config_.get_int("mvpgpu_functional_max_instructions"));
    LaunchStats stats;
    try {
        FunctionalModel model(params);
        FunctionalModel::Stats s = model.run(code_image(loaded), launch, *impl_->memory);
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

}  // namespace mvp::host
