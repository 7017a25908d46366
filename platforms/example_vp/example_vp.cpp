#include "example_vp.h"

#include "driver.h"
#include "modules/cp/cp_registers.h"

namespace mvp::example_vp {

config::Config ExampleVp::gpu_config() {
    config::Config c;
    const char* origin = "example VP";
    c.set("mvpgpu_n_gpc", "1", origin);
    c.set("mvpgpu_n_tpc_per_gpc", "1", origin);
    c.set("mvpgpu_n_sm_per_tpc", "1", origin);
    c.set("mvpgpu_global_mem_size", std::to_string(kMemoryBytes), origin);
    c.set("mvpgpu_memory", "external", origin);
    c.set("mvpgpu_external_memory_base", std::to_string(kMemoryBase), origin);
    c.validate();
    return c;
}

ExampleVp::ExampleVp(const sc_core::sc_module_name& name, const std::string& mvpx_path,
                     std::ostream& log)
    : sc_module(name),
      config_(gpu_config()),
      memory_("memory", kMemoryBytes),
      router_("router",
              {{"gpu_registers", kGpuRegisters, cp_reg::kRegisterBytes, Router::kGpuRegisters},
               {"memory", kMemoryBase, kMemoryBytes, Router::kMemory}}),
      gpu_("gpu", config_),
      cpu_("cpu",
           [mvpx_path, &log](CpuBus& bus, std::string& error) {
               Driver::Layout layout;
               layout.registers = kGpuRegisters;
               layout.memory_base = kMemoryBase;
               layout.memory_bytes = kMemoryBytes;
               return Driver(bus, layout, log).run(mvpx_path, error);
           }),
      irq_("irq") {
    cpu_.socket.bind(router_.initiator_sockets[Router::kCpu]);
    gpu_.memory_socket().bind(router_.initiator_sockets[Router::kGpuMemory]);
    gpu_.dma_host().socket.bind(router_.initiator_sockets[Router::kGpuDma]);
    router_.target_sockets[Router::kGpuRegisters].bind(gpu_.regs().socket);
    router_.target_sockets[Router::kMemory].bind(memory_.socket);
    gpu_.irq().bind(irq_);
    cpu_.irq.bind(irq_);
}

}  // namespace mvp::example_vp
