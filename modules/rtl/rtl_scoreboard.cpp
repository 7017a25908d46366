#include "rtl_scoreboard.h"

#include "Vmvp_scoreboard.h"
#include "rtl_scoreboard_model.h"

namespace mvp::rtl {

// The tag of the model's eval_step (verilated_eval.h); in this namespace, where
// DefineEvalStep defines the friend.
struct ScoreboardEval {
    using Type = void (Vmvp_scoreboard::*)();
    friend Type eval_step(ScoreboardEval);
};

namespace {

// cmd: {trace_en[21], query[20], valid[19], op[18:16], handle[15:10], reg[9:6], warp[5:0]}.
constexpr unsigned kRegShift = 6, kHandleShift = 10, kOpShift = 16;
constexpr uint32_t kValid = 1u << 19, kQuery = 1u << 20, kTraceEn = 1u << 21;
// status: {full_error[46], has_room[45], count[44:38], handle[37:32], pending[31:16],
// ready[15:0]}.
bool ready_bit(uint64_t status, unsigned reg) { return (status >> reg) & 1; }
bool pending_bit(uint64_t status, unsigned reg) { return (status >> (16 + reg)) & 1; }
unsigned handle_of(uint64_t status) { return static_cast<unsigned>(status >> 32) & 0x3f; }
unsigned count_of(uint64_t status) { return static_cast<unsigned>(status >> 38) & 0x7f; }
bool room_of(uint64_t status) { return (status >> 45) & 1; }
bool full_error_of(uint64_t status) { return (status >> 46) & 1; }


}  // namespace

template struct DefineEvalStep<ScoreboardEval, &Vmvp_scoreboard::eval_step>;

namespace {
RtlScoreboard::ModelMaker g_maker = make_scoreboard_model<Vmvp_scoreboard, ScoreboardEval>;
}  // namespace

void RtlScoreboard::use_model(ModelMaker maker) { g_maker = maker; }

RtlScoreboard::RtlScoreboard(const std::string& path) : RtlBlock(path, 4) {
    set_model(g_maker(pins_, "rtl"));
}

RtlScoreboard::~RtlScoreboard() = default;

bool RtlScoreboard::usable() const {
    if (sc_core::sc_get_curr_simcontext()->elaboration_done()) return true;
    SC_REPORT_ERROR("mvp/rtl", (path() + ": the RTL scoreboard is evaluated only once "
                                         "elaboration is complete")
                                   .c_str());
    return false;
}

uint64_t RtlScoreboard::query(unsigned warp, LaneMask lanes, uint64_t now, bool any) const {
    // `any`: only what depends on the warp (and lanes) is read; the last outputs serve.
    if (last_.valid && last_.warp == warp && (any || (last_.lanes == lanes && last_.now == now)))
        return last_.status;
    if (!usable()) return 0;
    auto* self = const_cast<RtlScoreboard*>(this);
    self->pins_.clk.set(false);
    self->pins_.cmd.set(kQuery | warp);
    self->pins_.lanes.set(lanes);
    self->pins_.cycle.set(now);
    self->evaluate();
    last_ = Query{true, warp, lanes, now, pins_.status.get()};
    return last_.status;
}

void RtlScoreboard::operate(Op op, unsigned warp, unsigned reg, LaneMask lanes, unsigned handle,
                            uint64_t cycle) {
    if (!usable()) return;
    pins_.cmd.set(kValid | (uint32_t{op} << kOpShift) | (handle << kHandleShift) |
                  (reg << kRegShift) | warp);
    pins_.lanes.set(lanes);
    pins_.cycle.set(cycle);
    if (pins_.clk.get()) {
        pins_.clk.set(false);
        evaluate();
    }
    pins_.clk.set(true);
    evaluate();
    if (last_.warp == warp) last_.valid = false;
}

bool RtlScoreboard::has_room(unsigned warp) const {
    return room_of(query(warp, last_.lanes, last_.now, true));
}

unsigned RtlScoreboard::reserve(unsigned warp, unsigned reg, LaneMask lanes) {
    operate(kReserve, warp, reg, lanes, 0, 0);
    const uint64_t status = pins_.status.get();
    if (full_error_of(status)) SC_REPORT_FATAL("mvp/sp/scoreboard", "reservation table full");
    return handle_of(status);
}

void RtlScoreboard::set_ready(unsigned warp, unsigned handle, uint64_t cycle) {
    operate(kSetReady, warp, 0, 0, handle, cycle);
}

void RtlScoreboard::release(unsigned warp, unsigned handle) {
    operate(kRelease, warp, 0, 0, handle, 0);
}

bool RtlScoreboard::source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const {
    return ready_bit(query(warp, lanes, now), reg);
}

bool RtlScoreboard::pending(unsigned warp, unsigned reg, LaneMask lanes) const {
    // pending does not depend on the cycle: a query of these lanes at any cycle serves.
    const bool same_lanes = last_.valid && last_.warp == warp && last_.lanes == lanes;
    return pending_bit(query(warp, lanes, same_lanes ? last_.now : 0, same_lanes), reg);
}

unsigned RtlScoreboard::pending_count(unsigned warp) const {
    return count_of(query(warp, last_.lanes, last_.now, true));
}

void RtlScoreboard::clear(unsigned warp) {
    // Before the end of elaboration the model holds its reset state: nothing to clear.
    if (!sc_core::sc_get_curr_simcontext()->elaboration_done()) return;
    operate(kClear, warp, 0, 0, 0, 0);
}

void RtlScoreboard::capture_inputs(uint64_t* v) const {
    v[0] = pins_.clk.get();
    v[1] = pins_.cmd.get();
    v[2] = pins_.lanes.get();
    v[3] = pins_.cycle.get();
}

void RtlScoreboard::apply_inputs(const uint64_t* v, bool tracing) {
    pins_.clk.set(v[0] != 0);
    pins_.cmd.set(static_cast<uint32_t>(v[1]) | (tracing ? kTraceEn : 0));
    pins_.lanes.set(v[2]);
    pins_.cycle.set(v[3]);
}

}  // namespace mvp::rtl
