#include "scripted_initiator.h"

#include <algorithm>
#include <cstring>

namespace mvp::tb {

using sc_core::sc_time;

ScriptedInitiator::ScriptedInitiator(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                                     sim::GpuExtension::Client client)
    : sc_module(name), port("port"), clock_(clock), client_(client) {
    clock_.attach(this);
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        on_response(gp, at);
    };
    port.on_ready = [this](const sc_time& at) { on_ready(at); };
}

void ScriptedInitiator::read(uint64_t cycle, uint64_t address, unsigned length) {
    Request r;
    r.cycle = cycle;
    r.address = address;
    r.length = length;
    add(r);
}

void ScriptedInitiator::add(const Request& request) {
    Record r;
    r.request = request;
    records_.push_back(r);
    if (next_ == records_.size() - 1) clock_.wake_at(this, std::max(request.cycle, free_cycle_));
}

void ScriptedInitiator::on_ready(const sc_time& at) {
    // END_REQ: the link takes the next request from the following edge.
    const uint64_t cycle = clock_.cycle_at_or_after(at);
    records_[last_sent_].accepted = cycle;
    free_cycle_ = std::max(cycle, clock_.now()) + 1;
    if (next_ < records_.size())
        clock_.wake_at(this, std::max(records_[next_].request.cycle, free_cycle_));
}

void ScriptedInitiator::on_response(tlm::tlm_generic_payload& gp, const sc_time& at) {
    auto it = in_flight_.find(&gp);
    if (it == in_flight_.end()) {
        SC_REPORT_ERROR("mvp/tb", "ScriptedInitiator: response to an unknown request");
        return;
    }
    Record& r = records_[it->second];
    r.responded = clock_.cycle_at_or_after(at);
    r.status = gp.get_response_status();
    r.data.assign(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length());
    if (const sim::GpuExtension* ext = sim::gpu_extension(gp)) r.client = ext->client;
    ++responses_;
    response_order_.push_back(it->second);
    in_flight_.erase(it);
    gp.release();  // the reference from allocate()
}

void ScriptedInitiator::tick() {
    const uint64_t now = clock_.now();
    if (next_ < records_.size() && records_[next_].request.cycle <= now && now >= free_cycle_ &&
        port.can_send()) {
        Record& r = records_[next_];
        tlm::tlm_generic_payload* gp = mm_.allocate();
        gp->set_command(r.request.command);
        gp->set_address(r.request.address);
        gp->set_data_length(r.request.length);
        gp->set_streaming_width(r.request.length);
        if (r.request.command == tlm::TLM_WRITE_COMMAND)
            std::memcpy(gp->get_data_ptr(), r.request.data.data(), r.request.length);
        sim::GpuExtension* ext = sim::gpu_extension(*gp);
        ext->client = client_;
        ext->request_id = next_;
        ext->issue_time = sc_core::sc_time_stamp();
        r.sent = now;
        in_flight_[gp] = next_;
        last_sent_ = next_++;
        free_cycle_ = now + 1;  // at most one request per edge, later if END_REQ is late
        port.send(*gp);
    }
    clock_.sleep(this);
    if (next_ < records_.size() && port.can_send())
        clock_.wake_at(this, std::max({records_[next_].request.cycle, free_cycle_, now + 1}));
}

}  // namespace mvp::tb
