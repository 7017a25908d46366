#include "sp_params.h"

#include <algorithm>

#include "modules/config/config.h"

namespace mvp {

namespace {

uint32_t u32(int64_t v) { return static_cast<uint32_t>(v); }

}  // namespace

SpParams SpParams::from_config(const config::Config& c, uint32_t sp_id) {
    SpParams p;
    p.sp_id = sp_id;
    p.threads_per_sp = u32(c.get_int("mvpgpu_n_threads_per_sp"));
    p.warp_size = u32(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
    if (p.threads_per_sp % p.warp_size != 0 || p.threads_per_sp / p.warp_size == 0)
        throw config::ConfigError("-mvpgpu_n_threads_per_sp " + std::to_string(p.threads_per_sp) +
                                  " is not a multiple of the warp size "
                                  "(-mvpgpu_n_threads_per_sp_and_warp_size " +
                                  std::to_string(p.warp_size) + ")");
    p.running_warps = std::min(u32(c.get_int("mvpgpu_thdc_running_warps")), p.num_warps());
    const std::string& policy = c.get_string("mvpgpu_thdc_policy");
    p.thdc_policy = policy == "stall"  ? ThdcPolicy::kStall
                    : policy == "park" ? ThdcPolicy::kPark
                                       : ThdcPolicy::kSwitch;
    p.switch_threshold = u32(c.get_int("mvpgpu_thdc_switch_threshold"));
    p.divergence =
        c.get_string("mvpgpu_divergence") == "pdom" ? Divergence::kPdom : Divergence::kMpIpdom;
    p.mpipdom_st_entries = u32(c.get_int("mvpgpu_mpipdom_st_entries"));
    p.mpipdom_rt_entries = u32(c.get_int("mvpgpu_mpipdom_rt_entries"));
    const std::string& rtl = c.get_string("mvpgpu_rtl_blocks");
    if (rtl != "none" && rtl.find("none") != std::string::npos)
        throw config::ConfigError("-mvpgpu_rtl_blocks '" + rtl + "' (" +
                                  c.origin("mvpgpu_rtl_blocks") +
                                  "): 'none' cannot be combined with blocks");
    p.rtl_scoreboard = rtl.find("scoreboard") != std::string::npos;
    p.rtl_mp_ipdom =
        rtl.find("mp_ipdom") != std::string::npos && p.divergence == Divergence::kMpIpdom;
    p.rtl_mode =
        c.get_string("mvpgpu_rtl_mode") == "replace" ? RtlMode::kReplace : RtlMode::kLockstep;
    p.rtl_report = c.get_string("mvpgpu_rtl_report");

    p.ibuffer_entries = u32(c.get_int("mvpgpu_ibuffer_entries"));
    p.fetch_width = u32(c.get_int("mvpgpu_fetch_width"));
    p.issue_width = u32(c.get_int("mvpgpu_issue_width"));

    // IS_RF_SP,IS_RF_DP,IS_RF_INT,IS_RF_SFU,IS_RF_MEM,RF_EX_SP,RF_EX_DP,RF_EX_INT,RF_EX_SFU,
    // RF_EX_MEM,EX_WB,IS_RF_TENSOR_CORE,RF_EX_TENSOR_CORE
    std::vector<int64_t> w = c.get_int_list("mvpgpu_pipeline_widths");
    auto width = [&](size_t i) { return i < w.size() ? u32(w[i]) : 0u; };
    p.is_rf_width[kPipeSp] = width(0);
    p.is_rf_width[kPipeInt] = width(2);
    p.is_rf_width[kPipeSfu] = width(3);
    p.is_rf_width[kPipeMem] = width(4);
    p.rf_ex_width[kPipeSp] = width(5);
    p.rf_ex_width[kPipeInt] = width(7);
    p.rf_ex_width[kPipeSfu] = width(8);
    p.rf_ex_width[kPipeMem] = width(9);
    p.ex_wb_width = width(10);
    const char* names[kNumPipes] = {"SP", "INT", "SFU", "MEM"};
    for (unsigned i = 0; i < kNumPipes; ++i) {
        if (i == kPipeInt) continue;  // 0 means: integer instructions share the SP pipeline
        if (p.is_rf_width[i] == 0 || p.rf_ex_width[i] == 0)
            throw config::ConfigError(std::string("-mvpgpu_pipeline_widths: the IS_RF_") +
                                      names[i] + " and RF_EX_" + names[i] +
                                      " widths must be at least 1");
    }
    if ((p.is_rf_width[kPipeInt] == 0) != (p.rf_ex_width[kPipeInt] == 0))
        throw config::ConfigError(
            "-mvpgpu_pipeline_widths: IS_RF_INT and RF_EX_INT must be both 0 (integer "
            "instructions use the SP pipeline registers) or both non-zero");
    if (p.ex_wb_width == 0)
        throw config::ConfigError("-mvpgpu_pipeline_widths: the EX_WB width must be at least 1");

    p.rf_model =
        c.get_string("mvpgpu_rf_model") == "collector" ? RfModel::kCollector : RfModel::kOddEven;
    p.oc_collectors = u32(c.get_int("mvpgpu_oc_collectors"));
    p.rf_banks = u32(c.get_int("mvpgpu_rf_banks"));

    p.int_units = u32(c.get_int("gpgpu_num_int32_units_per_sp"));
    p.fp_units = u32(c.get_int("gpgpu_num_fp32_units_per_sp"));
    p.sfu_units = u32(c.get_int("gpgpu_num_sfu_units_per_sp"));
    p.ldst_units = u32(c.get_int("mvpgpu_num_ldst_units_per_sp"));
    std::vector<int64_t> li = c.get_int_list("ptx_opcode_latency_int");
    std::vector<int64_t> ii = c.get_int_list("ptx_opcode_initiation_int");
    std::vector<int64_t> lf = c.get_int_list("ptx_opcode_latency_fp");
    std::vector<int64_t> jf = c.get_int_list("ptx_opcode_initiation_fp");
    for (unsigned k = 0; k < 5; ++k) {
        // An initiation interval of 0 (the MVP configuration files) means fully pipelined,
        // the same as 1: a unit takes a new instruction every cycle.
        p.latency_int[k] = std::max<uint32_t>(1, u32(li[k]));
        p.initiation_int[k] = std::max<uint32_t>(1, u32(ii[k]));
        p.latency_fp[k] = std::max<uint32_t>(1, u32(lf[k]));
        p.initiation_fp[k] = std::max<uint32_t>(1, u32(jf[k]));
    }

    p.local_mem_bytes = u32(c.get_int("mvpgpu_local_mem_size"));
    p.private_stack_bytes = u32(c.get_int("mvpgpu_private_stack_bytes"));
    p.global_mem_bytes = u32(c.get_int("mvpgpu_global_mem_size"));
    p.max_cycle = static_cast<uint64_t>(c.get_int("gpgpu_max_cycle"));
    p.watchdog_cycles = static_cast<uint64_t>(c.get_int("mvpgpu_watchdog_cycles"));
    return p;
}

}  // namespace mvp
