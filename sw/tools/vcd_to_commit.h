#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "signal_map.h"
#include "vcd_reader.h"

namespace mvp {
class DebugMap;
}

namespace mvp::tools {

// Rebuilds a commit log from a waveform (mvp-vcd2commit): the signal map says which signals
// are a retire port; every retire they show becomes the line CommitRecord::format writes for it,
// so a model run's VCD gives back the run's own commit log byte for byte.
//
// Ports. A map port whose trigger path has wildcards (`*` any run of characters without a
// dot, `**` any run) is one port per distinct text the wildcards match in the VCD (every SP's
// `commit<k>` in the model's VCD); its other paths take the same texts in the same order.
// Lines of one cycle are written by SP, then by port in map order (wildcard ports in natural
// order of their matched text): the order in which the model's SPs retire within a cycle.
class VcdToCommit {
  public:
    // debug: the program's debug map for the source column; null gives "(-)" and the
    // disassembly, as a run with --no-debug-map.
    VcdToCommit(const SignalMap& map, const std::string& vcd_path, const DebugMap* debug);

    // The commit log. Throws TraceError naming the map's or the VCD's file and line.
    std::string convert();
    size_t retired() const { return retired_; }
    size_t ports() const { return ports_.size(); }

  private:
    struct Signal {
        bool set = false;
        bool constant = false;
        uint64_t value = 0;
        int slot = -1;
        unsigned width = 0;
        std::string path;
    };
    struct Port {
        std::string label;  // the trigger's signal path
        std::string name;   // the map's port name, for messages
        size_t map_port = 0;
        Signal fields[SignalMap::kFields];
        // Per-lane fields: one signal per lane, or one packed vector (lane i in bits 32i+31:32i).
        std::vector<Signal> lanes[3];
        bool packed[3] = {false, false, false};
    };
    struct Retire {
        uint64_t cycle;
        uint64_t sp;
        size_t order;
        std::string line;
    };

    void resolve();
    Signal signal(const SignalMap::Binding& b, const std::string& path, const std::string& key);
    // "port <name> (<trigger path>)", for messages.
    static std::string who(const Port& p);
    uint64_t number(const Signal& s, const std::string& owner, const char* field) const;
    uint32_t lane_word(const Port& p, int which, unsigned lane) const;
    void retire(size_t port, uint64_t cycle);
    uint64_t cycle_of(uint64_t time) const;
    [[noreturn]] void fail_at_step(const std::string& what) const;

    const SignalMap& map_;
    std::string vcd_path_;
    const DebugMap* debug_;
    VcdReader vcd_;
    unsigned warp_size_ = 0;
    std::vector<Port> ports_;
    Signal clock_, cycle_;
    std::vector<std::string> values_;                    // by slot, "" until the file sets it
    std::vector<unsigned> widths_;                       // by slot
    std::unordered_map<std::string, size_t> var_index_;  // path -> VcdReader var
    std::unordered_map<std::string, int> slot_of_id_;
    uint64_t step_time_ = 0;
    size_t step_line_ = 0;
    uint64_t edges_ = 0;
    std::vector<Retire> pending_;
    std::string record_line_;
    size_t retired_ = 0;
};

}  // namespace mvp::tools
