#include "request_driver.h"

#include <algorithm>

#include "modules/sim/gpu_payload.h"

namespace mvp::tb {

uint32_t RequestDriver::Result::value32() const {
    uint32_t v = 0;
    for (unsigned i = 0; i < 4 && i < data.size(); ++i) v |= uint32_t{data[i]} << (8 * i);
    return v;
}

RequestDriver::RequestDriver(const sc_core::sc_module_name& name, sim::ClockDomain& clock)
    : sc_module(name), port("port"), clock_(clock) {
    clock_.attach(this);
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        unsigned id = ids_.at(&gp);
        Result& r = results_[id];
        r.done = true;
        r.response_cycle = clock_.cycle_at_or_after(at);
        r.status = gp.get_response_status();
        r.data.assign(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length());
        order_.push_back(id);
        ids_.erase(&gp);
        gp.release();
    };
    port.on_ready = [this](const sc_core::sc_time& at) {
        waiting_ = false;
        if (sending_) return;
        free_from_ = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
        clock_.wake_at(this, free_from_);
    };
}

unsigned RequestDriver::schedule(Request r) {
    r.id = static_cast<unsigned>(results_.size());
    results_.emplace_back();
    enables_.emplace_back();
    auto pos = std::upper_bound(script_.begin(), script_.end(), r.cycle,
                                [](uint64_t c, const Request& x) { return c < x.cycle; });
    uint64_t cycle = r.cycle;
    script_.insert(pos, std::move(r));
    clock_.wake_at(this, cycle);
    return static_cast<unsigned>(results_.size() - 1);
}

unsigned RequestDriver::read(uint64_t cycle, uint64_t address, unsigned length) {
    Request r{0, cycle, tlm::TLM_READ_COMMAND, address, std::vector<uint8_t>(length, 0)};
    return schedule(std::move(r));
}

unsigned RequestDriver::write(uint64_t cycle, uint64_t address, const std::vector<uint8_t>& data,
                              const std::vector<uint8_t>& enables) {
    unsigned id = schedule({0, cycle, tlm::TLM_WRITE_COMMAND, address, data});
    enables_[id] = enables;
    return id;
}

unsigned RequestDriver::write32(uint64_t cycle, uint64_t address, uint32_t value) {
    std::vector<uint8_t> data(4);
    for (unsigned i = 0; i < 4; ++i) data[i] = static_cast<uint8_t>(value >> (8 * i));
    return write(cycle, address, data);
}

unsigned RequestDriver::atomic(uint64_t cycle, uint64_t address, isa::Opcode op, uint32_t operand,
                               uint32_t compare) {
    Request r{0, cycle, tlm::TLM_READ_COMMAND, address, std::vector<uint8_t>(4, 0)};
    r.atomic = true;
    r.op = static_cast<uint8_t>(op);
    r.operand = operand;
    r.compare = compare;
    return schedule(std::move(r));
}

void RequestDriver::at(uint64_t cycle, std::function<void()> action) {
    actions_.emplace(cycle, std::move(action));
    clock_.wake_at(this, cycle);
}

void RequestDriver::tick() {
    uint64_t now = clock_.now();
    while (!actions_.empty() && actions_.begin()->first <= now) {
        std::function<void()> action = std::move(actions_.begin()->second);
        actions_.erase(actions_.begin());
        action();
    }
    while (!script_.empty() && script_.front().cycle <= now && !waiting_ && now >= free_from_ &&
           port.can_send()) {
        Request r = std::move(script_.front());
        script_.pop_front();
        tlm::tlm_generic_payload* gp = mm_.allocate();
        gp->set_command(r.command);
        gp->set_address(r.address);
        gp->set_data_length(static_cast<unsigned>(r.data.size()));
        gp->set_streaming_width(static_cast<unsigned>(r.data.size()));
        std::copy(r.data.begin(), r.data.end(), gp->get_data_ptr());
        const std::vector<uint8_t>& be = enables_[r.id];
        if (!be.empty()) {
            gp->set_byte_enable_ptr(const_cast<uint8_t*>(be.data()));
            gp->set_byte_enable_length(static_cast<unsigned>(be.size()));
        }
        sim::GpuExtension* ext = sim::gpu_extension(*gp);
        ext->client = sim::GpuExtension::Client::kLdst;
        ext->request_id = r.id;
        ext->issue_time = sc_core::sc_time_stamp();
        ext->atomic = r.atomic;
        ext->atomic_op = r.op;
        ext->atomic_operand = r.operand;
        ext->atomic_compare = r.compare;
        ids_[gp] = r.id;
        results_[r.id].sent_cycle = now;
        sending_ = true;
        waiting_ = true;
        port.send(*gp);
        sending_ = false;
    }
    clock_.sleep(this);
    if (!script_.empty() && !waiting_)
        clock_.wake_at(this, std::max({script_.front().cycle, free_from_, now + 1}));
    if (!actions_.empty()) clock_.wake_at(this, actions_.begin()->first);
}

}  // namespace mvp::tb
