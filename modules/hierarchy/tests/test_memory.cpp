#include "test_memory.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace mvp::tb {

TestMemory::TestMemory(const sc_core::sc_module_name& name, uint64_t base, uint32_t bytes,
                       const Options& options)
    : sc_module(name), socket("socket"), base_(base), bytes_(bytes), options_(options) {
    buffers_.push_back(std::make_unique<uint8_t[]>(bytes));
    data_ = buffers_.back().get();
    std::memset(data_, 0, bytes);
    socket.register_b_transport(this, &TestMemory::b_transport);
    socket.register_transport_dbg(this, &TestMemory::transport_dbg);
    if (options_.dmi) socket.register_get_direct_mem_ptr(this, &TestMemory::get_direct_mem_ptr);
}

void TestMemory::add_error(const ErrorRange& range) {
    errors_.push_back(range);
    socket->invalidate_direct_mem_ptr(range.lo, range.hi - 1);
}

void TestMemory::relocate() {
    buffers_.push_back(std::make_unique<uint8_t[]>(bytes_));
    std::memcpy(buffers_.back().get(), data_, bytes_);
    data_ = buffers_.back().get();
    socket->invalidate_direct_mem_ptr(0, ~uint64_t{0});
}

void TestMemory::poke(uint64_t address, const void* data, size_t bytes) {
    if (!contains(address, bytes)) throw std::out_of_range("TestMemory::poke outside memory");
    std::memcpy(data_ + (address - base_), data, bytes);
}

void TestMemory::peek(uint64_t address, void* data, size_t bytes) const {
    if (!contains(address, bytes)) throw std::out_of_range("TestMemory::peek outside memory");
    std::memcpy(data, data_ + (address - base_), bytes);
}

const TestMemory::ErrorRange* TestMemory::error_at(uint64_t lo, uint64_t hi, bool write) const {
    for (const ErrorRange& e : errors_) {
        if (hi <= e.lo || lo >= e.hi) continue;
        if (e.side == Side::kBoth || (e.side == Side::kWrites) == write) return &e;
    }
    return nullptr;
}

void TestMemory::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    ++b_transports_;
    const uint64_t address = gp.get_address();
    const unsigned length = gp.get_data_length();
    const bool write = gp.is_write();
    if (options_.wait_in_b_transport) {
        ++in_call_;
        wait(delay + options_.latency);
        --in_call_;
        delay = sc_core::SC_ZERO_TIME;
    } else {
        delay += options_.latency;
    }
    if (!contains(address, length)) {
        ++errors_answered_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (const ErrorRange* e = error_at(address, address + length, write)) {
        ++errors_answered_;
        gp.set_response_status(e->status);
        return;
    }
    const unsigned char* enables = gp.get_byte_enable_ptr();
    const unsigned enable_length = gp.get_byte_enable_length();
    if (enables && enable_length && !options_.byte_enables) {
        ++byte_enable_refusals_;
        gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    uint8_t* p = data_ + (address - base_);
    for (unsigned i = 0; i < length; ++i) {
        if (enables && enable_length && enables[i % enable_length] != TLM_BYTE_ENABLED) continue;
        if (write) {
            p[i] = gp.get_data_ptr()[i];
        } else {
            gp.get_data_ptr()[i] = p[i];
        }
    }
    gp.set_dmi_allowed(options_.dmi && !error_at(address, address + 1, true) &&
                       !error_at(address, address + 1, false));
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool TestMemory::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    const uint64_t address = gp.get_address();
    if (!contains(address, 1) || error_at(address, address + 1, true) ||
        error_at(address, address + 1, false))
        return false;
    // The largest region around the address that no error range touches.
    uint64_t lo = base_;
    uint64_t hi = base_ + bytes_;
    for (const ErrorRange& e : errors_) {
        if (e.hi <= address) lo = std::max(lo, e.hi);
        if (e.lo > address) hi = std::min(hi, e.lo);
    }
    dmi.set_dmi_ptr(data_ + (lo - base_));
    dmi.set_start_address(lo);
    dmi.set_end_address(hi - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(options_.dmi_latency);
    dmi.set_write_latency(options_.dmi_latency);
    ++dmi_grants_;
    return true;
}

unsigned TestMemory::transport_dbg(tlm::tlm_generic_payload& gp) {
    const uint64_t address = gp.get_address();
    const unsigned length = gp.get_data_length();
    if (!contains(address, length)) return 0;
    if (gp.is_write()) {
        std::memcpy(data_ + (address - base_), gp.get_data_ptr(), length);
    } else {
        std::memcpy(gp.get_data_ptr(), data_ + (address - base_), length);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return length;
}

}  // namespace mvp::tb
