#pragma once

#include <cstdint>
#include <string>

#include "modules/isa/opcode.h"

namespace mvp {

namespace config {
class Config;
}

// The parameters of one SP's pipeline, resolved from the configuration once at elaboration.
// Every count and latency of the pipeline comes from here, never from a constant.
struct SpParams {
    // The pipelines between IS, RF and EX, each with its own pipeline registers
    // (-mvpgpu_pipeline_widths). Integer and control instructions use kInt when its widths
    // are non-zero, otherwise the kSp (FP32) registers, as GPGPU-Sim does when no separate INT
    // pipeline is configured; they still execute on the INT32 units.
    enum Pipe : uint8_t { kPipeSp, kPipeInt, kPipeSfu, kPipeMem, kNumPipes };
    enum class RfModel : uint8_t { kOddEven, kCollector };
    enum class ThdcPolicy : uint8_t { kStall, kSwitch, kPark };
    enum class Divergence : uint8_t { kPdom, kMpIpdom };
    enum class RtlMode : uint8_t { kReplace, kLockstep };

    uint32_t sp_id = 0;

    // Threads.
    uint32_t threads_per_sp = 64;
    uint32_t warp_size = 4;
    uint32_t running_warps = 4;
    ThdcPolicy thdc_policy = ThdcPolicy::kSwitch;
    uint32_t switch_threshold = 16;
    Divergence divergence = Divergence::kPdom;
    // Multi-Path IPDOM tables per warp (modules/sp/mp_ipdom.h).
    uint32_t mpipdom_st_entries = 8;
    uint32_t mpipdom_rt_entries = 8;

    // Blocks simulated by their Verilated RTL (modules/rtl): -mvpgpu_rtl_blocks, _mode, _report.
    // rtl_mp_ipdom only under Divergence::kMpIpdom (the block is absent under PDOM).
    bool rtl_scoreboard = false;
    bool rtl_mp_ipdom = false;
    RtlMode rtl_mode = RtlMode::kLockstep;
    std::string rtl_report = "rtl_mismatch";

    // Fetch and issue.
    uint32_t ibuffer_entries = 2;
    uint32_t fetch_width = 2;
    uint32_t issue_width = 1;

    // Pipeline registers: IS->RF and RF->EX entries per pipe, results written back per cycle.
    uint32_t is_rf_width[kNumPipes] = {4, 4, 4, 4};
    uint32_t rf_ex_width[kNumPipes] = {4, 4, 4, 4};
    uint32_t ex_wb_width = 4;

    // Register file.
    RfModel rf_model = RfModel::kOddEven;
    uint32_t oc_collectors = 4;
    uint32_t rf_banks = 4;

    // Execution units: lanes (units) per type, latency and initiation interval per latency
    // class (isa::LatencyClass) for the INT list and the FP list (whose DIV entry is the SFU).
    uint32_t int_units = 4;
    uint32_t fp_units = 4;
    uint32_t sfu_units = 1;
    uint32_t ldst_units = 4;
    uint32_t latency_int[5] = {3, 3, 3, 3, 3};
    uint32_t initiation_int[5] = {1, 1, 1, 1, 1};
    uint32_t latency_fp[5] = {3, 3, 3, 3, 3};
    uint32_t initiation_fp[5] = {1, 1, 1, 1, 1};

    // Address map as the LD/ST unit checks it.
    uint32_t local_mem_bytes = 32768;
    uint32_t private_stack_bytes = 320;
    uint32_t global_mem_bytes = 268435456;

    // Run limits (0 = none).
    uint64_t max_cycle = 0;
    uint64_t watchdog_cycles = 1000000;

    uint32_t num_warps() const { return threads_per_sp / warp_size; }

    // Reads the options; throws config::ConfigError when they do not make a pipeline (for
    // example -mvpgpu_n_threads_per_sp not a multiple of the warp size).
    static SpParams from_config(const config::Config& c, uint32_t sp_id);
};

}  // namespace mvp
