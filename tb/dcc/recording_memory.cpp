#include "recording_memory.h"

#include <algorithm>

#include "modules/isa/semantics.h"
#include "modules/sim/gpu_payload.h"

namespace mvp::tb {

RecordingMemory::RecordingMemory(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                                 uint64_t base, uint64_t size, unsigned latency)
    : sc_module(name),
      port("port"),
      clock_(clock),
      base_(base),
      latency_(latency),
      storage_(size, 0) {
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        return on_request(gp, at);
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time&) { perform(gp); };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) {
        perform(gp);
        return gp.get_data_length();
    };
}

uint32_t RecordingMemory::read32(uint64_t address) const {
    const uint8_t* p = &storage_.at(address - base_);
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

void RecordingMemory::write32(uint64_t address, uint32_t value) {
    uint8_t* p = &storage_.at(address - base_);
    for (unsigned i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(value >> (8 * i));
}

void RecordingMemory::fill_pattern() {
    for (uint64_t a = 0; a + 4 <= storage_.size(); a += 4) write32(base_ + a, pattern(base_ + a));
}

void RecordingMemory::perform(tlm::tlm_generic_payload& gp) {
    uint64_t address = gp.get_address();
    unsigned length = gp.get_data_length();
    unsigned char* data = gp.get_data_ptr();
    if (address < base_ || address + length > base_ + storage_.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    uint8_t* mem = &storage_[address - base_];
    const unsigned char* be = gp.get_byte_enable_ptr();
    unsigned be_length = gp.get_byte_enable_length();
    auto enabled = [&](unsigned i) {
        return be == nullptr || be_length == 0 || be[i % be_length] == TLM_BYTE_ENABLED;
    };
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) {
        uint32_t old = read32(address);
        isa::AtomicUpdate u = isa::atomic_update(static_cast<isa::Opcode>(ext->atomic_op), old,
                                                 ext->atomic_operand, ext->atomic_compare);
        if (u.write) write32(address, u.value);
        for (unsigned i = 0; i < 4; ++i) data[i] = static_cast<unsigned char>(old >> (8 * i));
    } else if (gp.get_command() == tlm::TLM_READ_COMMAND) {
        for (unsigned i = 0; i < length; ++i)
            if (enabled(i)) data[i] = mem[i];
    } else if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        for (unsigned i = 0; i < length; ++i)
            if (enabled(i)) mem[i] = data[i];
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool RecordingMemory::on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    uint64_t sent = clock_.cycle_at_or_after(at);
    unsigned latency = latency_of ? latency_of(gp) : 0;
    if (latency == 0) latency = latency_;
    uint64_t respond = std::max(sent + latency, clock_.now() + 1);

    Access a{sent,  gp.get_command(), gp.get_address(), gp.get_data_length(), {}, {},
             false, respond};
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    a.atomic = ext && ext->atomic;
    if (gp.get_byte_enable_ptr() && gp.get_byte_enable_length()) {
        for (unsigned i = 0; i < a.length; ++i)
            a.enables.push_back(gp.get_byte_enable_ptr()[i % gp.get_byte_enable_length()]);
    }
    if (a.command == tlm::TLM_WRITE_COMMAND) {
        a.data.assign(gp.get_data_ptr(), gp.get_data_ptr() + a.length);
        for (unsigned i = 0; i < a.enables.size(); ++i)
            if (a.enables[i] != TLM_BYTE_ENABLED) a.data[i] = 0;
    }
    perform(gp);
    if (a.command == tlm::TLM_READ_COMMAND)
        a.data.assign(gp.get_data_ptr(), gp.get_data_ptr() + a.length);
    log_.push_back(std::move(a));
    responses_.emplace(respond, &gp);
    clock_.wake_at(this, respond);
    return true;
}

void RecordingMemory::tick() {
    uint64_t now = clock_.now();
    while (!responses_.empty() && responses_.begin()->first <= now) {
        tlm::tlm_generic_payload* gp = responses_.begin()->second;
        responses_.erase(responses_.begin());
        port.respond(*gp);
    }
    clock_.sleep(this);
    if (!responses_.empty()) clock_.wake_at(this, responses_.begin()->first);
}

}  // namespace mvp::tb
