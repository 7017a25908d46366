#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/target_port.h"

namespace mvp::tb {

// A memory for the data-side testbenches: real storage over [base, base + size), a fixed
// latency (or one chosen per request), and a log of every request in the order it arrived.
// A request sent at edge A is performed when it arrives (reads, writes with byte enables,
// atomics with isa::atomic_update) and answered at edge A + latency (never before A + 1).
class RecordingMemory : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Access {
        uint64_t cycle;  // the edge the request was sent at
        tlm::tlm_command command;
        uint64_t address;
        unsigned length;
        std::vector<uint8_t> data;     // a write's bytes (disabled bytes 0), a read's result
        std::vector<uint8_t> enables;  // a write's byte enables (empty: every byte)
        bool atomic;
        uint64_t response_cycle;
    };

    RecordingMemory(const sc_core::sc_module_name& name, sim::ClockDomain& clock, uint64_t base,
                    uint64_t size, unsigned latency);

    sim::TargetPort port;

    // Overrides the latency per request (e.g. to answer out of order); 0 means `latency`.
    std::function<unsigned(const tlm::tlm_generic_payload&)> latency_of;

    const std::vector<Access>& log() const { return log_; }
    void clear_log() { log_.clear(); }

    uint8_t* bytes(uint64_t address) { return &storage_.at(address - base_); }
    uint32_t read32(uint64_t address) const;
    void write32(uint64_t address, uint32_t value);
    // Every word holds a value derived from its address: (address * 0x9e3779b1) ^ 0x5a5a5a5a.
    void fill_pattern();
    static uint32_t pattern(uint64_t address) {
        return static_cast<uint32_t>(address * 0x9e3779b1u) ^ 0x5a5a5a5au;
    }

    void tick() override;

  private:
    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void perform(tlm::tlm_generic_payload& gp);

    sim::ClockDomain& clock_;
    uint64_t base_;
    unsigned latency_;
    std::vector<uint8_t> storage_;
    std::vector<Access> log_;
    std::multimap<uint64_t, tlm::tlm_generic_payload*> responses_;  // by answer edge
};

}  // namespace mvp::tb
