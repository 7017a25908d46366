// The core options of the model, declared once each: hierarchy, clocks, pipeline, units,
// local memory, run limits. Adding an option is one line in a table; its parsing, checking,
// help text and JSON output follow from the declaration. Defaults are those of the MVP V2.1
// platform (config/mvp_v2_1.config writes them out). The other areas have their own tables
// (option_table.h).

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> core_options() {
    return {
        // High-level architecture.
        string_option("mvpgpu_platform", "mvp_v2_1", "mvp_v2_1|mvp_1sp",
                      "platform being modelled (its name in statistics and --platform)"),
        int_option("mvpgpu_n_gpc", "1", 1, 1024, "number of GPCs (graphics processing clusters)"),
        int_option("mvpgpu_n_tpc_per_gpc", "4", 1, 1024, "number of TPCs per GPC"),
        int_option("mvpgpu_n_sm_per_tpc", "2", 1, 1024, "number of SMs per TPC"),
        int_option("mvpgpu_n_sp_per_sm", "4", 1, 1024,
                   "number of SPs per SM (an MVP SP is what CUDA calls an SM)"),
        int_option("mvpgpu_max_concurrent_kernel", "8", 1, 1024,
                   "maximum number of kernels running at the same time"),
        double_list_option("mvpgpu_clock_domains",
                           "1000.0:1000.0:1000.0:800.0:1000.0:1000.0:1000.0:1000.0", 8, ':',
                           kPositive,
                           "clock domain frequencies in MHz {<Core Clock>:<Interconnect Clock>:"
                           "<L2 Clock>:<DRAM Clock>:<pa_clock>:<rop_clock>:<raster_clock>:"
                           "<texture_clock>}"),

        // Pipeline widths and functional units.
        int_list_option(
            "mvpgpu_pipeline_widths", "4,4,0,4,4,4,4,0,4,4,4,4,0", 13, 0,
            "pipeline register widths {<IS_RF_SP>, <IS_RF_DP>, <IS_RF_INT>, <IS_RF_SFU>, "
            "<IS_RF_MEM>, <RF_EX_SP>, <RF_EX_DP>, <RF_EX_INT>, <RF_EX_SFU>, <RF_EX_MEM>, "
            "<EX_WB>, <IS_RF_TENSOR_CORE>, <RF_EX_TENSOR_CORE>}"),
        int_option("gpgpu_num_fp32_units_per_sp", "4", 1, 64, "number of FP32 units per SP"),
        int_option("gpgpu_num_int32_units_per_sp", "4", 1, 64,
                   "number of INT32 ALU/MAC units per SP"),
        int_option("gpgpu_num_sfu_units_per_sp", "1", 1, 64,
                   "number of special function units per SP"),
        int_option("mvpgpu_num_ldst_units_per_sp", "4", 1, 64, "number of LD/ST units per SP"),

        // Instruction latencies and initiation intervals (GPGPU-Sim order).
        int_list_option(
            "ptx_opcode_latency_int", "3,3,3,3,3,3", 6, 1,
            "integer instruction latencies in core cycles {<ADD>,<MAX>,<MUL>,<MAD>,<DIV>,"
            "<SHFL>}"),
        int_list_option(
            "ptx_opcode_initiation_int", "0,0,0,0,0,0", 6, 0,
            "integer instruction initiation intervals in core cycles {<ADD>,<MAX>,<MUL>,"
            "<MAD>,<DIV>,<SHFL>}"),
        int_list_option(
            "ptx_opcode_latency_fp", "3,3,3,3,3", 5, 1,
            "floating-point instruction latencies in core cycles {<ADD>,<MAX>,<MUL>,<MAD>,"
            "<DIV>} (DIV is the SFU)"),
        int_list_option(
            "ptx_opcode_initiation_fp", "0,0,0,0,0", 5, 0,
            "floating-point instruction initiation intervals in core cycles {<ADD>,<MAX>,"
            "<MUL>,<MAD>,<DIV>}"),

        // On-chip local memory (OCC) and threads.
        int_option("mvpgpu_local_mem_num_banks", "8", 1, 64,
                   "number of single-port banks of the local memory (bank conflict detection)",
                   kPowerOfTwo),
        int_option("mvpgpu_local_mem_read_cycle", "1", 1, 1024,
                   "local memory read cycles per access"),
        int_option("mvpgpu_local_mem_write_cycle", "1", 1, 1024,
                   "local memory write cycles per access"),
        int_option(
            "mvpgpu_local_mem_size", "32768", 1024, 32768,
            "bytes of on-chip local memory per SP, at local address 0 (the window is 32 KiB)",
            kPowerOfTwo),
        int_option("mvpgpu_n_threads_per_sp_and_warp_size", "4", 1, 64,
                   "warp size: threads of an SP that issue together (1 = pure SMT core); "
                   "MVPGPU-Sim's THREADS:WARP form also sets -mvpgpu_n_threads_per_sp",
                   kDivides64),
        int_option("mvpgpu_n_threads_per_sp", "64", 1, 1024, "hardware thread slots per SP"),
        int_option("mvpgpu_private_stack_bytes", "320", 256 + 64, 32768,
                   "bytes of private stack per hardware thread slot, at the top of local memory",
                   kMultipleOf8),

        // Global memory.
        int_option("mvpgpu_global_mem_size", "268435456", 4096, int64_t{1} << 31,
                   "bytes of global memory (DDR) from address 0x80000000"),

        // Execution policy and run limits.
        string_option("mvpgpu_divergence", "mpipdom", "pdom|mpipdom",
                      "branch divergence policy: PDOM SIMT stack or Multi-Path IPDOM"),
        int_option("gpgpu_max_cycle", "100000000", 0, kNoMax,
                   "stop a timing run after this many core cycles with an error naming the "
                   "live warps, so that an endless kernel cannot hang (0 = no limit)"),
        int_option("mvpgpu_watchdog_cycles", "1000000", 0, kNoMax,
                   "stop the run as hung after this many core cycles without a retired "
                   "instruction (0 = no watchdog)"),
        int_option("mvpgpu_functional_max_instructions", "1000000000", 0, kNoMax,
                   "stop a functional run with a fault naming the PC range it last ran after "
                   "this many thread instructions, so that an endless kernel ends within "
                   "seconds (0 = no limit)"),
    };
}

const std::vector<OptionSpec>& option_specs() {
    static const std::vector<OptionSpec> specs = [] {
        std::vector<OptionSpec> all = core_options();
        for (auto table :
             {memory_system_options, sp_memory_options, sp_pipeline_options, platform_options}) {
            std::vector<OptionSpec> t = table();
            all.insert(all.end(), t.begin(), t.end());
        }
        return all;
    }();
    return specs;
}

}  // namespace mvp::config
