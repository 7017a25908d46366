#include "host_memory.h"

#include <algorithm>
#include <cstring>

namespace mvp {

namespace {
constexpr uint64_t kPageBytes = 4096;
}

HostMemory::HostMemory(const sc_core::sc_module_name& name, sim::ClockDomain& core,
                       const Params& params)
    : sc_module(name), port("port"), core_(core), params_(params), stats_(this->name()) {
    core_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        // The link serialises transfers: a request starts when the previous one has left it.
        uint64_t arrive = core_.cycle_at_or_after(at);
        uint64_t transfer =
            (gp.get_data_length() + params_.bytes_per_cycle - 1) / params_.bytes_per_cycle;
        uint64_t start = std::max(arrive, link_free_cycle_);
        link_free_cycle_ = start + transfer;
        queue_.push_back({&gp, start + params_.latency + transfer});
        if (queue_.size() == 1) core_.wake_at(this, queue_.front().done_cycle);
        return true;
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time&) { copy(gp); };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) {
        copy(gp);
        return gp.get_data_length();
    };
    stats_.add("reads", &reads_, "read requests from the GPU");
    stats_.add("writes", &writes_, "write requests from the GPU");
    stats_.add("bytes", &bytes_, "bytes moved across the system link");
}

void HostMemory::poke(uint64_t address, const void* data, size_t bytes) {
    const uint8_t* src = static_cast<const uint8_t*>(data);
    while (bytes) {
        uint64_t page = address / kPageBytes;
        size_t off = address % kPageBytes;
        size_t n = std::min<size_t>(bytes, kPageBytes - off);
        auto& p = pages_[page];
        if (!p) {
            p = std::make_unique<uint8_t[]>(kPageBytes);
            std::memset(p.get(), 0, kPageBytes);
        }
        std::memcpy(p.get() + off, src, n);
        src += n;
        address += n;
        bytes -= n;
    }
}

void HostMemory::peek(uint64_t address, void* data, size_t bytes) const {
    uint8_t* dst = static_cast<uint8_t*>(data);
    while (bytes) {
        uint64_t page = address / kPageBytes;
        size_t off = address % kPageBytes;
        size_t n = std::min<size_t>(bytes, kPageBytes - off);
        auto it = pages_.find(page);
        if (it == pages_.end()) {
            std::memset(dst, 0, n);
        } else {
            std::memcpy(dst, it->second.get() + off, n);
        }
        dst += n;
        address += n;
        bytes -= n;
    }
}

void HostMemory::copy(tlm::tlm_generic_payload& gp) {
    if (gp.is_read()) {
        peek(gp.get_address(), gp.get_data_ptr(), gp.get_data_length());
    } else if (gp.is_write()) {
        poke(gp.get_address(), gp.get_data_ptr(), gp.get_data_length());
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void HostMemory::tick() {
    while (!queue_.empty() && queue_.front().done_cycle <= core_.now()) {
        tlm::tlm_generic_payload* gp = queue_.front().gp;
        queue_.pop_front();
        copy(*gp);
        (gp->is_read() ? reads_ : writes_)++;
        bytes_ += gp->get_data_length();
        port.respond(*gp);
    }
    core_.sleep(this);
    if (!queue_.empty()) core_.wake_at(this, queue_.front().done_cycle);
}

}  // namespace mvp
