#pragma once

#include <memory>
#include <string>

#include "rtl_scoreboard.h"
#include "verilated_rtl_model.h"

namespace mvp::rtl {

// RtlScoreboard::ModelMaker for a Verilated build of rtl/sp/mvp_scoreboard.sv (any prefix):
// Model is the Verilated class, EvalTag names its eval_step (verilated_eval.h).
template <typename Model, typename EvalTag>
std::unique_ptr<RtlModel> make_scoreboard_model(RtlScoreboard::Pins& pins,
                                                const std::string& name) {
    auto model = std::make_unique<Model>(name.c_str());
    model->clk(pins.clk);
    model->cmd(pins.cmd);
    model->lanes(pins.lanes);
    model->cycle(pins.cycle);
    model->status(pins.status);
    return std::make_unique<VerilatedRtlModel<Model, EvalTag>>(std::move(model));
}

}  // namespace mvp::rtl
