#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "commit_log.h"
#include "divergence_policy.h"
#include "execute.h"
#include "fetch.h"
#include "issue.h"
#include "memory_unit.h"
#include "modules/golden/code_image.h"
#include "modules/golden/kernel_abi.h"
#include "modules/ldst/warp_memory_request.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/stat_group.h"
#include "operand_collector.h"
#include "pipeline_latch.h"
#include "register_file.h"
#include "scoreboard.h"
#include "sp_params.h"
#include "thdc.h"
#include "warp_instruction_pool.h"
#include "writeback.h"

namespace mvp {

// The pipeline of one SP, FE > IS > RF > EX0..EXn > WB, as plain C++ stages joined by
// pipeline registers (PipelineLatch) and evaluated once per core cycle in reverse pipeline
// order (WB, EX, RF, THDC, IS, FE), so that what a stage writes into a latch in a cycle is
// seen by the next stage in the next cycle. The SP's clocked process calls tick(); the
// pipeline asks it to sleep when no stage can act until an outside event (an ICC response, a
// memory completion, a new work-group), and the callbacks of those events wake it.
//
// Memory side: FE fetches through `fetch_port` (TLM, to the ICC); memory instructions go to
// the LD/ST memory pipeline through memory_can_accept / memory_issue, and come back through
// memory_complete() in issue order. The Sp module binds both to its Icc and Ldst; unit tests
// bind fakes.
class SpPipeline {
  public:
    // owner: the Clocked block whose tick() calls tick() (the pipeline wakes and sleeps it).
    SpPipeline(const std::string& name, const SpParams& params, sim::ClockDomain& clock,
               sim::Clocked& owner);
    ~SpPipeline();
    SpPipeline(const SpPipeline&) = delete;
    SpPipeline& operator=(const SpPipeline&) = delete;

    // ---- Memory side.
    sim::InitiatorPort fetch_port;
    std::function<bool()> memory_can_accept;
    std::function<void(const WarpMemoryRequest&)> memory_issue;
    // Optional: asks the memory pipeline to wake the SP when it can accept again (without it the
    // SP polls memory_can_accept every cycle while an instruction waits).
    std::function<void()> memory_want_space;
    void memory_complete(const WarpMemoryResult& result);

    // ---- Work-groups (the command processor's interface, through the Sp).
    unsigned free_slots() const;
    // The group fits now: contiguous free warps, and an area of local memory if it uses
    // __local memory. A refusal is counted in occupancy_limit_warps / _local_mem.
    bool can_start(const KernelAbi& abi, const KernelAbi::Group& group) const;
    // Starts the group in contiguous free warps and its first-fit area of local memory.
    // write_local(address, value) stores a word of local memory before the threads start
    // (stacked arguments, zeroed __local area and stacks).
    void start_workgroup(const KernelAbi& abi, const KernelAbi::Group& group,
                         const CodeImage& code,
                         const std::function<void(uint32_t, const void*, uint32_t)>& write_local);
    std::function<void(uint64_t group_linear_id)> on_workgroup_done;
    // A fault, a hang (watchdog) or the cycle limit: the pipeline stops for good.
    std::function<void(const std::string& message)> on_error;
    bool stopped() const { return stopped_; }
    bool idle() const { return thdc.resident_warps() == 0; }

    void set_commit_log(std::ostream* os) { commit_log.set_stream(os); }

    // One core cycle.
    void tick();
    // The SP's reset: every warp, work-group and instruction in flight dropped, the pipeline
    // running again (after a fault too); statistics kept.
    void reset();

    // ---- Shared state of the stages.
    const SpParams params;
    sim::ClockDomain& clock;
    uint64_t now = 0;
    RegisterFile regs;
    WarpInstructionPool pool;
    std::unique_ptr<ScoreboardIf> scoreboard;
    std::unique_ptr<DivergencePolicy> policy;
    PipelineLatch is_rf[SpParams::kNumPipes];
    PipelineLatch rf_ex[SpParams::kNumPipes];
    Thdc thdc;
    Fetch fetch;
    Issue issue;
    OperandCollector operand_collector;
    Execute execute;
    MemoryUnit memory_unit;
    Writeback writeback;
    CommitLog commit_log;
    uint64_t next_seq = 0;

    // The pipeline register set an instruction of this unit goes through.
    uint8_t pipe_of(isa::Unit unit) const { return pipe_of_unit_[static_cast<unsigned>(unit)]; }
    // Hardware thread slot of a lane.
    unsigned thread(unsigned warp, unsigned lane) const { return warp * params.warp_size + lane; }
    const DebugMap* debug_map_of(unsigned warp) const {
        return thdc.group(thdc.warp(warp).group).debug;
    }
    uint32_t code_bytes_of(unsigned warp) const {
        return thdc.group(thdc.warp(warp).group).code_bytes;
    }
    // Stops the pipeline with a fault of lane `lane` of `warp` at `pc`, in the golden model's
    // format.
    void fault(unsigned warp, unsigned lane, uint32_t pc, const char* what, uint32_t address,
               bool has_address);
    // Something happened this cycle (keeps the pipeline awake for the next).
    void progress() { progress_ = true; }
    // Wakes the SP at `cycle` (or the next edge) if it sleeps.
    void wake_at(uint64_t cycle);
    void wake();
    // WB retired an instruction (the watchdog's measure of progress).
    void note_retired(uint64_t cycle) {
        ++counters.retired;
        last_retire_cycle_ = cycle;
    }

    // ---- Statistics (counters the stages increment).
    struct Counters {
        uint64_t cycles_active = 0;  // cycles with at least one resident warp
        uint64_t ticks = 0;          // cycles the pipeline was evaluated (host work)
        uint64_t warp_instructions = 0;
        uint64_t thread_instructions = 0;
        uint64_t retired = 0;
        uint64_t workgroups_started = 0;
        uint64_t workgroups_done = 0;
        uint64_t max_resident_groups = 0;
        uint64_t max_local_area_bytes = 0;
        // Refusals of can_start (a query of the CP's dispatcher), charged to the limit that
        // applied: no contiguous free warps, or (warps free) no area of local memory.
        mutable uint64_t occupancy_limit_warps = 0;
        mutable uint64_t occupancy_limit_local_mem = 0;
        uint64_t fetches = 0;
        uint64_t fetched_instructions = 0;
        uint64_t ibuffer_flushes = 0;
        uint64_t branches = 0;
        uint64_t taken_branches = 0;
        uint64_t divergent_branches = 0;
        uint64_t barriers = 0;
        uint64_t loads = 0;
        uint64_t stores = 0;
        uint64_t atomics = 0;
        uint64_t rf_bank_conflicts = 0;
        uint64_t rf_bypass_reads = 0;
        uint64_t rf_bank_reads = 0;
        uint64_t memory_stall_cycles = 0;  // a memory instruction waited for the Ldst
        uint64_t reconvergence_table_reads = 0;  // divergent branches that read the far table
    };
    Counters counters;

  private:
    void check_limits();
    std::string live_warps_text() const;
    void stop(const std::string& message);
    // Reports the error of a stop once (on_error, or SC_REPORT_ERROR).
    void report_stop();
    void register_stats();
    void update_active(uint64_t now);
    bool internal_work() const;

    std::string name_;
    sim::Clocked& owner_;
    uint8_t pipe_of_unit_[5] = {};
    bool progress_ = false;
    bool stopped_ = false;
    uint64_t last_retire_cycle_ = 0;
    uint64_t active_since_ = 0;
    bool active_ = false;
    // Core cycles with a resident warp so far, the current active stretch included.
    double active_cycles() const {
        return static_cast<double>(counters.cycles_active +
                                   (active_ ? clock.now() - active_since_ : 0));
    }
    uint64_t last_tick_ = UINT64_MAX;
    std::string pending_error_;
    sim::StatGroup stats_;
};

}  // namespace mvp
