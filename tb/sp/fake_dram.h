#pragma once

#include <cstdint>
#include <map>
#include <systemc>
#include <tlm>

#include "modules/golden/global_memory.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/target_port.h"

namespace mvp::tb {

// Global memory behind the SP's XI for the Sp testbench: performs each request when it
// arrives (reads, writes with byte enables, atomics of the GPU extension) on a GlobalMemory
// and answers it `latency` cycles after the edge it was sent at.
class FakeDram : public sc_core::sc_module, public sim::Clocked {
  public:
    FakeDram(const sc_core::sc_module_name& name, sim::ClockDomain& clock, GlobalMemory& memory,
             unsigned latency);
    sim::TargetPort port;
    unsigned latency;
    uint64_t requests = 0;
    void tick() override;

  private:
    void perform(tlm::tlm_generic_payload& gp);
    sim::ClockDomain& clock_;
    GlobalMemory& memory_;
    std::multimap<uint64_t, tlm::tlm_generic_payload*> responses_;
};

}  // namespace mvp::tb
