#include "gpu_rig.h"

#include <stdexcept>

#include "modules/cp/cp_registers.h"
#include "modules/sim/connect.h"

namespace mvp::tb {

using namespace cp_reg;

config::Config small_gpu_config(const std::string& memory) {
    config::Config c;
    c.set("mvpgpu_n_tpc_per_gpc", "1", "test");
    c.set("mvpgpu_n_sm_per_tpc", "1", "test");
    c.set("mvpgpu_global_mem_size", "16777216", "test");
    c.set("mvpgpu_memory", memory, "test");
    // The external memory sits high in a 64-bit bus, away from the device addresses.
    c.set("mvpgpu_external_memory_base", "0x400000000", "test");
    return c;
}

GpuRig::GpuRig(const std::string& name, const config::Config& config,
               const TestMemory::Options& memory, bool bind_memory)
    : irq_line_((name + "_irq").c_str()), reset_line_((name + "_reset").c_str()) {
    gpu_ = std::make_unique<Gpu>(name.c_str(), config);
    bus_ = std::make_unique<HostBus>((name + "_bus").c_str());
    HostMemory::Params host;
    host_ = std::make_unique<HostMemory>((name + "_host").c_str(), gpu_->clock(Gpu::kCore), host);
    sim::connect(bus_->socket, gpu_->regs().socket, name + "_regs_check");
    sim::connect(gpu_->dma_host().socket, host_->port.socket, name + "_host_check");
    gpu_->irq().bind(irq_line_);
    bus_->irq.bind(irq_line_);
    gpu_->reset_in.bind(reset_line_);
    if (gpu_->external_memory() && bind_memory) {
        bus_base_ = gpu_->memory_bridge()->params().bus_base;
        memory_ = std::make_unique<TestMemory>(
            (name + "_memory").c_str(), bus_base_,
            static_cast<uint32_t>(config.get_int("mvpgpu_global_mem_size")), memory);
        gpu_->memory_socket().bind(memory_->socket);
    }
}

uint64_t GpuRig::bus_address(uint32_t device) const { return bus_base_ + (device - 0x80000000u); }

bool GpuRig::run_until_irq(double max_ns) {
    bus_->clear_interrupted();
    sc_core::sc_start(sc_core::sc_time(max_ns, sc_core::SC_NS));
    return bus_->interrupted();
}

uint32_t GpuRig::take_irq() {
    const uint32_t status = bus_->read(kIrqStatus);
    bus_->write(kIrqStatus, status);
    return status;
}

uint32_t GpuRig::dma(uint32_t device, size_t bytes, bool to_host) {
    bus_->write(kIrqEnable, kIrqDmaDone | kIrqError);
    bus_->write(kDmaHostLo, static_cast<uint32_t>(kStaging));
    bus_->write(kDmaHostHi, static_cast<uint32_t>(kStaging >> 32));
    bus_->write(kDmaGpu, device);
    bus_->write(kDmaBytes, static_cast<uint32_t>(bytes));
    bus_->write(kDmaDirection, to_host ? 1 : 0);
    bus_->write(kControl, kControlStartDma);
    if (!run_until_irq()) return 0;
    return take_irq();
}

void GpuRig::write(uint32_t device, const void* data, size_t bytes) {
    host_->poke(kStaging, data, bytes);
    if (dma(device, bytes, false) != kIrqDmaDone)
        throw std::runtime_error("DMA to the device failed: " + gpu_->cp().error_message());
}

void GpuRig::read(uint32_t device, void* data, size_t bytes) {
    if (dma(device, bytes, true) != kIrqDmaDone)
        throw std::runtime_error("DMA from the device failed: " + gpu_->cp().error_message());
    host_->peek(kStaging, data, bytes);
}

uint32_t GpuRig::allocate(size_t bytes) {
    const uint32_t at = next_free_;
    next_free_ += static_cast<uint32_t>((bytes + 255) & ~size_t{255});
    return at;
}

GpuRig::Code GpuRig::load(const toolchain::Program& program, uint32_t at) {
    Code code;
    code.program = &program;
    const size_t code_bytes =
        program.code_bytes() + program.reconvergence_table.size() * isa::kInstBytes;
    code.base = at ? at : allocate(code_bytes);
    const uint32_t data_base = program.data.empty() ? 0 : allocate(program.data.size());
    const std::vector<uint64_t> image = program.image(data_base);
    write(code.base, image.data(), image.size() * sizeof(uint64_t));
    if (!program.data.empty()) {
        const std::vector<uint8_t> data = program.relocated_data(data_base);
        write(data_base, data.data(), data.size());
    }
    return code;
}

void GpuRig::start(const Code& code, const std::string& entry, uint32_t global, uint32_t local,
                   const std::vector<uint32_t>& args) {
    const toolchain::Symbol* symbol = code.program->find_symbol(entry);
    if (!symbol) throw std::runtime_error("no kernel " + entry);
    bus_->write(kCodeBase, code.base);
    bus_->write(kCodeBytes, code.program->code_bytes());
    bus_->write(kReturnPc, code.program->exit_stub_pc);
    bus_->write(kEntryPc, symbol->value);
    bus_->write(kWorkDim, 1);
    bus_->write(kGlobal0, global);
    bus_->write(kLocal0, local);
    for (unsigned d = 1; d < 3; ++d) {
        bus_->write(kGlobal0 + 4 * d, 1);
        bus_->write(kLocal0 + 4 * d, 1);
    }
    for (unsigned d = 0; d < 3; ++d) bus_->write(kOffset0 + 4 * d, 0);
    for (size_t i = 0; i < args.size(); ++i)
        bus_->write(kArg0 + 4 * static_cast<uint32_t>(i), args[i]);
    bus_->write(kArgCount, static_cast<uint32_t>(args.size()));
    bus_->write(kArgLocalMask, 0);
    bus_->write(kStaticLocalBytes, code.program->local_bytes);
    bus_->write(kIrqEnable, kIrqKernelDone | kIrqError);
    bus_->write(kControl, kControlStartKernel);
}

uint32_t GpuRig::run(const Code& code, const std::string& entry, uint32_t global, uint32_t local,
                     const std::vector<uint32_t>& args) {
    start(code, entry, global, local, args);
    if (!run_until_irq()) return 0;
    return take_irq();
}

}  // namespace mvp::tb
