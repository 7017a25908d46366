#include "ldst.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "modules/config/config.h"
#include "modules/isa/semantics.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/sim_time.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

namespace {

bool is_power_of_two(unsigned v) { return v != 0 && (v & (v - 1)) == 0; }

// What a line request's error response becomes in the SP's fault message.
const char* error_text(tlm::tlm_response_status status) {
    switch (status) {
        case tlm::TLM_INCOMPLETE_RESPONSE:
            return "memory error response (TLM_INCOMPLETE_RESPONSE)";
        case tlm::TLM_ADDRESS_ERROR_RESPONSE:
            return "memory error response (TLM_ADDRESS_ERROR_RESPONSE)";
        case tlm::TLM_COMMAND_ERROR_RESPONSE:
            return "memory error response (TLM_COMMAND_ERROR_RESPONSE)";
        case tlm::TLM_BURST_ERROR_RESPONSE:
            return "memory error response (TLM_BURST_ERROR_RESPONSE)";
        case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE:
            return "memory error response (TLM_BYTE_ENABLE_ERROR_RESPONSE)";
        default:
            return "memory error response (TLM_GENERIC_ERROR_RESPONSE)";
    }
}

// Adds `cycles` samples of the value v (a quantity that held v for that many cycles).
void sample_cycles(sim::Sampler& s, double v, uint64_t cycles) {
    if (cycles == 0) return;
    s.count += cycles;
    s.sum += v * static_cast<double>(cycles);
    if (v > s.max) s.max = v;
}

}  // namespace

Ldst::Params Ldst::Params::from_config(const config::Config& config) {
    Params p;
    p.line_bytes = static_cast<unsigned>(config.get_int("mvpgpu_ldst_line_bytes"));
    p.mshr_entries = static_cast<unsigned>(config.get_int("mvpgpu_ldst_mshr_entries"));
    p.mshr_max_merge = static_cast<unsigned>(config.get_int("mvpgpu_ldst_mshr_max_merge"));
    p.units = static_cast<unsigned>(config.get_int("mvpgpu_num_ldst_units_per_sp"));
    return p;
}

Ldst::Ldst(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params)
    : sc_module(name),
      port("port"),
      clock_(clock),
      params_(params),
      entries_(params.mshr_entries),
      free_entries_(params.mshr_entries),
      stats_(this->name()) {
    if (!is_power_of_two(params_.line_bytes) || params_.line_bytes < 4 ||
        params_.line_bytes > sim::MemoryManager::kMaxDataBytes || params_.mshr_entries == 0 ||
        params_.mshr_max_merge == 0 || params_.units == 0)
        SC_REPORT_FATAL("mvp/ldst", "invalid LD/ST parameters");
    clock_.attach(this);
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        // Acted on from the edge after it is valid (a response completed on the forward call
        // for a later edge as well); the payload is ours until finish_entry.
        uint64_t ready = std::max(clock_.cycle_after(at), clock_.now() + 1);
        responses_.push_back({&gp, ready});
        schedule_.wake_at(ready);
    };
    port.on_ready = [this](const sc_core::sc_time& at) {
        port_waiting_ = false;
        if (port.sending()) return;  // taken at once: the link is free again in this cycle
        port_free_from_ = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
        schedule_.wake_at(port_free_from_);
    };

    stats_.add("warp_instructions", &warp_instructions_, "warp memory instructions issued");
    stats_.add("loads", &loads_, "warp load instructions");
    stats_.add("stores", &stores_, "warp store instructions");
    stats_.add("atomics", &atomics_, "warp atomic instructions");
    stats_.add("active_lanes", &active_lanes_, "active lanes of the warp memory instructions");
    stats_.add("line_requests", &line_requests_,
               "line requests formed by the coalescer (sent or merged)");
    stats_.add("memory_requests", &memory_requests_, "line requests sent to the OCC");
    stats_.add("mshr_merges", &mshr_merges_,
               "load line requests merged into an MSHR entry in flight");
    stats_.add("stall_cycles", &stall_cycles_,
               "cycles a line request waited for an MSHR entry, a merge slot or the port");
    stats_.add("mshr_occupancy", &mshr_occupancy_samples_,
               "MSHR entries in use, sampled every cycle an instruction is in flight");
    stats_.add("latency", &latency_, "cycles from issue to completion of a warp instruction");
    stats_.add(
        "coalescing_efficiency",
        [this] {
            return line_requests_
                       ? static_cast<double>(active_lanes_) / static_cast<double>(line_requests_)
                       : 0.0;
        },
        "active lanes per line request");
    stats_.add(
        "avg_latency", [this] { return latency_.mean(); }, "mean cycles from issue to completion");
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    vcd.trace(std::string(this->name()) + ".mshr_occupancy", &mshr_occupancy_);
    vcd.trace(std::string(this->name()) + ".requests_in_flight", &requests_in_flight_);
}

void Ldst::set_completion_callback(CompletionCallback callback) { callback_ = std::move(callback); }

void Ldst::begin_edge() {
    uint64_t now = clock_.now();
    if (edge_ == now) return;
    edge_ = now;
    queue_free_at_edge_ = kQueueDepth - queued_;
    entries_free_at_edge_ = free_entries_;
    issued_at_edge_ = 0;
}

bool Ldst::can_accept() const {
    unsigned queue_free = kQueueDepth - queued_;
    unsigned entries_free = free_entries_;
    if (edge_ == clock_.now()) {
        queue_free =
            queue_free_at_edge_ > issued_at_edge_ ? queue_free_at_edge_ - issued_at_edge_ : 0;
        entries_free = entries_free_at_edge_;
    }
    return queue_free > 0 && entries_free > 0;
}

void Ldst::notify_when_accepting() {
    if (has_room()) {
        if (space_callback_) space_callback_();
        return;
    }
    space_wanted_ = true;
}

void Ldst::issue(const WarpMemoryRequest& request) {
    begin_edge();
    if (!can_accept()) {
        SC_REPORT_ERROR("mvp/ldst", "issue() while can_accept() is false");
        return;
    }
    if (!isa::is_memory(request.op)) {
        SC_REPORT_ERROR("mvp/ldst", "issue() of an instruction that is not a load/store/atomic");
        return;
    }
    uint64_t now = clock_.now();
    std::unique_ptr<Instruction> in;
    if (free_instructions_.empty()) {
        in = std::make_unique<Instruction>();
    } else {
        in = std::move(free_instructions_.back());
        free_instructions_.pop_back();
    }
    in->kind = isa::is_load(request.op)    ? Kind::kLoad
               : isa::is_store(request.op) ? Kind::kStore
                                           : Kind::kAtomic;
    take_request(*in, request);
    in->num_lines = 0;
    in->next_line = 0;
    in->outstanding = 0;
    in->issue_cycle = now;
    in->result.id = request.id;
    in->result.warp = request.warp;
    in->result.op = request.op;
    in->result.pc = request.pc;
    in->result.lane_mask = request.lane_mask;
    in->result.issue_cycle = now;
    coalesce(*in);

    ++warp_instructions_;
    ++(in->kind == Kind::kLoad ? loads_ : in->kind == Kind::kStore ? stores_ : atomics_);
    active_lanes_ += static_cast<uint64_t>(__builtin_popcountll(request.lane_mask));
    if (in->queued()) ++queued_;
    ++issued_at_edge_;
    inflight_.push_back(std::move(in));
    requests_in_flight_ = static_cast<uint32_t>(inflight_.size());
    schedule_.wake_at(now + 1);
}

void Ldst::take_request(Instruction& in, const WarpMemoryRequest& r) {
    // Only what the active lanes use is copied: the unit never reads another lane's operands.
    // The result's values are zero but for the active lanes of a load or atomic, which a
    // recycled record clears for the lanes its last instruction filled.
    WarpMemoryRequest& q = in.request;
    for (uint64_t lanes = q.lane_mask; lanes != 0; lanes &= lanes - 1)
        in.result.value[static_cast<unsigned>(__builtin_ctzll(lanes))] = 0;
    in.result.error = nullptr;
    in.result.error_lane = 0;
    in.result.error_address = 0;
    in.result.complete_cycle = 0;
    q.id = r.id;
    q.warp = r.warp;
    q.op = r.op;
    q.pc = r.pc;
    q.lane_mask = r.lane_mask;
    for (uint64_t lanes = r.lane_mask; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = static_cast<unsigned>(__builtin_ctzll(lanes));
        q.address[lane] = r.address[lane];
        if (in.kind != Kind::kLoad) q.data[lane] = r.data[lane];
        if (in.kind == Kind::kAtomic) q.compare[lane] = r.compare[lane];
    }
}

void Ldst::coalesce(Instruction& in) const {
    const WarpMemoryRequest& r = in.request;
    const unsigned size = isa::access_size(r.op);
    const uint32_t line_mask = ~(params_.line_bytes - 1);
    for (uint64_t lanes = r.lane_mask; lanes != 0; lanes &= lanes - 1) {
        const unsigned lane = static_cast<unsigned>(__builtin_ctzll(lanes));
        const uint64_t bit = uint64_t{1} << lane;
        uint32_t address = r.address[lane];
        if (in.kind == Kind::kAtomic) {
            in.add_line(address, bit);
            continue;
        }
        uint32_t line = address & line_mask;
        LineRequest* it = nullptr;
        for (size_t k = 0; k < in.num_lines && !it; ++k)
            if (in.lines[k].address == line) it = &in.lines[k];
        if (!it) {
            it = &in.add_line(line, 0);
            if (in.kind == Kind::kStore) {
                it->data.resize(params_.line_bytes);
                it->enables.resize(params_.line_bytes);
                std::memset(it->data.data(), 0, params_.line_bytes);
                std::memset(it->enables.data(), TLM_BYTE_DISABLED, params_.line_bytes);
            }
        }
        it->lanes |= bit;
        if (in.kind == Kind::kStore) {
            // Lanes in order: a later lane overwrites the bytes of an earlier one.
            uint32_t offset = address - line;
            for (unsigned j = 0; j < size; ++j) {
                it->data[offset + j] = static_cast<uint8_t>(r.data[lane] >> (8 * j));
                it->enables[offset + j] = TLM_BYTE_ENABLED;
            }
        }
    }
}

Ldst::Issue Ldst::issue_line(Instruction& in, uint64_t now) {
    const LineRequest& lr = in.lines[in.next_line];
    const uint32_t line = lr.address & ~(params_.line_bytes - 1);
    // Only a load may merge; a store or atomic looks for the line's youngest request once it
    // can be sent.
    int youngest = in.kind == Kind::kLoad ? youngest_entry(line) : -1;
    if (youngest >= 0 && entries_[youngest].kind == Kind::kLoad) {
        Entry& e = entries_[youngest];
        if (e.targets.size() >= params_.mshr_max_merge) return Issue::kBlocked;
        e.targets.push_back({&in, static_cast<unsigned>(in.next_line)});
        ++in.outstanding;
        ++in.next_line;
        ++mshr_merges_;
        return Issue::kDone;
    }
    if (free_entries_ == 0 || port_waiting_ || now < port_free_from_ || !port.can_send())
        return Issue::kBlocked;
    if (in.kind != Kind::kLoad) youngest = youngest_entry(line);

    unsigned index = 0;
    while (entries_[index].valid) ++index;
    if (youngest >= 0) entries_[youngest].youngest = false;
    Entry& e = entries_[index];
    e.valid = true;
    e.youngest = true;
    e.kind = in.kind;
    e.line = line;
    e.targets.assign(1, {&in, static_cast<unsigned>(in.next_line)});

    tlm::tlm_generic_payload* gp = mm_.allocate();
    sim::GpuExtension* ext = sim::gpu_extension(*gp);
    unsigned length = params_.line_bytes;
    if (in.kind == Kind::kAtomic) {
        length = 4;
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(lr.address);
        ext->atomic = true;
        ext->atomic_op = static_cast<uint8_t>(in.request.op);
        unsigned lane = static_cast<unsigned>(__builtin_ctzll(lr.lanes));
        ext->atomic_operand = in.request.data[lane];
        ext->atomic_compare = in.request.compare[lane];
    } else if (in.kind == Kind::kStore) {
        gp->set_command(tlm::TLM_WRITE_COMMAND);
        gp->set_address(line);
        std::copy(lr.data.begin(), lr.data.end(), gp->get_data_ptr());
        // The line request outlives the entry: its instruction completes after the response.
        gp->set_byte_enable_ptr(const_cast<unsigned char*>(lr.enables.data()));
        gp->set_byte_enable_length(static_cast<unsigned>(lr.enables.size()));
    } else {
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(line);
    }
    gp->set_data_length(length);
    gp->set_streaming_width(length);
    ext->sp = params_.sp;
    ext->warp = in.request.warp;
    ext->lane_mask = lr.lanes;
    ext->request_id = next_request_id_++;
    ext->client = sim::GpuExtension::Client::kLdst;
    ext->issue_time = sim::time_now();
    e.gp = gp;
    --free_entries_;
    ++in.outstanding;
    ++in.next_line;
    ++memory_requests_;

    port_waiting_ = true;  // cleared by on_ready, at once if the OCC takes the request now
    port.send(*gp);
    return Issue::kDone;
}

int Ldst::youngest_entry(uint32_t line) const {
    const Entry* first = entries_.data();
    for (const Entry *e = first, *end = first + entries_.size(); e != end; ++e)
        if (e->line == line && e->youngest) return static_cast<int>(e - first);
    return -1;
}

int Ldst::entry_of(const tlm::tlm_generic_payload* gp) const {
    const Entry* first = entries_.data();
    for (const Entry *e = first, *end = first + entries_.size(); e != end; ++e)
        if (e->gp == gp) return static_cast<int>(e - first);
    return -1;
}

void Ldst::finish_entry(unsigned index, uint64_t now) {
    (void)now;
    Entry& e = entries_[index];
    tlm::tlm_generic_payload* gp = e.gp;
    const bool ok = gp->get_response_status() == tlm::TLM_OK_RESPONSE;
    const unsigned char* data = gp->get_data_ptr();
    for (const Target& t : e.targets) {
        Instruction& in = *t.instruction;
        const LineRequest& lr = in.lines[t.line];
        if (!ok) {
            // The instruction completes in order and carries the error to the SP, which faults.
            if (!in.result.error) {
                const unsigned lane = static_cast<unsigned>(__builtin_ctzll(lr.lanes));
                in.result.error = error_text(gp->get_response_status());
                in.result.error_lane = lane;
                in.result.error_address = in.request.address[lane];
            }
        } else if (e.kind == Kind::kLoad) {
            const unsigned size = isa::access_size(in.request.op);
            for (uint64_t lanes = lr.lanes; lanes != 0; lanes &= lanes - 1) {
                const unsigned lane = static_cast<unsigned>(__builtin_ctzll(lanes));
                uint32_t offset = in.request.address[lane] - lr.address;
                uint32_t raw = 0;
                for (unsigned j = 0; j < size; ++j) raw |= uint32_t{data[offset + j]} << (8 * j);
                in.result.value[lane] = isa::load_result(in.request.op, raw);
            }
        } else if (e.kind == Kind::kAtomic) {
            unsigned lane = static_cast<unsigned>(__builtin_ctzll(lr.lanes));
            in.result.value[lane] = uint32_t{data[0]} | uint32_t{data[1]} << 8 |
                                    uint32_t{data[2]} << 16 | uint32_t{data[3]} << 24;
        }
        --in.outstanding;
    }
    gp->release();
    // The entry's list keeps its buffer for the next request.
    e.valid = false;
    e.youngest = false;
    e.kind = Kind::kLoad;
    e.line = 0;
    e.gp = nullptr;
    e.targets.clear();
    ++free_entries_;
}

void Ldst::reset() {
    const uint64_t now = clock_.now();
    account(now);
    inflight_.clear();
    queued_ = 0;
    for (Entry& e : entries_) e = Entry();
    free_entries_ = params_.mshr_entries;
    responses_.clear();
    port_free_from_ = 0;
    port_waiting_ = false;
    space_wanted_ = false;
    edge_ = UINT64_MAX;
    busy_ = false;
    blocked_ = false;
    mshr_occupancy_ = 0;
    requests_in_flight_ = 0;
    port.reset();
    mm_.reclaim();
    schedule_.sleep();
}

void Ldst::account(uint64_t now) {
    // The state since the last tick held until now (it only changes in ticks).
    if (busy_ && now > last_account_) {
        sample_cycles(mshr_occupancy_samples_, static_cast<double>(mshr_occupancy()),
                      now - last_account_);
        if (blocked_) stall_cycles_ += now - last_account_;
    }
    last_account_ = now;
}

void Ldst::tick() {
    uint64_t now = clock_.now();
    schedule_.ticking(now);
    begin_edge();
    account(now);

    // Responses that are valid now free their entries and fill their lanes; the others keep
    // their order.
    size_t kept = 0;
    for (const Arrived& r : responses_) {
        if (r.ready > now) {
            responses_[kept++] = r;
            continue;
        }
        const int entry = entry_of(r.gp);
        if (entry < 0) {
            SC_REPORT_ERROR("mvp/ldst", "response to a request the LD/ST unit did not send");
        } else {
            finish_entry(static_cast<unsigned>(entry), now);
        }
    }
    responses_.resize(kept);

    // Completions, in issue order (never in the edge of the issue).
    while (!inflight_.empty()) {
        Instruction& front = *inflight_.front();
        if (front.queued() || front.outstanding > 0 || front.issue_cycle >= now) break;
        std::unique_ptr<Instruction> done = std::move(inflight_.front());
        inflight_.pop_front();
        done->result.complete_cycle = now;
        latency_.sample(static_cast<double>(now - done->issue_cycle));
        if (callback_) callback_(done->result);
        free_instructions_.push_back(std::move(done));
    }

    // Line requests, in issue order, at most `units` this cycle, from instructions issued
    // before this edge.
    blocked_ = false;
    unsigned sent = 0;
    for (auto& p : inflight_) {
        Instruction& in = *p;
        if (!in.queued()) continue;
        if (in.issue_cycle >= now) break;
        while (in.queued() && sent < params_.units) {
            if (issue_line(in, now) == Issue::kBlocked) {
                blocked_ = true;
                break;
            }
            ++sent;
            ++line_requests_;
        }
        if (!in.queued()) --queued_;
        if (blocked_ || sent == params_.units) break;
    }

    if (space_wanted_ && has_room()) {
        space_wanted_ = false;
        if (space_callback_) space_callback_();
    }

    mshr_occupancy_ = mshr_occupancy();
    requests_in_flight_ = static_cast<uint32_t>(inflight_.size());
    busy_ = !inflight_.empty();

    // Next edge with work: more line requests (unless blocked: a response or the port wakes
    // us), an instruction issued in this edge, a response.
    uint64_t next = UINT64_MAX;
    if ((queued_ > 0 && !blocked_) || (!inflight_.empty() && inflight_.back()->issue_cycle >= now))
        next = now + 1;
    if (blocked_ && !port_waiting_ && port_free_from_ > now && free_entries_ > 0)
        next = std::min(next, port_free_from_);
    for (const Arrived& r : responses_) next = std::min(next, std::max(r.ready, now + 1));
    schedule_.sleep_until(now, next);
}

}  // namespace mvp
