#pragma once

#include <verilated.h>
#include <verilated_vcd_c.h>

#include <memory>
#include <string>

#include "rtl_model.h"
#include "verilated_eval.h"
#include "verilated_snapshot.h"

namespace mvp::rtl {

// RtlModel for one Verilated SystemC model class, built with --savable and --trace. EvalTag
// names the model's private eval_step() (verilated_eval.h). The model's ports are bound by the
// adapter before it hands the model over.
template <typename Model, typename EvalTag>
class VerilatedRtlModel final : public RtlModel {
  public:
    explicit VerilatedRtlModel(std::unique_ptr<Model> model) : model_(std::move(model)) {}
    ~VerilatedRtlModel() override { close_trace(); }

    void eval() override { ((*model_).*eval_step(EvalTag{}))(); }
    void save(std::string* state) override { snapshot_.save(*model_, state); }
    void restore(const std::string& state) override { VerilatedSnapshot::restore(*model_, state); }

    // A Verilated model registers with one trace file in its life: one waveform per model.
    bool open_trace(const std::string& path) override {
        if (traced_) return false;
        traced_ = true;
        Verilated::traceEverOn(true);
        vcd_ = std::make_unique<VerilatedVcdC>();
        model_->trace(vcd_.get(), 99);
        vcd_->set_time_unit("1ps");
        vcd_->set_time_resolution("1ps");
        vcd_->open(path.c_str());
        if (!vcd_->isOpen()) {
            vcd_.reset();
            return false;
        }
        return true;
    }
    void dump(uint64_t time_ps) override {
        if (vcd_) vcd_->dump(time_ps);
    }
    void close_trace() override {
        if (!vcd_) return;
        vcd_->close();
        vcd_.reset();
    }

  private:
    std::unique_ptr<Model> model_;
    VerilatedSnapshot snapshot_;
    std::unique_ptr<VerilatedVcdC> vcd_;
    bool traced_ = false;
};

}  // namespace mvp::rtl
