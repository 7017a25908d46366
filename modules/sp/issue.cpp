#include "issue.h"

#include <algorithm>

#include "modules/isa/semantics.h"
#include "modules/sim/vcd_tracer.h"
#include "pipeline_log.h"

namespace mvp {

using isa::Opcode;

namespace {

// The register an instruction writes (0: none; writes to $zero are dropped).
unsigned dest_reg(const isa::Instruction& in) {
    if (isa::writes_rd(in.op)) return in.rd;
    if (in.op == Opcode::kJplnk) return isa::kRegRa;
    return 0;
}

}  // namespace

const char* Issue::stall_name(Stall s) {
    switch (s) {
        case kIssued:
            return "issued";
        case kNoWarp:
            return "no_warp";
        case kIbufferEmpty:
            return "ibuffer_empty";
        case kControl:
            return "control";
        case kBarrier:
            return "barrier";
        case kMemory:
            return "memory";
        case kScoreboard:
            return "scoreboard";
        case kPipelineBusy:
            return "pipeline_busy";
        default:
            return "?";
    }
}

Issue::Issue(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      thdc("thdc"),
      fetch("fetch"),
      divergence("divergence"),
      scoreboard("scoreboard"),
      rf("rf"),
      rf_stage("rf_stage"),
      memory_pipe("memory_pipe"),
      sp_(sp) {}

void Issue::init(unsigned max_splits) {
    slots_ = max_splits;
    const unsigned warps = sp_.params.num_warps();
    record_offers_ = sp_.params.rtl_scoreboard || sp_.params.rtl_mp_ipdom;
    tracing_ = sim::VcdTracer::instance().enabled();
    offered_.assign(size_t{warps} * slots_, Offered{});
    last_offered_.assign(warps, 0);
    trace_pc.assign(warps, 0);
    trace_ibuffer.assign(warps, 0);
    trace_mask.assign(warps, 0);
    trace_stall.assign(warps, kNoWarp);
    keep_waits_ = !tracing_ && !record_offers_;
    warps_.assign(warps, WarpState{});
    front_masks_.assign(size_t{warps} * slots_, 0);
    place_state_.assign(sp_.params.running_warps, PlaceState{});
}

void Issue::reset() {
    std::fill(warps_.begin(), warps_.end(), WarpState{});
    std::fill(place_state_.begin(), place_state_.end(), PlaceState{});
    rr_ = 0;
    last_stall_ = kIssued;
}

void Issue::start(unsigned warp) {
    WarpState& ws = warps_[warp];
    ws.code_bytes = thdc->code_bytes_of(warp);
    ws.group = thdc->group_of(warp);
    ws.control = 0;
    wake(warp);
    if (sp_.pipeline_log) sp_.pipeline_log->warp_started(sp_, warp);
}

inline Issue::Stall Issue::attempt(unsigned w, unsigned slot, bool secondary, uint64_t now) {
    const WarpState& ws = warps_[w];
    Stall st;
    if (ws.waiting >> slot & 1) {
        st = ws.waits[slot];
    } else {
        st = try_issue(w, slot, secondary, now);
        if (sp_.stopped()) return kNumStalls;
    }
    if (sp_.pipeline_log) sp_.pipeline_log->stalled(sp_, w, slot, st, now);
    return st;
}

bool Issue::tick(uint64_t now) {
    const std::vector<int>& running = thdc->running();
    const unsigned places = static_cast<unsigned>(running.size());
    const unsigned width = sp_.params.issue_width;
    unsigned issued = 0;
    // The highest stall seen; the cycle's reason when nothing issues (every place is offered
    // then, with all its splits).
    Stall best = kNoWarp;
    unsigned last_place = rr_;
    if (slots_ == 1) {
        // One split per warp (PDOM): round robin over the running warps.
        for (unsigned i = 0, place = rr_; i < places && issued < width;
             ++i, place = place + 1 == places ? 0 : place + 1) {
            const int w = running[place];
            if (w < 0) continue;
            const unsigned wu = static_cast<unsigned>(w);
            const Stall st = attempt(wu, 0, false, now);
            if (st == kNumStalls) return true;
            if (tracing_) trace_stall[wu] = st;
            if (st == kIssued) {
                ++issued;
                last_place = place;
            } else if (st > best) {
                best = st;
            }
        }
    } else {
        // Several splits per warp (MP-IPDOM). First pass: each warp's first split in the
        // policy's order (the split the SIMT stack would run), round robin over the warps, as
        // under PDOM. Second pass, if issue slots are left: the other splits of the warps that
        // did not issue, in the same order. At most one instruction per warp per cycle.
        bool multi_ready = false;
        bool second_pass = false;  // a warp that did not issue has other splits
        for (unsigned i = 0, place = rr_; i < places && issued < width;
             ++i, place = place + 1 == places ? 0 : place + 1) {
            const int w = running[place];
            if (w < 0) continue;
            const unsigned wu = static_cast<unsigned>(w);
            const WarpState& ws = ordered(wu);
            if (tracing_) trace_splits(wu, ws);
            Stall st = kNoWarp;
            if (ws.count > 0) {
                st = attempt(wu, ws.order[0], false, now);
                if (st == kNumStalls) return true;
                if (st == kIssued) {
                    ++issued;
                    last_place = place;
                    multi_ready = multi_ready || other_ready(wu, ws, 0, now);
                } else if (ws.count >= 2) {
                    second_pass = true;
                }
            }
            if (st > best) best = st;
            if (tracing_) trace_stall[wu] = st;
            place_state_[place] = PlaceState{&ws, st};
        }
        for (unsigned i = 0, place = rr_; second_pass && i < places && issued < width;
             ++i, place = place + 1 == places ? 0 : place + 1) {
            const int w = running[place];
            if (w < 0) continue;
            const unsigned wu = static_cast<unsigned>(w);
            PlaceState& ps = place_state_[place];
            const WarpState& ws = *ps.warp;
            if (ps.stall == kIssued || ws.count < 2) continue;
            for (unsigned k = 1; k < ws.count; ++k) {
                const Stall st = attempt(wu, ws.order[k], true, now);
                if (st == kNumStalls) return true;
                if (st == kIssued) {
                    ps.stall = kIssued;
                    ++issued;
                    last_place = place;
                    multi_ready = multi_ready || other_ready(wu, ws, k, now);
                    break;
                }
                if (st > ps.stall) ps.stall = st;
            }
            if (ps.stall > best) best = ps.stall;
            if (tracing_) trace_stall[wu] = ps.stall;
        }
        multi_ready_cycles += multi_ready;
    }
    last_stall_ = kIssued;
    if (issued) {
        rr_ = (last_place + 1) % (places ? places : 1);
        return true;
    }
    if (thdc->resident_warps() > 0) {
        ++stall_cycles[best];
        last_stall_ = best;
    }
    return false;
}

bool Issue::other_ready(unsigned w, const WarpState& ws, unsigned k, uint64_t now) {
    for (unsigned j = k + 1; j < ws.count; ++j)
        if (ready(w, ws.order[j], now)) return true;
    return false;
}

void Issue::trace_splits(unsigned w, const WarpState& ws) {
    if (ws.count == 0) return;
    trace_pc[w] = divergence->split(w, ws.order[0]).pc;
    trace_ibuffer[w] = fetch->buffer(w, ws.order[0]).ready();
    trace_mask[w] = 0;
    for (unsigned k = 0; k < ws.count; ++k) trace_mask[w] |= divergence->split(w, ws.order[k]).mask;
}

inline bool Issue::scoreboard_allows(unsigned w, const isa::Instruction& in, LaneMask mask,
                                     uint64_t now) {
    const Opcode op = in.op;
    const unsigned rd = dest_reg(in);
    if (!scoreboard->has_room(w)) return false;
    if (isa::reads_rs(op) && !scoreboard->source_ready(w, in.rs, mask, now)) return false;
    if (isa::reads_rt(op) && !scoreboard->source_ready(w, in.rt, mask, now)) return false;
    if (isa::reads_rd(op) && !scoreboard->source_ready(w, in.rd, mask, now)) return false;
    if (rd != 0 && !scoreboard->dest_free(w, rd, mask, now)) return false;
    return true;
}

bool Issue::ready(unsigned w, unsigned slot, uint64_t now) {
    const WarpState& ws = warps_[w];
    if (ws.waiting >> slot & 1) return false;
    const InstructionBuffer& buf = fetch->buffer(w, slot);
    LaneMask mask = front_masks_[w * slots_ + slot];
    if (!(ws.fronted >> slot & 1)) {
        const DivergencePolicy::Split split = divergence->split(w, slot);
        if (split.mask == 0) return false;
        if ((ws.control >> slot & 1) || thdc->split_hold(w, split.mask) != ThdcIf::Hold::kNone)
            return false;
        if (buf.empty() || buf.front().pc != split.pc ||
            buf.front().state != InstructionBuffer::State::kValid)
            return false;
        mask = split.mask;
        offer(w, slot, split.pc, mask, buf.front().in);
    }
    return scoreboard_allows(w, buf.front().in, mask, now);
}

Issue::Stall Issue::try_issue(unsigned w, unsigned slot, bool secondary, uint64_t now) {
    SpControl& sp = sp_;
    WarpState& ws = warps_[w];
    const uint32_t bit = 1u << slot;
    const InstructionBuffer* buf;
    LaneMask mask;
    if (ws.fronted & bit) {
        buf = &fetch->buffer(w, slot);
        mask = front_masks_[w * slots_ + slot];
    } else {
        const DivergencePolicy::Split split = divergence->split(w, slot);
        if (split.mask == 0) return wait(w, slot, kNoWarp);
        if (slots_ == 1 && tracing_) {
            trace_pc[w] = split.pc;
            trace_mask[w] = split.mask;
            trace_ibuffer[w] = fetch->buffer(w, slot).ready();
        }
        const ThdcIf::Hold hold = thdc->split_hold(w, split.mask);
        if (hold == ThdcIf::Hold::kBarrier) return wait(w, slot, kBarrier);
        if (ws.control & bit) return wait(w, slot, kControl);
        if (hold == ThdcIf::Hold::kMemory) return wait(w, slot, kMemory);
        buf = &fetch->buffer(w, slot);
        if (buf->empty()) return wait(w, slot, kIbufferEmpty);
        const InstructionBuffer::Entry& e = buf->front();
        if (e.pc != split.pc) {
            fetch->sync(w);  // the buffer is behind the split: refetch
            sp.progress();
            return kIbufferEmpty;
        }
        switch (e.state) {
            case InstructionBuffer::State::kPending:
                return wait(w, slot, kIbufferEmpty);
            case InstructionBuffer::State::kUndefined:
                sp.fault(w, lowest_lane(split.mask), e.pc, "undefined instruction", 0, false);
                return kIssued;
            case InstructionBuffer::State::kFetchError:
                sp.fault(w, lowest_lane(split.mask), e.pc, "instruction fetch failed",
                         thdc->code_base_of(w) + e.pc, true);
                return kIssued;
            default:
                break;
        }
        mask = split.mask;
        offer(w, slot, e.pc, mask, e.in);
    }
    const InstructionBuffer::Entry& e = buf->front();
    const isa::Instruction& in = e.in;  // read in place: FE refills no entry during IS
    const uint32_t pc = e.pc;
    const Opcode op = in.op;

    if (!scoreboard_allows(w, in, mask, now)) return fronted(w, slot, mask, kScoreboard);
    const isa::Unit unit = isa::info(op).unit;
    const uint8_t pipe = sp.pipe_of(unit);
    if (rf_stage->full(pipe)) return fronted(w, slot, mask, kPipelineBusy);
    // A split other than the warp's first issues a memory instruction only into an empty
    // memory pipeline: it takes no memory slot from the work the SIMT stack would do.
    if (secondary && unit == isa::Unit::kMem &&
        (!rf_stage->empty(pipe) || !memory_pipe->drained(pipe)))
        return fronted(w, slot, mask, kPipelineBusy);

    // Issue.
    ws.fronted &= ~bit;
    const unsigned rd = dest_reg(in);
    WarpInstruction* wi = sp.pool.allocate();
    wi->seq = sp.next_seq++;
    wi->warp = w;
    wi->group = ws.group;
    wi->slot = static_cast<uint8_t>(slot);
    wi->pipe = pipe;
    wi->pc = pc;
    wi->in = in;
    wi->mask = mask;
    wi->fetch_cycle = e.fetched;
    wi->issue_cycle = now;
    wi->taken = 0;
    wi->faulted = false;
    wi->reads_done = 0;
    wi->bypass = 0;
    wi->num_reads = 0;
    wi->writes_rd = rd != 0;
    wi->sb_handle = -1;

    // Operands, read for the active lanes.
    rf->read(w, mask, in.rs, in.rt, in.rd, wi->rs, wi->rt, wi->rd_old);
    // The register reads RF performs: distinct registers other than $zero; a register whose
    // producer has not written back yet comes from the bypass.
    auto add_read = [&](unsigned reg) {
        if (reg == isa::kRegZero) return;
        for (unsigned i = 0; i < wi->num_reads; ++i)
            if (wi->read_reg[i] == reg) return;
        if (scoreboard->pending(w, reg, mask))
            wi->bypass |= static_cast<uint8_t>(1u << wi->num_reads);
        wi->read_reg[wi->num_reads++] = static_cast<uint8_t>(reg);
    };
    if (isa::reads_rs(op)) add_read(in.rs);
    if (isa::reads_rt(op)) add_read(in.rt);
    if (isa::reads_rd(op)) add_read(in.rd);
    if (rd != 0) wi->sb_handle = static_cast<int16_t>(scoreboard->reserve(w, rd, mask));
    if (sp_.pipeline_log) sp_.pipeline_log->issued(sp_, *wi);

    fetch->take(w, slot);
    const unsigned lanes = lane_count(mask);
    ++sp.counters.warp_instructions;
    sp.counters.thread_instructions += lanes;
    const bool memory = isa::is_memory(op);
    thdc->issued(w, memory, mask, now);
    rf_stage->push(wi);

    // The split moves on.
    if (unit == isa::Unit::kCtrl && op != Opcode::kSync && op != Opcode::kExit) {
        ws.control |= bit;
    } else if (op == Opcode::kSync) {
        ++sp.counters.barriers;
        divergence->on_barrier(w, slot, pc + isa::kInstBytes);
        thdc->arrive(w, mask, now);
        fetch->sync(w);
    } else if (op == Opcode::kExit) {
        divergence->on_exit(w, slot, mask);
        thdc->exited(w, lanes, divergence->live(w), now);
        fetch->sync(w);
    } else {
        if (pc + isa::kInstBytes >= ws.code_bytes) {
            sp.fault(w, lowest_lane(mask), pc, "execution ran off the end of the code image",
                     pc + isa::kInstBytes, true);
            return kIssued;
        }
        divergence->advance(w, slot, pc + isa::kInstBytes);
        fetch->sync(w);
    }
    return kIssued;
}

}  // namespace mvp
