// mvpsim_rtl_bug: mvpsim with the scoreboard's RTL built with MVP_RTL_INJECT_BUG (a ready cycle
// stored 4 cycles late from cycle 2000 on, rtl/sp/mvp_scoreboard.sv), for the test that
// lockstep finds it. This file only selects that model for every RtlScoreboard.

#include "Vmvp_scoreboard_bug.h"
#include "modules/rtl/rtl_scoreboard_model.h"

namespace mvp::rtl {

struct ScoreboardBugEval {
    using Type = void (Vmvp_scoreboard_bug::*)();
    friend Type eval_step(ScoreboardBugEval);
};
template struct DefineEvalStep<ScoreboardBugEval, &Vmvp_scoreboard_bug::eval_step>;

namespace {

const bool kSelected = [] {
    RtlScoreboard::use_model(make_scoreboard_model<Vmvp_scoreboard_bug, ScoreboardBugEval>);
    return true;
}();

}  // namespace
}  // namespace mvp::rtl
