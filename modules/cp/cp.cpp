#include "cp.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "modules/dma/dma.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using namespace cp_reg;

namespace {

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%08llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

Cp::Cp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params)
    : sc_module(name),
      regs("regs"),
      irq("irq"),
      core_(core),
      params_(params),
      memory_("memory", core),
      ring_(core, memory_,
            PacketProcessor::Hooks{
                [this](const KernelDispatch& d, std::string* message) {
                    return launch(d, Origin::kRing, message);
                },
                [this] { return kernel_busy_; }, [this] { return !dma_ || !dma_->busy(); },
                [this](uint32_t code, const std::string& message) { fail(code, message); },
                [this](uint32_t bits) { raise(bits); },
                [this](uint64_t address, uint64_t bytes) { return in_memory(address, bytes); }}),
      at_requests_("at_requests"),
      stats_(this->name()) {
    core_.attach(this);
    regs.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        bus_access(gp);
        delay += core_.period();
    };
    regs.on_debug = [this](tlm::tlm_generic_payload& gp) { return debug_access(gp); };
    regs.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        at_requests_.notify(gp, at - sc_core::sc_time_stamp() + core_.period());
        return true;
    };
    regs_[kId / 4] = kIdValue;
    regs_[kVersion / 4] = kVersionValue;
    SC_HAS_PROCESS(Cp);
    SC_METHOD(drive_irq);
    sensitive << irq_changed_;
    dont_initialize();
    SC_METHOD(serve_at);
    sensitive << at_requests_.get_event();
    dont_initialize();

    stats_.add("kernels", &kernels_, "kernels completed");
    stats_.add("workgroups_dispatched", &groups_dispatched_, "work-groups handed to SPs");
    stats_.add("dispatch_stall_cycles", &dispatch_stall_cycles_,
               "cycles with a group waiting and no SP able to take it");
    stats_.add("kernel_cycles", &kernel_cycles_,
               "core cycles of the last kernel, dispatch start to done");
    stats_.add("dma_transfers", &dma_transfers_, "DMA commands executed");
    stats_.add("packets", &ring_.packets, "command ring packets completed");
    stats_.add("packet_errors", &ring_.packet_errors, "command ring packets that failed");
    stats_.add("packet_fetch_cycles", &ring_.fetch_cycles,
               "cycles from the read of a packet to its execution (packet and argument block)");
    stats_.add("packet_writeback_cycles", &ring_.writeback_cycles,
               "cycles from the end of a packet to its completion (status, profile, signal)");
    stats_.add(
        "memory_reads", [this] { return static_cast<double>(memory_.reads()); },
        "reads of the CP's memory port (packets, arguments, copies)");
    stats_.add(
        "memory_writes", [this] { return static_cast<double>(memory_.writes()); },
        "writes of the CP's memory port (status words, profile, signal, fills, copies)");
    stats_.add("register_accesses", &register_accesses_, "register reads and writes answered OK");
    stats_.add("bus_unaligned", &bus_unaligned_,
               "register accesses at an address that is not 4-byte aligned");
    stats_.add("bus_wrong_width", &bus_wrong_width_,
               "register accesses of a length other than 4 bytes (or a streaming width below 4)");
    stats_.add("bus_unmapped", &bus_unmapped_, "register accesses at an offset with no register");
    stats_.add("bus_byte_enables", &bus_byte_enables_,
               "register accesses with byte enables that leave a byte out");
    stats_.add("bus_bad_command", &bus_bad_command_, "register accesses with TLM_IGNORE_COMMAND");
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".kernel_busy", &kernel_busy_);
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".dispatched_sp",
                                     &trace_dispatched_sp_);
}

void Cp::add_executor(WorkgroupExecutor* sp) {
    const auto index = static_cast<unsigned>(sps_.size());
    sp->on_workgroup_done = [this, index](uint64_t) { workgroup_done(index); };
    sp->on_error = [this, index](const std::string& message) { kernel_fault(index, message); };
    sps_.push_back(sp);
    resident_.push_back(0);
    sp_stopped_.push_back(false);
    regs_[kNumSps / 4] = static_cast<uint32_t>(sps_.size());
}

void Cp::set_dma(Dma* dma) {
    dma_ = dma;
    dma_->on_error = [this](const std::string& message) {
        fail(kErrorDma, message);
        ring_.wake();
    };
}

void Cp::register_debug_map(uint32_t code_base, const DebugMap* map) {
    debug_maps_[code_base] = map;
}

void Cp::unregister_debug_map(uint32_t code_base) { debug_maps_.erase(code_base); }

Cp::Access Cp::access_of(uint32_t offset) {
    if (offset % 4 != 0 || offset >= kRegisterBytes) return Access::kUnmapped;
    switch (offset) {
        case kId:
        case kVersion:
        case kStatus:
        case kErrorCode:
        case kNumSps:
        case kKernelCyclesLo:
        case kKernelCyclesHi:
        case kGroupsDone:
        case kQueueRptr:
        case kQueueCompleted:
        case kQueueErrorSeq:
            return Access::kReadOnly;
        case kControl:
            return Access::kWriteOnly;
        case kIrqEnable:
        case kIrqStatus:
        case kCodeBase:
        case kEntryPc:
        case kWorkDim:
        case kCodeBytes:
        case kArgCount:
        case kArgLocalMask:
        case kStaticLocalBytes:
        case kReturnPc:
        case kPrivateBase:
        case kPrivateBytes:
        case kDmaHostLo:
        case kDmaHostHi:
        case kDmaGpu:
        case kDmaBytes:
        case kDmaDirection:
        case kQueueBase:
        case kQueueSize:
        case kQueueControl:
        case kQueueWptr:
        case kQueueSignal:
        case kQueueProfile:
            return Access::kReadWrite;
        default:
            break;
    }
    const bool in_xyz = (offset >= kGlobal0 && offset < kGlobal0 + 12) ||
                        (offset >= kLocal0 && offset < kLocal0 + 12) ||
                        (offset >= kOffset0 && offset < kOffset0 + 12);
    const bool in_args = offset >= kArg0 && offset < kArg0 + 4 * KernelAbi::kMaxArgs;
    return in_xyz || in_args ? Access::kReadWrite : Access::kUnmapped;
}

tlm::tlm_response_status Cp::check_access(const tlm::tlm_generic_payload& gp) {
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        ++bus_bad_command_;
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    }
    const unsigned width = gp.get_streaming_width();
    if (gp.get_data_length() != 4 || (width != 0 && width < 4)) {
        ++bus_wrong_width_;
        return tlm::TLM_BURST_ERROR_RESPONSE;
    }
    const uint64_t offset = gp.get_address();
    if (offset % 4 != 0) {
        ++bus_unaligned_;
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    if (offset >= kRegisterBytes || access_of(static_cast<uint32_t>(offset)) == Access::kUnmapped) {
        ++bus_unmapped_;
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    if (const unsigned char* be = gp.get_byte_enable_ptr()) {
        // Byte enables are accepted only when they enable the whole word.
        const unsigned n = gp.get_byte_enable_length();
        bool all = n > 0;
        for (unsigned i = 0; i < 4 && all; ++i) all = be[i % n] == TLM_BYTE_ENABLED;
        if (!all) {
            ++bus_byte_enables_;
            return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
        }
    }
    return tlm::TLM_OK_RESPONSE;
}

void Cp::bus_access(tlm::tlm_generic_payload& gp) {
    const tlm::tlm_response_status status = check_access(gp);
    if (status != tlm::TLM_OK_RESPONSE) {
        gp.set_response_status(status);
        return;
    }
    ++register_accesses_;
    const auto offset = static_cast<uint32_t>(gp.get_address());
    uint32_t value;
    if (gp.is_read()) {
        value = read_reg(offset);
        std::memcpy(gp.get_data_ptr(), &value, 4);
    } else {
        std::memcpy(&value, gp.get_data_ptr(), 4);
        write_reg(offset, value);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned Cp::debug_access(tlm::tlm_generic_payload& gp) {
    // A debugger's view: any run of whole registers, unmapped offsets read as 0; reads have no
    // side effects, and writes reach only the registers whose write has none (the launch and
    // DMA parameters); the others are left unchanged.
    const uint64_t offset = gp.get_address();
    const unsigned bytes = gp.get_data_length();
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND || offset % 4 != 0 || bytes % 4 != 0 ||
        offset + bytes > kRegisterBytes) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    for (unsigned i = 0; i < bytes; i += 4) {
        const auto r = static_cast<uint32_t>(offset + i);
        uint32_t value = 0;
        if (gp.is_read()) {
            if (access_of(r) != Access::kUnmapped) value = read_reg(r);
            std::memcpy(gp.get_data_ptr() + i, &value, 4);
        } else {
            std::memcpy(&value, gp.get_data_ptr() + i, 4);
            const bool plain =
                (r >= kCodeBase && r < kKernelCyclesLo) || (r >= kDmaHostLo && r <= kDmaDirection);
            if (plain && access_of(r) == Access::kReadWrite) regs_[r / 4] = value;
        }
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return bytes;
}

void Cp::serve_at() {
    // AT requests whose time has come: the access, then BEGIN_RESP (in request order).
    while (tlm::tlm_generic_payload* gp = at_requests_.get_next_transaction()) {
        bus_access(*gp);
        regs.respond(*gp);
    }
}

uint32_t Cp::read_reg(uint32_t offset) const {
    switch (offset) {
        case kStatus:
            return (kernel_busy_ ? kStatusKernelBusy : 0) |
                   (dma_ && dma_->busy() ? kStatusDmaBusy : 0) |
                   (regs_[kErrorCode / 4] != kErrorNone ? kStatusError : 0) |
                   (ring_.busy() ? kStatusQueueBusy : 0);
        case kGroupsDone:
            return static_cast<uint32_t>(groups_done_);
        case kControl:
            return 0;
        case kQueueBase:
        case kQueueSize:
        case kQueueControl:
        case kQueueWptr:
        case kQueueRptr:
        case kQueueCompleted:
        case kQueueSignal:
        case kQueueProfile:
        case kQueueErrorSeq:
            return ring_.read(offset);
        default:
            return regs_[offset / 4];
    }
}

void Cp::write_reg(uint32_t offset, uint32_t value) {
    if (access_of(offset) == Access::kReadOnly) return;  // writes to read-only registers do nothing
    switch (offset) {
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
        case kQueueBase:
        case kQueueSize:
        case kQueueControl:
        case kQueueWptr:
        case kQueueSignal:
        case kQueueProfile:
            ring_.write(offset, value);
            return;
        default:
            regs_[offset / 4] = value;
    }
}

bool Cp::in_memory(uint64_t address, uint64_t bytes) const {
    return address >= params_.memory_base &&
           address + bytes <= params_.memory_base + params_.memory_bytes;
}

void Cp::fail(uint32_t code, const std::string& message) {
    regs_[kErrorCode / 4] = code;
    error_message_ = message;
    raise(kIrqError);
}

void Cp::raise(uint32_t bits) {
    regs_[kIrqStatus / 4] |= bits;
    update_irq();
}

void Cp::update_irq() { irq_changed_.notify(sc_core::SC_ZERO_TIME); }

void Cp::drive_irq() { irq.write((regs_[kIrqStatus / 4] & regs_[kIrqEnable / 4]) != 0); }

uint32_t Cp::launch(const KernelDispatch& d, Origin origin, std::string* message) {
    auto refuse = [message](uint32_t code, const std::string& why) {
        *message = "invalid launch: " + why;
        return code;
    };
    if (kernel_busy_) {
        *message = "START while a kernel is running";
        return kErrorBusy;
    }
    if (d.code_bytes == 0 || d.code_bytes % isa::kInstBytes != 0)
        return refuse(kErrorBadCode, "CODE_BYTES " + std::to_string(d.code_bytes) +
                                         " is not a whole, non-zero number of instructions");
    if (d.code_base % isa::kInstBytes != 0 || !in_memory(d.code_base, d.code_bytes))
        return refuse(kErrorBadCode,
                      "code image of " + std::to_string(d.code_bytes) + " bytes at " +
                          hex(d.code_base) +
                          (d.code_base % isa::kInstBytes ? " is not 8-byte aligned"
                                                         : " is outside device memory"));
    if (d.entry_pc >= d.code_bytes || d.entry_pc % isa::kInstBytes != 0)
        return refuse(kErrorBadCode, "entry PC " + std::to_string(d.entry_pc) +
                                         " is not an instruction of the " +
                                         std::to_string(d.code_bytes) + "-byte code image");
    if (d.return_pc >= d.code_bytes || d.return_pc % isa::kInstBytes != 0)
        return refuse(kErrorBadCode, "return PC " + std::to_string(d.return_pc) +
                                         " is not an instruction of the " +
                                         std::to_string(d.code_bytes) + "-byte code image");
    if (d.arg_count > KernelAbi::kMaxArgs)
        return refuse(kErrorBadLaunch, std::to_string(d.arg_count) +
                                           " kernel arguments exceed the maximum of " +
                                           std::to_string(KernelAbi::kMaxArgs));
    Launch launch;
    launch.entry_pc = d.entry_pc;
    launch.range.work_dim = d.work_dim;
    for (unsigned i = 0; i < 3; ++i) {
        launch.range.global[i] = d.global[i];
        launch.range.local[i] = d.local[i];
        launch.range.offset[i] = d.offset[i];
    }
    for (uint32_t i = 0; i < d.arg_count; ++i)
        launch.args.push_back((d.arg_local_mask >> i) & 1 ? KernelArg::of_local(d.args[i])
                                                          : KernelArg::of_value(d.args[i]));
    launch.static_local_bytes = d.static_local_bytes;
    launch.private_base = d.private_base;
    launch.private_bytes = d.private_bytes;
    if (d.private_base != 0 &&
        !in_memory(d.private_base,
                   uint64_t{d.private_bytes} * params_.abi.threads_per_sp * sps_.size()))
        return refuse(kErrorBadLaunch, "private area of " + std::to_string(d.private_bytes) +
                                           " bytes per thread at " + hex(d.private_base) +
                                           " is outside device memory");
    try {
        abi_ = std::make_unique<KernelAbi>(params_.abi, launch, d.return_pc);
    } catch (const std::invalid_argument& e) {
        return refuse(kErrorBadLaunch, e.what());
    }
    code_.base = d.code_base;
    code_.bytes = d.code_bytes;
    code_.return_pc = d.return_pc;
    auto it = debug_maps_.find(code_.base);
    code_.debug = it == debug_maps_.end() ? nullptr : it->second;
    for (WorkgroupExecutor* sp : sps_) sp->invalidate();
    kernel_busy_ = true;
    aborting_ = false;
    ++kernel_epoch_;
    origin_ = origin;
    next_group_ = 0;
    groups_done_ = 0;
    flushes_pending_ = 0;
    start_cycle_ = core_.now();
    core_.wake(this);
    return kErrorNone;
}

void Cp::start_kernel() {
    regs_[kErrorCode / 4] = kErrorNone;
    error_message_.clear();
    KernelDispatch d;
    d.code_base = regs_[kCodeBase / 4];
    d.code_bytes = regs_[kCodeBytes / 4];
    d.entry_pc = regs_[kEntryPc / 4];
    d.return_pc = regs_[kReturnPc / 4];
    d.work_dim = regs_[kWorkDim / 4];
    for (unsigned i = 0; i < 3; ++i) {
        d.global[i] = regs_[kGlobal0 / 4 + i];
        d.local[i] = regs_[kLocal0 / 4 + i];
        d.offset[i] = regs_[kOffset0 / 4 + i];
    }
    d.static_local_bytes = regs_[kStaticLocalBytes / 4];
    d.private_base = regs_[kPrivateBase / 4];
    d.private_bytes = regs_[kPrivateBytes / 4];
    d.arg_count = regs_[kArgCount / 4];
    d.arg_local_mask = regs_[kArgLocalMask / 4];
    for (unsigned i = 0; i < KernelAbi::kMaxArgs; ++i) d.args[i] = regs_[kArg0 / 4 + i];
    std::string message;
    const uint32_t code = launch(d, Origin::kRegisters, &message);
    if (code != kErrorNone) fail(code, message);
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
                    ring_.wake();
                });
}

void Cp::tick() {
    if (!kernel_busy_ || aborting_ || next_group_ >= abi_->num_groups()) {
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
            ++resident_[next_sp_];
            sp->start_workgroup(*abi_, g, code_);
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
        if (std::find(sp_stopped_.begin(), sp_stopped_.end(), false) == sp_stopped_.end()) {
            // No SP will ever take the group: every one was stopped by an earlier fault.
            kernel_ended(kErrorKernelFault,
                         "no SP can take work-group " + std::to_string(next_group_) +
                             ": every SP is stopped by an earlier fault (reset the GPU)");
            return;
        }
        // Every SP is full: sleep until a group ends (workgroup_done wakes the CP).
        ++dispatch_stall_cycles_;
        core_.sleep(this);
    }
}

void Cp::workgroup_done(unsigned sp) {
    if (resident_[sp] > 0) --resident_[sp];
    if (!kernel_busy_) return;
    if (aborting_) {
        finish_abort();
        return;
    }
    ++groups_done_;
    if (next_group_ < abi_->num_groups()) {
        core_.wake(this);
        return;
    }
    if (groups_done_ < abi_->num_groups()) return;
    // Every group has ended: the SPs write their dirty data back before done is reported.
    flushes_pending_ = static_cast<unsigned>(sps_.size());
    for (WorkgroupExecutor* s : sps_) {
        s->flush([this, epoch = kernel_epoch_] {
            if (epoch != kernel_epoch_ || --flushes_pending_ > 0 || !kernel_busy_ || aborting_)
                return;
            uint64_t cycles = core_.now() - start_cycle_;
            kernel_cycles_ = cycles;
            regs_[kKernelCyclesLo / 4] = static_cast<uint32_t>(cycles);
            regs_[kKernelCyclesHi / 4] = static_cast<uint32_t>(cycles >> 32);
            ++kernels_;
            kernel_ended(kErrorNone, "");
        });
    }
}

void Cp::kernel_fault(unsigned sp, const std::string& message) {
    sp_stopped_[sp] = true;
    if (!kernel_busy_) return;
    if (aborting_) {
        // Another SP stopped while the kernel is being abandoned: its groups no longer count.
        finish_abort();
        return;
    }
    // No further dispatch; the kernel ends when the groups on the SPs still running have
    // ended, so that none of them is left over when the next kernel starts.
    aborting_ = true;
    abort_message_ = message;
    core_.sleep(this);
    finish_abort();
}

void Cp::finish_abort() {
    for (size_t i = 0; i < sps_.size(); ++i)
        if (!sp_stopped_[i] && resident_[i] > 0) return;
    kernel_ended(kErrorKernelFault, abort_message_);
}

void Cp::kernel_ended(uint32_t code, const std::string& message) {
    kernel_busy_ = false;
    aborting_ = false;
    abi_.reset();
    core_.sleep(this);
    if (origin_ == Origin::kRing) {
        ring_.kernel_finished(code, message);
    } else if (code != kErrorNone) {
        fail(code, message);
    } else {
        raise(kIrqKernelDone);
    }
    ring_.wake();
}

void Cp::reset() {
    const uint32_t num_sps = regs_[kNumSps / 4];
    std::memset(regs_, 0, sizeof regs_);
    regs_[kId / 4] = kIdValue;
    regs_[kVersion / 4] = kVersionValue;
    regs_[kNumSps / 4] = num_sps;
    kernel_busy_ = false;
    aborting_ = false;
    ++kernel_epoch_;
    abi_.reset();
    std::fill(resident_.begin(), resident_.end(), 0u);
    std::fill(sp_stopped_.begin(), sp_stopped_.end(), false);
    next_group_ = 0;
    groups_done_ = 0;
    next_sp_ = 0;
    flushes_pending_ = 0;
    error_message_.clear();
    ring_.reset();
    memory_.reset();
    core_.sleep(this);
    update_irq();
}

}  // namespace mvp
