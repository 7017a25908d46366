#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <systemc>
#include <tlm>
#include <unordered_map>
#include <vector>

#include "modules/isa/opcode.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"

namespace mvp::tb {

// A scripted initiator for the data-side testbenches: requests scheduled at given edges are
// sent in script order (several per edge while the target takes them at once; after a held
// request, from the edge after its END_REQ), and each response is recorded with the edge it
// arrived at. The GPU extension says client ldst.
class RequestDriver : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Result {
        bool done = false;
        uint64_t sent_cycle = 0;
        uint64_t response_cycle = 0;  // the edge the target sent the response at
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
        std::vector<uint8_t> data;
        uint32_t value32() const;  // the first four bytes, little-endian
    };

    RequestDriver(const sc_core::sc_module_name& name, sim::ClockDomain& clock);

    sim::InitiatorPort port;

    // Each returns the request's id (0, 1, ... in call order).
    unsigned read(uint64_t cycle, uint64_t address, unsigned length);
    unsigned write(uint64_t cycle, uint64_t address, const std::vector<uint8_t>& data,
                   const std::vector<uint8_t>& enables = {});
    unsigned write32(uint64_t cycle, uint64_t address, uint32_t value);
    unsigned atomic(uint64_t cycle, uint64_t address, isa::Opcode op, uint32_t operand,
                    uint32_t compare = 0);
    // Runs `action` in this driver's tick at `cycle`, before that edge's requests are sent.
    void at(uint64_t cycle, std::function<void()> action);

    const Result& result(unsigned id) const { return results_.at(id); }
    const std::vector<unsigned>& response_order() const { return order_; }
    bool all_done() const { return order_.size() == results_.size(); }

    void tick() override;

  private:
    struct Request {
        unsigned id;
        uint64_t cycle;
        tlm::tlm_command command;
        uint64_t address;
        std::vector<uint8_t> data;
        bool atomic = false;
        uint8_t op = 0;
        uint32_t operand = 0;
        uint32_t compare = 0;
    };

    unsigned schedule(Request r);

    sim::ClockDomain& clock_;
    sim::MemoryManager mm_;
    std::deque<Request> script_;  // by cycle, then call order
    std::multimap<uint64_t, std::function<void()>> actions_;
    std::deque<std::vector<uint8_t>> enables_;  // per id (stable addresses)
    std::vector<Result> results_;
    std::vector<unsigned> order_;
    std::unordered_map<tlm::tlm_generic_payload*, unsigned> ids_;
    bool sending_ = false;
    bool waiting_ = false;
    uint64_t free_from_ = 0;
};

}  // namespace mvp::tb
