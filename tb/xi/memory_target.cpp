#include "memory_target.h"

#include <algorithm>
#include <cstring>

namespace mvp::tb {

using sc_core::sc_time;

MemoryTarget::MemoryTarget(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                           uint64_t base, size_t size, unsigned latency)
    : sc_module(name),
      port("port"),
      clock_(clock),
      base_(base),
      storage_(size, 0),
      latency_(latency) {
    if (latency_ == 0) SC_REPORT_ERROR("mvp/tb", "MemoryTarget latency must be at least 1");
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        return on_request(gp, at);
    };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) {
        perform(gp);
        return gp.is_response_ok() ? gp.get_data_length() : 0u;
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_time&) { perform(gp); };
}

void MemoryTarget::fill_pattern() {
    for (size_t i = 0; i < storage_.size(); ++i) storage_[i] = pattern(base_ + i);
}

bool MemoryTarget::on_request(tlm::tlm_generic_payload& gp, const sc_time& at) {
    const uint64_t arrived = clock_.cycle_at_or_after(at);
    const uint64_t seen = std::max(arrived, clock_.now() + 1);
    if (max_outstanding && pending_.size() >= max_outstanding) {
        held_ = &gp;
        return false;
    }
    take(gp, arrived, seen);
    return true;
}

void MemoryTarget::take(tlm::tlm_generic_payload& gp, uint64_t arrived, uint64_t seen) {
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    log_.push_back(Access{gp.get_address(), gp.get_data_length(),
                          gp.get_command() == tlm::TLM_WRITE_COMMAND,
                          ext ? ext->client : sim::GpuExtension::Client::kNone, arrived, 0});
    const unsigned latency = latency_of ? latency_of(gp) : latency_;
    Pending p{&gp, log_.size() - 1, seen + latency - 1};
    auto pos = std::upper_bound(pending_.begin(), pending_.end(), p.cycle,
                                [](uint64_t cycle, const Pending& x) { return cycle < x.cycle; });
    pending_.insert(pos, p);
    clock_.wake_at(this, pending_.front().cycle);
}

void MemoryTarget::perform(tlm::tlm_generic_payload& gp) {
    const uint64_t a = gp.get_address();
    const unsigned n = gp.get_data_length();
    if (a < base_ || a + n > base_ + storage_.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        std::memcpy(&storage_[a - base_], gp.get_data_ptr(), n);
    } else if (gp.get_command() == tlm::TLM_READ_COMMAND) {
        std::memcpy(gp.get_data_ptr(), &storage_[a - base_], n);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void MemoryTarget::tick() {
    const uint64_t now = clock_.now();
    while (!pending_.empty() && pending_.front().cycle <= now) {
        Pending p = pending_.front();
        pending_.pop_front();
        perform(*p.gp);
        log_[p.log_index].responded = now;
        port.respond(*p.gp);
    }
    if (held_ && (!max_outstanding || pending_.size() < max_outstanding)) {
        tlm::tlm_generic_payload* gp = held_;
        held_ = nullptr;
        take(*gp, now, now + 1);
        port.accept();
    }
    clock_.sleep(this);
    if (!pending_.empty()) clock_.wake_at(this, pending_.front().cycle);
}

}  // namespace mvp::tb
