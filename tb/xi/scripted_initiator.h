#pragma once

#include <cstdint>
#include <map>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/gpu_extension.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"

namespace mvp::tb {

// An initiator for testbenches: issues scripted requests, in script order, each at the first
// edge at or after its cycle at which the link is free (one request per edge; after END_REQ
// at edge E the next request may leave at E + 1), and records when each was sent, accepted
// and answered, with the response data.
class ScriptedInitiator : public sc_core::sc_module, public sim::Clocked {
  public:
    ScriptedInitiator(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                      sim::GpuExtension::Client client = sim::GpuExtension::Client::kNone);

    sim::InitiatorPort port;

    struct Request {
        uint64_t cycle = 0;
        uint64_t address = 0;
        unsigned length = 0;
        tlm::tlm_command command = tlm::TLM_READ_COMMAND;
        std::vector<unsigned char> data;  // for writes
    };
    static constexpr uint64_t kNever = UINT64_MAX;
    struct Record {
        Request request;
        uint64_t sent = kNever;       // edge of BEGIN_REQ
        uint64_t accepted = kNever;   // edge of END_REQ
        uint64_t responded = kNever;  // edge of BEGIN_RESP
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
        std::vector<unsigned char> data;                                      // response data
        sim::GpuExtension::Client client = sim::GpuExtension::Client::kNone;  // in the response
    };

    // Adds a read of `length` bytes at `address`, to be issued at `cycle` or later. Call before
    // sc_start or from the simulation.
    void read(uint64_t cycle, uint64_t address, unsigned length);
    void add(const Request& request);

    const std::vector<Record>& records() const { return records_; }
    const Record& record(size_t i) const { return records_.at(i); }
    size_t responses() const { return responses_; }
    // Response edges in arrival order, as indices into records().
    const std::vector<size_t>& response_order() const { return response_order_; }

    void tick() override;

  private:
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(const sc_core::sc_time& at);

    sim::ClockDomain& clock_;
    sim::GpuExtension::Client client_;
    sim::MemoryManager mm_;
    std::vector<Record> records_;
    size_t next_ = 0;
    size_t last_sent_ = 0;
    uint64_t free_cycle_ = 0;
    size_t responses_ = 0;
    std::vector<size_t> response_order_;
    std::map<tlm::tlm_generic_payload*, size_t> in_flight_;
};

}  // namespace mvp::tb
