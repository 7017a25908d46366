#pragma once

#include <tlm_utils/peq_with_get.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "cp_memory_port.h"
#include "cp_registers.h"
#include "kernel_dispatch.h"
#include "modules/golden/code_image.h"
#include "modules/golden/kernel_abi.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "packet_processor.h"
#include "workgroup_executor.h"

namespace mvp {

class Dma;

// The command processor: the GPU's register block on the system bus, its command ring engine
// and its work-group dispatcher. A kernel reaches it two ways: the launch registers of
// cp_registers.h and a write of CONTROL.START, or a kernel packet in the command ring in
// device memory (PacketProcessor). Both go through launch(), the one place that checks a
// launch (code image, entry and return PC, the kernel ABI) and starts it: the CP invalidates
// the SPs' caches, hands one work-group per cycle to an SP with free capacity (round robin),
// and when every group has ended has the SPs write their dirty data back; then it raises the
// kernel-done interrupt (a register launch) or completes the packet. It also starts the DMA
// engine, and its memory port (CpMemoryPort) carries the DMA engine's device-side traffic.
//
// The register block answers b_transport (loosely timed: the access takes effect at the call,
// the annotated delay grows by one core cycle), nb_transport (4-phase AT: END_REQ at once,
// the access and BEGIN_RESP one core cycle after the request) and transport_dbg (no side
// effects). A bad access gets a TLM error response and is counted (doc/registers.md).
//
// Simplified: one kernel at a time (a START while a kernel runs is refused with kErrorBusy,
// a ring kernel waits); the launch registers are read when START is written.
class Cp : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        KernelAbi::Params abi;
        unsigned dispatch_per_cycle = 1;
        // Device memory, for the range checks of code images, argument blocks, the ring and
        // the fill/copy/fence addresses.
        uint64_t memory_base = 0;
        uint64_t memory_bytes = uint64_t{1} << 32;
    };

    Cp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params);

    // The register block (32-bit accesses).
    sim::TargetPort regs;
    // Level-sensitive interrupt line: high while IRQ_STATUS & IRQ_ENABLE is non-zero.
    sc_core::sc_out<bool> irq;
    // The CP's memory port toward device memory, and the port the DMA engine's device side
    // binds to (its requests leave on memory_port()).
    sim::InitiatorPort& memory_port() { return memory_.port; }
    sim::TargetPort& dma_port() { return memory_.dma; }

    void add_executor(WorkgroupExecutor* sp);
    void set_dma(Dma* dma);
    // The host's debug map of the code loaded at code_base (what a debugger's symbol table
    // holds), used only to name source lines in messages and the commit log.
    void register_debug_map(uint32_t code_base, const DebugMap* map);
    void unregister_debug_map(uint32_t code_base);

    // The message of the last error (a fault names SP, warp, thread, PC and address; a
    // failed packet starts with "queue packet N").
    const std::string& error_message() const { return error_message_; }
    bool kernel_busy() const { return kernel_busy_; }

    void tick() override;

    // The GPU's reset: registers at their reset values (ID, VERSION and NUM_SPS keep their
    // read-only values), the ring disabled, the packet and the launch in progress dropped,
    // interrupt low. The debug maps the host registered and the statistics are kept.
    void reset();

  private:
    enum class Origin : uint8_t { kRegisters, kRing };
    enum class Access : uint8_t { kUnmapped, kReadOnly, kReadWrite, kWriteOnly };

    static Access access_of(uint32_t offset);
    tlm::tlm_response_status check_access(const tlm::tlm_generic_payload& gp);
    void bus_access(tlm::tlm_generic_payload& gp);
    unsigned debug_access(tlm::tlm_generic_payload& gp);
    void serve_at();
    uint32_t read_reg(uint32_t offset) const;
    void write_reg(uint32_t offset, uint32_t value);
    bool in_memory(uint64_t address, uint64_t bytes) const;
    uint32_t launch(const KernelDispatch& d, Origin origin, std::string* message);
    void start_kernel();
    void start_dma();
    void workgroup_done(unsigned sp);
    void kernel_fault(unsigned sp, const std::string& message);
    void finish_abort();
    void kernel_ended(uint32_t code, const std::string& message);
    void fail(uint32_t code, const std::string& message);
    void raise(uint32_t irq_bits);
    void update_irq();
    void drive_irq();

    sim::ClockDomain& core_;
    Params params_;
    std::vector<WorkgroupExecutor*> sps_;
    Dma* dma_ = nullptr;
    std::map<uint32_t, const DebugMap*> debug_maps_;
    uint32_t regs_[cp_reg::kRegisterBytes / 4] = {};
    CpMemoryPort memory_;
    PacketProcessor ring_;
    tlm_utils::peq_with_get<tlm::tlm_generic_payload> at_requests_;

    // Work-groups resident on each SP, and the SPs stopped by a fault (until reset).
    std::vector<unsigned> resident_;
    std::vector<bool> sp_stopped_;

    // The launch in progress.
    bool kernel_busy_ = false;
    bool aborting_ = false;  // a fault stopped the kernel: waiting for the other SPs' groups
    uint64_t kernel_epoch_ = 0;
    std::string abort_message_;
    Origin origin_ = Origin::kRegisters;
    std::unique_ptr<KernelAbi> abi_;
    CodeImage code_;
    uint64_t next_group_ = 0;
    uint64_t groups_done_ = 0;
    unsigned next_sp_ = 0;
    unsigned flushes_pending_ = 0;
    uint64_t start_cycle_ = 0;
    std::string error_message_;

    sc_core::sc_event irq_changed_;

    sim::StatGroup stats_;
    uint64_t kernels_ = 0;
    uint64_t groups_dispatched_ = 0;
    uint64_t dispatch_stall_cycles_ = 0;
    uint64_t kernel_cycles_ = 0;
    uint64_t dma_transfers_ = 0;
    uint64_t register_accesses_ = 0;
    uint64_t bus_unaligned_ = 0;
    uint64_t bus_wrong_width_ = 0;
    uint64_t bus_unmapped_ = 0;
    uint64_t bus_byte_enables_ = 0;
    uint64_t bus_bad_command_ = 0;
    uint32_t trace_dispatched_sp_ = 0;
};

}  // namespace mvp
