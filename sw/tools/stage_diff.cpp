#include "stage_diff.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "warp_aligner.h"

namespace mvp::tools {

namespace {

int64_t first_cycle(const PipelineLogReader::Row& r) {
    for (int64_t c : r.stages)
        if (c >= 0) return c;
    return INT64_MAX;
}

}  // namespace

StageDiff::StageDiff(const std::string& name_a, PipelineLogReader::Log a, const std::string& name_b,
                     PipelineLogReader::Log b, bool ignore_instruction)
    : name_a_(name_a), name_b_(name_b), a_(std::move(a)), b_(std::move(b)) {
    // Stages by name: those of A that B has too.
    std::vector<std::pair<size_t, size_t>> columns;
    for (size_t i = 0; i < a_.stage_names.size(); ++i) {
        auto it = std::find(b_.stage_names.begin(), b_.stage_names.end(), a_.stage_names[i]);
        if (it == b_.stage_names.end()) {
            only_a_stages_.push_back(a_.stage_names[i]);
        } else {
            stages_.push_back(a_.stage_names[i]);
            columns.emplace_back(i, static_cast<size_t>(it - b_.stage_names.begin()));
        }
    }
    for (const std::string& s : b_.stage_names)
        if (std::find(a_.stage_names.begin(), a_.stage_names.end(), s) == a_.stage_names.end())
            only_b_stages_.push_back(s);
    skew_.resize(stages_.size());

    // The rows of each warp, in issue order.
    using Warp = std::pair<unsigned, unsigned>;
    std::map<Warp, std::pair<std::vector<const Row*>, std::vector<const Row*>>> warps;
    for (const Row& r : a_.rows) warps[{r.sp, r.warp}].first.push_back(&r);
    for (const Row& r : b_.rows) warps[{r.sp, r.warp}].second.push_back(&r);
    auto by_seq = [](const Row* x, const Row* y) { return x->seq < y->seq; };
    warps_ = warps.size();
    for (auto& [warp, rows] : warps) {
        std::vector<const Row*>& ra = rows.first;
        std::vector<const Row*>& rb = rows.second;
        std::stable_sort(ra.begin(), ra.end(), by_seq);
        std::stable_sort(rb.begin(), rb.end(), by_seq);
        std::vector<WarpAligner::Item> ia, ib;
        for (const Row* r : ra) ia.push_back({static_cast<uint32_t>(r->pc), r->mask});
        for (const Row* r : rb) ib.push_back({static_cast<uint32_t>(r->pc), r->mask});
        const WarpAligner::Result aligned = WarpAligner::align(ia, ib);
        for (const auto& [i, j] : aligned.pairs) {
            const Row& x = *ra[i];
            const Row& y = *rb[j];
            ++matched_;
            for (size_t s = 0; s < columns.size(); ++s) {
                const int64_t ca = x.stages[columns[s].first], cb = y.stages[columns[s].second];
                if (ca >= 0 && cb >= 0) skew_[s].add(cb - ca);
            }
            if (!ignore_instruction && x.instruction != y.instruction)
                consider(&x, &y,
                         "the instruction differs: '" + x.instruction + "' in A, '" +
                             y.instruction + "' in B (--ignore-source compares pc and mask only)");
        }
        const size_t na = aligned.only_a.size(), nb = aligned.only_b.size();
        if (na && nb) {
            differing_ += na + nb - 1;
            consider(ra[aligned.only_a.front()], rb[aligned.only_b.front()],
                     WarpAligner::parting(ia[aligned.only_a.front()], ib[aligned.only_b.front()]));
        } else if (na) {
            differing_ += na - 1;
            consider(ra[aligned.only_a.front()], nullptr,
                     std::to_string(na) + " row(s) of the warp in A have no partner in B");
        } else if (nb) {
            differing_ += nb - 1;
            consider(nullptr, rb[aligned.only_b.front()],
                     std::to_string(nb) + " row(s) of the warp in B have no partner in A");
        }
    }
}

void StageDiff::consider(const Row* a, const Row* b, std::string what) {
    ++differing_;
    const int64_t t = std::min(a ? first_cycle(*a) : INT64_MAX, b ? first_cycle(*b) : INT64_MAX);
    if ((first_a_ || first_b_) && t >= first_time_) return;
    first_time_ = t;
    first_a_ = a;
    first_b_ = b;
    first_what_ = std::move(what);
}

std::string StageDiff::report() const {
    std::string out;
    out += "A: " + name_a_ + " (" + std::to_string(a_.rows.size()) + " rows)\n";
    out += "B: " + name_b_ + " (" + std::to_string(b_.rows.size()) + " rows)\n";
    out += "matched " + std::to_string(matched_) + " rows of " + std::to_string(warps_) +
           " warp(s) by pc, mask and issue order\n";
    if (!only_a_stages_.empty() || !only_b_stages_.empty()) {
        auto list = [](const std::vector<std::string>& v) {
            std::string s;
            for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
            return s.empty() ? std::string("-") : s;
        };
        out += "stages only in A: " + list(only_a_stages_) +
               "; only in B: " + list(only_b_stages_) + "\n";
    }
    if (functionally_equal()) {
        out += "functionally identical\n";
    } else {
        const Row* r = first_a_ ? first_a_ : first_b_;
        out += "FUNCTIONAL DIFFERENCE: " + std::to_string(differing_) +
               " row(s) differ or have no partner; the first, sp" + std::to_string(r->sp) + " w" +
               std::to_string(r->warp) + " seq " + std::to_string(r->seq) + ":\n";
        out += "  " + first_what_ + "\n";
        if (first_a_)
            out += "  A " + name_a_ + ":" + std::to_string(first_a_->line) + ": " + first_a_->text +
                   "\n";
        if (first_b_)
            out += "  B " + name_b_ + ":" + std::to_string(first_b_->line) + ": " + first_b_->text +
                   "\n";
    }
    out += "timing skew per stage, B - A entry cycle, over matched rows:\n";
    out += SkewStats::header("stage") + "\n";
    for (size_t s = 0; s < stages_.size(); ++s)
        out += SkewStats::row(stages_[s], skew_[s].summary()) + "\n";
    return out;
}

}  // namespace mvp::tools
