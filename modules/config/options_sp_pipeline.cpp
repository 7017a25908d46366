// Options of the SP pipeline: fetch, thread control (THDC), issue, register file and operand
// collection, Multi-Path IPDOM table sizes, RTL co-simulation of the scoreboard and MP-IPDOM
// (doc/rtl-cosim.md). The execution units, latencies, pipeline register
// widths, warp size, divergence policy and run limits are core options (options.cpp).
// doc/sp-pipeline.md describes how each option acts on the timing.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> sp_pipeline_options() {
    return {
        int_option("mvpgpu_ibuffer_entries", "2", 1, 64,
                   "instruction buffer entries per warp (fetched, decoded instructions waiting "
                   "to issue)"),
        int_option("mvpgpu_fetch_width", "2", 1, 2,
                   "instructions fetched per ICC access (1: 8 bytes, 2: 16 bytes when the PC is "
                   "16-byte aligned and the buffer has room for both)"),
        int_option("mvpgpu_issue_width", "1", 1, 8, "warp instructions issued per SP per cycle"),
        int_option("mvpgpu_thdc_running_warps", "4", 1, 1024,
                   "warps in the THDC running set (the 'vertical' groups that take turns at "
                   "issue); the other resident warps wait"),
        string_option("mvpgpu_thdc_policy", "switch", "stall|switch|park",
                      "what a warp does on a long memory access: stall (stays running, blocked "
                      "until the data returns), switch (switched out for a ready waiting warp, "
                      "refetches when switched back in) or park (the access waits in the LD/ST "
                      "unit while the warp issues independent instructions)"),
        int_option("mvpgpu_thdc_switch_threshold", "16", 0, 1000000,
                   "cycles a memory instruction may be outstanding before its warp is switched "
                   "out (policy switch; 0 = at once, on every memory instruction)"),
        string_option("mvpgpu_rf_model", "oddeven", "collector|oddeven",
                      "register file read model: oddeven (MVP GPR, two banks by register parity, "
                      "WB->RF bypass) or collector (GPGPU-Sim operand collectors over banked "
                      "registers, write-back priority)"),
        int_option("mvpgpu_oc_collectors", "4", 1, 64,
                   "operand collector units (rf_model collector)"),
        int_option("mvpgpu_rf_banks", "4", 1, 64,
                   "register file banks (rf_model collector; register r of warp w is in bank "
                   "(r + w) mod banks)"),
        int_option("mvpgpu_mpipdom_st_entries", "8", 1, 32,
                   "Multi-Path IPDOM split table entries per warp: splits that can be scheduled "
                   "at once (at most the warp size are used); more splits wait parked "
                   "(-mvpgpu_divergence mpipdom)"),
        int_option("mvpgpu_mpipdom_rt_entries", "8", 1, 64,
                   "Multi-Path IPDOM reconvergence table entries per warp: pending "
                   "reconvergence points; a divergent branch that finds none free reconverges "
                   "at its parent's point (-mvpgpu_divergence mpipdom)"),
        // RTL co-simulation (modules/rtl/README.md, doc/rtl-cosim.md).
        choice_list_option("mvpgpu_rtl_blocks", "none", "none|scoreboard|mp_ipdom",
                           "SP blocks simulated by their Verilated RTL (rtl/sp/): scoreboard, "
                           "mp_ipdom (absent under -mvpgpu_divergence pdom), or none (the C++ "
                           "blocks alone)"),
        string_option("mvpgpu_rtl_mode", "lockstep", "replace|lockstep",
                      "with -mvpgpu_rtl_blocks: replace (the RTL alone answers the pipeline) or "
                      "lockstep (the C++ block answers, the RTL sees the same calls and every "
                      "output is compared; the first difference stops the run with a report)"),
        string_option("mvpgpu_rtl_report", "rtl_mismatch", nullptr,
                      "path prefix of a lockstep mismatch report: PREFIX.txt, PREFIX.json and "
                      "PREFIX.vcd (the RTL's waveform before the mismatch)"),
    };
}

}  // namespace mvp::config
