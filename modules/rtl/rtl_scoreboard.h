#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "immediate_signal.h"
#include "modules/sp/scoreboard_if.h"
#include "rtl_block.h"

namespace mvp::rtl {

// The scoreboard as its RTL (rtl/sp/mvp_scoreboard.sv, Verilated): every answer comes from the
// model's pins, nothing is kept on the C++ side but the last query's outputs.
//
// Pins (modules/rtl/README.md): clk, cmd {trace_en, query, valid, op, handle, reg, warp}, lanes,
// cycle in; status {full_error, has_room, count, handle, pending_vec, ready_vec} out. A change of
// state (reserve, set_ready, release, clear) is one rising clock edge with valid high; the
// queries (has_room, source_ready, pending, pending_count) are combinational and answer every
// register at once, so the adapter evaluates once per (warp, lanes, cycle) and serves the other
// queries of the same instruction from those outputs until the warp's state changes. The clock
// is lowered with the next evaluation, not in one of its own.
class RtlScoreboard final : public ScoreboardIf, public RtlBlock {
  public:
    static constexpr unsigned kMaxWarps = 64;  // the RTL's MAX_WARPS

    // The channels the model's ports are bound to.
    struct Pins {
        ImmediateSignal<bool> clk;
        ImmediateSignal<uint32_t> cmd;
        ImmediateSignal<uint64_t> lanes;
        ImmediateSignal<uint64_t> cycle;
        ImmediateSignal<uint64_t> status;
    };
    // Makes the Verilated model (a SystemC module named `name`, a child of the current module)
    // with its ports bound to `pins` (rtl_scoreboard_model.h).
    using ModelMaker = std::unique_ptr<RtlModel> (*)(Pins& pins, const std::string& name);
    // The model of the adapters made from now on: by default the RTL of
    // rtl/sp/mvp_scoreboard.sv; another build of the same pins may be dropped in (the test of
    // lockstep's bug finding uses one with a bug, tb/rtl).
    static void use_model(ModelMaker maker);

    // path: the block's path ("mvp.gpc0.tpc0.sm0.sp0.scoreboard"), for reports; the Verilated
    // module is "rtl", a child of the module under construction (the block's slot).
    explicit RtlScoreboard(const std::string& path);
    ~RtlScoreboard() override;

    bool has_room(unsigned warp) const override;
    unsigned reserve(unsigned warp, unsigned reg, LaneMask lanes) override;
    void set_ready(unsigned warp, unsigned handle, uint64_t cycle) override;
    void release(unsigned warp, unsigned handle) override;
    bool source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const override;
    bool pending(unsigned warp, unsigned reg, LaneMask lanes) const override;
    unsigned pending_count(unsigned warp) const override;
    void clear(unsigned warp) override;

  protected:
    void capture_inputs(uint64_t* values) const override;
    void apply_inputs(const uint64_t* values, bool tracing) override;

  private:
    enum Op : uint32_t { kReserve = 1, kSetReady = 2, kRelease = 3, kClear = 4 };
    // The status bus of the last query.
    struct Query {
        bool valid = false;
        unsigned warp = 0;
        LaneMask lanes = 0;
        uint64_t now = 0;
        uint64_t status = 0;
    };
    uint64_t query(unsigned warp, LaneMask lanes, uint64_t now, bool any = false) const;
    void operate(Op op, unsigned warp, unsigned reg, LaneMask lanes, unsigned handle,
                 uint64_t cycle);
    bool usable() const;

    Pins pins_;
    mutable Query last_;
};

}  // namespace mvp::rtl
