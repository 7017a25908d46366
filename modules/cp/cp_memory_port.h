#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/target_port.h"

namespace mvp {

// The command processor's memory interface: the one path from the CP to device memory, shared
// with the DMA engine's device side. The CP reads packets and argument blocks and writes
// status words, fills and copies through it; the DMA engine's requests arrive on `dma` and
// are forwarded unchanged on `port` in the same call (no added latency; END_REQ and the
// response are passed back as they come), so a DMA copy costs what it cost on a direct link.
// When both want the link, a waiting DMA request goes first. The CP's own transactions are
// at most 64 bytes and do not cross a 64-byte boundary (the caller splits); their answers are
// handed to the caller at the first core edge at or after they arrive.
class CpMemoryPort : public sim::Clocked {
  public:
    // ok == false: the bus answered with an error; `error` names the access and the status.
    using Done = std::function<void(bool ok, const uint8_t* data, const std::string& error)>;

    CpMemoryPort(const char* name, sim::ClockDomain& core);

    sim::InitiatorPort port;  // toward device memory (the DMA client port of SP 0's XI)
    sim::TargetPort dma;      // from the DMA engine's device side

    void read(uint32_t address, uint32_t bytes, Done done);
    void write(uint32_t address, const void* data, uint32_t bytes, Done done);
    // No transaction of the CP queued or in flight.
    bool idle() const { return queue_.empty() && in_flight_ == 0; }

    // Drops every transaction (the GPU's reset: the XI behind `port` and the DMA engine are
    // reset with it); no callback is called.
    void reset();

    void tick() override;

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }

  private:
    struct Request {
        bool write;
        uint32_t address;
        uint32_t bytes;
        uint8_t data[64];
        Done done;
    };
    struct Answer {
        tlm::tlm_generic_payload* gp;
        uint64_t cycle;
    };
    bool on_dma_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(const sc_core::sc_time& at);
    void forward_dma(tlm::tlm_generic_payload& gp, const sc_core::sc_time& delay);
    void send_next();
    void queue(Request r);

    sim::ClockDomain& core_;
    sim::MemoryManager mm_;
    sim::RingFifo<Request> queue_;
    sim::RingFifo<Answer> answers_;
    std::vector<Done> done_;  // by payload id, while in flight
    std::vector<uint32_t> free_ids_;
    unsigned in_flight_ = 0;
    tlm::tlm_generic_payload* dma_forwarded_ = nullptr;  // sent, END_REQ not yet seen
    bool dma_end_req_ = false;
    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
};

}  // namespace mvp
