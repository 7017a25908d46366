#include "rtl_mp_ipdom.h"

#include <algorithm>

#include "Vmvp_mp_ipdom.h"
#include "modules/sp/mp_ipdom.h"
#include "verilated_rtl_model.h"

namespace mvp::rtl {

// The tag of the model's eval_step (verilated_eval.h); in this namespace, where
// DefineEvalStep defines the friend.
struct MpIpdomEval {
    using Type = void (Vmvp_mp_ipdom::*)();
    friend Type eval_step(MpIpdomEval);
};

namespace {

// cmd: {trace_en[31], valid[30], stat_sel[29:27], is_return[26], op[25:22], rd_index[21:17],
// tgt_lane[16:11], slot[10:6], warp[5:0]}.
constexpr unsigned kSlotShift = 6, kLaneShift = 11, kIndexShift = 17, kOpShift = 22,
                   kStatShift = 27;
constexpr uint32_t kReturn = 1u << 26, kValid = 1u << 30, kTraceEn = 1u << 31;
constexpr uint32_t kIndexMask = 0x1fu << kIndexShift, kStatMask = 0x7u << kStatShift;
// status: {error[57], sched_dirty[56], st_entries[55:50], rd_sched[49:45], rt_used[44:38],
// st_used[37:32], occupied[31:0]}.
uint32_t occupied_of(uint64_t s) { return static_cast<uint32_t>(s); }
uint8_t st_used_of(uint64_t s) { return static_cast<uint8_t>((s >> 32) & 0x3f); }
uint8_t rt_used_of(uint64_t s) { return static_cast<uint8_t>((s >> 38) & 0x7f); }
uint8_t sched_of(uint64_t s) { return static_cast<uint8_t>((s >> 45) & 0x1f); }
unsigned st_entries_of(uint64_t s) { return static_cast<unsigned>((s >> 50) & 0x3f); }
bool sched_dirty_of(uint64_t s) { return (s >> 56) & 1; }
bool error_of(uint64_t s) { return (s >> 57) & 1; }


}  // namespace

template struct DefineEvalStep<MpIpdomEval, &Vmvp_mp_ipdom::eval_step>;

RtlMpIpdom::RtlMpIpdom(const std::string& path, unsigned num_warps, unsigned warp_size,
                       unsigned st_entries, unsigned rt_entries)
    : RtlBlock(path, 7), slots_(MpIpdom::split_slots(st_entries, warp_size)), warps_(num_warps) {
    for (WarpView& w : warps_) w.splits.assign(slots_, Split{});
    auto model = std::make_unique<Vmvp_mp_ipdom>("rtl");
    model->clk(clk_);
    model->cmd(cmd_);
    model->cfg(cfg_);
    model->pc_a(pc_a_);
    model->pc_b(pc_b_);
    model->pc_c(pc_c_);
    model->lanes(lanes_);
    model->status(status_);
    model->live(live_);
    model->rd_pc(rd_pc_);
    model->rd_mask(rd_mask_);
    model->st_dirty(st_dirty_);
    model->rd_stat(rd_stat_);
    set_model(std::make_unique<VerilatedRtlModel<Vmvp_mp_ipdom, MpIpdomEval>>(std::move(model)));
    // cfg: {warp_size[19:13], st_entries[12:7], rt_entries[6:0]}.
    cfg_.set((warp_size << 13) | (std::min(st_entries, 32u) << 7) |
             std::min(rt_entries, kMaxRtEntries));
}

RtlMpIpdom::~RtlMpIpdom() = default;

void RtlMpIpdom::edge() {
    if (clk_.get()) {
        clk_.set(false);
        evaluate();
    }
    clk_.set(true);
    evaluate();
}

void RtlMpIpdom::operate(Op op, unsigned warp, unsigned slot, uint32_t a, uint32_t b, uint32_t c,
                         LaneMask lanes, bool is_return, unsigned lane) {
    if (!sc_core::sc_get_curr_simcontext()->elaboration_done()) {
        SC_REPORT_ERROR("mvp/rtl", (path() + ": the RTL MP-IPDOM is evaluated only once "
                                             "elaboration is complete")
                                       .c_str());
        return;
    }
    set_cmd(kValid | (uint32_t{op} << kOpShift) | (slot << kIndexShift) | (lane << kLaneShift) |
            (slot << kSlotShift) | (is_return ? kReturn : 0) | warp);
    pc_a_.set(a);
    pc_b_.set(b);
    pc_c_.set(c);
    lanes_.set(lanes);
    edge();
    if (op != kTarget) read_back(warp, slot, op == kStart || op == kRelease);
}

// After an operation on (warp, slot): the status bus, the addressed slot from the read port,
// then one evaluation per other changed slot and per place of a changed schedule order.
void RtlMpIpdom::read_back(unsigned warp, unsigned slot, bool whole) {
    WarpView& v = warps_[warp];
    const uint64_t status = status_.get();
    v.occupied = occupied_of(status);
    v.live = live_.get();
    v.st_used = st_used_of(status);
    v.rt_used = rt_used_of(status);
    if (error_of(status)) error_ = true;
    if (st_entries_of(status) != slots_) error_ = true;  // the RTL disagrees on the table size
    uint32_t dirty = st_dirty_.get();
    if (!whole && slot < slots_ && (dirty & (1u << slot))) {
        v.splits[slot] = Split{rd_pc_.get(), rd_mask_.get()};
        dirty &= ~(1u << slot);
    }
    const unsigned ranks =
        sched_dirty_of(status) ? static_cast<unsigned>(__builtin_popcount(v.occupied)) : 0;
    v.sched_count = sched_dirty_of(status) ? ranks : v.sched_count;
    const uint32_t base = cmd_.get() & ~(kValid | kIndexMask);
    for (unsigned i = 0; i < slots_ && (dirty >> i || i < ranks); ++i) {
        if (!(dirty & (1u << i)) && i >= ranks) continue;
        set_cmd(base | (i << kIndexShift));
        evaluate();
        if (dirty & (1u << i)) v.splits[i] = Split{rd_pc_.get(), rd_mask_.get()};
        if (i < ranks) v.sched[i] = sched_of(status_.get());
    }
}

unsigned RtlMpIpdom::schedule(unsigned warp, uint8_t* slots) const {
    const WarpView& v = warps_[warp];
    for (unsigned i = 0; i < v.sched_count; ++i) slots[i] = v.sched[i];
    return v.sched_count;
}

void RtlMpIpdom::start(unsigned warp, uint32_t pc, LaneMask mask) {
    operate(kStart, warp, 0, pc, 0, 0, mask);
}

void RtlMpIpdom::advance(unsigned warp, unsigned slot, uint32_t next_pc) {
    operate(kAdvance, warp, slot, next_pc);
}

void RtlMpIpdom::on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                           uint32_t fallthrough, uint32_t reconvergence) {
    operate(kBranch, warp, slot, target, fallthrough, reconvergence, taken);
}

void RtlMpIpdom::on_jump(unsigned warp, unsigned slot, uint32_t target) {
    operate(kJump, warp, slot, target);
}

void RtlMpIpdom::on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t) {
    operate(kCall, warp, slot, target);
}

void RtlMpIpdom::on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                             bool is_return) {
    // The split's lanes' targets, one per edge, then the jump.
    for (LaneMask m = warps_[warp].splits[slot].mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        operate(kTarget, warp, slot, lane_target[lane], 0, 0, 0, false, lane);
    }
    operate(kIndirect, warp, slot, 0, 0, 0, 0, is_return);
}

void RtlMpIpdom::on_exit(unsigned warp, unsigned slot, LaneMask lanes) {
    operate(kExit, warp, slot, 0, 0, 0, lanes);
}

void RtlMpIpdom::on_barrier(unsigned warp, unsigned slot, uint32_t next_pc) {
    operate(kBarrier, warp, slot, next_pc);
}

void RtlMpIpdom::on_barrier_release(unsigned warp) { operate(kRelease, warp, 0); }

const MpIpdomInspect::Stats& RtlMpIpdom::stats() const {
    if (!sc_core::sc_get_curr_simcontext()->elaboration_done()) return stats_;
    auto* self = const_cast<RtlMpIpdom*>(this);
    const uint32_t base = cmd_.get() & ~(kValid | kStatMask);
    uint64_t value[7];
    for (uint32_t i = 0; i < 7; ++i) {
        self->set_cmd(base | (i << kStatShift));
        self->evaluate();
        value[i] = rd_stat_.get();
    }
    stats_.splits_created = value[0];
    stats_.reconvergences = value[1];
    stats_.st_full = value[2];
    stats_.rt_full = value[3];
    stats_.barrier_bypasses = value[4];
    stats_.max_st = static_cast<unsigned>(value[5]);
    stats_.max_rt = static_cast<unsigned>(value[6]);
    return stats_;
}

void RtlMpIpdom::capture_inputs(uint64_t* v) const {
    v[0] = clk_.get();
    v[1] = cmd_.get();
    v[2] = cfg_.get();
    v[3] = pc_a_.get();
    v[4] = pc_b_.get();
    v[5] = pc_c_.get();
    v[6] = lanes_.get();
}

void RtlMpIpdom::apply_inputs(const uint64_t* v, bool tracing) {
    clk_.set(v[0] != 0);
    cmd_.set(static_cast<uint32_t>(v[1]) | (tracing ? kTraceEn : 0));
    cfg_.set(static_cast<uint32_t>(v[2]));
    pc_a_.set(static_cast<uint32_t>(v[3]));
    pc_b_.set(static_cast<uint32_t>(v[4]));
    pc_c_.set(static_cast<uint32_t>(v[5]));
    lanes_.set(v[6]);
}

}  // namespace mvp::rtl
