#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "immediate_signal.h"
#include "modules/sp/divergence_policy.h"
#include "modules/sp/mp_ipdom_inspect.h"
#include "rtl_block.h"

namespace mvp::rtl {

// Multi-Path IPDOM as its RTL (rtl/sp/mvp_mp_ipdom.sv, Verilated): every operation is one rising
// clock edge of the model, and every answer comes from its pins.
//
// Pins (modules/rtl/README.md): clk, cmd {trace_en, valid, stat_sel, is_return, op, rd_index,
// tgt_lane, slot, warp}, cfg {warp_size, st_entries, rt_entries}, pc_a, pc_b, pc_c, lanes in;
// status {error, sched_dirty, st_entries, rd_sched, rt_used, st_used, occupied}, live, rd_pc,
// rd_mask, st_dirty, rd_stat out.
//
// The pipeline reads a warp's splits many times per cycle and changes them about once per
// issued instruction, so the adapter keeps the outputs it read for each warp (its split
// table's PC and mask per slot, occupied slots, live lanes, schedule order, table occupancy)
// and reads again only what an operation changed: the slot the operation addressed comes out
// of the read port in the same evaluation; any other slot marked in st_dirty, and the schedule
// order when sched_dirty, take one evaluation each through the read port (rd_index). jr targets
// go in one lane per edge (OP_TARGET) before OP_INDIRECT. The statistics are read through
// rd_stat when asked for.
class RtlMpIpdom final : public DivergencePolicy, public MpIpdomInspect, public RtlBlock {
  public:
    static constexpr unsigned kMaxWarps = 64;  // the RTL's MAX_WARPS
    static constexpr unsigned kMaxRtEntries = 64;

    RtlMpIpdom(const std::string& path, unsigned num_warps, unsigned warp_size, unsigned st_entries,
               unsigned rt_entries);
    ~RtlMpIpdom() override;

    const char* name() const override { return "mpipdom"; }
    unsigned max_splits() const override { return slots_; }
    uint32_t occupied(unsigned warp) const override { return warps_[warp].occupied; }
    unsigned schedule(unsigned warp, uint8_t* slots) const override;
    void start(unsigned warp, uint32_t pc, LaneMask mask) override;
    Split split(unsigned warp, unsigned slot) const override { return warps_[warp].splits[slot]; }
    LaneMask live(unsigned warp) const override { return warps_[warp].live; }

    void advance(unsigned warp, unsigned slot, uint32_t next_pc) override;
    void on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                   uint32_t fallthrough, uint32_t reconvergence) override;
    void on_jump(unsigned warp, unsigned slot, uint32_t target) override;
    void on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t return_pc) override;
    void on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                     bool is_return) override;
    void on_exit(unsigned warp, unsigned slot, LaneMask lanes) override;
    void on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) override;
    void on_barrier_release(unsigned warp) override;

    // Statistics: read from the model when called.
    const Stats& stats() const override;
    const uint8_t* st_used(unsigned warp) const override { return &warps_[warp].st_used; }
    const uint8_t* rt_used(unsigned warp) const override { return &warps_[warp].rt_used; }
    // The model's sticky error flag: an operation the RTL could not perform.
    bool error() const { return error_; }

  protected:
    void capture_inputs(uint64_t* values) const override;
    void apply_inputs(const uint64_t* values, bool tracing) override;

  private:
    enum Op : uint32_t {
        kStart = 1,
        kAdvance,
        kBranch,
        kJump,
        kCall,
        kIndirect,
        kExit,
        kBarrier,
        kRelease,
        kTarget
    };
    // The outputs read for one warp.
    struct WarpView {
        std::vector<Split> splits;
        uint32_t occupied = 0;
        LaneMask live = 0;
        uint8_t sched[32] = {};
        unsigned sched_count = 0;
        uint8_t st_used = 0;
        uint8_t rt_used = 0;
    };
    // One edge: the operation on (warp, slot), then the outputs it changed.
    void operate(Op op, unsigned warp, unsigned slot, uint32_t a = 0, uint32_t b = 0,
                 uint32_t c = 0, LaneMask lanes = 0, bool is_return = false, unsigned lane = 0);
    void edge();
    void read_back(unsigned warp, unsigned slot, bool whole);
    void set_cmd(uint32_t cmd) { cmd_.set(cmd); }

    unsigned slots_;
    std::vector<WarpView> warps_;
    bool error_ = false;
    mutable Stats stats_;

    ImmediateSignal<bool> clk_;
    ImmediateSignal<uint32_t> cmd_;
    ImmediateSignal<uint32_t> cfg_;
    ImmediateSignal<uint32_t> pc_a_;
    ImmediateSignal<uint32_t> pc_b_;
    ImmediateSignal<uint32_t> pc_c_;
    ImmediateSignal<uint64_t> lanes_;
    ImmediateSignal<uint64_t> status_;
    ImmediateSignal<uint64_t> live_;
    ImmediateSignal<uint32_t> rd_pc_;
    ImmediateSignal<uint64_t> rd_mask_;
    ImmediateSignal<uint32_t> st_dirty_;
    ImmediateSignal<uint64_t> rd_stat_;
};

}  // namespace mvp::rtl
