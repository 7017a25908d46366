#include "lockstep_checker.h"

#include "mismatch_report.h"
#include "modules/sim/debug_map.h"

namespace mvp::rtl {

namespace {
LockstepChecker::Totals g_totals;
}  // namespace

const LockstepChecker::Totals& LockstepChecker::finished_totals() { return g_totals; }

LockstepChecker::~LockstepChecker() {
    ++g_totals.blocks;
    g_totals.transactions += transactions_;
    g_totals.cycles += cycles_;
    g_totals.mismatches += mismatches_;
}

std::string LockstepChecker::Call::text() const {
    std::string s = std::string(name) + "(";
    if (warp >= 0) s += "warp=" + std::to_string(warp);
    for (unsigned i = 0; i < num_args; ++i) {
        s += (warp >= 0 || i ? ", " : "") + std::string(arg_name[i]) + "=" +
             (arg_hex[i] ? MismatchReport::hex(arg[i]) : std::to_string(arg[i]));
    }
    return s + ")";
}

std::string LockstepChecker::Call::output(bool of_rtl) const {
    const uint64_t v = of_rtl ? rtl : cpp;
    switch (kind) {
        case 'b':
            return v ? "true" : "false";
        case 'd':
            return std::to_string(v);
        case 'x':
            return MismatchReport::hex(v);
        default:
            return "-";
    }
}

LockstepChecker::LockstepChecker(const RtlHooks& hooks, RtlBlock& rtl, std::string rtl_source)
    : hooks_(hooks),
      rtl_(rtl),
      rtl_source_(std::move(rtl_source)),
      history_(kHistory),
      stats_(rtl.path()) {
    stats_.add("rtl_lockstep_transactions", &transactions_,
               "calls on the block's interface whose C++ and RTL outputs were compared");
    stats_.add("rtl_lockstep_cycles", &cycles_,
               "core cycles in which at least one call was compared (block-cycles)");
    stats_.add("rtl_lockstep_mismatches", &mismatches_,
               "differences found (the first one stops the run)");
    stats_.add(
        "rtl_evaluations", [this] { return static_cast<double>(rtl_.evaluations()); },
        "evaluations of the Verilated model (host work)");
}

void LockstepChecker::compared(const Call& call) {
    const uint64_t now = hooks_.cycle();
    ++transactions_;
    if (now != last_cycle_) {
        ++cycles_;
        last_cycle_ = now;
    }
    Entry& e = history_[next_];
    e.cycle = now;
    e.call = call;
    next_ = (next_ + 1) % kHistory;
}

void LockstepChecker::fail(Call call, const std::string& field, const std::string& cpp_value,
                           const std::string& rtl_value, const RtlContext& context,
                           std::vector<std::string> cpp_outputs,
                           std::vector<std::string> rtl_outputs) {
    if (failed_) return;
    failed_ = true;
    ++mismatches_;
    const uint64_t now = hooks_.cycle();
    MismatchReport r;
    r.cycle = now;
    r.sp = hooks_.sp_id;
    r.warp = call.warp;
    r.block = rtl_.path();
    r.rtl_source = rtl_source_;
    r.field = field;
    r.cpp_value = cpp_value;
    r.rtl_value = rtl_value;
    r.call = call.text();
    r.cpp_outputs = std::move(cpp_outputs);
    r.rtl_outputs = std::move(rtl_outputs);
    if (context.known) {
        r.has_instruction = true;
        r.lane_mask = context.mask;
        r.pc = context.pc;
        if (context.debug && context.debug->describes(context.pc))
            r.source = context.debug->where(context.pc);
        r.instruction =
            context.decoded ? isa::disassemble(context.in) : "(not known to the issue stage)";
    }
    for (size_t i = 0; i < kHistory; ++i) {
        const Entry& e = history_[(next_ + i) % kHistory];
        if (e.call.name[0] == '\0') continue;
        r.history.push_back({e.cycle, e.call.text(), e.call.output(false), e.call.output(true)});
    }
    r.history.push_back({now, r.call, call.output(false), call.output(true)});
    if (r.history.size() > kHistory) r.history.erase(r.history.begin());
    const std::string& prefix = hooks_.report_prefix;
    if (rtl_.write_vcd(prefix + ".vcd", &r.vcd_error)) {
        r.vcd = prefix + ".vcd";
        r.vcd_window = "cycles " + std::to_string(rtl_.recorded_from()) + ".." +
                       std::to_string(now) + "; the RTL's pins and the addressed warp's table";
    }
    std::string error;
    const bool written = r.write(prefix, &error);
    MismatchReport::note_occurred();
    hooks_.stop(r.summary(written ? prefix + ".txt" : "not written: " + error));
}

}  // namespace mvp::rtl
