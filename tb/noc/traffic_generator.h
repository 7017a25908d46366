#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"

namespace mvp::tb {

// A scripted initiator for testbenches of memory-side blocks. It issues requests at given
// cycles of its clock, in script order, each as soon as its link takes it (request exclusion:
// one BEGIN_REQ until END_REQ), at most issue_per_cycle a cycle, and records the cycle each was
// sent, accepted (END_REQ) and answered (BEGIN_RESP), with the response data and status. A
// stream mode issues long sequential runs that are only counted, for bandwidth measurements.
class TrafficGenerator : public sc_core::sc_module, public sim::Clocked {
  public:
    static constexpr uint64_t kNone = UINT64_MAX;

    TrafficGenerator(const sc_core::sc_module_name& name, sim::ClockDomain& clock, uint32_t sp = 0);

    sim::InitiatorPort port;

    struct Request {
        uint64_t cycle = 0;  // not sent before this cycle
        tlm::tlm_command command = tlm::TLM_READ_COMMAND;
        uint32_t address = 0;
        unsigned size = 0;
        std::vector<uint8_t> data;         // write data (size bytes)
        std::vector<uint8_t> byte_enable;  // TLM byte enables (empty: all bytes)
        bool atomic = false;
        uint8_t atomic_op = 0;  // an isa::Opcode
        uint32_t atomic_operand = 0;
        uint32_t atomic_compare = 0;
    };
    struct Record {
        uint64_t sent = kNone;       // the edge BEGIN_REQ was sent at
        uint64_t accepted = kNone;   // the first edge at or after END_REQ
        uint64_t responded = kNone;  // the first edge at or after BEGIN_RESP
        sc_core::sc_time response_time;
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
        std::vector<uint8_t> data;  // the payload's data after the response
        bool done() const { return responded != kNone; }
        uint32_t word() const;  // the first 4 bytes of data, little-endian
    };

    // Script entries; each returns the request's index for record().
    size_t add(Request r);
    size_t read(uint64_t cycle, uint32_t address, unsigned size);
    size_t write(uint64_t cycle, uint32_t address, std::vector<uint8_t> data);
    size_t write32(uint64_t cycle, uint32_t address, uint32_t value);
    size_t atomic(uint64_t cycle, uint32_t address, uint8_t op, uint32_t operand,
                  uint32_t compare = 0);
    // After the script: `count` requests of `size` bytes at base, base + size, ..., from `cycle`
    // on, keeping at most max_outstanding outstanding. Counted, not recorded.
    void stream(uint64_t cycle, tlm::tlm_command command, uint32_t base, unsigned size,
                uint64_t count, unsigned max_outstanding);

    void set_issue_per_cycle(unsigned n) { issue_per_cycle_ = n; }

    const Record& record(size_t i) const { return records_.at(i); }
    size_t size() const { return script_.size(); }
    // Every scripted and streamed request has been answered.
    bool finished() const;
    uint64_t responses() const { return responses_; }
    uint64_t response_bytes() const { return response_bytes_; }
    uint64_t first_sent() const { return first_sent_; }
    uint64_t last_responded() const { return last_responded_; }
    sc_core::sc_time last_response_time() const { return last_response_time_; }
    uint64_t errors() const { return errors_; }

    void tick() override;

  private:
    struct Stream {
        tlm::tlm_command command = tlm::TLM_READ_COMMAND;
        uint64_t cycle = 0;
        uint32_t next = 0;
        unsigned size = 0;
        uint64_t left = 0;
        uint64_t issued = 0;
        unsigned max_outstanding = 1;
    };

    bool can_issue(uint64_t t) const;
    void send(tlm::tlm_generic_payload& gp, uint64_t t);
    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_ready(const sc_core::sc_time& at);

    sim::ClockDomain& clock_;
    uint32_t sp_;
    sim::MemoryManager mm_;
    std::vector<Request> script_;
    std::vector<Record> records_;
    size_t next_ = 0;
    uint64_t last_scripted_ = kNone;  // the request waiting for END_REQ, if scripted
    Stream stream_;
    unsigned issue_per_cycle_ = 1;
    uint64_t ready_from_ = 0;  // END_REQ of the last request has been seen
    bool in_send_ = false;
    uint64_t now_ = 0;
    uint64_t stream_outstanding_ = 0;
    uint64_t responses_ = 0;
    uint64_t response_bytes_ = 0;
    uint64_t expected_ = 0;
    uint64_t first_sent_ = kNone;
    uint64_t last_responded_ = 0;
    sc_core::sc_time last_response_time_;
    uint64_t errors_ = 0;
};

}  // namespace mvp::tb
