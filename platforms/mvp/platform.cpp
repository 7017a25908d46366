#include "platform.h"

#include <algorithm>

#include "modules/sim/connect.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

Platform::Platform(const config::Config& config) {
    sim::set_protocol_checking(config.get_int("mvpgpu_tlm_check") != 0);
    gpu_ = std::make_unique<Gpu>("mvp", config);
    HostMemory::Params host;
    host.latency = static_cast<unsigned>(config.get_int("mvpgpu_host_mem_latency"));
    host.bytes_per_cycle =
        static_cast<unsigned>(config.get_int("mvpgpu_host_link_bytes_per_cycle"));
    host_memory_ = std::make_unique<HostMemory>("host_memory", gpu_->clock(Gpu::kCore), host);
    bus_ = std::make_unique<HostBus>("host_bus");
    sim::connect(bus_->socket, gpu_->regs().socket, "host_regs_check");
    sim::connect(gpu_->dma_host().socket, host_memory_->port.socket, "host_dma_check");
    gpu_->irq().bind(irq_line_);
    bus_->irq.bind(irq_line_);
    sim::VcdTracer& tracer = sim::VcdTracer::instance();
    if (tracer.enabled()) {
        tracer.start(gpu_->clock(Gpu::kCore), gpu_->clocks());
        tracing_ = true;
    }
}

Platform::~Platform() {
    if (tracing_) sim::VcdTracer::instance().abandon();
}

void Platform::finish_tracing() {
    if (tracing_) sim::VcdTracer::instance().finish();
    tracing_ = false;
}

uint64_t Platform::core_cycle() const { return gpu_->clock(Gpu::kCore).now(); }

Platform::Wait Platform::run_until_irq(uint64_t max_cycles) {
    bus_->clear_interrupted();
    if (max_cycles) {
        sc_core::sc_start(gpu_->clock(Gpu::kCore).period() * static_cast<double>(max_cycles));
    } else {
        sc_core::sc_start();
    }
    if (bus_->interrupted()) return Wait::kInterrupt;
    return max_cycles ? Wait::kCycleLimit : Wait::kIdle;
}

Platform::Wait Platform::run_until_irq(uint64_t max_cycles, uint64_t slice_cycles,
                                       const std::function<void()>& between) {
    bus_->clear_interrupted();
    const sc_core::sc_time period = gpu_->clock(Gpu::kCore).period();
    const sc_core::sc_time limit =
        sc_core::sc_time_stamp() + period * static_cast<double>(max_cycles);
    uint64_t ran = 0;
    for (;;) {
        uint64_t slice = slice_cycles;
        if (max_cycles) slice = std::min(slice, max_cycles - ran);
        sc_core::sc_start(period * static_cast<double>(slice), sc_core::SC_EXIT_ON_STARVATION);
        ran += slice;
        if (bus_->interrupted()) return Wait::kInterrupt;
        if (!sc_core::sc_pending_activity()) {
            // Nothing left to simulate. With a limit, time still runs to it, as in one
            // sc_start() to the limit.
            if (!max_cycles) return Wait::kIdle;
            if (sc_core::sc_time_stamp() < limit)
                sc_core::sc_start(limit - sc_core::sc_time_stamp());
            return Wait::kCycleLimit;
        }
        if (max_cycles && ran >= max_cycles) return Wait::kCycleLimit;
        between();
    }
}

}  // namespace mvp
