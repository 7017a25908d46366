#include "tb/sp/fake_dram.h"

#include <cstring>

#include "modules/isa/semantics.h"
#include "modules/sim/gpu_payload.h"

namespace mvp::tb {

FakeDram::FakeDram(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                   GlobalMemory& memory, unsigned lat)
    : sc_module(name), port("port"), latency(lat), clock_(clock), memory_(memory) {
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        ++requests;
        perform(gp);
        uint64_t due = clock_.cycle_at_or_after(at) + latency;
        responses_.emplace(due, &gp);
        clock_.wake_at(this, due);
        return true;
    };
}

void FakeDram::perform(tlm::tlm_generic_payload& gp) {
    const uint32_t a = static_cast<uint32_t>(gp.get_address());
    const unsigned n = gp.get_data_length();
    if (!memory_.contains(a, n)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    uint8_t* mem = memory_.at(a);
    uint8_t* data = gp.get_data_ptr();
    sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) {
        uint32_t old;
        std::memcpy(&old, mem, 4);
        isa::AtomicUpdate u = isa::atomic_update(static_cast<isa::Opcode>(ext->atomic_op), old,
                                                 ext->atomic_operand, ext->atomic_compare);
        if (u.write) std::memcpy(mem, &u.value, 4);
        std::memcpy(data, &old, 4);
    } else if (gp.is_read()) {
        std::memcpy(data, mem, n);
    } else {
        const uint8_t* be = gp.get_byte_enable_ptr();
        const unsigned bel = gp.get_byte_enable_length();
        for (unsigned i = 0; i < n; ++i)
            if (!be || be[i % bel] == TLM_BYTE_ENABLED) mem[i] = data[i];
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void FakeDram::tick() {
    const uint64_t now = clock_.now();
    while (!responses_.empty() && responses_.begin()->first <= now) {
        tlm::tlm_generic_payload* gp = responses_.begin()->second;
        responses_.erase(responses_.begin());
        port.respond(*gp);
    }
    clock_.sleep(this);
    if (!responses_.empty()) clock_.wake_at(this, responses_.begin()->first);
}

}  // namespace mvp::tb
