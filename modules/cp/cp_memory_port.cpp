#include "cp_memory_port.h"

#include <cstdio>
#include <cstring>

#include "modules/sim/sim_time.h"

namespace mvp {

using sc_core::sc_time;

CpMemoryPort::CpMemoryPort(const char* name, sim::ClockDomain& core)
    : port((std::string(name) + "_port").c_str()),
      dma((std::string(name) + "_dma").c_str()),
      core_(core) {
    core_.attach(this);
    port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        on_response(gp, at);
    };
    port.on_ready = [this](const sc_time& at) { on_ready(at); };
    dma.on_request = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        return on_dma_request(gp, at);
    };
}

void CpMemoryPort::read(uint32_t address, uint32_t bytes, Done done) {
    Request r{false, address, bytes, {}, std::move(done)};
    queue(std::move(r));
}

void CpMemoryPort::write(uint32_t address, const void* data, uint32_t bytes, Done done) {
    Request r{true, address, bytes, {}, std::move(done)};
    std::memcpy(r.data, data, bytes);
    queue(std::move(r));
}

void CpMemoryPort::queue(Request r) {
    if (r.bytes == 0 || r.bytes > sizeof r.data || (r.address % 64) + r.bytes > 64) {
        SC_REPORT_ERROR("mvp/cp", "CpMemoryPort: an access must be 1-64 bytes within 64 bytes");
        return;
    }
    queue_.push_back(std::move(r));
    core_.wake(this);
}

void CpMemoryPort::forward_dma(tlm::tlm_generic_payload& gp, const sc_time& delay) {
    dma_forwarded_ = &gp;
    dma_end_req_ = false;
    port.send(gp, delay);
}

bool CpMemoryPort::on_dma_request(tlm::tlm_generic_payload& gp, const sc_time& at) {
    // Held at the target port until the link is free; tick() forwards it then.
    if (dma_forwarded_ || !port.can_send()) {
        core_.wake(this);
        return false;
    }
    forward_dma(gp, at - sc_core::sc_time_stamp());
    // END_REQ straight back from the link: END_REQ straight back to the DMA engine.
    return dma_end_req_;
}

void CpMemoryPort::on_ready(const sc_time&) {
    if (dma_forwarded_) {
        dma_forwarded_ = nullptr;
        if (dma.holding()) {
            dma.accept();
        } else {
            dma_end_req_ = true;
        }
    }
    if (!queue_.empty() || dma.holding()) core_.wake(this);
}

void CpMemoryPort::on_response(tlm::tlm_generic_payload& gp, const sc_time& at) {
    sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (!ext || ext->client != sim::GpuExtension::Client::kCp) {
        dma.respond(gp);
        return;
    }
    gp.acquire();
    answers_.push_back({&gp, core_.cycle_at_or_after(at)});
    core_.wake_at(this, answers_.back().cycle);
}

void CpMemoryPort::send_next() {
    while (port.can_send() && !dma_forwarded_) {
        if (dma.holding()) {
            forward_dma(*dma.held(), sc_core::SC_ZERO_TIME);
            continue;
        }
        if (queue_.empty()) return;
        Request r = std::move(queue_.front());
        queue_.pop_front();
        tlm::tlm_generic_payload* gp = mm_.allocate();
        sim::GpuExtension* ext = sim::gpu_extension(*gp);
        ext->client = sim::GpuExtension::Client::kCp;
        ext->issue_time = sim::time_now();
        uint32_t id;
        if (free_ids_.empty()) {
            id = static_cast<uint32_t>(done_.size());
            done_.emplace_back();
        } else {
            id = free_ids_.back();
            free_ids_.pop_back();
        }
        done_[id] = std::move(r.done);
        ext->request_id = id;
        gp->set_command(r.write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp->set_address(r.address);
        gp->set_data_length(r.bytes);
        gp->set_streaming_width(r.bytes);
        if (r.write) {
            std::memcpy(gp->get_data_ptr(), r.data, r.bytes);
            ++writes_;
        } else {
            ++reads_;
        }
        ++in_flight_;
        port.send(*gp);
        gp->release();
    }
}

void CpMemoryPort::tick() {
    const uint64_t now = core_.now();
    while (!answers_.empty() && answers_.front().cycle <= now) {
        tlm::tlm_generic_payload* gp = answers_.front().gp;
        answers_.pop_front();
        const auto id = static_cast<uint32_t>(sim::gpu_extension(*gp)->request_id);
        if (id >= done_.size() || !done_[id]) {  // an answer to a request dropped by reset()
            gp->release();
            continue;
        }
        Done done = std::move(done_[id]);
        free_ids_.push_back(id);
        --in_flight_;
        std::string error;
        if (!gp->is_response_ok()) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s of %u bytes at device address 0x%08llx failed: %s",
                          gp->is_read() ? "read" : "write", gp->get_data_length(),
                          static_cast<unsigned long long>(gp->get_address()),
                          gp->get_response_string().c_str());
            error = buf;
        }
        done(error.empty(), gp->get_data_ptr(), error);
        gp->release();
    }
    send_next();
    if (!answers_.empty()) core_.wake_at(this, answers_.front().cycle);
    // A request the link cannot take yet is retried at the next edge.
    if (queue_.empty() && !dma.holding()) core_.sleep(this);
}

void CpMemoryPort::reset() {
    queue_.clear();
    answers_.clear();
    done_.clear();
    free_ids_.clear();
    in_flight_ = 0;
    dma_forwarded_ = nullptr;
    dma_end_req_ = false;
    port.reset();
    dma.reset();
    mm_.reclaim();
    core_.sleep(this);
}

}  // namespace mvp
