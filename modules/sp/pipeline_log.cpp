#include "pipeline_log.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "commit_record.h"
#include "modules/sim/csv_line.h"
#include "sp_pipeline.h"

namespace mvp {

namespace {

// Instructions held back before the Kanata writer first looks for events it can write.
constexpr size_t kKanataBatch = 4096;

const char* stall_text(Issue::Stall s) {
    return s == Issue::kIssued ? "none" : Issue::stall_name(s);
}

// Kanata fields are tab-separated lines: a label keeps neither tabs nor line breaks.
std::string kanata_text(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
}

}  // namespace

const char* const PipelineLog::kCsvHeader =
    "sp,warp,seq,pc,mask,instruction,fe,is,rf,ex0,ex_end,wb,stall,stall_cycles";

std::string PipelineLog::csv_line(const Row& r, unsigned warp_size) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "%" PRIu32 ",%" PRIu32 ",%" PRIu64 ",0x%04" PRIx32 ",0x%0*" PRIx64 ",", r.sp,
                  r.warp, r.seq, r.pc, static_cast<int>((warp_size + 3) / 4), r.mask);
    std::string s = buf;
    sim::CsvLine::append_quoted(s, r.instruction);
    std::snprintf(buf, sizeof buf,
                  ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", r.fe,
                  r.is, r.rf, r.ex0, r.ex_end, r.wb);
    s += buf;
    s += r.stall;
    s += ',';
    s += std::to_string(r.stall_cycles);
    return s;
}

bool PipelineLog::parse_csv_line(const std::string& line, Row* row, std::string* error) {
    std::vector<std::string> f;
    if (!sim::CsvLine::split(line, &f, error)) return false;
    if (f.size() != 14) {
        *error = "expected 14 fields, found " + std::to_string(f.size());
        return false;
    }
    static const char* const kNames[] = {"sp",          "warp", "seq",   "pc",          "mask",
                                         "instruction", "fe",   "is",    "rf",          "ex0",
                                         "ex_end",      "wb",   "stall", "stall_cycles"};
    uint64_t v[14] = {};
    for (unsigned i = 0; i < 14; ++i) {
        if (i == 5 || i == 12) continue;
        const bool hex = i == 3 || i == 4;
        if ((hex && f[i].compare(0, 2, "0x") != 0) || (!hex && f[i].compare(0, 2, "0x") == 0) ||
            !sim::CsvLine::number(f[i], &v[i])) {
            *error = std::string("field ") + kNames[i] + ": '" + f[i] + "' is not a " +
                     (hex ? "0x hex number" : "decimal number");
            return false;
        }
    }
    bool known = f[12] == "none";
    for (unsigned s = Issue::kIbufferEmpty; s < Issue::kNumStalls && !known; ++s)
        known = f[12] == Issue::stall_name(static_cast<Issue::Stall>(s));
    if (!known) {
        *error = "field stall: '" + f[12] + "' is not a stall reason";
        return false;
    }
    row->sp = static_cast<uint32_t>(v[0]);
    row->warp = static_cast<uint32_t>(v[1]);
    row->seq = v[2];
    row->pc = static_cast<uint32_t>(v[3]);
    row->mask = v[4];
    row->instruction = f[5];
    row->fe = v[6];
    row->is = v[7];
    row->rf = v[8];
    row->ex0 = v[9];
    row->ex_end = v[10];
    row->wb = v[11];
    row->stall = f[12];
    row->stall_cycles = v[13];
    return true;
}

PipelineLog::PipelineLog(std::ostream* csv, std::ostream* kanata) : csv_(csv), kanata_(kanata) {
    if (csv_) *csv_ << kCsvHeader << '\n';
    if (kanata_) *kanata_ << "Kanata\t0004\n";
    flush_at_ = kKanataBatch;
}

PipelineLog::~PipelineLog() = default;

void PipelineLog::attach(SpPipeline& sp) {
    const unsigned id = sp.params.sp_id;
    if (sps_.size() <= id) sps_.resize(id + 1);
    std::unique_ptr<SpState>& s = sps_[id];
    if (s) {
        if (s->sp != &sp)
            SC_REPORT_ERROR("mvp/sp", ("pipeline log: two SPs with id " + std::to_string(id) +
                                       " attached to one log")
                                          .c_str());
        return;
    }
    s = std::make_unique<SpState>();
    s->sp = &sp;
    s->slots = sp.policy().max_splits();
    s->splits.assign(size_t{sp.params.num_warps()} * s->slots, SplitStall{});
    s->warp_seq.assign(sp.params.num_warps(), 0);
}

PipelineLog::SpState& PipelineLog::state(const SpControl& sp) { return *sps_[sp.params.sp_id]; }

void PipelineLog::warp_started(const SpControl& sp, unsigned warp) {
    SpState& s = state(sp);
    for (unsigned k = 0; k < s.slots; ++k) s.splits[warp * s.slots + k] = SplitStall{};
}

void PipelineLog::stalled(const SpControl& sp, unsigned warp, unsigned slot, Issue::Stall reason,
                          uint64_t now) {
    if (reason == Issue::kIssued || reason == Issue::kNoWarp) return;
    SpState& s = state(sp);
    // A slot whose split has gone (reconverged, exited, moved) keeps no charges for the split
    // that takes it next.
    if (s.slots > 1)
        for (unsigned k = 0; k < s.slots; ++k)
            if (s.sp->policy().split(warp, k).mask == 0)
                s.splits[warp * s.slots + k] = SplitStall{};
    SplitStall& a = s.splits[warp * s.slots + slot];
    ++a.cycles[reason];
    a.last = reason;
    a.last_cycle = now;
}

void PipelineLog::slept(const SpControl& sp, uint64_t cycles, uint64_t now) {
    SpState& s = state(sp);
    const uint64_t last_tick = now - cycles - 1;
    for (SplitStall& a : s.splits) {
        if (a.last_cycle != last_tick || a.last == Issue::kIssued) continue;
        a.cycles[a.last] += cycles;
        a.last_cycle = now - 1;
    }
}

void PipelineLog::issued(const SpControl& sp, WarpInstruction& wi) {
    SpState& s = state(sp);
    SplitStall& a = s.splits[wi.warp * s.slots + wi.slot];
    Issue::Stall best = Issue::kIssued;
    uint64_t total = 0;
    for (unsigned r = Issue::kIbufferEmpty; r < Issue::kNumStalls; ++r) {
        total += a.cycles[r];
        if (a.cycles[r] > 0 && (best == Issue::kIssued || a.cycles[r] >= a.cycles[best]))
            best = static_cast<Issue::Stall>(r);
    }
    a = SplitStall{};
    wi.stall = best;
    wi.stall_cycles = total;
    wi.warp_seq = s.warp_seq[wi.warp]++;
    if (kanata_) s.in_flight.insert(wi.fetch_cycle);
}

void PipelineLog::retired(const SpControl& sp, const WarpInstruction& wi, uint64_t cycle) {
    SpState& s = state(sp);
    Row& r = row_;
    r.sp = sp.params.sp_id;
    r.warp = wi.warp;
    r.seq = wi.warp_seq;
    r.pc = wi.pc;
    r.mask = wi.mask;
    r.instruction = CommitRecord::instruction_text(s.sp->thdc.group(wi.group).debug, wi.pc, wi.in);
    r.fe = wi.fetch_cycle;
    r.is = wi.issue_cycle;
    r.rf = wi.rf_cycle;
    r.ex0 = wi.ex_cycle;
    // EX results are due at WB at wb_cycle, memory completions the cycle after the LD/ST unit
    // completed them: the last EX cycle is the one before (WB may take it later when more
    // than EX_WB are due).
    r.ex_end = std::max(wi.ex_cycle, wi.wb_cycle - 1);
    r.wb = cycle;
    r.stall = stall_text(static_cast<Issue::Stall>(wi.stall));
    r.stall_cycles = wi.stall_cycles;
    ++rows_;
    if (csv_) {
        line_ = csv_line(r, sp.params.warp_size);
        line_ += '\n';
        csv_->write(line_.data(), static_cast<std::streamsize>(line_.size()));
    }
    if (kanata_) {
        auto it = s.in_flight.find(wi.fetch_cycle);
        if (it != s.in_flight.end()) s.in_flight.erase(it);
        kanata_add(s, r);
        if (ops_.size() >= flush_at_) {
            kanata_flush(horizon());
            flush_at_ = std::max(kKanataBatch, 2 * ops_.size());
        }
    }
}

void PipelineLog::finish() {
    if (kanata_) kanata_flush(UINT64_MAX);
}

uint64_t PipelineLog::horizon() const {
    uint64_t h = UINT64_MAX;
    for (const std::unique_ptr<SpState>& p : sps_) {
        if (!p) continue;
        const SpState& s = *p;
        SpPipeline& sp = *s.sp;
        // What has not been fetched yet enters FE at this edge or later.
        h = std::min(h, sp.clock.now());
        if (!s.in_flight.empty()) h = std::min(h, *s.in_flight.begin());
        for (unsigned w = 0; w < sp.params.num_warps(); ++w) {
            const Thdc::Status st = sp.thdc.warp(w).status;
            if (st == Thdc::Status::kFree || st == Thdc::Status::kFinished) continue;
            for (unsigned k = 0; k < s.slots; ++k) {
                const InstructionBuffer& b = sp.fetch.buffer(w, k);
                for (unsigned i = 0; i < b.size(); ++i)
                    if (b.at(i).state == InstructionBuffer::State::kValid)
                        h = std::min(h, b.at(i).fetched);
            }
        }
    }
    return h;
}

void PipelineLog::kanata_add(const SpState& s, const Row& r) {
    KanataOp op;
    op.at[0] = r.fe;
    op.at[1] = r.is;
    op.at[2] = r.rf;
    op.at[3] = r.ex0;
    op.at[4] = r.ex_end + 1;
    op.at[5] = r.wb;
    op.at[6] = r.wb + 1;
    op.sim_id = r.seq;
    op.thread = uint64_t{r.sp} * s.sp->params.num_warps() + r.warp;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%" PRIu32 "/%" PRIu32 " 0x%04" PRIx32 " ", r.sp, r.warp, r.pc);
    op.label = buf;
    op.label += kanata_text(r.instruction);
    std::snprintf(buf, sizeof buf, " 0x%0*" PRIx64,
                  static_cast<int>((s.sp->params.warp_size + 3) / 4), r.mask);
    op.label += buf;
    op.detail = "seq " + std::to_string(r.seq) + ", stall " + r.stall;
    if (r.stall_cycles)
        op.detail +=
            " (" + std::to_string(r.stall_cycles) + (r.stall_cycles == 1 ? " cycle)" : " cycles)");
    due_.push(Due{op.at[0], ops_base_ + ops_.size()});
    ops_.push_back(std::move(op));
}

void PipelineLog::kanata_flush(uint64_t horizon) {
    std::ostream& os = *kanata_;
    while (!due_.empty() && due_.top().cycle < horizon) {
        const Due d = due_.top();
        due_.pop();
        if (!kanata_started_) {
            os << "C=\t" << d.cycle << '\n';
            kanata_started_ = true;
            kanata_cycle_ = d.cycle;
        } else if (d.cycle != kanata_cycle_) {
            os << "C\t" << d.cycle - kanata_cycle_ << '\n';
            kanata_cycle_ = d.cycle;
        }
        KanataOp& op = ops_[d.order - ops_base_];
        kanata_write(op, d.cycle);
        if (op.next < KanataOp::kSteps) due_.push(Due{op.at[op.next], d.order});
        while (!ops_.empty() && ops_.front().next == KanataOp::kSteps) {
            ops_.pop_front();
            ++ops_base_;
        }
    }
}

void PipelineLog::kanata_write(KanataOp& op, uint64_t cycle) {
    static const char* const kStages[] = {"FE", "IS", "RF", "EX", "WB"};
    std::ostream& os = *kanata_;
    for (; op.next < KanataOp::kSteps && op.at[op.next] == cycle; ++op.next) {
        const uint64_t id = op.file_id;
        switch (op.next) {
            case 0:
                op.file_id = next_file_id_++;
                os << "I\t" << op.file_id << '\t' << op.sim_id << '\t' << op.thread << '\n';
                os << "L\t" << op.file_id << "\t0\t" << op.label << '\n';
                os << "L\t" << op.file_id << "\t1\t" << op.detail << '\n';
                os << "S\t" << op.file_id << "\t0\tFE\n";
                break;
            case 1:
            case 2:
            case 3:
                os << "E\t" << id << "\t0\t" << kStages[op.next - 1] << '\n';
                os << "S\t" << id << "\t0\t" << kStages[op.next] << '\n';
                break;
            case 4:
                os << "E\t" << id << "\t0\tEX\n";
                break;
            case 5:
                os << "S\t" << id << "\t0\tWB\n";
                break;
            default:
                os << "E\t" << id << "\t0\tWB\n";
                os << "R\t" << id << '\t' << next_retire_id_++ << "\t0\n";
                break;
        }
    }
}

}  // namespace mvp
