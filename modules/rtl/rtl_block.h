#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rtl_model.h"

namespace mvp::rtl {

// What the RTL adapters share: the Verilated model, its evaluation, and in lockstep the record
// from which a waveform of the last cycles is written after a mismatch.
//
// The waveform is not traced while the simulation runs (tracing every evaluation would cost
// more than the block itself). Instead, with recording on, the block keeps a snapshot of the
// model's state every kSnapshotCycles core cycles and the input pins of every evaluation since
// the snapshot before the last one. write_vcd() restores that older snapshot, replays the
// recorded inputs with tracing on and the model's trace_en pin high (the addressed warp's
// tables appear as view_* signals), and so writes between kSnapshotCycles and
// 2 x kSnapshotCycles cycles of history ending at the last evaluation. VCD time: core cycle c
// at c ns; the evaluations within a cycle 1 ps apart.
class RtlBlock {
  public:
    static constexpr uint64_t kSnapshotCycles = 2048;
    static constexpr unsigned kMaxInputs = 8;

    virtual ~RtlBlock();
    RtlBlock(const RtlBlock&) = delete;
    RtlBlock& operator=(const RtlBlock&) = delete;

    // The block's path in the SystemC hierarchy ("mvp.gpc0.tpc0.sm0.sp0.scoreboard").
    const std::string& path() const { return path_; }
    // Model evaluations so far (host work).
    uint64_t evaluations() const { return evaluations_; }

    // Keep the record for write_vcd (lockstep). `cycle` gives the current core cycle.
    void enable_recording(std::function<uint64_t()> cycle);
    // Writes the recorded window as a VCD; false with *error when it cannot. The model is
    // left as it was (the replay ends where the simulation stopped).
    bool write_vcd(const std::string& path, std::string* error);
    // The first cycle write_vcd covers.
    uint64_t recorded_from() const {
        return older_.valid ? older_.first_cycle : current_.first_cycle;
    }

  protected:
    // num_inputs: the input pins the adapter captures and applies (clock included).
    RtlBlock(std::string path, unsigned num_inputs);
    void set_model(std::unique_ptr<RtlModel> model) { model_ = std::move(model); }

    // Evaluates the model with the adapter's input pins as they are.
    void evaluate() {
        if (recording_) record();
        model_->eval();
        ++evaluations_;
    }
    // The input pins as numbers, and back (replay; `tracing` sets the trace_en pin).
    virtual void capture_inputs(uint64_t* values) const = 0;
    virtual void apply_inputs(const uint64_t* values, bool tracing) = 0;

  private:
    struct Segment {
        uint64_t first_cycle = 0;
        std::string state;             // the model before the segment's first evaluation
        std::vector<uint64_t> inputs;  // per evaluation: cycle, then num_inputs_ pins
        bool valid = false;
    };
    void record();

    std::string path_;
    unsigned num_inputs_;
    std::unique_ptr<RtlModel> model_;
    uint64_t evaluations_ = 0;
    bool recording_ = false;
    std::function<uint64_t()> cycle_;
    uint64_t next_snapshot_ = 0;
    Segment older_;
    Segment current_;
};

}  // namespace mvp::rtl
