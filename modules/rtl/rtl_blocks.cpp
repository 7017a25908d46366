#include "rtl_blocks.h"

#include "lockstep_mp_ipdom.h"
#include "lockstep_scoreboard.h"
#include "modules/config/config.h"
#include "modules/sp/pdom_stack.h"
#include "rtl_mp_ipdom.h"
#include "rtl_scoreboard.h"

namespace mvp::rtl {

namespace {

// The RTL's tables are sized for at most max_warps warps per SP.
void check_warps(const SpParams& p, const char* block, unsigned max_warps) {
    if (p.num_warps() <= max_warps) return;
    throw config::ConfigError(
        std::string("-mvpgpu_rtl_blocks ") + block + ": the RTL holds at most " +
        std::to_string(max_warps) + " warps per SP; the configuration has " +
        std::to_string(p.num_warps()) + " (-mvpgpu_n_threads_per_sp " +
        std::to_string(p.threads_per_sp) + " / warp size " + std::to_string(p.warp_size) + ")");
}

}  // namespace

std::unique_ptr<ScoreboardIf> make_scoreboard(const SpParams& p, const RtlHooks& hooks) {
    if (!p.rtl_scoreboard) return std::make_unique<Scoreboard>(p.num_warps());
    check_warps(p, "scoreboard", RtlScoreboard::kMaxWarps);
    if (p.rtl_mode == SpParams::RtlMode::kReplace)
        return std::make_unique<RtlScoreboard>(hooks.sp_path + ".scoreboard");
    return std::make_unique<LockstepScoreboard>(p.num_warps(), hooks);
}

std::unique_ptr<DivergencePolicy> make_divergence_policy(const SpParams& p, const RtlHooks& hooks) {
    if (p.divergence != SpParams::Divergence::kMpIpdom)
        return std::make_unique<PdomStack>(p.num_warps());
    if (!p.rtl_mp_ipdom)
        return std::make_unique<MpIpdom>(p.num_warps(), p.warp_size, p.mpipdom_st_entries,
                                         p.mpipdom_rt_entries);
    check_warps(p, "mp_ipdom", RtlMpIpdom::kMaxWarps);
    if (p.rtl_mode == SpParams::RtlMode::kReplace)
        return std::make_unique<RtlMpIpdom>(hooks.sp_path + ".divergence", p.num_warps(), p.warp_size,
                                            p.mpipdom_st_entries, p.mpipdom_rt_entries);
    return std::make_unique<LockstepMpIpdom>(p.num_warps(), p.warp_size, p.mpipdom_st_entries,
                                             p.mpipdom_rt_entries, hooks);
}

}  // namespace mvp::rtl
