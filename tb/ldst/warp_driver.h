#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <systemc>
#include <vector>

#include "modules/ldst/ldst.h"
#include "modules/ldst/warp_memory_request.h"
#include "modules/sim/clock_domain.h"

namespace mvp::tb {

// Stands for the SP pipeline in the LD/ST testbenches: issues scripted warp memory
// instructions in order, at most one per edge, each at the first edge at or after its cycle at
// which Ldst::can_accept() is true, and records issue and completion edges.
class WarpDriver : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Record {
        uint64_t issue_cycle = 0;
        bool completed = false;
        WarpMemoryResult result;
    };

    WarpDriver(const sc_core::sc_module_name& name, sim::ClockDomain& clock);

    // The unit to drive (before the simulation starts); takes its completion callback.
    void drive(Ldst& ldst);

    // Returns the instruction's index; its request id is set to that index.
    unsigned schedule(uint64_t cycle, WarpMemoryRequest request);

    const Record& record(unsigned index) const { return records_.at(index); }
    const std::vector<unsigned>& completion_order() const { return order_; }
    bool all_done() const { return order_.size() == records_.size(); }
    // Edges at which a due instruction found can_accept() false.
    uint64_t refused_cycles() const { return refused_; }
    // Called (from the LD/ST unit's tick) when the last scripted instruction completes.
    std::function<void()> on_all_done;

    void tick() override;

  private:
    struct Scripted {
        uint64_t cycle;
        WarpMemoryRequest request;
    };

    sim::ClockDomain& clock_;
    Ldst* ldst_ = nullptr;
    std::deque<Scripted> script_;
    std::vector<Record> records_;
    std::vector<unsigned> order_;
    uint64_t refused_ = 0;
};

}  // namespace mvp::tb
