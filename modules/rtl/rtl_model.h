#pragma once

#include <cstdint>
#include <string>

namespace mvp::rtl {

// A Verilated RTL block as an adapter drives it (VerilatedRtlModel implements it for a model
// class): evaluate it now, with the values its input channels hold; save and restore its whole
// state; write its waveform. The input and output pins are ImmediateSignal channels the adapter
// owns and the model's ports are bound to.
class RtlModel {
  public:
    virtual ~RtlModel() = default;

    virtual void eval() = 0;
    // The model's state (Verilator's --savable serialisation) and back.
    virtual void save(std::string* state) = 0;
    virtual void restore(const std::string& state) = 0;
    // A VCD of the model's signals (Verilator's --trace); time in picoseconds. Returns false
    // when the file cannot be written.
    virtual bool open_trace(const std::string& path) = 0;
    virtual void dump(uint64_t time_ps) = 0;
    virtual void close_trace() = 0;
};

}  // namespace mvp::rtl
