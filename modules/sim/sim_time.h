#pragma once

#include <systemc>

namespace mvp::sim {

// A host thread's own simulated time, from its construction to its destruction (nested ones
// restore the outer time). A clock domain's pass sets it for the thread that evaluates it, a
// tile's host thread included, so that the blocks of a tile read the time of the edge they are
// at even when the kernel's time is elsewhere (several edges of a tile evaluated between two
// exchanges with the rest of the chip). Outside such a scope the time is the kernel's.
class LocalTime {
  public:
    explicit LocalTime(const sc_core::sc_time& time) : time_(time), outer_(current_) {
        current_ = &time_;
    }
    ~LocalTime() { current_ = outer_; }
    LocalTime(const LocalTime&) = delete;
    LocalTime& operator=(const LocalTime&) = delete;

    const sc_core::sc_time& time() const { return time_; }
    // This host thread's time if one is set, else nullptr.
    static const sc_core::sc_time* current() { return current_; }

  private:
    sc_core::sc_time time_;
    const sc_core::sc_time* outer_;
    static inline thread_local const sc_core::sc_time* current_ = nullptr;
};

// The current simulated time of this host thread: its LocalTime if one is set, else the
// kernel's, as sc_core::sc_time_stamp() gives it, read in place from the simulation context
// (sc_time_stamp() is a call into the SystemC library, and the memory blocks ask for the time
// on every transaction that crosses a link). Blocks read the time through this
// (doc/timing-model.md).
inline const sc_core::sc_time& time_now() {
    if (const sc_core::sc_time* local = LocalTime::current()) return *local;
    return sc_core::sc_get_curr_simcontext()->time_stamp();
}

}  // namespace mvp::sim
