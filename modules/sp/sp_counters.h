#pragma once

#include <cstdint>

namespace mvp {

// The SP's event counters that the pipeline's blocks increment; the SP's statistics group
// (SpPipeline) publishes them.
struct SpCounters {
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
    uint64_t memory_stall_cycles = 0;        // a memory instruction waited for the Ldst
    uint64_t reconvergence_table_reads = 0;  // divergent branches that read the far table
};

}  // namespace mvp
