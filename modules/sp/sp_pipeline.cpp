#include "sp_pipeline.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "modules/isa/semantics.h"
#include "modules/rtl/rtl_blocks.h"
#include "modules/sim/debug_map.h"
#include "modules/sim/host_deadline.h"
#include "modules/sim/vcd_tracer.h"
#include "mp_ipdom.h"
#include "pdom_stack.h"
#include "pipeline_log.h"

namespace mvp {

SpPipeline::SpPipeline(const std::string& name, const SpParams& p, sim::ClockDomain& clk,
                       sim::Clocked& owner)
    : SpControl(p, clk),
      divergence("divergence", [&] { return rtl::make_divergence_policy(p, rtl_hooks(name)); }),
      scoreboard("scoreboard", [&] { return rtl::make_scoreboard(p, rtl_hooks(name)); }),
      thdc("thdc", *this),
      fetch("fetch", *this),
      issue("issue", *this),
      operand_collector("operand_collector", *this),
      execute("execute", *this),
      memory_unit("memory_unit", *this),
      writeback("writeback", *this),
      commit_log(*this, name),
      fetch_port(fetch.icc),
      memory_can_accept(memory_unit.memory_can_accept),
      memory_issue(memory_unit.memory_issue),
      memory_want_space(memory_unit.memory_want_space),
      name_(name),
      owner_(owner),
      stats_(name) {
    const bool int_pipe = params.is_rf_width[SpParams::kPipeInt] > 0;
    pipe_of_unit_[static_cast<unsigned>(isa::Unit::kInt)] =
        int_pipe ? SpParams::kPipeInt : SpParams::kPipeSp;
    pipe_of_unit_[static_cast<unsigned>(isa::Unit::kCtrl)] =
        int_pipe ? SpParams::kPipeInt : SpParams::kPipeSp;
    pipe_of_unit_[static_cast<unsigned>(isa::Unit::kFp)] = SpParams::kPipeSp;
    pipe_of_unit_[static_cast<unsigned>(isa::Unit::kSfu)] = SpParams::kPipeSfu;
    pipe_of_unit_[static_cast<unsigned>(isa::Unit::kMem)] = SpParams::kPipeMem;

    // The wiring of the blocks: each port to the neighbour that provides its interface.
    thdc.divergence(divergence.target);
    thdc.fetch(fetch);
    thdc.issue(issue);
    fetch.thdc(thdc);
    fetch.divergence(divergence.target);
    fetch.issue(issue);
    issue.thdc(thdc);
    issue.fetch(fetch);
    issue.divergence(divergence.target);
    issue.scoreboard(scoreboard.target);
    issue.rf(operand_collector);
    issue.rf_stage(operand_collector);
    issue.memory_pipe(memory_unit);
    operand_collector.ex_stage(execute);
    operand_collector.memory_stage(memory_unit);
    execute.scoreboard(scoreboard.target);
    execute.rf(operand_collector);
    execute.divergence(divergence.target);
    execute.fetch(fetch);
    execute.issue(issue);
    execute.thdc(thdc);
    writeback.ex_results(execute);
    writeback.memory_results(memory_unit);
    writeback.rf(operand_collector);
    writeback.scoreboard(scoreboard.target);
    writeback.thdc(thdc);

    const unsigned splits = policy().max_splits();
    fetch.init(splits);
    issue.init(splits);
    register_stats();
    // Split and reconvergence table occupancy per warp in the VCD (MP-IPDOM).
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    if (auto* mp = dynamic_cast<const MpIpdomInspect*>(&policy()); mp && vcd.enabled()) {
        for (unsigned w = 0; w < params.num_warps(); ++w) {
            const std::string p = name_ + ".warp" + std::to_string(w);
            vcd.trace(p + ".st_entries", mp->st_used(w), 6);
            vcd.trace(p + ".rt_entries", mp->rt_used(w), 7);
        }
    }
}

SpPipeline::~SpPipeline() = default;

// What the scoreboard and divergence unit get when they are RTL (modules/rtl): the SP's path
// and cycle, the issue stage's record of the instruction behind a call, the stop of a fault.
rtl::RtlHooks SpPipeline::rtl_hooks(const std::string& name) {
    rtl::RtlHooks h;
    h.sp_path = name;
    h.sp_id = params.sp_id;
    h.report_prefix = params.rtl_report;
    h.cycle = [this] { return now_; };
    h.context = [this](unsigned warp, int slot) {
        const Issue::Offered& o = issue.offered(warp, slot);
        rtl::RtlContext c;
        c.known = c.decoded = o.valid;
        c.pc = o.pc;
        c.mask = o.mask;
        c.in = o.in;
        if (thdc.warp(warp).status != Thdc::Status::kFree) c.debug = debug_map_of(warp);
        return c;
    };
    h.stop = [this](const std::string& message) { stop(message); };
    return h;
}

void SpPipeline::log_retired(const WarpInstruction& wi, uint64_t cycle) {
    pipeline_log->retired(*this, wi, cycle);
}

void SpPipeline::set_pipeline_log(PipelineLog* log) {
    pipeline_log = log;
    if (log) log->attach(*this);
}

void SpPipeline::register_stats() {
    sim::StatGroup& s = stats_;
    Counters& c = counters;
    s.add(
        "cycles_active", [this] { return active_cycles(); },
        "core cycles with at least one resident warp");
    s.add("ticks", &c.ticks, "cycles the pipeline was evaluated (host work; idle cycles sleep)");
    s.add("warp_instructions", &c.warp_instructions, "warp instructions issued");
    s.add("thread_instructions", &c.thread_instructions,
          "thread instructions issued (active lanes summed)");
    s.add("retired", &c.retired, "warp instructions written back");
    s.add(
        "ipc",
        [this] {
            double cycles = active_cycles();
            return cycles ? counters.warp_instructions / cycles : 0.0;
        },
        "warp instructions per active cycle");
    s.add(
        "thread_ipc",
        [this] {
            double cycles = active_cycles();
            return cycles ? counters.thread_instructions / cycles : 0.0;
        },
        "thread instructions per active cycle");
    s.add(
        "simd_efficiency",
        [this] {
            return counters.warp_instructions
                       ? static_cast<double>(counters.thread_instructions) /
                             (static_cast<double>(counters.warp_instructions) * params.warp_size)
                       : 0.0;
        },
        "thread_instructions / (warp_instructions x warp size)");
    s.add("workgroups_started", &c.workgroups_started, "work-groups started on this SP");
    s.add("workgroups_done", &c.workgroups_done, "work-groups ended on this SP");
    s.add("max_resident_groups", &c.max_resident_groups,
          "most work-groups resident on this SP at once");
    s.add("max_local_area_bytes", &c.max_local_area_bytes,
          "most bytes of local memory held by the __local areas of resident work-groups");
    s.add("occupancy_limit_warps", &c.occupancy_limit_warps,
          "dispatches of a ready work-group refused for lack of contiguous free warps");
    s.add("occupancy_limit_local_mem", &c.occupancy_limit_local_mem,
          "dispatches of a ready work-group refused (warps free) for lack of a local memory "
          "area for its __local data");
    s.add("fetches", &c.fetches, "fetch requests sent to the ICC");
    s.add("fetched_instructions", &c.fetched_instructions, "instructions requested by fetches");
    s.add("ibuffer_flushes", &c.ibuffer_flushes,
          "instruction buffers flushed (taken branch, reconvergence, switch-out)");
    s.add("branches", &c.branches, "conditional branches resolved");
    s.add("taken_branches", &c.taken_branches, "conditional branches taken by at least one lane");
    s.add("divergent_branches", &c.divergent_branches,
          "conditional branches whose lanes went both ways");
    s.add("reconvergence_table_reads", &c.reconvergence_table_reads,
          "divergent branches whose reconvergence PC was read from the image's far table "
          "through the ICC");
    s.add("barriers", &c.barriers, "sync instructions issued (warp arrivals at a barrier)");
    s.add(
        "barrier_releases", [this] { return static_cast<double>(thdc.barrier_releases()); },
        "work-group barriers released");
    s.add(
        "thdc_switches", [this] { return static_cast<double>(thdc.switches()); },
        "warps switched out of the running set for a waiting one");
    s.add("loads", &c.loads, "warp load instructions");
    s.add("stores", &c.stores, "warp store instructions");
    s.add("atomics", &c.atomics, "warp atomic instructions");
    s.add("memory_stall_cycles", &c.memory_stall_cycles,
          "cycles a memory instruction waited for the LD/ST memory pipeline to accept it");
    s.add("rf_bank_reads", &c.rf_bank_reads, "register reads served by a bank");
    s.add("rf_bypass_reads", &c.rf_bypass_reads, "register operands taken from the bypass");
    s.add("rf_bank_conflicts", &c.rf_bank_conflicts,
          "register reads delayed a cycle by another access to their bank");
    for (unsigned r = Issue::kNoWarp; r < Issue::kNumStalls; ++r)
        s.add(std::string("stall_") + Issue::stall_name(static_cast<Issue::Stall>(r)),
              &issue.stall_cycles[r],
              "cycles nothing issued while warps were resident, charged to this reason");
    auto unit_stats = [&](const char* name, const uint64_t* busy, const uint64_t* count,
                          uint32_t lanes) {
        s.add(std::string("unit_") + name + "_instructions", count,
              std::string("warp instructions executed by the ") + name + " units");
        s.add(std::string("unit_") + name + "_busy_cycles", busy,
              std::string("cycles the ") + name + " units took a pass of a warp instruction");
        s.add(
            std::string("unit_") + name + "_utilisation",
            [this, busy] {
                double cycles = active_cycles();
                return cycles ? *busy / cycles : 0.0;
            },
            std::string("busy cycles / active cycles of the ") + std::to_string(lanes) + " " +
                name + " units");
    };
    unit_stats("int", &execute.int_unit.busy_cycles, &execute.int_unit.instructions,
               params.int_units);
    unit_stats("fp", &execute.fp_unit.busy_cycles, &execute.fp_unit.instructions, params.fp_units);
    unit_stats("sfu", &execute.sfu_unit.busy_cycles, &execute.sfu_unit.instructions,
               params.sfu_units);
    unit_stats("ldst", &memory_unit.busy_cycles, &memory_unit.instructions, params.ldst_units);
    s.add("branch_unit_instructions", &execute.branch_instructions,
          "control instructions through the branch unit");
    s.add(
        "pdom_max_depth",
        [this] {
            auto* pdom = dynamic_cast<const PdomStack*>(&policy());
            return pdom ? static_cast<double>(pdom->max_depth()) : 0.0;
        },
        "deepest PDOM stack of any warp");
    // Divergence (MP-IPDOM; 0 under PDOM).
    auto mp_stat = [this](uint64_t MpIpdom::Stats::*field) {
        return [this, field] {
            auto* mp = dynamic_cast<const MpIpdomInspect*>(&policy());
            return mp ? static_cast<double>(mp->stats().*field) : 0.0;
        };
    };
    s.add("mpipdom_splits_created", mp_stat(&MpIpdom::Stats::splits_created),
          "MP-IPDOM splits created (sides of divergent branches, jump-table targets)");
    s.add("mpipdom_reconvergences", mp_stat(&MpIpdom::Stats::reconvergences),
          "MP-IPDOM reconvergence table entries that returned to the split table as one split");
    s.add(
        "mpipdom_max_st_occupancy",
        [this] {
            auto* mp = dynamic_cast<const MpIpdomInspect*>(&policy());
            return mp ? static_cast<double>(mp->stats().max_st) : 0.0;
        },
        "most split table entries in use in one warp");
    s.add(
        "mpipdom_max_rt_occupancy",
        [this] {
            auto* mp = dynamic_cast<const MpIpdomInspect*>(&policy());
            return mp ? static_cast<double>(mp->stats().max_rt) : 0.0;
        },
        "most reconvergence table entries in use in one warp");
    s.add("mpipdom_st_full", mp_stat(&MpIpdom::Stats::st_full),
          "splits parked because the split table was full (serialised)");
    s.add("mpipdom_rt_full", mp_stat(&MpIpdom::Stats::rt_full),
          "divergent branches that found the reconvergence table full (reconverge at the "
          "parent's point)");
    s.add("mpipdom_barrier_bypasses", mp_stat(&MpIpdom::Stats::barrier_bypasses),
          "threads sent on past a reconvergence point because the threads it waited for were at "
          "a barrier");
    s.add("multi_split_ready_cycles", &issue.multi_ready_cycles,
          "cycles in which a warp issued from one split while another of its splits was ready "
          "too");
}

void SpPipeline::wake() { clock.wake(&owner_); }

void SpPipeline::wake_at(uint64_t cycle) {
    if (cycle != UINT64_MAX) clock.wake_at(&owner_, cycle);
}

void SpPipeline::memory_complete(const WarpMemoryResult& result) { memory_unit.complete(result); }

unsigned SpPipeline::free_slots() const {
    return stopped_ ? 0 : thdc.free_warps() * params.warp_size;
}

bool SpPipeline::can_start(const KernelAbi& abi, const KernelAbi::Group& group) const {
    if (stopped_) return false;
    const unsigned warps = (group.work_items + params.warp_size - 1) / params.warp_size;
    // A refused dispatch is charged to the first limit that applies: warps, then local memory.
    if (thdc.find_free_warps(warps) < 0) {
        ++counters.occupancy_limit_warps;
        return false;
    }
    if (abi.local_area_bytes() > 0 &&
        thdc.local_areas().find(abi.local_area_bytes(), abi.local_area_limit(),
                                abi.local_area_align()) == LocalAreaAllocator::kNoRoom) {
        ++counters.occupancy_limit_local_mem;
        return false;
    }
    return true;
}

void SpPipeline::start_workgroup(
    const KernelAbi& abi, const KernelAbi::Group& group, const CodeImage& code,
    const std::function<void(uint32_t, const void*, uint32_t)>& write_local) {
    const unsigned W = params.warp_size;
    const unsigned warps = (group.work_items + W - 1) / W;
    const int first = thdc.find_free_warps(warps);
    const uint32_t area_bytes = abi.local_area_bytes();
    const uint32_t local_base =
        area_bytes
            ? thdc.local_areas().find(area_bytes, abi.local_area_limit(), abi.local_area_align())
            : 0;
    if (first < 0 || local_base == LocalAreaAllocator::kNoRoom || abi.params().warp_size != W ||
        abi.params().threads_per_sp != params.threads_per_sp) {
        SC_REPORT_ERROR("mvp/sp",
                        "start_workgroup: the SP cannot take this work-group "
                        "(call can_start first; the ABI's warp size and thread count "
                        "must be the SP's)");
        return;
    }
    const uint64_t now = clock.now();
    if (idle()) {
        active_ = true;
        active_since_ = now;
        last_retire_cycle_ = now;
    }
    if (area_bytes)
        thdc.local_areas().allocate(area_bytes, abi.local_area_limit(), abi.local_area_align());
    // Memory as the golden model starts a group: the group's __local area and the stacks of
    // its slots in local memory zeroed (not those in a private area), then the stacked
    // arguments.
    static const std::vector<uint8_t> zeros(32768, 0);
    if (write_local) {
        if (area_bytes) write_local(local_base, zeros.data(), area_bytes);
        const uint32_t stack = abi.local_stack_bytes();
        for (unsigned i = 0; stack > 0 && i < group.work_items; ++i) {
            const uint32_t slot = static_cast<uint32_t>(first) * W + i;
            const uint32_t top = abi.params().local_mem_bytes - slot * stack;
            write_local(top - stack, zeros.data(), std::min<uint32_t>(stack, 32768));
        }
    }
    start_threads_.assign(warps, 0);
    start_first_ids_.assign(warps, 0);
    for (unsigned i = 0; i < group.work_items; ++i) {
        const uint32_t slot = static_cast<uint32_t>(first) * W + i;
        RegisterFile& regs = operand_collector.registers();
        abi.init_thread(group, i, slot, params.sp_id, local_base, regs.gpr(slot),
                        regs.special(slot));
        if (write_local) {
            for (unsigned k = 0; k < abi.stack_word_count(); ++k) {
                const KernelAbi::StackWord sw = abi.stack_word(k, slot, params.sp_id, local_base);
                write_local(sw.address, &sw.value, 4);
            }
        }
        start_threads_[i / W] |= LaneMask{1} << (i % W);
    }
    Thdc::Group g;
    g.linear_id = group.linear_id;
    g.debug = code.debug;
    g.code_base = code.base;
    g.code_bytes = code.bytes;
    g.live_threads = group.work_items;
    g.local_base = local_base;
    g.local_bytes = area_bytes;
    for (unsigned k = 0; k < warps; ++k) {
        const unsigned w = static_cast<unsigned>(first) + k;
        start_first_ids_[k] = k * W;
        policy().start(w, abi.launch().entry_pc, start_threads_[k]);
        scoreboard.impl().clear(w);
    }
    thdc.start_group(static_cast<unsigned>(first), warps, g, start_threads_, start_first_ids_);
    for (unsigned k = 0; k < warps; ++k) {
        fetch.start(static_cast<unsigned>(first) + k);
        issue.start(static_cast<unsigned>(first) + k);
    }
    ++counters.workgroups_started;
    counters.max_resident_groups =
        std::max<uint64_t>(counters.max_resident_groups, thdc.resident_groups());
    counters.max_local_area_bytes =
        std::max<uint64_t>(counters.max_local_area_bytes, thdc.local_areas().bytes_in_use());
    progress_ = true;
    wake();
}

void SpPipeline::fault(unsigned warp, unsigned lane, uint32_t pc, const char* what,
                       uint32_t address, bool has_address) {
    const Thdc::Warp& w = thdc.warp(warp);
    const Thdc::Group& g = thdc.group(w.group);
    char head[200];
    std::snprintf(head, sizeof head,
                  "fault: SP %u, warp %u, thread %u (work-group %llu), PC 0x%04x", params.sp_id,
                  warp, w.first_local_id + lane, static_cast<unsigned long long>(g.linear_id), pc);
    std::string msg = head;
    msg += DebugMap::annotate(g.debug, pc, true);
    msg += ": ";
    msg += what;
    if (has_address) {
        char a[32];
        std::snprintf(a, sizeof a, " at address 0x%08x", address);
        msg += a;
    }
    stop(msg);
}

void SpPipeline::stop(const std::string& message) {
    if (stopped_) return;
    stopped_ = true;
    pending_error_ = message;
}

void SpPipeline::report_stop() {
    if (pending_error_.empty()) return;
    std::string msg;
    msg.swap(pending_error_);
    if (on_error) {
        on_error(msg);
    } else {
        SC_REPORT_ERROR("mvp/sp", msg.c_str());
    }
}

void SpPipeline::reset() {
    if (active_) {
        counters.cycles_active += clock.now() - active_since_;
        active_ = false;
    }
    thdc.reset();
    fetch.reset();
    issue.reset();
    operand_collector.reset();
    execute.reset();
    memory_unit.reset();
    for (unsigned w = 0; w < params.num_warps(); ++w) scoreboard.impl().clear(w);
    pool.reset();
    fetch_port.reset();
    stopped_ = false;
    pending_error_.clear();
    next_deadline_poll_ = 0;
    next_limit_check_ = 0;
    progress_ = false;
    last_tick_ = UINT64_MAX;
    clock.sleep(&owner_);
}

std::string SpPipeline::live_warps_text() const {
    std::string s;
    unsigned listed = 0;
    for (unsigned w = 0; w < thdc.num_warps(); ++w) {
        const Thdc::Warp& warp = thdc.warp(w);
        if (warp.status == Thdc::Status::kFree || warp.status == Thdc::Status::kFinished) continue;
        if (listed == 16) {
            s += ", ...";
            break;
        }
        const uint32_t occupied = policy().occupied(w);
        DivergencePolicy::Split split =
            policy().split(w, occupied ? static_cast<unsigned>(__builtin_ctz(occupied)) : 0);
        char buf[96];
        std::snprintf(buf, sizeof buf, "%swarp %u at PC 0x%04x", listed ? ", " : "", w, split.pc);
        s += buf;
        s += DebugMap::annotate(thdc.group(warp.group).debug, split.pc, false);
        if (warp.at_barrier)
            s += " at a barrier";
        else if (warp.mem_outstanding)
            s += " waiting for memory";
        else if (warp.status == Thdc::Status::kWaiting)
            s += " waiting to run";
        ++listed;
    }
    return s.empty() ? "none" : s;
}

void SpPipeline::check_limits() {
    if (now_ < next_limit_check_ || idle()) return;
    const uint64_t now = now_;
    char buf[200];
    if (params.max_cycle && now >= params.max_cycle) {
        std::snprintf(buf, sizeof buf,
                      "SP %u: the run reached -gpgpu_max_cycle %llu with live warps: ",
                      params.sp_id, static_cast<unsigned long long>(params.max_cycle));
        stop(buf + live_warps_text());
    } else if (params.watchdog_cycles && now > last_retire_cycle_ + params.watchdog_cycles) {
        std::snprintf(buf, sizeof buf,
                      "SP %u: no instruction retired for %llu cycles (-mvpgpu_watchdog_cycles), "
                      "live warps: ",
                      params.sp_id, static_cast<unsigned long long>(params.watchdog_cycles));
        stop(buf + live_warps_text());
    } else if (now >= next_deadline_poll_) {
        // The host's clock is read every few thousand cycles of a busy SP.
        next_deadline_poll_ = now + 4096;
        const sim::HostDeadline& deadline = sim::HostDeadline::instance();
        if (deadline.passed())
            stop("SP " + std::to_string(params.sp_id) + ": the run exceeded " + deadline.option() +
                 " seconds of host time with live warps: " + live_warps_text());
    }
    next_limit_check_ = std::min(next_deadline_poll_, next_cycle_limit());
}

uint64_t SpPipeline::next_cycle_limit() const {
    uint64_t next = UINT64_MAX;
    if (params.max_cycle) next = params.max_cycle;
    if (params.watchdog_cycles)
        next = std::min(next, last_retire_cycle_ + params.watchdog_cycles + 1);
    return next;
}

bool SpPipeline::internal_work() const {
    return !operand_collector.empty() || !execute.empty() || !memory_unit.input_empty() ||
           (!memory_unit.idle() && !memory_unit.waiting_for_space()) || thdc.release_pending();
}

void SpPipeline::tick() {
    const uint64_t now = clock.now();
    now_ = now;
    const uint64_t slept =
        last_tick_ != UINT64_MAX && now > last_tick_ + 1 ? now - last_tick_ - 1 : 0;
    last_tick_ = now;
    if (stopped_) {
        clock.sleep(&owner_);
        report_stop();  // a stop outside the tick (a memory error completion)
        return;
    }
    ++counters.ticks;
    if (slept) {
        // Asleep since the last tick: nothing changed, so every cycle in between stalled as
        // that one did.
        issue.charge_slept(slept);
        memory_unit.charge_slept(slept);
        if (pipeline_log) pipeline_log->slept(*this, slept, now);
    }
    progress_ = false;
    check_limits();
    if (!stopped_) {
        progress_ |= fetch.accept_responses(now);
        progress_ |= writeback.tick(now);
        progress_ |= execute.tick(now);
        if (!stopped_) progress_ |= memory_unit.tick(now);
        if (!stopped_) progress_ |= operand_collector.tick(now);
        if (!stopped_) progress_ |= thdc.tick(now);
        if (!stopped_) progress_ |= issue.tick(now);
        if (!stopped_) progress_ |= fetch.tick(now);
    }
    if (stopped_) {
        clock.sleep(&owner_);
        report_stop();
        return;
    }
    // Work-groups that ended: their slots are free; tell the command processor (which may
    // start another group from the callback).
    if (!thdc.done_groups().empty()) {
        std::vector<uint64_t> done;
        done.swap(thdc.done_groups());
        counters.workgroups_done += done.size();
        if (idle() && active_) {
            counters.cycles_active += now - active_since_;
            active_ = false;
        }
        for (uint64_t id : done)
            if (on_workgroup_done) on_workgroup_done(id);
        thdc.done_groups().swap(done);
        thdc.done_groups().clear();
        progress_ = true;
    }
    if (progress_ || internal_work()) return;
    // Nothing can happen until an outside event: sleep, with timers for what is due anyway.
    clock.sleep(&owner_);
    if (!idle()) memory_unit.before_sleep();
    uint64_t next = fetch.next_response_cycle();
    if (!memory_unit.completed().empty()) next = std::min(next, now + 1);
    if (!idle()) next = std::min({next, next_cycle_limit(), thdc.next_switch_cycle(now)});
    wake_at(next);  // one timer, the earliest (a far one only when nothing nearer is due)
}

}  // namespace mvp
