#pragma once

#include <systemc>

namespace mvp::rtl {

// A wire between an adapter and a Verilated model's port whose write is visible at once. A
// Verilated SystemC model reads its sc_in ports and writes its sc_out ports when it evaluates;
// bound to sc_signal they would only change in the next delta cycle, which the SP cannot wait
// for: it evaluates once per core cycle and needs a block's answer within the call. Bound to
// these channels, the adapter writes the input pins, evaluates the model (VerilatedEval) and
// reads the output pins in the same call. The channel never notifies its events, so the model's
// own SC_METHOD does not run again after its initial evaluation: the adapter alone evaluates it.
template <typename T>
class ImmediateSignal final : public sc_core::sc_signal_inout_if<T> {
  public:
    ImmediateSignal() = default;
    ImmediateSignal(const ImmediateSignal&) = delete;
    ImmediateSignal& operator=(const ImmediateSignal&) = delete;

    // The adapter's side.
    void set(const T& v) { value_ = v; }
    const T& get() const { return value_; }

    // The model's side (sc_in / sc_out).
    const T& read() const override { return value_; }
    const T& get_data_ref() const override { return value_; }
    void write(const T& v) override { value_ = v; }
    const sc_core::sc_event& value_changed_event() const override { return never_; }
    const sc_core::sc_event& default_event() const override { return never_; }
    bool event() const override { return false; }

  private:
    T value_{};
    sc_core::sc_event never_;
};

// The bool wire adds the edge events of sc_signal_in_if<bool>.
template <>
class ImmediateSignal<bool> final : public sc_core::sc_signal_inout_if<bool> {
  public:
    ImmediateSignal() = default;
    ImmediateSignal(const ImmediateSignal&) = delete;
    ImmediateSignal& operator=(const ImmediateSignal&) = delete;

    void set(bool v) { value_ = v; }
    bool get() const { return value_; }

    const bool& read() const override { return value_; }
    const bool& get_data_ref() const override { return value_; }
    void write(const bool& v) override { value_ = v; }
    const sc_core::sc_event& value_changed_event() const override { return never_; }
    const sc_core::sc_event& posedge_event() const override { return never_; }
    const sc_core::sc_event& negedge_event() const override { return never_; }
    const sc_core::sc_event& default_event() const override { return never_; }
    bool event() const override { return false; }
    bool posedge() const override { return false; }
    bool negedge() const override { return false; }

  private:
    bool value_ = false;
    sc_core::sc_event never_;
};

}  // namespace mvp::rtl
