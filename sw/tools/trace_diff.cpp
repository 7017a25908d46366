#include "trace_diff.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "modules/isa/opcode.h"
#include "warp_aligner.h"

namespace mvp::tools {

namespace {

std::string hex(uint64_t v, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
    return buf;
}

std::string where(const std::string& name, const CommitLogReader::Entry& e) {
    return name + ":" + std::to_string(e.line);
}

}  // namespace

const char* TraceDiff::class_name(Class c) {
    static const char* const kNames[kClasses] = {
        "int", "fp", "sfu", "branch/ctrl", "load", "store", "atomic", "sync/exit", "other"};
    return kNames[c];
}

TraceDiff::Class TraceDiff::classify(const std::string& mnemonic) {
    isa::Opcode op;
    if (!isa::find_opcode(mnemonic, &op)) return kOther;
    if (op == isa::Opcode::kSync || op == isa::Opcode::kExit) return kSyncExit;
    if (isa::is_load(op)) return kLoad;
    if (isa::is_store(op)) return kStore;
    if (isa::is_atomic(op)) return kAtomic;
    switch (isa::info(op).unit) {
        case isa::Unit::kInt:
            return kInt;
        case isa::Unit::kFp:
            return kFp;
        case isa::Unit::kSfu:
            return kSfu;
        case isa::Unit::kCtrl:
            return kControl;
        default:
            return kOther;
    }
}

TraceDiff::TraceDiff(const std::string& name_a, std::vector<Entry> a, const std::string& name_b,
                     std::vector<Entry> b, const Options& options)
    : name_a_(name_a), name_b_(name_b), a_(std::move(a)), b_(std::move(b)), options_(options) {
    std::map<std::pair<unsigned, unsigned>, size_t> index;
    auto warp_of = [&](const Entry& e) -> Warp& {
        auto [it, added] = index.emplace(std::make_pair(e.sp, e.warp), warps_.size());
        if (added) {
            warps_.emplace_back();
            warps_.back().sp = e.sp;
            warps_.back().warp = e.warp;
        }
        return warps_[it->second];
    };
    for (size_t i = 0; i < a_.size(); ++i) warp_of(a_[i]).a.push_back(i);
    for (size_t i = 0; i < b_.size(); ++i) warp_of(b_[i]).b.push_back(i);
    std::vector<unsigned> sps;
    for (const Warp& w : warps_) sps.push_back(w.sp);
    std::sort(sps.begin(), sps.end());
    sps_ = static_cast<size_t>(std::unique(sps.begin(), sps.end()) - sps.begin());
    for (const Warp& w : warps_) compare_warp(w);
}

void TraceDiff::consider(Difference d) {
    auto order = [](const Difference& x) {
        return std::make_tuple(x.time, x.sp, x.warp, x.a ? x.a->line : size_t{0},
                               x.b ? x.b->line : size_t{0});
    };
    if (!has_first_ || order(d) < order(first_)) {
        first_ = std::move(d);
        has_first_ = true;
    }
}

void TraceDiff::compare_warp(const Warp& w) {
    std::vector<WarpAligner::Item> ia, ib;
    for (size_t i : w.a) ia.push_back({a_[i].pc, a_[i].mask});
    for (size_t i : w.b) ib.push_back({b_[i].pc, b_[i].mask});
    const WarpAligner::Result aligned = WarpAligner::align(ia, ib);
    for (const auto& [i, j] : aligned.pairs) {
        const Entry& ea = a_[w.a[i]];
        const Entry& eb = b_[w.b[j]];
        ++matched_;
        const int64_t skew = static_cast<int64_t>(eb.cycle) - static_cast<int64_t>(ea.cycle);
        all_.add(skew);
        by_class_[classify(ea.mnemonic())].add(skew);
        if (skew != 0 &&
            (!has_first_skew_ || std::make_tuple(ea.cycle, w.sp, w.warp, ea.line) <
                                     std::make_tuple(first_skew_.a->cycle, first_skew_.sp,
                                                     first_skew_.warp, first_skew_.a->line))) {
            has_first_skew_ = true;
            first_skew_.sp = w.sp;
            first_skew_.warp = w.warp;
            first_skew_.a = &ea;
            first_skew_.b = &eb;
            first_skew_.time = ea.cycle;
            first_skew_.what = std::string(class_name(classify(ea.mnemonic()))) + " " +
                               ea.mnemonic() + ", B - A = " + (skew > 0 ? "+" : "") +
                               std::to_string(skew);
        }

        Difference d;
        d.sp = w.sp;
        d.warp = w.warp;
        d.a = &ea;
        d.b = &eb;
        d.time = std::min(ea.cycle, eb.cycle);
        if (ea.effects != eb.effects) {
            d.kind = Difference::kEffects;
            std::string lane_a, lane_b;
            unsigned lane = 0;
            for (uint64_t m = ea.mask; m; m &= m - 1) {
                lane = static_cast<unsigned>(__builtin_ctzll(m));
                lane_a = ea.lane_effect(lane);
                lane_b = eb.lane_effect(lane);
                if (lane_a != lane_b) break;
            }
            if (lane_a != lane_b) {
                d.what = "lane " + std::to_string(lane) +
                         " differs: " + (lane_a.empty() ? "(none)" : lane_a) + " in A, " +
                         (lane_b.empty() ? "(none)" : lane_b) + " in B";
            } else {
                d.what =
                    "the lane effects differ: '" + ea.effects + "' in A, '" + eb.effects + "' in B";
            }
        } else if (!options_.ignore_source &&
                   (ea.source != eb.source || ea.instruction != eb.instruction)) {
            d.kind = Difference::kSource;
            d.what = "the source column or instruction differs: (" + ea.source + ") " +
                     ea.instruction + " in A, (" + eb.source + ") " + eb.instruction +
                     " in B (--ignore-source compares PC, mask and effects only)";
        } else {
            continue;
        }
        ++differing_;
        consider(std::move(d));
    }
    const std::vector<size_t>& only_a = aligned.only_a;
    const std::vector<size_t>& only_b = aligned.only_b;
    differing_ += only_a.size() + only_b.size();
    if (only_a.empty() && only_b.empty()) return;

    // The first unmatched line of each log: where the warp's paths part.
    Difference d;
    d.sp = w.sp;
    d.warp = w.warp;
    const std::string lanes = "sp" + std::to_string(w.sp) + " w" + std::to_string(w.warp);
    if (!only_a.empty() && !only_b.empty()) {
        d.kind = Difference::kPath;
        d.a = &a_[w.a[only_a.front()]];
        d.b = &b_[w.b[only_b.front()]];
        d.time = std::min(d.a->cycle, d.b->cycle);
        d.what = WarpAligner::parting(ia[only_a.front()], ib[only_b.front()]);
    } else if (!only_a.empty()) {
        d.kind = Difference::kOnlyA;
        d.a = &a_[w.a[only_a.front()]];
        d.time = d.a->cycle;
        d.what = std::to_string(only_a.size()) + " line(s) of " + lanes +
                 " in A have no partner in B, the first at pc=" + hex(d.a->pc, 4);
    } else {
        d.kind = Difference::kOnlyB;
        d.b = &b_[w.b[only_b.front()]];
        d.time = d.b->cycle;
        d.what = std::to_string(only_b.size()) + " line(s) of " + lanes +
                 " in B have no partner in A, the first at pc=" + hex(d.b->pc, 4);
    }
    consider(std::move(d));
}

std::string TraceDiff::context(const std::string& name, const std::vector<Entry>& log,
                               const Warp& w, bool side_a, const Entry* mark, uint64_t time) const {
    const std::vector<size_t>& lines = side_a ? w.a : w.b;
    std::string out;
    const char* tag = side_a ? "A" : "B";
    if (lines.empty()) {
        return std::string("  ") + tag + " " + name + ": no line of sp" + std::to_string(w.sp) +
               " w" + std::to_string(w.warp) + "\n";
    }
    // Around the marked line, or where a line at `time` would be.
    size_t at = 0;
    while (at < lines.size() && (mark ? &log[lines[at]] != mark : log[lines[at]].cycle < time))
        ++at;
    const size_t n = options_.context;
    const size_t from = at > n ? at - n : 0;
    const size_t to = std::min(lines.size(), at + n + (mark ? 1 : 0));
    if (!mark && at == lines.size())
        out += std::string("  ") + tag + " " + name + ": the warp's last lines (none at cycle " +
               std::to_string(time) + " or later)\n";
    for (size_t i = from; i < to; ++i) {
        const Entry& e = log[lines[i]];
        out += std::string(&e == mark ? "> " : "  ") + tag + " " + where(name, e) + ": " + e.text +
               "\n";
    }
    return out;
}

std::string TraceDiff::report() const {
    std::string out;
    out += "A: " + name_a_ + " (" + std::to_string(a_.size()) + " lines)\n";
    out += "B: " + name_b_ + " (" + std::to_string(b_.size()) + " lines)\n";
    out += "matched " + std::to_string(matched_) + " warp instructions of " +
           std::to_string(warps_.size()) + " warp(s) on " + std::to_string(sps_) + " SP(s)\n";
    if (functionally_equal()) {
        out += "functionally identical\n";
    } else {
        const Difference& d = first_;
        out += "FUNCTIONAL DIFFERENCE: " + std::to_string(differing_) +
               " line(s) differ or have no partner; the first, in sp" + std::to_string(d.sp) +
               " w" + std::to_string(d.warp) + " at cycle " + std::to_string(d.time) + ":\n";
        out += "  " + d.what + "\n";
        if (d.a) out += "  A " + where(name_a_, *d.a) + ": " + d.a->text + "\n";
        if (d.b) out += "  B " + where(name_b_, *d.b) + ": " + d.b->text + "\n";
        const Warp* w = nullptr;
        for (const Warp& x : warps_)
            if (x.sp == d.sp && x.warp == d.warp) w = &x;
        out += "context: the warp's lines around it ('>' marks the differing line)\n";
        out += this->context(name_a_, a_, *w, true, d.a, d.time);
        out += this->context(name_b_, b_, *w, false, d.b, d.time);
    }
    if (has_first_skew_) {
        const Difference& t = first_skew_;
        out += "timing first differs in sp" + std::to_string(t.sp) + " w" + std::to_string(t.warp) +
               " at cycle " + std::to_string(t.time) + " (A): " + t.what + "\n";
        out += "  A " + where(name_a_, *t.a) + ": " + t.a->text + "\n";
        out += "  B " + where(name_b_, *t.b) + ": " + t.b->text + "\n";
    } else if (matched_) {
        out += "timing identical: every matched instruction retires in the same cycle\n";
    }
    out += "timing skew, B - A retire cycle, over " + std::to_string(all_.count()) +
           " matched warp instructions:\n";
    out += SkewStats::header("class") + "\n";
    out += SkewStats::row("all", all_.summary()) + "\n";
    for (int c = 0; c < kClasses; ++c)
        if (by_class_[c].count())
            out += SkewStats::row(class_name(static_cast<Class>(c)), by_class_[c].summary()) + "\n";
    return out;
}

}  // namespace mvp::tools
