#include "cp.h"

#include <cstring>

#include "modules/dma/dma.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using namespace cp_reg;

Cp::Cp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params)
    : sc_module(name),
      regs("regs"),
      irq("irq"),
      core_(core),
      params_(params),
      stats_(this->name()) {
    core_.attach(this);
    regs.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        access(gp, delay);
    };
    regs.on_debug = [this](tlm::tlm_generic_payload& gp) {
        sc_core::sc_time d;
        access(gp, d);
        return gp.get_response_status() == tlm::TLM_OK_RESPONSE ? gp.get_data_length() : 0u;
    };
    regs.on_request = [](tlm::tlm_generic_payload&, const sc_core::sc_time&) { return true; };
    regs_[kId / 4] = kIdValue;
    regs_[kVersion / 4] = kVersionValue;
    SC_HAS_PROCESS(Cp);
    SC_METHOD(drive_irq);
    sensitive << irq_changed_;
    dont_initialize();

    stats_.add("kernels", &kernels_, "kernels completed");
    stats_.add("workgroups_dispatched", &groups_dispatched_, "work-groups handed to SPs");
    stats_.add("dispatch_stall_cycles", &dispatch_stall_cycles_,
               "cycles with a group waiting and no SP able to take it");
    stats_.add("kernel_cycles", &kernel_cycles_, "core cycles of the last kernel, START to done");
    stats_.add("dma_transfers", &dma_transfers_, "DMA commands executed");
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".kernel_busy", &kernel_busy_);
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".dispatched_sp",
                                     &trace_dispatched_sp_);
}

void Cp::add_executor(WorkgroupExecutor* sp) {
    sp->on_workgroup_done = [this](uint64_t group) { workgroup_done(group); };
    sp->on_error = [this](const std::string& message) { fail(kErrorKernelFault, message); };
    sps_.push_back(sp);
    regs_[kNumSps / 4] = static_cast<uint32_t>(sps_.size());
}

void Cp::set_dma(Dma* dma) { dma_ = dma; }

void Cp::register_program(uint32_t code_base, const toolchain::Program* program) {
    programs_[code_base] = program;
}

void Cp::unregister_program(uint32_t code_base) { programs_.erase(code_base); }

void Cp::access(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    uint64_t offset = gp.get_address();
    if (gp.get_data_length() != 4 || (offset & 3) || offset >= kRegisterBytes ||
        gp.get_byte_enable_ptr()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    uint32_t value;
    if (gp.is_read()) {
        value = read_reg(static_cast<uint32_t>(offset));
        std::memcpy(gp.get_data_ptr(), &value, 4);
    } else if (gp.is_write()) {
        std::memcpy(&value, gp.get_data_ptr(), 4);
        write_reg(static_cast<uint32_t>(offset), value);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

uint32_t Cp::read_reg(uint32_t offset) const {
    switch (offset) {
        case kStatus:
            return (kernel_busy_ ? kStatusKernelBusy : 0) |
                   (dma_ && dma_->busy() ? kStatusDmaBusy : 0) |
                   (regs_[kErrorCode / 4] != kErrorNone ? kStatusError : 0);
        case kGroupsDone:
            return static_cast<uint32_t>(groups_done_);
        case kControl:
            return 0;
        default:
            return regs_[offset / 4];
    }
}

void Cp::write_reg(uint32_t offset, uint32_t value) {
    switch (offset) {
        case kId:
        case kVersion:
        case kStatus:
        case kErrorCode:
        case kNumSps:
        case kKernelCyclesLo:
        case kKernelCyclesHi:
        case kGroupsDone:
            return;  // read-only
        case kIrqStatus:
            regs_[kIrqStatus / 4] &= ~value;
            update_irq();
            return;
        case kIrqEnable:
            regs_[kIrqEnable / 4] = value;
            update_irq();
            return;
        case kControl:
            if (value & kControlStartKernel) start_kernel();
            if (value & kControlStartDma) start_dma();
            return;
        default:
            regs_[offset / 4] = value;
    }
}

void Cp::fail(uint32_t code, const std::string& message) {
    regs_[kErrorCode / 4] = code;
    error_message_ = message;
    if (code == kErrorKernelFault && kernel_busy_) {
        // The kernel is abandoned: no further dispatch; the SPs stop their own work.
        kernel_busy_ = false;
        abi_.reset();
        core_.sleep(this);
    }
    raise(kIrqError);
}

void Cp::raise(uint32_t bits) {
    regs_[kIrqStatus / 4] |= bits;
    update_irq();
}

void Cp::update_irq() { irq_changed_.notify(sc_core::SC_ZERO_TIME); }

void Cp::drive_irq() { irq.write((regs_[kIrqStatus / 4] & regs_[kIrqEnable / 4]) != 0); }

void Cp::start_kernel() {
    if (kernel_busy_) {
        fail(kErrorBusy, "START while a kernel is running");
        return;
    }
    regs_[kErrorCode / 4] = kErrorNone;
    error_message_.clear();
    Launch launch;
    launch.entry_pc = regs_[kEntryPc / 4];
    launch.range.work_dim = regs_[kWorkDim / 4];
    for (unsigned d = 0; d < 3; ++d) {
        launch.range.global[d] = regs_[kGlobal0 / 4 + d];
        launch.range.local[d] = regs_[kLocal0 / 4 + d];
        launch.range.offset[d] = regs_[kOffset0 / 4 + d];
    }
    uint32_t count = regs_[kArgCount / 4];
    if (count > KernelAbi::kMaxArgs) {
        fail(kErrorBadLaunch, "invalid launch: " + std::to_string(count) +
                                  " kernel arguments exceed the maximum of " +
                                  std::to_string(KernelAbi::kMaxArgs));
        return;
    }
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t v = regs_[kArg0 / 4 + i];
        launch.args.push_back((regs_[kArgLocalMask / 4] >> i) & 1 ? KernelArg::of_local(v)
                                                                  : KernelArg::of_value(v));
    }
    launch.static_local_bytes = regs_[kStaticLocalBytes / 4];
    auto it = programs_.find(regs_[kCodeBase / 4]);
    program_ = it == programs_.end() ? nullptr : it->second;
    uint32_t exit_stub = program_ ? program_->exit_stub_pc : 0;
    try {
        abi_ = std::make_unique<KernelAbi>(params_.abi, launch, exit_stub);
    } catch (const std::invalid_argument& e) {
        fail(kErrorBadLaunch, std::string("invalid launch: ") + e.what());
        return;
    }
    for (WorkgroupExecutor* sp : sps_) sp->invalidate();
    kernel_busy_ = true;
    next_group_ = 0;
    groups_done_ = 0;
    flushes_pending_ = 0;
    start_cycle_ = core_.now();
    core_.wake(this);
}

void Cp::start_dma() {
    if (!dma_ || dma_->busy()) {
        fail(kErrorBusy, dma_ ? "DMA START while a transfer is running" : "no DMA engine");
        return;
    }
    uint64_t host = uint64_t{regs_[kDmaHostHi / 4]} << 32 | regs_[kDmaHostLo / 4];
    dma_->start(host, regs_[kDmaGpu / 4], regs_[kDmaBytes / 4], regs_[kDmaDirection / 4] & 1,
                [this] {
                    ++dma_transfers_;
                    raise(kIrqDmaDone);
                });
}

void Cp::tick() {
    if (!kernel_busy_ || next_group_ >= abi_->num_groups()) {
        core_.sleep(this);
        return;
    }
    unsigned dispatched = 0;
    unsigned tried = 0;
    // Round robin over the SPs, starting after the one that got the last group.
    while (dispatched < params_.dispatch_per_cycle && next_group_ < abi_->num_groups() &&
           tried < sps_.size()) {
        WorkgroupExecutor* sp = sps_[next_sp_];
        KernelAbi::Group g = abi_->group(next_group_);
        if (sp->can_start(*abi_, g)) {
            sp->start_workgroup(*abi_, g, regs_[kCodeBase / 4], program_);
            trace_dispatched_sp_ = next_sp_;
            ++next_group_;
            ++dispatched;
            ++groups_dispatched_;
            tried = 0;
        } else {
            ++tried;
        }
        next_sp_ = (next_sp_ + 1) % static_cast<unsigned>(sps_.size());
        if (!kernel_busy_) return;  // an SP failed while starting the group
    }
    if (next_group_ >= abi_->num_groups()) {
        core_.sleep(this);
    } else if (dispatched == 0) {
        // Every SP is full: sleep until a group ends (workgroup_done wakes the CP).
        ++dispatch_stall_cycles_;
        core_.sleep(this);
    }
}

void Cp::workgroup_done(uint64_t) {
    if (!kernel_busy_) return;
    ++groups_done_;
    if (next_group_ < abi_->num_groups()) {
        core_.wake(this);
        return;
    }
    if (groups_done_ < abi_->num_groups()) return;
    // Every group has ended: the SPs write their dirty data back before done is reported.
    flushes_pending_ = static_cast<unsigned>(sps_.size());
    for (WorkgroupExecutor* sp : sps_) {
        sp->flush([this] {
            if (--flushes_pending_ > 0 || !kernel_busy_) return;
            kernel_busy_ = false;
            uint64_t cycles = core_.now() - start_cycle_;
            kernel_cycles_ = cycles;
            regs_[kKernelCyclesLo / 4] = static_cast<uint32_t>(cycles);
            regs_[kKernelCyclesHi / 4] = static_cast<uint32_t>(cycles >> 32);
            ++kernels_;
            raise(kIrqKernelDone);
        });
    }
}

}  // namespace mvp
