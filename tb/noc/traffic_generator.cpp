#include "traffic_generator.h"

#include <algorithm>
#include <cstring>

#include "modules/sim/gpu_payload.h"

namespace mvp::tb {

using sc_core::sc_time;

namespace {
// Request ids of streamed requests have this bit set; scripted ones are their script index.
constexpr uint64_t kStreamed = uint64_t{1} << 63;
}  // namespace

uint32_t TrafficGenerator::Record::word() const {
    uint32_t w = 0;
    std::memcpy(&w, data.data(), std::min<size_t>(4, data.size()));
    return w;
}

TrafficGenerator::TrafficGenerator(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                                   uint32_t sp)
    : sc_module(name), port("port"), clock_(clock), sp_(sp) {
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        on_response(gp, at);
    };
    port.on_ready = [this](const sc_time& at) { on_ready(at); };
    clock_.attach(this);
}

size_t TrafficGenerator::add(Request r) {
    if (!script_.empty() && r.cycle < script_.back().cycle) r.cycle = script_.back().cycle;
    clock_.wake_at(this, r.cycle);
    script_.push_back(std::move(r));
    records_.emplace_back();
    ++expected_;
    return script_.size() - 1;
}

size_t TrafficGenerator::read(uint64_t cycle, uint32_t address, unsigned size) {
    Request r;
    r.cycle = cycle;
    r.address = address;
    r.size = size;
    return add(std::move(r));
}

size_t TrafficGenerator::write(uint64_t cycle, uint32_t address, std::vector<uint8_t> data) {
    Request r;
    r.cycle = cycle;
    r.command = tlm::TLM_WRITE_COMMAND;
    r.address = address;
    r.size = static_cast<unsigned>(data.size());
    r.data = std::move(data);
    return add(std::move(r));
}

size_t TrafficGenerator::write32(uint64_t cycle, uint32_t address, uint32_t value) {
    std::vector<uint8_t> bytes(4);
    std::memcpy(bytes.data(), &value, 4);
    return write(cycle, address, std::move(bytes));
}

size_t TrafficGenerator::atomic(uint64_t cycle, uint32_t address, uint8_t op, uint32_t operand,
                                uint32_t compare) {
    Request r;
    r.cycle = cycle;
    r.address = address;
    r.size = 4;
    r.atomic = true;
    r.atomic_op = op;
    r.atomic_operand = operand;
    r.atomic_compare = compare;
    return add(std::move(r));
}

void TrafficGenerator::stream(uint64_t cycle, tlm::tlm_command command, uint32_t base,
                              unsigned size, uint64_t count, unsigned max_outstanding) {
    stream_.command = command;
    stream_.cycle = cycle;
    stream_.next = base;
    stream_.size = size;
    stream_.left = count;
    stream_.max_outstanding = std::max(1u, max_outstanding);
    expected_ += count;
    clock_.wake_at(this, cycle);
}

bool TrafficGenerator::finished() const { return responses_ == expected_; }

bool TrafficGenerator::can_issue(uint64_t t) const { return port.can_send() && ready_from_ <= t; }

void TrafficGenerator::send(tlm::tlm_generic_payload& gp, uint64_t t) {
    if (first_sent_ == kNone) first_sent_ = t;
    in_send_ = true;
    port.send(gp);
    in_send_ = false;
    gp.release();  // the port holds its own reference until the response
}

void TrafficGenerator::tick() {
    const uint64_t t = clock_.now();
    now_ = t;
    unsigned issued = 0;
    while (issued < issue_per_cycle_ && can_issue(t)) {
        if (next_ < script_.size() && script_[next_].cycle <= t) {
            const Request& r = script_[next_];
            tlm::tlm_generic_payload* gp = mm_.allocate();
            gp->set_command(r.command);
            gp->set_address(r.address);
            gp->set_data_length(r.size);
            gp->set_streaming_width(r.size);
            if (r.command == tlm::TLM_WRITE_COMMAND) {
                std::memcpy(gp->get_data_ptr(), r.data.data(), r.size);
            } else {
                std::memset(gp->get_data_ptr(), 0, r.size);
            }
            if (!r.byte_enable.empty()) {
                // The script entry outlives the transaction: its enables are used in place.
                gp->set_byte_enable_ptr(const_cast<unsigned char*>(r.byte_enable.data()));
                gp->set_byte_enable_length(static_cast<unsigned>(r.byte_enable.size()));
            }
            sim::GpuExtension* ext = sim::gpu_extension(*gp);
            ext->sp = sp_;
            ext->request_id = next_;
            ext->client = sim::GpuExtension::Client::kHost;
            ext->issue_time = sc_core::sc_time_stamp();
            ext->atomic = r.atomic;
            ext->atomic_op = r.atomic_op;
            ext->atomic_operand = r.atomic_operand;
            ext->atomic_compare = r.atomic_compare;
            records_[next_].sent = t;
            last_scripted_ = next_;
            ++next_;
            send(*gp, t);
        } else if (next_ == script_.size() && stream_.left && stream_.cycle <= t &&
                   stream_outstanding_ < stream_.max_outstanding) {
            tlm::tlm_generic_payload* gp = mm_.allocate();
            gp->set_command(stream_.command);
            gp->set_address(stream_.next);
            gp->set_data_length(stream_.size);
            gp->set_streaming_width(stream_.size);
            sim::GpuExtension* ext = sim::gpu_extension(*gp);
            ext->sp = sp_;
            ext->request_id = kStreamed | stream_.issued;
            ext->client = sim::GpuExtension::Client::kHost;
            ext->issue_time = sc_core::sc_time_stamp();
            last_scripted_ = kNone;
            stream_.next += stream_.size;
            --stream_.left;
            ++stream_.issued;
            ++stream_outstanding_;
            send(*gp, t);
        } else {
            break;
        }
        ++issued;
    }
    // Sleep until the next scripted cycle; a response or END_REQ wakes the generator earlier.
    clock_.sleep(this);
    if (next_ < script_.size()) {
        clock_.wake_at(this, std::max(script_[next_].cycle, std::max(ready_from_, t + 1)));
    } else if (stream_.left && stream_outstanding_ < stream_.max_outstanding) {
        clock_.wake_at(this, std::max(stream_.cycle, std::max(ready_from_, t + 1)));
    }
}

void TrafficGenerator::on_ready(const sc_time& at) {
    // END_REQ returned inside our own send() lets the next request go in the same cycle;
    // otherwise it is seen at the first edge after it.
    ready_from_ = in_send_ ? now_ : at.value() / clock_.period().value() + 1;
    if (last_scripted_ != kNone)
        records_[last_scripted_].accepted = in_send_ ? now_ : clock_.cycle_at_or_after(at);
    if (!in_send_) clock_.wake_at(this, ready_from_);
}

void TrafficGenerator::on_response(tlm::tlm_generic_payload& gp, const sc_time& at) {
    const uint64_t cycle = clock_.cycle_at_or_after(at);
    ++responses_;
    last_responded_ = std::max(last_responded_, cycle);
    last_response_time_ = std::max(last_response_time_, at);
    if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) ++errors_;
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext->request_id & kStreamed) {
        if (gp.get_command() == tlm::TLM_READ_COMMAND) response_bytes_ += gp.get_data_length();
        --stream_outstanding_;
        if (stream_.left) clock_.wake_at(this, cycle + 1);
        return;
    }
    if (gp.get_command() == tlm::TLM_READ_COMMAND) response_bytes_ += gp.get_data_length();
    Record& r = records_.at(ext->request_id);
    r.responded = cycle;
    r.response_time = at;
    r.status = gp.get_response_status();
    r.data.assign(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length());
}

}  // namespace mvp::tb
