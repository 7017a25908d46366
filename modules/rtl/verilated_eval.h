#pragma once

namespace mvp::rtl {

// A Verilated SystemC model (verilator --sc) evaluates itself from an SC_METHOD sensitive to
// its input ports, and its eval_step() is private: SystemC would run it one delta cycle after
// the inputs change. The SP evaluates once per core cycle and needs a block's answer within the
// call, so the adapters call eval_step() themselves, on inputs written to ImmediateSignal
// channels. C++ does not check access in the template arguments of an explicit instantiation
// ([temp.spec.general]/6), which lets one line per model name the private member:
//
//   struct ScoreboardEval { using Type = void (Vmvp_scoreboard::*)(); friend Type
//   eval_step(ScoreboardEval); }; template struct DefineEvalStep<ScoreboardEval,
//   &Vmvp_scoreboard::eval_step>;
//   ... (model.*eval_step(ScoreboardEval{}))();
template <typename Tag, typename Tag::Type Step>
struct DefineEvalStep {
    friend typename Tag::Type eval_step(Tag) { return Step; }
};

}  // namespace mvp::rtl
