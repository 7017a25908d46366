#include "fixed_latency_memory.h"

#include <algorithm>
#include <cstring>

#include "modules/sim/gpu_payload.h"

namespace mvp::tb {

using sc_core::sc_time;

FixedLatencyMemory::FixedLatencyMemory(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                                       unsigned latency, unsigned capacity, uint32_t bytes)
    : sc_module(name),
      port("target"),
      clock_(clock),
      latency_(latency),
      capacity_(capacity),
      storage_(bytes, 0) {
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        return on_request(gp, at);
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_time&) { perform(gp); };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) {
        perform(gp);
        return gp.get_data_length();
    };
    clock_.attach(this);
}

bool FixedLatencyMemory::on_request(tlm::tlm_generic_payload& gp, const sc_time& at) {
    const uint64_t ready = at.value() / clock_.period().value() + 1;
    // Occupancy as at the start of this cycle, whatever the process order.
    const size_t occupied = pending_.size() + (answered_cycle_ == ready - 1 ? answered_ : 0);
    if (occupied >= capacity_) {
        held_ = &gp;
        return false;
    }
    take(gp, ready);
    return true;
}

void FixedLatencyMemory::take(tlm::tlm_generic_payload& gp, uint64_t ready) {
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    arrivals_.push_back(
        Arrival{ready, static_cast<uint32_t>(gp.get_address()), ext ? ext->sp : 0u});
    pending_.push_back(Pending{&gp, ready + latency_});
    clock_.wake_at(this, ready + latency_);
}

void FixedLatencyMemory::perform(tlm::tlm_generic_payload& gp) {
    const uint64_t offset = gp.get_address() - kBase;
    const unsigned n = gp.get_data_length();
    if (gp.get_address() < kBase || offset + n > storage_.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        std::memcpy(storage_.data() + offset, gp.get_data_ptr(), n);
    } else {
        std::memcpy(gp.get_data_ptr(), storage_.data() + offset, n);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void FixedLatencyMemory::tick() {
    const uint64_t t = clock_.now();
    bool answered = false;
    while (!pending_.empty() && pending_.front().due <= t) {
        tlm::tlm_generic_payload* gp = pending_.front().gp;
        pending_.pop_front();
        perform(*gp);
        port.respond(*gp);
        if (!answered) {
            answered_cycle_ = t;
            answered_ = 0;
        }
        ++answered_;
        answered = true;
    }
    if (answered && held_ && pending_.size() < capacity_) {
        tlm::tlm_generic_payload* gp = held_;
        held_ = nullptr;
        take(*gp, t + 1);
        port.accept();
    }
    clock_.sleep(this);
    if (!pending_.empty()) clock_.wake_at(this, std::max(pending_.front().due, t + 1));
}

}  // namespace mvp::tb
