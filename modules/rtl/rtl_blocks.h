#pragma once

#include <memory>

#include "modules/sp/divergence_policy.h"
#include "modules/sp/scoreboard_if.h"
#include "modules/sp/sp_params.h"
#include "rtl_context.h"

namespace mvp::rtl {

// The SP's scoreboard as SpParams says (-mvpgpu_rtl_blocks, -mvpgpu_rtl_mode): the C++
// Scoreboard, its RTL (RtlScoreboard, replace) or both in lockstep (LockstepScoreboard).
// Throws config::ConfigError when the RTL cannot hold the configuration.
std::unique_ptr<ScoreboardIf> make_scoreboard(const SpParams& params, const RtlHooks& hooks);

// The SP's divergence policy: the PDOM stack, or Multi-Path IPDOM as the C++ MpIpdom, its RTL
// (RtlMpIpdom) or both in lockstep (LockstepMpIpdom). The mp_ipdom block does not exist under
// PDOM: -mvpgpu_rtl_blocks mp_ipdom then changes nothing.
std::unique_ptr<DivergencePolicy> make_divergence_policy(const SpParams& params,
                                                         const RtlHooks& hooks);

}  // namespace mvp::rtl
