#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <systemc>

#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/stat_group.h"

namespace mvp {

// The DMA engine: copies a range between host memory (system side) and GPU global memory,
// started by the command processor. The copy is cut into chunks; each chunk is read from the
// source and then written to the destination, with up to `max_outstanding` chunks in flight,
// so the transfer rate is set by the slower side and its latency. The GPU side goes through an
// SP's external interface (XI), which gives DMA the lowest priority.
class Dma : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        unsigned chunk_bytes = 64;
        unsigned max_outstanding = 4;
    };

    Dma(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params);

    sim::InitiatorPort host;  // toward host memory
    sim::InitiatorPort gpu;   // toward the XI's DMA port

    bool busy() const { return busy_; }
    // Starts a copy; `done` is called in the cycle the last chunk has been written.
    void start(uint64_t host_address, uint32_t gpu_address, uint32_t bytes, bool to_host,
               std::function<void()> done);

    // An access answered with an error (by either side) ends the copy: no further chunk is
    // read or written, the chunks in flight are waited for, then on_error gets a one-line
    // message naming the side, the address and the status, and `done` is not called. Without
    // on_error the message is reported with SC_REPORT_ERROR.
    std::function<void(const std::string& message)> on_error;

    // The GPU's reset: the copy in progress is dropped (neither `done` nor on_error is called).
    // Requests already at host memory, which is outside the GPU, complete there; their answers
    // are recognised by an epoch number and thrown away. Statistics are kept.
    void reset();

    void tick() override;

  private:
    struct Chunk {
        uint64_t offset;
        unsigned bytes;
        bool read_done = false;
        uint64_t ready_cycle = 0;
        unsigned char data[256];
    };
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at, bool host_side);
    void on_read(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_write(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void finish();
    sim::InitiatorPort& source() { return to_host_ ? gpu : host; }
    sim::InitiatorPort& destination() { return to_host_ ? host : gpu; }
    // A payload for port p, tagged with the current epoch.
    tlm::tlm_generic_payload* new_payload(sim::InitiatorPort& p);

    sim::ClockDomain& core_;
    Params params_;
    // Payloads toward host memory outlive a reset (host memory answers them); those toward the
    // XI are reclaimed by it.
    sim::MemoryManager host_mm_;
    sim::MemoryManager gpu_mm_;
    uint64_t epoch_ = 0;      // advanced by every reset; payloads carry it as request_id
    unsigned in_flight_ = 0;  // requests of the copy not yet answered
    bool failed_ = false;
    std::string error_;
    bool busy_ = false;
    bool to_host_ = false;
    uint64_t host_address_ = 0;
    uint32_t gpu_address_ = 0;
    uint32_t bytes_ = 0;
    uint64_t next_offset_ = 0;  // next chunk to read
    uint64_t written_bytes_ = 0;
    sim::RingFifo<Chunk> chunks_;  // in flight, in offset order
    std::function<void()> done_;

    sim::StatGroup stats_;
    uint64_t transfers_ = 0;
    uint64_t bytes_moved_ = 0;
    uint64_t busy_cycles_ = 0;
    uint64_t start_cycle_ = 0;
    uint32_t trace_in_flight_ = 0;
};

}  // namespace mvp
