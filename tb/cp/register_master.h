#pragma once

#include <cstdint>
#include <functional>
#include <systemc>
#include <tlm>
// After <systemc> and <tlm>, which it needs.
#include <tlm_utils/tlm_quantumkeeper.h>

#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"

namespace mvp::tb {

// A CPU's register master for testbenches: its thread runs `script`, which reads and writes
// registers either loosely timed (b_transport with temporal decoupling: each access is
// annotated with the master's local time offset, a tlm_quantumkeeper syncs when the global
// quantum is used up) or approximately timed (nb_transport, 4 phases: BEGIN_REQ, then waits
// for END_REQ and BEGIN_RESP). Only the coding style differs; a driver written against
// read()/write()/wait_irq() runs unchanged on both.
class RegisterMaster : public sc_core::sc_module {
  public:
    enum class Mode : uint8_t { kLooselyTimed, kApproximatelyTimed };

    RegisterMaster(const sc_core::sc_module_name& name, Mode mode);

    sim::InitiatorPort port;
    sc_core::sc_in<bool> irq;
    // Runs in the master's thread from time 0.
    std::function<void(RegisterMaster&)> script;

    // One access from the script; returns the response status (data in/out through `data`).
    tlm::tlm_response_status access(tlm::tlm_command command, uint64_t address, uint8_t* data,
                                    unsigned length, const uint8_t* byte_enables = nullptr,
                                    unsigned byte_enable_length = 0);
    uint32_t read(uint64_t address);
    void write(uint64_t address, uint32_t value);
    // The master's own time passes (CPU work between accesses).
    void work(const sc_core::sc_time& t);
    // Sleeps until the interrupt line is high (a loosely-timed master syncs first).
    void wait_irq();
    // The master's local time (simulated time plus its decoupling offset).
    sc_core::sc_time local_time() const;

    Mode mode() const { return mode_; }
    uint64_t syncs() const { return syncs_; }
    uint64_t accesses() const { return accesses_; }
    // For AT: the simulated times of the last request's END_REQ and BEGIN_RESP.
    sc_core::sc_time last_end_req;
    sc_core::sc_time last_response;

  private:
    void run();
    void sync_if_needed();

    Mode mode_;
    tlm_utils::tlm_quantumkeeper keeper_;
    sim::MemoryManager mm_;
    sc_core::sc_event response_event_;
    sc_core::sc_event ready_event_;
    tlm::tlm_generic_payload* waiting_ = nullptr;
    bool responded_ = false;
    uint64_t syncs_ = 0;
    uint64_t accesses_ = 0;
};

}  // namespace mvp::tb
