#include "packet_processor.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <memory>

#include "cp_registers.h"

namespace mvp {

using namespace cp_reg;
namespace pk = cp_packet;

namespace {

constexpr unsigned kMaxChunksInFlight = 4;
constexpr uint32_t kMaxSlots = 65536;
constexpr uint32_t kProfileEntryBytes = 16;

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%08llx", static_cast<unsigned long long>(v));
    return buf;
}

// The largest piece at `address` that stays within its 64-byte block.
uint32_t piece(uint64_t address, uint64_t left) {
    return static_cast<uint32_t>(std::min<uint64_t>(64 - address % 64, left));
}

}  // namespace

PacketProcessor::PacketProcessor(sim::ClockDomain& core, CpMemoryPort& memory, Hooks hooks)
    : core_(core), memory_(memory), hooks_(std::move(hooks)) {
    core_.attach(this);
}

uint32_t PacketProcessor::read(uint32_t offset) const {
    switch (offset) {
        case kQueueBase:
            return base_;
        case kQueueSize:
            return size_;
        case kQueueControl:
            return control_;
        case kQueueWptr:
            return wptr_;
        case kQueueRptr:
            return rptr_;
        case kQueueCompleted:
            return completed_;
        case kQueueSignal:
            return signal_;
        case kQueueProfile:
            return profile_;
        case kQueueErrorSeq:
            return error_seq_;
        default:
            return 0;
    }
}

void PacketProcessor::config_error(const std::string& message) {
    hooks_.fail(kErrorQueueConfig, "command ring: " + message);
}

void PacketProcessor::write(uint32_t offset, uint32_t value) {
    switch (offset) {
        case kQueueBase:
        case kQueueSize:
        case kQueueSignal:
        case kQueueProfile:
            if (enabled()) {
                config_error(
                    "QUEUE_BASE, QUEUE_SIZE, QUEUE_SIGNAL and QUEUE_PROFILE may only be "
                    "written while the ring is disabled");
                return;
            }
            (offset == kQueueBase     ? base_
             : offset == kQueueSize   ? size_
             : offset == kQueueSignal ? signal_
                                      : profile_) = value;
            return;
        case kQueueControl: {
            const bool enable = value & kQueueEnable;
            if (enable == enabled()) return;
            if (!enable) {
                if (busy()) {
                    hooks_.fail(kErrorBusy, "command ring: disabled with " +
                                                std::to_string(wptr_ - completed_) +
                                                " packets not completed");
                    return;
                }
                control_ = 0;
                return;
            }
            if (size_ == 0 || size_ > kMaxSlots || (size_ & (size_ - 1)) != 0) {
                config_error("QUEUE_SIZE " + std::to_string(size_) +
                             " is not a power of two from 1 to 65536");
                return;
            }
            const uint64_t ring_bytes = uint64_t{size_} * pk::kBytes;
            if (base_ % pk::kBytes != 0 || !hooks_.in_memory(base_, ring_bytes)) {
                config_error("ring of " + std::to_string(ring_bytes) + " bytes at QUEUE_BASE " +
                             hex(base_) + " is not 64-byte aligned in device memory");
                return;
            }
            if (profile_ != 0 &&
                (profile_ % 8 != 0 ||
                 !hooks_.in_memory(profile_, uint64_t{size_} * kProfileEntryBytes))) {
                config_error("profile table at QUEUE_PROFILE " + hex(profile_) +
                             " is not 8-byte aligned in device memory");
                return;
            }
            if (signal_ != 0 && (signal_ % 4 != 0 || !hooks_.in_memory(signal_, 4))) {
                config_error("signal word at QUEUE_SIGNAL " + hex(signal_) +
                             " is not 4-byte aligned in device memory");
                return;
            }
            control_ = kQueueEnable;
            wptr_ = rptr_ = completed_ = error_seq_ = 0;
            return;
        }
        case kQueueWptr: {
            if (!enabled()) {
                config_error("QUEUE_WPTR written while the ring is disabled");
                return;
            }
            // Sequence numbers wrap at 2^32, a multiple of every ring size: a new write
            // pointer may not move back and may not be more than QUEUE_SIZE packets ahead of
            // the completed ones (their slots are still in use).
            const uint32_t ahead = value - completed_;
            if (ahead > size_ || ahead < wptr_ - completed_) {
                hooks_.fail(kErrorQueuePointer,
                            "command ring: QUEUE_WPTR " + std::to_string(value) +
                                " is out of range (completed " + std::to_string(completed_) +
                                ", written " + std::to_string(wptr_) + ", " +
                                std::to_string(size_) + " slots); ignored");
                return;
            }
            wptr_ = value;
            if (state_ == State::kIdle) core_.wake(this);
            return;
        }
        default:
            return;
    }
}

bool PacketProcessor::busy() const {
    return state_ != State::kIdle || (enabled() && completed_ != wptr_);
}

std::string PacketProcessor::packet_name() const {
    return "queue packet " + std::to_string(seq_) + " (slot " + std::to_string(seq_ & (size_ - 1)) +
           ")";
}

void PacketProcessor::wake() {
    if (state_ == State::kLaunch || state_ == State::kFence) core_.wake(this);
}

void PacketProcessor::reset() {
    base_ = size_ = control_ = wptr_ = rptr_ = completed_ = signal_ = profile_ = error_seq_ = 0;
    state_ = State::kIdle;
    fail_code_ = 0;
    fail_message_.clear();
    op_in_flight_ = 0;
    pending_writes_ = 0;
    ++epoch_;
    core_.sleep(this);
}

void PacketProcessor::tick() {
    core_.sleep(this);
    switch (state_) {
        case State::kIdle:
            if (enabled() && rptr_ != wptr_) start_packet();
            return;
        case State::kLaunch:
            if (!hooks_.kernel_busy()) launch();
            return;
        case State::kFence:
            if (hooks_.dma_idle()) {
                start_cycle_ = core_.now();
                end_cycle_ = start_cycle_;
                complete();
            }
            return;
        default:
            return;
    }
}

void PacketProcessor::start_packet() {
    seq_ = rptr_;
    state_ = State::kFetch;
    type_ = 0;
    flags_ = 0;
    fail_code_ = 0;
    fail_message_.clear();
    read_cycle_ = core_.now();
    read_range(slot_address(seq_), pk::kBytes,
               [this](const std::vector<uint8_t>& packet) { execute(packet); });
}

void PacketProcessor::read_range(uint32_t address, uint32_t bytes, ReadDone done) {
    struct Gather {
        std::vector<uint8_t> data;
        unsigned left = 0;
        bool failed = false;
        ReadDone done;
    };
    auto g = std::make_shared<Gather>();
    g->data.resize(bytes);
    g->done = std::move(done);
    for (uint32_t off = 0; off < bytes;) {
        const uint32_t n = piece(uint64_t{address} + off, bytes - off);
        ++g->left;
        memory_.read(address + off, n,
                     [this, g, off, n, epoch = epoch_](bool ok, const uint8_t* data,
                                                       const std::string& error) {
                         if (epoch != epoch_) return;
                         if (ok) {
                             std::copy(data, data + n, g->data.begin() + off);
                         } else if (!g->failed) {
                             g->failed = true;
                             fail_packet(kErrorMemory, packet_name() + ": " + error);
                         }
                         if (--g->left > 0) return;
                         if (g->failed) {
                             if (rptr_ == seq_) ++rptr_;  // a failed packet read is consumed
                             start_cycle_ = end_cycle_ = core_.now();
                             complete();
                             return;
                         }
                         g->done(g->data);
                     });
        off += n;
    }
}

void PacketProcessor::write_range(uint32_t address, const uint8_t* data, uint32_t bytes) {
    for (uint32_t off = 0; off < bytes;) {
        const uint32_t n = piece(uint64_t{address} + off, bytes - off);
        ++pending_writes_;
        memory_.write(address + off, data + off, n,
                      [this, epoch = epoch_](bool ok, const uint8_t*, const std::string& error) {
                          if (epoch != epoch_) return;
                          if (!ok) fail_packet(kErrorMemory, packet_name() + ": " + error);
                          if (--pending_writes_ == 0) written();
                      });
        off += n;
    }
}

bool PacketProcessor::check_range(uint32_t code, const char* what, uint64_t address, uint64_t bytes,
                                  uint32_t alignment) {
    if (address % alignment == 0 && hooks_.in_memory(address, bytes)) return true;
    fail_packet(code,
                packet_name() + ": " + what + " of " + std::to_string(bytes) + " bytes at " +
                    hex(address) +
                    (address % alignment ? " is not " + std::to_string(alignment) + "-byte aligned"
                                         : std::string(" is outside device memory")));
    return false;
}

void PacketProcessor::fail_packet(uint32_t code, const std::string& message) {
    if (fail_code_ != 0) return;  // the first error of a packet is the one reported
    fail_code_ = code;
    fail_message_ = message;
}

void PacketProcessor::execute(const std::vector<uint8_t>& p) {
    ++rptr_;
    start_cycle_ = core_.now();
    fetch_cycles += start_cycle_ - read_cycle_;
    type_ = p[pk::kType];
    flags_ = p[pk::kFlags];
    const uint8_t unknown_flags = flags_ & ~pk::kFlagsKnown;
    flags_ &= pk::kFlagsKnown;
    if (unknown_flags) {
        fail_packet(kErrorBadPacket,
                    packet_name() + ": reserved flag bits " + hex(unknown_flags) + " are set");
    } else if (type_ == pk::kTypeKernel) {
        KernelDispatch& d = dispatch_;
        d = KernelDispatch();
        d.work_dim = pk::load16(&p[pk::kWorkDim]);
        for (unsigned i = 0; i < 3; ++i) {
            d.local[i] = pk::load16(&p[pk::kLocal0 + 2 * i]);
            d.global[i] = pk::load32(&p[pk::kGlobal0 + 4 * i]);
            d.offset[i] = pk::load32(&p[pk::kOffset0 + 4 * i]);
        }
        d.code_base = pk::load32(&p[pk::kCodeBase]);
        d.code_bytes = pk::load32(&p[pk::kCodeBytes]);
        d.entry_pc = pk::load32(&p[pk::kEntryPc]);
        d.return_pc = pk::load32(&p[pk::kReturnPc]);
        d.static_local_bytes = pk::load32(&p[pk::kStaticLocalBytes]);
        const uint32_t args = pk::load32(&p[pk::kArgsAddress]);
        if (args == 0) {
            launch();
        } else {
            read_args(args);
        }
        return;
    } else if (type_ == pk::kTypeFence) {
        op_address_ = pk::load32(&p[pk::kFenceAddress]);
        op_value_ = pk::load32(&p[pk::kFenceValue]);
        if (op_address_ == 0 || check_range(kErrorBadRange, "fence write", op_address_, 4, 4)) {
            state_ = State::kFence;
            core_.wake(this);
            return;
        }
    } else if (type_ == pk::kTypeFill) {
        op_address_ = pk::load32(&p[pk::kFillAddress]);
        op_bytes_ = pk::load32(&p[pk::kFillBytes]);
        op_value_ = pk::load32(&p[pk::kFillPattern]);
        if (check_range(kErrorBadRange, "fill", op_address_, op_bytes_, 1)) {
            state_ = State::kFill;
            op_next_ = 0;
            op_in_flight_ = 0;
            pump();
            return;
        }
    } else if (type_ == pk::kTypeCopy) {
        op_source_ = pk::load32(&p[pk::kCopySource]);
        op_address_ = pk::load32(&p[pk::kCopyDestination]);
        op_bytes_ = pk::load32(&p[pk::kCopyBytes]);
        const uint64_t s = op_source_, t = op_address_, n = op_bytes_;
        if (check_range(kErrorBadRange, "copy source", s, n, 1) &&
            check_range(kErrorBadRange, "copy destination", t, n, 1)) {
            if (s < t + n && t < s + n) {
                fail_packet(kErrorBadRange, packet_name() + ": copy of " + std::to_string(n) +
                                                " bytes from " + hex(s) + " to " + hex(t) +
                                                ": the ranges overlap");
            } else {
                state_ = State::kCopy;
                op_next_ = 0;
                op_in_flight_ = 0;
                pump();
                return;
            }
        }
    } else {
        fail_packet(kErrorBadPacket,
                    packet_name() + ": unknown packet type " + std::to_string(type_));
    }
    end_cycle_ = core_.now();
    complete();
}

void PacketProcessor::read_args(uint32_t address) {
    if (!check_range(kErrorBadArgs, "kernel argument block", address, pk::kArgValues, 4)) {
        end_cycle_ = core_.now();
        complete();
        return;
    }
    read_range(address, pk::kArgValues, [this, address](const std::vector<uint8_t>& header) {
        const uint32_t count_word = pk::load32(&header[pk::kArgCount]);
        dispatch_.arg_count = count_word & pk::kArgCountMask;
        dispatch_.arg_local_mask = pk::load32(&header[pk::kArgLocalMask]);
        const bool private_area = (count_word & pk::kArgPrivateArea) != 0;
        if ((count_word & ~(pk::kArgCountMask | pk::kArgPrivateArea)) != 0) {
            fail_packet(kErrorBadArgs, packet_name() + ": kernel argument block at " +
                                           hex(address) + " has reserved count bits set");
            end_cycle_ = core_.now();
            complete();
            return;
        }
        // More arguments than the launch registers hold: Cp::launch() names the limit.
        const uint32_t count = dispatch_.arg_count;
        if (count > std::size(dispatch_.args) || (count == 0 && !private_area)) {
            launch();
            return;
        }
        const uint32_t words = count + (private_area ? 2 : 0);
        const uint64_t values = uint64_t{address} + pk::kArgValues;
        if (!check_range(kErrorBadArgs, "kernel argument values", values, uint64_t{words} * 4, 4)) {
            end_cycle_ = core_.now();
            complete();
            return;
        }
        read_range(static_cast<uint32_t>(values), words * 4,
                   [this, count, private_area](const std::vector<uint8_t>& bytes) {
                       for (uint32_t i = 0; i < count; ++i)
                           dispatch_.args[i] = pk::load32(&bytes[4 * i]);
                       dispatch_.private_base = private_area ? pk::load32(&bytes[4 * count]) : 0;
                       dispatch_.private_bytes =
                           private_area ? pk::load32(&bytes[4 * count + 4]) : 0;
                       launch();
                   });
    });
}

void PacketProcessor::launch() {
    if (hooks_.kernel_busy()) {
        // A kernel started through the launch registers is still running.
        state_ = State::kLaunch;
        return;
    }
    state_ = State::kKernel;
    start_cycle_ = core_.now();
    std::string message;
    const uint32_t code = hooks_.launch(dispatch_, &message);
    if (code != kErrorNone) {
        fail_packet(code, packet_name() + ": " + message);
        end_cycle_ = start_cycle_;
        complete();
    }
}

void PacketProcessor::kernel_finished(uint32_t code, const std::string& message) {
    if (state_ != State::kKernel) return;
    end_cycle_ = core_.now();
    if (code != kErrorNone) fail_packet(code, packet_name() + ": " + message);
    complete();
}

void PacketProcessor::pump() {
    const bool copy = state_ == State::kCopy;
    while (fail_code_ == 0 && op_next_ < op_bytes_ && op_in_flight_ < kMaxChunksInFlight) {
        const uint32_t off = op_next_;
        uint32_t n = piece(uint64_t{op_address_} + off, op_bytes_ - off);
        if (copy) n = std::min(n, piece(uint64_t{op_source_} + off, op_bytes_ - off));
        op_next_ += n;
        ++op_in_flight_;
        auto chunk_written = [this, epoch = epoch_](bool ok, const uint8_t*,
                                                    const std::string& error) {
            if (epoch != epoch_) return;
            if (!ok) fail_packet(kErrorMemory, packet_name() + ": " + error);
            --op_in_flight_;
            pump();
        };
        if (copy) {
            memory_.read(op_source_ + off, n,
                         [this, off, n, chunk_written, epoch = epoch_](bool ok, const uint8_t* data,
                                                                       const std::string& error) {
                             if (epoch != epoch_) return;
                             if (!ok || fail_code_ != 0) {
                                 if (!ok) fail_packet(kErrorMemory, packet_name() + ": " + error);
                                 --op_in_flight_;
                                 pump();
                                 return;
                             }
                             memory_.write(op_address_ + off, data, n, chunk_written);
                         });
        } else {
            uint8_t bytes[64];
            for (uint32_t i = 0; i < n; ++i)
                bytes[i] = static_cast<uint8_t>(op_value_ >> (8 * ((off + i) % 4)));
            memory_.write(op_address_ + off, bytes, n, chunk_written);
        }
    }
    if (op_in_flight_ == 0 && (fail_code_ != 0 || op_next_ >= op_bytes_)) {
        end_cycle_ = core_.now();
        complete();
    }
}

void PacketProcessor::complete() {
    state_ = State::kWriteBack;
    uint8_t status[4];
    pk::store32(status, fail_code_ ? pk::kStatusDone | pk::kStatusFailed | fail_code_ << 8
                                   : pk::kStatusDone);
    pending_writes_ = 1;  // held until every write has been issued
    if (type_ == pk::kTypeFence && fail_code_ == 0 && op_address_ != 0) {
        uint8_t value[4];
        pk::store32(value, op_value_);
        write_range(op_address_, value, 4);
    }
    write_range(slot_address(seq_) + pk::kStatus, status, 4);
    if (profile_ != 0) {
        uint8_t record[kProfileEntryBytes];
        for (unsigned i = 0; i < 8; ++i) {
            record[i] = static_cast<uint8_t>(start_cycle_ >> (8 * i));
            record[8 + i] = static_cast<uint8_t>(end_cycle_ >> (8 * i));
        }
        write_range(profile_ + (seq_ & (size_ - 1)) * kProfileEntryBytes, record, sizeof record);
    }
    if (signal_ != 0) {
        uint8_t count[4];
        pk::store32(count, seq_ + 1);
        write_range(signal_, count, 4);
    }
    if (--pending_writes_ == 0) written();
}

void PacketProcessor::written() {
    writeback_cycles += core_.now() - end_cycle_;
    completed_ = seq_ + 1;
    ++packets;
    state_ = State::kIdle;
    if (fail_code_ != 0) {
        ++packet_errors;
        error_seq_ = seq_;
        hooks_.fail(fail_code_, fail_message_);
    }
    if (flags_ & pk::kFlagIrq) hooks_.raise(kIrqQueue);
    if (enabled() && rptr_ != wptr_) core_.wake(this);
}

}  // namespace mvp
