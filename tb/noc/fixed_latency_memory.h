#pragma once

#include <climits>
#include <cstdint>
#include <deque>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/target_port.h"

namespace mvp::tb {

// A memory target for interconnect testbenches: it registers a request at the first edge after
// it arrives, answers `latency` cycles later with data from a flat storage at 0x80000000, and
// holds END_REQ while `capacity` requests are unanswered. It records the cycle each request was
// registered, so a test can see when the interconnect delivered it.
class FixedLatencyMemory : public sc_core::sc_module, public sim::Clocked {
  public:
    static constexpr uint32_t kBase = 0x80000000u;

    FixedLatencyMemory(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                       unsigned latency, unsigned capacity = UINT_MAX, uint32_t bytes = 1u << 20);

    sim::TargetPort port;

    struct Arrival {
        uint64_t cycle;  // registered
        uint32_t address;
        uint32_t sp;  // from the GpuExtension
    };
    const std::vector<Arrival>& arrivals() const { return arrivals_; }
    std::vector<uint8_t>& storage() { return storage_; }

    void tick() override;

  private:
    struct Pending {
        tlm::tlm_generic_payload* gp;
        uint64_t due;
    };
    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void take(tlm::tlm_generic_payload& gp, uint64_t ready);
    void perform(tlm::tlm_generic_payload& gp);

    sim::ClockDomain& clock_;
    unsigned latency_;
    unsigned capacity_;
    std::vector<uint8_t> storage_;
    std::deque<Pending> pending_;
    tlm::tlm_generic_payload* held_ = nullptr;
    uint64_t answered_cycle_ = UINT64_MAX;  // requests answered at that cycle
    unsigned answered_ = 0;
    std::vector<Arrival> arrivals_;
};

}  // namespace mvp::tb
