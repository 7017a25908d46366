#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "clock_domain.h"

namespace mvp::sim {

// Writes a VCD waveform (GTKWave opens it) of plain member variables of the modules: queue
// depths, busy flags, addresses, hit/miss. Modules register the variables they offer at
// elaboration; the scope filter (glob patterns on hierarchical names, as -trace_scope gives
// them) keeps the wanted ones, and the values are sampled after every clock edge at which some
// block worked (in any domain), within the window of core cycles, writing only changes. No
// sc_signal is added to the model and no clock is kept running: the tracer reads the variables
// when they can have changed.
//
// SystemC's own sc_trace cannot be limited to a cycle window or filtered by instance, which is
// why the model writes VCD itself (doc/tracing.md).
class VcdTracer {
  public:
    // The process-wide tracer (one platform per process).
    static VcdTracer& instance();

    // Turns tracing on. patterns: comma-separated globs ('*' any run, '?' one character)
    // matched against "module.path.variable"; end_cycle 0 means no end.
    void configure(const std::string& path, const std::string& patterns, uint64_t start_cycle,
                   uint64_t end_cycle);
    bool enabled() const { return enabled_; }
    // True when the name passes the scope filter.
    bool wants(const std::string& name) const;

    // Offers a variable (bool or an integer type of up to 64 bits) under its full hierarchical
    // name; kept only when tracing is on and the filter wants it.
    template <class T>
    void trace(const std::string& name, const T* var, unsigned width = 0) {
        static_assert(std::is_integral<T>::value || std::is_enum<T>::value,
                      "trace integers, bools and enums");
        if (!enabled_ || !wants(name)) return;
        add(name, var, sizeof(T),
            width ? width : (std::is_same<T, bool>::value ? 1 : 8 * sizeof(T)));
    }

    // Starts sampling after the active edges of these domains; `core` counts the window.
    void start(ClockDomain& core, const std::vector<ClockDomain*>& domains);
    // Writes the final values and moves the file into place.
    void finish();
    // Drops the file being written (a failed run leaves no waveform that looks complete).
    void abandon();

    size_t traced() const { return vars_.size(); }

  private:
    void sample();

    struct Var {
        std::string name;
        const void* ptr;
        unsigned bytes;
        unsigned width;
        std::string id;
        uint64_t last;
    };
    void add(const std::string& name, const void* ptr, unsigned bytes, unsigned width);
    uint64_t read(const Var& v) const {
        uint64_t x = 0;
        std::memcpy(&x, v.ptr, v.bytes);
        return v.width < 64 ? x & ((uint64_t{1} << v.width) - 1) : x;
    }
    void write_header();
    void write_value(const Var& v, uint64_t value);

    bool enabled_ = false;
    bool started_ = false;
    bool header_done_ = false;
    uint64_t last_stamp_ = UINT64_MAX;
    std::string path_;
    std::vector<std::string> patterns_;
    uint64_t start_cycle_ = 0;
    uint64_t end_cycle_ = 0;
    ClockDomain* core_ = nullptr;
    std::vector<Var> vars_;
    std::ofstream out_;
};

}  // namespace mvp::sim
