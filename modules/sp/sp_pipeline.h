#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "block_slot.h"
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
#include "register_file.h"
#include "scoreboard.h"
#include "sp_control.h"
#include "sp_params.h"
#include "thdc.h"
#include "writeback.h"

namespace mvp {

class PipelineLog;
namespace rtl {
struct RtlHooks;
}

// The pipeline of one SP, FE > IS > RF > EX0..EXn > WB: the SP's blocks as sc_modules (fetch,
// thdc, issue, divergence, scoreboard, operand_collector, execute, memory_unit, writeback),
// children of the module that constructs the pipeline (the Sp: `sp0.issue`, ...), joined
// through their ports (block READMEs: modules/sp/README.md). The blocks have no processes: the
// SP's one clocked evaluation per core cycle calls tick(), which evaluates them in reverse
// pipeline order (WB, EX, RF, THDC, IS, FE), so that what a stage writes into a pipeline
// register in a cycle is seen by the next stage in the next cycle. The pipeline asks the SP to
// sleep when no block can act until an outside event (an ICC response, a memory completion, a
// new work-group), and the callbacks of those events wake it.
//
// Memory side: FE fetches through `fetch_port` (TLM, to the ICC); memory instructions go to
// the LD/ST memory pipeline through memory_can_accept / memory_issue, and come back through
// memory_complete() in issue order. The Sp module binds both to its Icc and Ldst; unit tests
// bind fakes.
class SpPipeline : public SpControl {
  public:
    using Counters = SpCounters;

    // owner: the Clocked block whose tick() calls tick() (the pipeline wakes and sleeps it).
    SpPipeline(const std::string& name, const SpParams& params, sim::ClockDomain& clock,
               sim::Clocked& owner);
    ~SpPipeline() override;

    // ---- The blocks.
    BlockSlot<DivergencePolicy> divergence;
    BlockSlot<ScoreboardIf> scoreboard;
    Thdc thdc;
    Fetch fetch;
    Issue issue;
    OperandCollector operand_collector;
    Execute execute;
    MemoryUnit memory_unit;
    Writeback writeback;
    CommitLog commit_log;

    // ---- Memory side (the ports of FE and of the LD/ST units).
    sim::InitiatorPort& fetch_port;
    std::function<bool()>& memory_can_accept;
    std::function<void(const WarpMemoryRequest&)>& memory_issue;
    // Optional: asks the memory pipeline to wake the SP when it can accept again (without it the
    // SP polls memory_can_accept every cycle while an instruction waits).
    std::function<void()>& memory_want_space;
    void memory_complete(const WarpMemoryResult& result);

    // ---- Work-groups (the command processor's interface, through the Sp).
    unsigned free_slots() const;
    // The group fits now: contiguous free warps, and an area of local memory if it uses
    // __local memory. A refusal is counted in occupancy_limit_warps / _local_mem.
    bool can_start(const KernelAbi& abi, const KernelAbi::Group& group) const;
    // Starts the group in contiguous free warps and its first-fit area of local memory.
    // write_local(address, value) stores bytes of local memory, or of the launch's private area
    // in device memory, before the threads start (stacked arguments, zeroed __local area and
    // stacks).
    void start_workgroup(const KernelAbi& abi, const KernelAbi::Group& group, const CodeImage& code,
                         const std::function<void(uint32_t, const void*, uint32_t)>& write_local);
    std::function<void(uint64_t group_linear_id)> on_workgroup_done;
    // A fault, a hang (watchdog) or the cycle limit: the pipeline stops for good.
    std::function<void(const std::string& message)> on_error;
    bool idle() const { return thdc.resident_warps() == 0; }

    void set_commit_log(std::ostream* os) { commit_log.set_stream(os); }
    // The pipeline log (doc/sp-pipeline.md), shared by any number of SPs; nullptr: off.
    void set_pipeline_log(PipelineLog* log);

    // One core cycle.
    void tick();
    // The SP's reset: every warp, work-group and instruction in flight dropped, the pipeline
    // running again (after a fault too); statistics kept.
    void reset();

    DivergencePolicy& policy() { return divergence.impl(); }
    const DivergencePolicy& policy() const { return divergence.impl(); }
    const DebugMap* debug_map_of(unsigned warp) const {
        return thdc.group(thdc.warp(warp).group).debug;
    }

    // ---- SpControl.
    void fault(unsigned warp, unsigned lane, uint32_t pc, const char* what, uint32_t address,
               bool has_address) override;
    void progress() override { progress_ = true; }
    void wake_at(uint64_t cycle) override;
    void retired(const WarpInstruction& wi, uint64_t cycle) override {
        if (commit_log.active()) commit_log.write(wi, cycle);
        if (pipeline_log) log_retired(wi, cycle);
        ++counters.retired;
        last_retire_cycle_ = cycle;
    }
    void wake();

  private:
    void log_retired(const WarpInstruction& wi, uint64_t cycle);
    rtl::RtlHooks rtl_hooks(const std::string& name);
    void check_limits();
    // The first cycle at which -gpgpu_max_cycle or the watchdog can stop the SP (UINT64_MAX:
    // neither is set); a retirement only moves the watchdog's later.
    uint64_t next_cycle_limit() const;
    std::string live_warps_text() const;
    void stop(const std::string& message);
    // Reports the error of a stop once (on_error, or SC_REPORT_ERROR).
    void report_stop();
    void register_stats();
    void update_active(uint64_t now);
    bool internal_work() const;

    std::string name_;
    sim::Clocked& owner_;
    uint64_t now_ = 0;
    bool progress_ = false;
    uint64_t last_retire_cycle_ = 0;
    // The next cycle at which check_limits() reads the host deadline (mvpsim --timeout).
    uint64_t next_deadline_poll_ = 0;
    uint64_t next_limit_check_ = 0;  // check_limits() has nothing to do before this cycle
    uint64_t active_since_ = 0;
    bool active_ = false;
    // Core cycles with a resident warp so far, the current active stretch included.
    double active_cycles() const {
        return static_cast<double>(counters.cycles_active +
                                   (active_ ? clock.now() - active_since_ : 0));
    }
    uint64_t last_tick_ = UINT64_MAX;
    // start_workgroup's lane masks and first local ids per warp (kept: no allocation per group).
    std::vector<LaneMask> start_threads_;
    std::vector<uint32_t> start_first_ids_;
    std::string pending_error_;
    sim::StatGroup stats_;
};

}  // namespace mvp
