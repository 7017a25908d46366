#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <systemc>

#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
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

    void tick() override;

  private:
    struct Chunk {
        uint64_t offset;
        unsigned bytes;
        bool read_done = false;
        uint64_t ready_cycle = 0;
        unsigned char data[256];
    };
    void on_read(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_write(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    sim::InitiatorPort& source() { return to_host_ ? gpu : host; }
    sim::InitiatorPort& destination() { return to_host_ ? host : gpu; }

    sim::ClockDomain& core_;
    Params params_;
    sim::MemoryManager mm_;
    bool busy_ = false;
    bool to_host_ = false;
    uint64_t host_address_ = 0;
    uint32_t gpu_address_ = 0;
    uint32_t bytes_ = 0;
    uint64_t next_offset_ = 0;  // next chunk to read
    uint64_t written_bytes_ = 0;
    std::deque<Chunk> chunks_;  // in flight, in offset order
    std::function<void()> done_;

    sim::StatGroup stats_;
    uint64_t transfers_ = 0;
    uint64_t bytes_moved_ = 0;
    uint64_t busy_cycles_ = 0;
    uint64_t start_cycle_ = 0;
    uint32_t trace_in_flight_ = 0;
};

}  // namespace mvp
