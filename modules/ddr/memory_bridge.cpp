#include "memory_bridge.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "modules/config/config.h"
#include "modules/isa/semantics.h"
#include "modules/sim/gpu_payload.h"

namespace mvp {

using sc_core::sc_time;

MemoryBridge::Params MemoryBridge::Params::from_config(const config::Config& c) {
    Params p;
    p.bus_base = static_cast<uint64_t>(c.get_int("mvpgpu_external_memory_base"));
    p.window_bytes = static_cast<uint32_t>(c.get_int("mvpgpu_global_mem_size"));
    return p;
}

MemoryBridge::MemoryBridge(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                           const Params& params, unsigned n_ports, Forward& out)
    : sc_module(name), clock_(clock), params_(params), out_(out), stats_(this->name()) {
    for (unsigned i = 0; i < n_ports; ++i) {
        const std::string port = "port" + std::to_string(i);
        ports_.push_back(std::make_unique<sim::TargetPort>(port.c_str()));
        sim::TargetPort& p = *ports_.back();
        p.on_request = [this, i](tlm::tlm_generic_payload& gp, const sc_time& at) {
            return on_request(i, gp, at);
        };
        p.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_time& delay) {
            untimed(gp, delay);
        };
        p.on_debug = [this](tlm::tlm_generic_payload& gp) { return debug(gp); };
    }
    clock_.attach(this);
    SC_HAS_PROCESS(MemoryBridge);
    SC_THREAD(worker);

    Counters& c = counters_;
    stats_.add("requests", &c.requests, "requests received from the NoC's memory ports");
    stats_.add("dmi_accesses", &c.dmi_accesses,
               "reads and writes made through a DMI pointer granted by the memory");
    stats_.add("socket_accesses", &c.socket_accesses, "b_transport calls made on the socket");
    stats_.add("error_responses", &c.error_responses,
               "requests answered with an error (the memory's, or outside the window)");
    stats_.add("dmi_grants", &c.dmi_grants, "DMI regions granted by get_direct_mem_ptr");
    stats_.add("dmi_invalidations", &c.dmi_invalidations,
               "DMI regions dropped by invalidate_direct_mem_ptr");
    stats_.add("dropped", &c.dropped,
               "accesses still on the socket at a reset, whose answers were thrown away");
    stats_.add("latency", &latency_,
               "interconnect cycles from a request's arrival to its response");
}

MemoryBridge::~MemoryBridge() = default;

void MemoryBridge::end_of_elaboration() {
    if (out_.size() == 0) {
        const std::string msg = std::string(name()) +
                                ": -mvpgpu_memory is external but the Gpu's memory_socket is not "
                                "bound to a memory";
        SC_REPORT_ERROR("mvp/memory", msg.c_str());
    }
}

bool MemoryBridge::on_request(unsigned port, tlm::tlm_generic_payload& gp, const sc_time& at) {
    ++counters_.requests;
    const Job job{&gp, port, clock_.cycle_after(at)};
    // Nothing ahead of it and all its bytes under DMI: done now, in this process. Otherwise
    // the bridge's thread makes it, after the requests before it.
    if (jobs_.empty() && !worker_busy_) {
        load(gp, inline_access_);
        if (dmi_covers(inline_access_)) {
            sc_time delay = sc_core::SC_ZERO_TIME;
            const tlm::tlm_response_status status = perform(inline_access_, delay, worker_carrier_);
            store(inline_access_, status, gp);
            answer(job, delay);
            return true;
        }
    }
    jobs_.push_back(job);
    job_event_.notify(sc_core::SC_ZERO_TIME);
    return true;
}

void MemoryBridge::worker() {
    for (;;) {
        while (jobs_.empty()) wait(job_event_);
        const Job job = jobs_.front();
        jobs_.pop_front();
        const uint64_t epoch = epoch_;
        load(*job.gp, worker_access_);
        worker_busy_ = true;
        sc_time delay = sc_core::SC_ZERO_TIME;
        const tlm::tlm_response_status status = perform(worker_access_, delay, worker_carrier_);
        worker_busy_ = false;
        if (epoch != epoch_) {
            // Reset while the target held the call: the requester's payload is no longer ours.
            ++counters_.dropped;
            continue;
        }
        store(worker_access_, status, *job.gp);
        answer(job, delay);
    }
}

void MemoryBridge::answer(const Job& job, const sc_time& delay) {
    const uint64_t cycle =
        std::max(job.registered, clock_.cycle_at_or_after(sc_core::sc_time_stamp() + delay));
    const Answer a{job.gp, job.port, cycle, job.registered - 1};
    auto pos = std::upper_bound(answers_.begin(), answers_.end(), cycle,
                                [](uint64_t c, const Answer& x) { return c < x.cycle; });
    answers_.insert(pos, a);
    clock_.wake_at(this, cycle);
}

void MemoryBridge::tick() {
    const uint64_t now = clock_.now();
    while (!answers_.empty() && answers_.front().cycle <= now) {
        const Answer a = answers_.front();
        answers_.pop_front();
        latency_.sample(static_cast<double>(now - a.arrival));
        ports_[a.port]->respond(*a.gp);
    }
    clock_.sleep(this);
    if (!answers_.empty()) clock_.wake_at(this, answers_.front().cycle);
}

void MemoryBridge::reset() {
    ++epoch_;
    jobs_.clear();
    answers_.clear();
    for (auto& p : ports_) p->reset();
}

void MemoryBridge::load(const tlm::tlm_generic_payload& gp, Access& a) const {
    a.command = gp.get_command();
    a.address = static_cast<uint32_t>(gp.get_address());
    a.length = gp.get_data_length();
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    a.atomic = ext && ext->atomic;
    if (a.atomic) {
        a.atomic_op = ext->atomic_op;
        a.atomic_operand = ext->atomic_operand;
        a.atomic_compare = ext->atomic_compare;
    }
    a.enable_length = 0;
    if (a.length > kMaxBytes) return;  // perform() answers it with an error
    if (a.command == tlm::TLM_WRITE_COMMAND) std::memcpy(a.data, gp.get_data_ptr(), a.length);
    const unsigned char* enables = gp.get_byte_enable_ptr();
    const unsigned n = gp.get_byte_enable_length();
    if (enables && n) {
        for (unsigned i = 0; i < a.length; ++i) a.enables[i] = enables[i % n];
        a.enable_length = a.length;
    }
}

void MemoryBridge::store(const Access& a, tlm::tlm_response_status status,
                         tlm::tlm_generic_payload& gp) {
    gp.set_response_status(status);
    if (status != tlm::TLM_OK_RESPONSE) {
        ++counters_.error_responses;
        return;
    }
    if (a.atomic) {
        std::memcpy(gp.get_data_ptr(), a.data, 4);
    } else if (a.command == tlm::TLM_READ_COMMAND) {
        std::memcpy(gp.get_data_ptr(), a.data, a.length);
    }
}

bool MemoryBridge::dmi_covers(const Access& a) const {
    if (a.length == 0 || a.length > kMaxBytes || !in_window(a.address, a.length)) return true;
    const uint64_t bus = bus_address(a.address);
    if (a.atomic) return region_for(bus, 4, false) && region_for(bus, 4, true);
    return region_for(bus, a.length, a.command == tlm::TLM_WRITE_COMMAND) != nullptr;
}

tlm::tlm_response_status MemoryBridge::perform(Access& a, sc_time& delay,
                                               tlm::tlm_generic_payload& carrier) {
    if (a.length == 0) return tlm::TLM_OK_RESPONSE;
    if (a.length > kMaxBytes) return tlm::TLM_BURST_ERROR_RESPONSE;
    if (!in_window(a.address, a.length)) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    const uint64_t bus = bus_address(a.address);
    if (!a.atomic) {
        if (a.command != tlm::TLM_READ_COMMAND && a.command != tlm::TLM_WRITE_COMMAND)
            return tlm::TLM_COMMAND_ERROR_RESPONSE;
        return transfer(a.command, bus, a.data, a.length, a.enable_length ? a.enables : nullptr,
                        a.enable_length, delay, carrier);
    }
    // An atomic: the old word is read, the new one (isa::atomic_update) written back.
    if (a.length != 4 || (a.address & 3) != 0) return tlm::TLM_GENERIC_ERROR_RESPONSE;
    tlm::tlm_response_status status =
        transfer(tlm::TLM_READ_COMMAND, bus, a.data, 4, nullptr, 0, delay, carrier);
    if (status != tlm::TLM_OK_RESPONSE) return status;
    uint32_t old;
    std::memcpy(&old, a.data, 4);
    const isa::AtomicUpdate u = isa::atomic_update(static_cast<isa::Opcode>(a.atomic_op), old,
                                                   a.atomic_operand, a.atomic_compare);
    if (!u.write) return tlm::TLM_OK_RESPONSE;
    unsigned char word[4];
    std::memcpy(word, &u.value, 4);
    return transfer(tlm::TLM_WRITE_COMMAND, bus, word, 4, nullptr, 0, delay, carrier);
}

tlm::tlm_response_status MemoryBridge::transfer(tlm::tlm_command command, uint64_t address,
                                                unsigned char* data, unsigned length,
                                                unsigned char* enables, unsigned enable_length,
                                                sc_time& delay, tlm::tlm_generic_payload& carrier) {
    const bool write = command == tlm::TLM_WRITE_COMMAND;
    if (!write) enables = nullptr;  // a read returns every byte; the requester picks
    if (const tlm::tlm_dmi* r = region_for(address, length, write)) {
        unsigned char* p = r->get_dmi_ptr() + (address - r->get_start_address());
        if (!write) {
            std::memcpy(data, p, length);
        } else if (!enables) {
            std::memcpy(p, data, length);
        } else {
            for (unsigned i = 0; i < length; ++i)
                if (enables[i] == TLM_BYTE_ENABLED) p[i] = data[i];
        }
        delay += write ? r->get_write_latency() : r->get_read_latency();
        ++counters_.dmi_accesses;
        return tlm::TLM_OK_RESPONSE;
    }
    tlm::tlm_response_status status =
        call(command, address, data, length, enables, enables ? enable_length : 0, delay, carrier);
    if (status != tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE || !enables) return status;
    // The target takes no byte enables: each run of enabled bytes as a plain write.
    for (unsigned i = 0; i < length;) {
        if (enables[i] != TLM_BYTE_ENABLED) {
            ++i;
            continue;
        }
        unsigned j = i;
        while (j < length && enables[j] == TLM_BYTE_ENABLED) ++j;
        status = transfer(command, address + i, data + i, j - i, nullptr, 0, delay, carrier);
        if (status != tlm::TLM_OK_RESPONSE) return status;
        i = j;
    }
    return tlm::TLM_OK_RESPONSE;
}

tlm::tlm_response_status MemoryBridge::call(tlm::tlm_command command, uint64_t address,
                                            unsigned char* data, unsigned length,
                                            unsigned char* enables, unsigned enable_length,
                                            sc_time& delay, tlm::tlm_generic_payload& carrier) {
    carrier.set_command(command);
    carrier.set_address(address);
    carrier.set_data_ptr(data);
    carrier.set_data_length(length);
    carrier.set_streaming_width(length);
    carrier.set_byte_enable_ptr(enables);
    carrier.set_byte_enable_length(enable_length);
    carrier.set_dmi_allowed(false);
    carrier.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    ++counters_.socket_accesses;
    out_->b_transport(carrier, delay);
    const tlm::tlm_response_status status = carrier.get_response_status();
    if (status == tlm::TLM_OK_RESPONSE && carrier.is_dmi_allowed())
        ask_dmi(address, command, carrier);
    return status;
}

void MemoryBridge::ask_dmi(uint64_t address, tlm::tlm_command command,
                           tlm::tlm_generic_payload& carrier) {
    carrier.set_address(address);
    carrier.set_command(command);
    carrier.set_byte_enable_ptr(nullptr);
    carrier.set_byte_enable_length(0);
    tlm::tlm_dmi dmi;
    if (!out_->get_direct_mem_ptr(carrier, dmi)) return;
    const bool write = command == tlm::TLM_WRITE_COMMAND;
    // Only a region that holds the address, with a pointer and the right that was asked for.
    if (!dmi.get_dmi_ptr() || address < dmi.get_start_address() ||
        address > dmi.get_end_address() ||
        !(write ? dmi.is_write_allowed() : dmi.is_read_allowed()))
        return;
    for (tlm::tlm_dmi& r : regions_) {
        if (r.get_start_address() == dmi.get_start_address() &&
            r.get_end_address() == dmi.get_end_address()) {
            r = dmi;
            ++counters_.dmi_grants;
            return;
        }
    }
    regions_.push_back(dmi);
    ++counters_.dmi_grants;
}

const tlm::tlm_dmi* MemoryBridge::region_for(uint64_t address, unsigned length, bool write) const {
    const uint64_t last = address + length - 1;
    for (const tlm::tlm_dmi& r : regions_) {
        if (address < r.get_start_address() || last > r.get_end_address()) continue;
        if (write ? r.is_write_allowed() : r.is_read_allowed()) return &r;
    }
    return nullptr;
}

void MemoryBridge::invalidate_dmi(uint64_t start, uint64_t end) {
    const size_t before = regions_.size();
    regions_.erase(std::remove_if(regions_.begin(), regions_.end(),
                                  [&](const tlm::tlm_dmi& r) {
                                      return r.get_start_address() <= end &&
                                             start <= r.get_end_address();
                                  }),
                   regions_.end());
    counters_.dmi_invalidations += before - regions_.size();
}

void MemoryBridge::untimed(tlm::tlm_generic_payload& gp, sc_time& delay) {
    // A loader's or debugger's access through the NoC: made at once in the caller's process.
    auto a = std::make_unique<Access>();
    tlm::tlm_generic_payload carrier;
    load(gp, *a);
    store(*a, perform(*a, delay, carrier), gp);
}

unsigned MemoryBridge::debug(tlm::tlm_generic_payload& gp) {
    const uint32_t address = static_cast<uint32_t>(gp.get_address());
    const unsigned length = gp.get_data_length();
    if (!in_window(address, length)) return 0;
    tlm::tlm_generic_payload carrier;
    carrier.set_command(gp.get_command());
    carrier.set_address(bus_address(address));
    carrier.set_data_ptr(gp.get_data_ptr());
    carrier.set_data_length(length);
    carrier.set_streaming_width(length);
    const unsigned n = out_->transport_dbg(carrier);
    gp.set_response_status(carrier.get_response_status());
    return n;
}

}  // namespace mvp
