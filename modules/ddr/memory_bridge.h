#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"

namespace mvp {

namespace config {
class Config;
}

// The GPU's memory port onto a virtual platform's own memory (-mvpgpu_memory external): it
// takes the place of the DDR controllers behind the NoC's memory ports and issues every
// request it receives (SP traffic and DMA) on one TLM initiator socket, the Gpu's
// memory_socket(), which the VP binds to its router or memory. It models no DRAM timing: the
// time a request takes is what the VP's memory says (the b_transport annotation, or the DMI
// latency), so the GPU's memory path is the SoC's. modules/ddr/README.md and
// doc/memory-interface.md describe it; timing in interconnect cycles:
//   - a request sent by the NoC at edge e is accepted at once (END_REQ; no queue limit: the
//     NoC's and XIs' outstanding limits bound it) and performed on the socket at once, in
//     arrival order;
//   - its response goes back at the first edge at or after the time the access returned plus
//     its annotated delay (DMI: the region's read or write latency), and never before e + 1.
// Accesses: where the target has granted DMI for the bytes and the direction, the bridge reads
// or writes the granted pointer (no call); otherwise b_transport from the bridge's own thread,
// so a target may wait() in it. A b_transport answer with the DMI hint makes the bridge ask for
// the region (get_direct_mem_ptr); invalidate_direct_mem_ptr drops every region it touches.
// Byte enables go to the target; a target that refuses them (TLM_BYTE_ENABLE_ERROR_RESPONSE)
// gets each run of enabled bytes as a plain write. Atomics (GpuExtension::atomic) are a read
// and a write of the word done by the bridge, atomic for the GPU's own requests (the bridge
// does one request at a time) but not against other masters of the VP. An error response
// (any status but TLM_OK_RESPONSE) goes back to the requester as it came.
// Addresses: device address A in [0x80000000, 0x80000000 + window) appears on the socket at
// bus_base + (A - 0x80000000); a request outside that window is answered with
// TLM_ADDRESS_ERROR_RESPONSE without reaching the socket, as the DDR model answers it.
// Reset: reset() drops every request not yet answered; an access the bridge's thread is still
// making (a target waiting inside b_transport) completes on the socket, but its answer is
// thrown away (an epoch number tells it apart), and the requester's payload is not touched.
class MemoryBridge : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        uint64_t bus_base = 0x80000000u;      // -mvpgpu_external_memory_base
        uint32_t window_bytes = 0x40000000u;  // -mvpgpu_global_mem_size

        static Params from_config(const config::Config& c);
    };
    // The socket side the bridge calls through (the Gpu owns the socket; VPs bind it).
    using Forward = sc_core::sc_port_b<tlm::tlm_fw_transport_if<>>;
    using TargetSocket = sim::TargetSocket;

    static constexpr uint32_t kDeviceBase = 0x80000000u;
    static constexpr unsigned kMaxBytes = 256;  // the largest request of the model

    // n_ports target ports (one per NoC memory port) on the interconnect clock, all issuing
    // on `out`.
    MemoryBridge(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params,
                 unsigned n_ports, Forward& out);
    ~MemoryBridge() override;

    TargetSocket& target_socket(unsigned i) { return ports_.at(i)->socket; }
    const Params& params() const { return params_; }

    // The target's invalidate_direct_mem_ptr, in socket addresses [start, end].
    void invalidate_dmi(uint64_t start, uint64_t end);
    // DMI regions granted and in use.
    size_t dmi_regions() const { return regions_.size(); }

    // Drops every request not yet answered (the GPU's reset).
    void reset();

    void tick() override;

    struct Counters {
        uint64_t requests = 0;
        uint64_t dmi_accesses = 0;       // requests served through a DMI pointer
        uint64_t socket_accesses = 0;    // b_transport calls made
        uint64_t error_responses = 0;    // requests answered with an error
        uint64_t dmi_grants = 0;         // regions granted by get_direct_mem_ptr
        uint64_t dmi_invalidations = 0;  // regions dropped by invalidate_direct_mem_ptr
        uint64_t dropped = 0;            // answers thrown away after a reset
    };
    const Counters& counters() const { return counters_; }

  private:
    // One access as the bridge makes it on the socket, with its own copy of the data, so that
    // a target that waits never touches a requester's payload.
    struct Access {
        tlm::tlm_command command = tlm::TLM_IGNORE_COMMAND;
        bool atomic = false;
        uint8_t atomic_op = 0;
        uint32_t atomic_operand = 0;
        uint32_t atomic_compare = 0;
        uint32_t address = 0;  // device address
        unsigned length = 0;
        unsigned enable_length = 0;  // 0: no byte enables
        unsigned char data[kMaxBytes];
        unsigned char enables[kMaxBytes];
    };
    struct Job {
        tlm::tlm_generic_payload* gp;
        unsigned port;
        uint64_t registered;  // the first edge after its arrival
    };
    struct Answer {
        tlm::tlm_generic_payload* gp;
        unsigned port;
        uint64_t cycle;    // the edge it goes back at
        uint64_t arrival;  // for the latency statistic
    };

    bool on_request(unsigned port, tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void untimed(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned debug(tlm::tlm_generic_payload& gp);
    void worker();
    void end_of_elaboration() override;

    // Copies a request into an Access, and the answer back into the request.
    void load(const tlm::tlm_generic_payload& gp, Access& a) const;
    void store(const Access& a, tlm::tlm_response_status status, tlm::tlm_generic_payload& gp);
    // Performs an access (DMI or b_transport through `carrier`), adding its time to `delay`;
    // may wait only when b_transport is used.
    tlm::tlm_response_status perform(Access& a, sc_core::sc_time& delay,
                                     tlm::tlm_generic_payload& carrier);
    // One read or write of the bytes [address, address + length) of the socket: DMI if a
    // region allows it, else b_transport.
    tlm::tlm_response_status transfer(tlm::tlm_command command, uint64_t address,
                                      unsigned char* data, unsigned length, unsigned char* enables,
                                      unsigned enable_length, sc_core::sc_time& delay,
                                      tlm::tlm_generic_payload& carrier);
    tlm::tlm_response_status call(tlm::tlm_command command, uint64_t address, unsigned char* data,
                                  unsigned length, unsigned char* enables, unsigned enable_length,
                                  sc_core::sc_time& delay, tlm::tlm_generic_payload& carrier);
    // A granted region holding [address, address + length) with the access right, or null.
    const tlm::tlm_dmi* region_for(uint64_t address, unsigned length, bool write) const;
    void ask_dmi(uint64_t address, tlm::tlm_command command, tlm::tlm_generic_payload& carrier);
    // True when the whole access can be served from DMI regions (no call, no wait).
    bool dmi_covers(const Access& a) const;
    uint64_t bus_address(uint32_t device) const {
        return params_.bus_base + (device - kDeviceBase);
    }
    bool in_window(uint32_t address, unsigned length) const {
        return address >= kDeviceBase &&
               uint64_t{address - kDeviceBase} + length <= params_.window_bytes;
    }
    // Queues the answer of a request whose access returned now, `delay` still to pass.
    void answer(const Job& job, const sc_core::sc_time& delay);

    sim::ClockDomain& clock_;
    Params params_;
    Forward& out_;
    std::vector<std::unique_ptr<sim::TargetPort>> ports_;
    std::vector<tlm::tlm_dmi> regions_;

    std::deque<Job> jobs_;      // waiting for the bridge's thread, in arrival order
    bool worker_busy_ = false;  // the thread is making an access
    sc_core::sc_event job_event_;
    std::deque<Answer> answers_;               // by cycle
    uint64_t epoch_ = 0;                       // advanced by reset()
    Access inline_access_;                     // an access made in the caller's process (DMI only)
    Access worker_access_;                     // the access the thread is making
    tlm::tlm_generic_payload worker_carrier_;  // what the thread sends on the socket

    sim::StatGroup stats_;
    Counters counters_;
    sim::Sampler latency_;
};

}  // namespace mvp
