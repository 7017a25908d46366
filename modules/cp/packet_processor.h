#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cp_memory_port.h"
#include "cp_packets.h"
#include "kernel_dispatch.h"
#include "modules/sim/clock_domain.h"

namespace mvp {

// The command processor's ring engine (doc/registers.md, "The command ring"): it reads the
// packets a driver writes into a ring in device memory, one at a time and in order, through
// the CP's memory port, and executes them: a kernel packet (with its argument block) through
// the CP's one launch path, a fence, a fill or a copy. When a packet ends it writes the
// packet's status word, its start/end cycles in the profile table and the completion count
// in the signal word, waits until memory has taken them, then advances QUEUE_COMPLETED and
// raises the interrupts the packet asks for. A malformed packet fails with an error code and
// the ring goes on with the next one.
//
// Simplified: no prefetch (a packet is read when the previous one has completed), at most
// four fill or copy chunks in flight.
class PacketProcessor : public sim::Clocked {
  public:
    // What the ring engine needs from the CP around it.
    struct Hooks {
        // Checks a kernel and starts it; returns kErrorNone, or an error code and *message.
        std::function<uint32_t(const KernelDispatch& dispatch, std::string* message)> launch;
        std::function<bool()> kernel_busy;  // a kernel (from the registers or a packet) runs
        std::function<bool()> dma_idle;     // no DMA copy in progress
        // Latches ERROR_CODE and the message and raises the error interrupt.
        std::function<void(uint32_t code, const std::string& message)> fail;
        std::function<void(uint32_t irq_bits)> raise;
        // True when [address, address + bytes) lies in device memory.
        std::function<bool(uint64_t address, uint64_t bytes)> in_memory;
    };

    PacketProcessor(sim::ClockDomain& core, CpMemoryPort& memory, Hooks hooks);

    // The QUEUE_* registers (cp_registers.h).
    uint32_t read(uint32_t offset) const;
    void write(uint32_t offset, uint32_t value);
    // Packets written and not yet completed, or a packet in progress.
    bool busy() const;
    // Sequence number of the packet in progress (valid while busy()).
    uint32_t current_sequence() const { return seq_; }

    // The kernel of the current packet ended (code kErrorNone) or failed with code.
    void kernel_finished(uint32_t code, const std::string& message);
    // Something the engine may wait for changed (a kernel or a DMA copy ended).
    void wake();
    // The GPU's reset: the ring disabled with every QUEUE_* register at 0, the packet in
    // progress dropped. The caller resets the memory port with it.
    void reset();

    void tick() override;

    // Statistics.
    uint64_t packets = 0;           // packets completed
    uint64_t packet_errors = 0;     // of which failed
    uint64_t fetch_cycles = 0;      // cycles from the packet read to its execution (all packets)
    uint64_t writeback_cycles = 0;  // cycles from the end of a packet to its completion

  private:
    enum class State : uint8_t {
        kIdle,
        kFetch,
        kLaunch,
        kKernel,
        kFence,
        kFill,
        kCopy,
        kWriteBack
    };
    using ReadDone = std::function<void(const std::vector<uint8_t>& data)>;

    bool enabled() const { return control_ & 1u; }
    uint32_t slot_address(uint32_t seq) const {
        return base_ + (seq & (size_ - 1)) * cp_packet::kBytes;
    }
    std::string packet_name() const;
    void start_packet();
    void execute(const std::vector<uint8_t>& packet);
    void read_args(uint32_t address);
    void launch();
    void pump();
    void fail_packet(uint32_t code, const std::string& message);
    void complete();
    void written();
    // Reads [address, address + bytes) in pieces that stay within 64-byte blocks; calls done
    // with the bytes, or fails the packet with kErrorMemory on a bus error.
    void read_range(uint32_t address, uint32_t bytes, ReadDone done);
    // Writes `bytes` and counts the pieces in pending_writes_; written() when all are in.
    void write_range(uint32_t address, const uint8_t* data, uint32_t bytes);
    bool check_range(uint32_t code, const char* what, uint64_t address, uint64_t bytes,
                     uint32_t alignment);
    void config_error(const std::string& message);

    sim::ClockDomain& core_;
    CpMemoryPort& memory_;
    Hooks hooks_;

    // Registers.
    uint32_t base_ = 0;
    uint32_t size_ = 0;
    uint32_t control_ = 0;
    uint32_t wptr_ = 0;
    uint32_t rptr_ = 0;
    uint32_t completed_ = 0;
    uint32_t signal_ = 0;
    uint32_t profile_ = 0;
    uint32_t error_seq_ = 0;

    // The packet in progress.
    State state_ = State::kIdle;
    uint32_t seq_ = 0;
    uint8_t type_ = 0;
    uint8_t flags_ = 0;
    uint32_t fail_code_ = 0;
    std::string fail_message_;
    KernelDispatch dispatch_;
    uint64_t read_cycle_ = 0;   // the packet read was issued
    uint64_t start_cycle_ = 0;  // execution began
    uint64_t end_cycle_ = 0;    // execution ended
    uint32_t op_address_ = 0;   // fill/copy destination, fence address
    uint32_t op_source_ = 0;    // copy source
    uint32_t op_value_ = 0;     // fill pattern, fence value
    uint32_t op_bytes_ = 0;
    uint32_t op_next_ = 0;  // next offset to issue
    unsigned op_in_flight_ = 0;
    unsigned pending_writes_ = 0;
    uint64_t epoch_ = 0;  // advanced by reset(): answers of an older epoch are dropped
};

}  // namespace mvp
