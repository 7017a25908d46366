#pragma once

#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <systemc>
#include <tlm>

namespace mvp {

// The host CPU's side of the system bus as a driver uses it: 32-bit register reads and
// writes (untimed b_transport, memory-mapped I/O) and the GPU's interrupt line. When the line
// rises it pauses the simulation, so that a host program that called sc_start() regains
// control exactly when the GPU signals.
class HostBus : public sc_core::sc_module {
  public:
    explicit HostBus(const sc_core::sc_module_name& name);

    tlm_utils::simple_initiator_socket<HostBus> socket;
    sc_core::sc_in<bool> irq;

    uint32_t read(uint32_t offset);
    void write(uint32_t offset, uint32_t value);
    // A register read through the debug transport, as a debugger reads: no time, no side
    // effect, not counted by the GPU's statistics (a progress display polls with it).
    uint32_t peek(uint32_t offset);

    bool interrupted() const { return interrupted_; }
    void clear_interrupted() { interrupted_ = false; }

  private:
    void on_irq();
    bool interrupted_ = false;
};

}  // namespace mvp
