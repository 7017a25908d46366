#pragma once

#include <systemc>

namespace mvp::sim {

// The current simulated time, as sc_core::sc_time_stamp() gives it, read in place from the
// simulation context: sc_time_stamp() is a call into the SystemC library, and the memory blocks
// ask for the time on every transaction that crosses a link.
inline const sc_core::sc_time& time_now() {
    return sc_core::sc_get_curr_simcontext()->time_stamp();
}

}  // namespace mvp::sim
