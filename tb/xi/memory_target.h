#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/target_port.h"

namespace mvp::tb {

// A memory for testbenches: real storage for [base, base + size), a TargetPort, and a fixed
// latency. A request sent at edge A (seen at A + 1) is answered at A + latency: the data is read
// or written then. Every request is accepted at once unless max_outstanding requests are
// waiting for their response (then it is held until one has been answered). Requests outside
// the storage get TLM_ADDRESS_ERROR_RESPONSE.
class MemoryTarget : public sc_core::sc_module, public sim::Clocked {
  public:
    MemoryTarget(const sc_core::sc_module_name& name, sim::ClockDomain& clock, uint64_t base,
                 size_t size, unsigned latency);

    sim::TargetPort port;

    // A latency per request instead of the fixed one (to make responses overtake each other).
    std::function<unsigned(const tlm::tlm_generic_payload&)> latency_of;
    // 0: no limit.
    unsigned max_outstanding = 0;

    uint64_t base() const { return base_; }
    unsigned char* bytes(uint64_t address) { return &storage_.at(address - base_); }
    unsigned char byte(uint64_t address) const { return storage_.at(address - base_); }
    // Fills the storage with pattern(address), a function of each byte's address.
    void fill_pattern();
    static unsigned char pattern(uint64_t address) {
        return static_cast<unsigned char>((address * 7) ^ (address >> 8) ^ 0x5a);
    }

    struct Access {
        uint64_t address;
        unsigned length;
        bool write;
        sim::GpuExtension::Client client;
        uint64_t arrived;    // the edge at which the request was sent (END_REQ edge if held)
        uint64_t responded;  // the edge of BEGIN_RESP
    };
    // Every request, in arrival order.
    const std::vector<Access>& log() const { return log_; }

    void tick() override;

  private:
    struct Pending {
        tlm::tlm_generic_payload* gp;
        size_t log_index;
        uint64_t cycle;
    };
    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void take(tlm::tlm_generic_payload& gp, uint64_t arrived, uint64_t seen);
    void perform(tlm::tlm_generic_payload& gp);

    sim::ClockDomain& clock_;
    uint64_t base_;
    std::vector<unsigned char> storage_;
    unsigned latency_;
    std::deque<Pending> pending_;  // by response edge
    tlm::tlm_generic_payload* held_ = nullptr;
    std::vector<Access> log_;
};

}  // namespace mvp::tb
