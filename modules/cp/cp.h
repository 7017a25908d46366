#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "cp_registers.h"
#include "modules/golden/kernel_abi.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "workgroup_executor.h"

namespace mvp {

class Dma;

// The command processor: the GPU's register block on the system bus and its work-group
// dispatcher. The host (a driver, mvpsim, or a virtual platform's CPU) programs a launch in
// the registers of cp_registers.h and writes START; the CP checks the launch against the
// kernel ABI, invalidates the SPs' caches, hands one work-group per cycle to an SP with free
// capacity (round robin), and when every group has ended has the SPs write their dirty data
// back, then raises the kernel-done interrupt. It also starts the DMA engine.
//
// Simplified: one kernel at a time (a START while busy is refused with kErrorBusy); the launch
// registers are read when START is written.
class Cp : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        KernelAbi::Params abi;
        unsigned dispatch_per_cycle = 1;
    };

    Cp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params);

    // The register block (b_transport and transport_dbg; 32-bit accesses).
    sim::TargetPort regs;
    // Level-sensitive interrupt line: high while IRQ_STATUS & IRQ_ENABLE is non-zero.
    sc_core::sc_out<bool> irq;

    void add_executor(WorkgroupExecutor* sp);
    void set_dma(Dma* dma);
    // Debug information for code loaded at code_base (what a debugger's symbol table holds);
    // the SPs use it for source lines and reconvergence PCs.
    void register_program(uint32_t code_base, const toolchain::Program* program);
    void unregister_program(uint32_t code_base);

    // The message of the last error (a fault names SP, warp, thread, PC and address).
    const std::string& error_message() const { return error_message_; }
    bool kernel_busy() const { return kernel_busy_; }

    void tick() override;

  private:
    void access(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    uint32_t read_reg(uint32_t offset) const;
    void write_reg(uint32_t offset, uint32_t value);
    void start_kernel();
    void start_dma();
    void workgroup_done(uint64_t group);
    void fail(uint32_t code, const std::string& message);
    void raise(uint32_t irq_bits);
    void update_irq();

    sim::ClockDomain& core_;
    Params params_;
    std::vector<WorkgroupExecutor*> sps_;
    Dma* dma_ = nullptr;
    std::map<uint32_t, const toolchain::Program*> programs_;
    uint32_t regs_[cp_reg::kRegisterBytes / 4] = {};

    // The launch in progress.
    bool kernel_busy_ = false;
    std::unique_ptr<KernelAbi> abi_;
    const toolchain::Program* program_ = nullptr;
    uint64_t next_group_ = 0;
    uint64_t groups_done_ = 0;
    unsigned next_sp_ = 0;
    unsigned flushes_pending_ = 0;
    uint64_t start_cycle_ = 0;
    std::string error_message_;

    sc_core::sc_event irq_changed_;
    void drive_irq();

    sim::StatGroup stats_;
    uint64_t kernels_ = 0;
    uint64_t groups_dispatched_ = 0;
    uint64_t dispatch_stall_cycles_ = 0;
    uint64_t kernel_cycles_ = 0;
    uint64_t dma_transfers_ = 0;
    uint32_t trace_dispatched_sp_ = 0;
};

}  // namespace mvp
