#include "cpu.h"

#include <cstdio>
#include <stdexcept>

namespace mvp::example_vp {

Cpu::Cpu(const sc_core::sc_module_name& name, Program program, const sc_core::sc_time& quantum,
         const sc_core::sc_time& access_time)
    : sc_module(name),
      socket("socket"),
      irq("irq"),
      program_(std::move(program)),
      access_time_(access_time) {
    tlm_utils::tlm_quantumkeeper::set_global_quantum(quantum);
    quantum_.reset();
    SC_HAS_PROCESS(Cpu);
    SC_THREAD(run);
}

void Cpu::run() {
    try {
        status_ = program_(*this, error_);
    } catch (const std::exception& e) {
        status_ = 1;
        error_ = e.what();
    }
    if (status_ != 0 && error_.empty()) error_ = "the driver failed";
    quantum_.sync();
    finished_ = true;
    sc_core::sc_stop();
}

void Cpu::access(tlm::tlm_command command, uint64_t address, void* data, size_t bytes) {
    tlm::tlm_generic_payload gp;
    gp.set_command(command);
    gp.set_address(address);
    gp.set_data_ptr(static_cast<unsigned char*>(data));
    gp.set_data_length(static_cast<unsigned>(bytes));
    gp.set_streaming_width(static_cast<unsigned>(bytes));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = quantum_.get_local_time() + access_time_;
    socket->b_transport(gp, delay);
    quantum_.set(delay);
    if (gp.is_response_error()) {
        char where[64];
        std::snprintf(where, sizeof where, " of %zu bytes at 0x%llx: ", bytes,
                      static_cast<unsigned long long>(address));
        throw std::runtime_error(std::string(command == tlm::TLM_READ_COMMAND ? "read" : "write") +
                                 where + gp.get_response_string());
    }
    if (quantum_.need_sync()) quantum_.sync();
}

uint32_t Cpu::read32(uint64_t address) {
    uint8_t b[4];
    access(tlm::TLM_READ_COMMAND, address, b, 4);
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

void Cpu::write32(uint64_t address, uint32_t value) {
    uint8_t b[4];
    for (unsigned i = 0; i < 4; ++i) b[i] = static_cast<uint8_t>(value >> (8 * i));
    access(tlm::TLM_WRITE_COMMAND, address, b, 4);
}

void Cpu::read(uint64_t address, void* data, size_t bytes) {
    access(tlm::TLM_READ_COMMAND, address, data, bytes);
}

void Cpu::write(uint64_t address, const void* data, size_t bytes) {
    access(tlm::TLM_WRITE_COMMAND, address, const_cast<void*>(data), bytes);
}

bool Cpu::wait_for_interrupt(double timeout_us) {
    // Sleeping ends the CPU's run ahead of simulated time: it sees the line at its own time.
    quantum_.sync();
    if (irq.read()) return true;
    const sc_core::sc_time limit =
        sc_core::sc_time_stamp() + sc_core::sc_time(timeout_us, sc_core::SC_US);
    while (!irq.read()) {
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        if (now >= limit) return false;
        sc_core::wait(limit - now, irq.posedge_event());
    }
    return true;
}

double Cpu::now_us() const { return quantum_.get_current_time().to_seconds() * 1e6; }

}  // namespace mvp::example_vp
