#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include <functional>
#include <string>
#include <systemc>
#include <tlm>

#include "cpu_bus.h"

namespace mvp::example_vp {

// The example VP's CPU, a stand-in for a processor model: one thread that runs a driver
// (a function given at construction) and offers it CpuBus. Every access is a loosely-timed
// b_transport on `socket` with temporal decoupling: the CPU runs ahead of simulated time by
// up to one quantum (`quantum`, set as the global quantum of tlm_utils::tlm_quantumkeeper)
// and synchronises when it is used up or when it sleeps for the interrupt. Instruction execution is
// not modelled: each access costs `access_time` of the CPU's local time plus what the target
// annotates. The CPU makes no DMI accesses. When the driver returns (or throws), the CPU stops the
// simulation.
class Cpu : public sc_core::sc_module, public CpuBus {
  public:
    // The driver's result: 0 when it succeeded; it writes its error line into `error`.
    using Program = std::function<int(CpuBus& bus, std::string& error)>;

    Cpu(const sc_core::sc_module_name& name, Program program,
        const sc_core::sc_time& quantum = sc_core::sc_time(1, sc_core::SC_US),
        const sc_core::sc_time& access_time = sc_core::sc_time(1, sc_core::SC_NS));

    tlm_utils::simple_initiator_socket<Cpu> socket;
    sc_core::sc_in<bool> irq;

    uint32_t read32(uint64_t address) override;
    void write32(uint64_t address, uint32_t value) override;
    void read(uint64_t address, void* data, size_t bytes) override;
    void write(uint64_t address, const void* data, size_t bytes) override;
    bool wait_for_interrupt(double timeout_us) override;
    double now_us() const override;

    // Whether the driver has returned, its exit status and error line.
    bool finished() const { return finished_; }
    int status() const { return status_; }
    const std::string& error() const { return error_; }

  private:
    void run();
    void access(tlm::tlm_command command, uint64_t address, void* data, size_t bytes);

    Program program_;
    sc_core::sc_time access_time_;
    tlm_utils::tlm_quantumkeeper quantum_;
    bool finished_ = false;
    int status_ = 1;
    std::string error_;
};

}  // namespace mvp::example_vp
