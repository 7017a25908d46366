#pragma once

#include <cstdint>
#include <memory>
#include <systemc>
#include <unordered_map>

#include "modules/sim/clock_domain.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"

namespace mvp {

// The host's memory as the GPU's DMA engine sees it across the system link: a target with a
// fixed access latency and a link of limited width (both in core cycles), serving one request
// at a time in order. Storage is sparse (4 KiB pages made on first write; unwritten bytes read
// as zero), so any 64-bit host address can be used. The host program's side reads and writes
// it directly (peek/poke), as a CPU would its own RAM.
class HostMemory : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        unsigned latency = 100;         // cycles from request to first byte
        unsigned bytes_per_cycle = 16;  // link width
    };

    HostMemory(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params);

    sim::TargetPort port;

    void poke(uint64_t address, const void* data, size_t bytes);
    void peek(uint64_t address, void* data, size_t bytes) const;

    void tick() override;

  private:
    void copy(tlm::tlm_generic_payload& gp);

    sim::ClockDomain& core_;
    Params params_;
    std::unordered_map<uint64_t, std::unique_ptr<uint8_t[]>> pages_;
    struct Pending {
        tlm::tlm_generic_payload* gp;
        uint64_t done_cycle;
    };
    sim::RingFifo<Pending> queue_;
    uint64_t link_free_cycle_ = 0;

    sim::StatGroup stats_;
    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    uint64_t bytes_ = 0;
};

}  // namespace mvp
