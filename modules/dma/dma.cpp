#include "dma.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "modules/sim/sim_time.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

Dma::Dma(const sc_core::sc_module_name& name, sim::ClockDomain& core, const Params& params)
    : sc_module(name),
      host("host"),
      gpu("gpu"),
      core_(core),
      params_(params),
      stats_(this->name()) {
    core_.attach(this);
    host.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_response(gp, at, true);
    };
    gpu.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_response(gp, at, false);
    };
    host.on_ready = [this](const sc_core::sc_time&) {
        if (busy_) core_.wake(this);
    };
    gpu.on_ready = host.on_ready;
    stats_.add("transfers", &transfers_, "DMA transfers completed");
    stats_.add("bytes", &bytes_moved_, "bytes copied");
    stats_.add("busy_cycles", &busy_cycles_, "core cycles with a transfer in progress");
    stats_.add(
        "bytes_per_cycle",
        [this] { return busy_cycles_ ? double(bytes_moved_) / double(busy_cycles_) : 0.0; },
        "achieved copy rate");
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".in_flight", &trace_in_flight_);
    sim::VcdTracer::instance().trace(std::string(this->name()) + ".busy", &busy_);
}

void Dma::start(uint64_t host_address, uint32_t gpu_address, uint32_t bytes, bool to_host,
                std::function<void()> done) {
    busy_ = true;
    to_host_ = to_host;
    host_address_ = host_address;
    gpu_address_ = gpu_address;
    bytes_ = bytes;
    next_offset_ = 0;
    written_bytes_ = 0;
    in_flight_ = 0;
    failed_ = false;
    error_.clear();
    chunks_.clear();
    done_ = std::move(done);
    start_cycle_ = core_.now();
    core_.wake(this);
}

tlm::tlm_generic_payload* Dma::new_payload(sim::InitiatorPort& p) {
    tlm::tlm_generic_payload* gp = (&p == &host ? host_mm_ : gpu_mm_).allocate();
    sim::GpuExtension* ext = sim::gpu_extension(*gp);
    ext->client = sim::GpuExtension::Client::kDma;
    ext->issue_time = sim::time_now();
    ext->request_id = epoch_;
    ++in_flight_;
    return gp;
}

void Dma::on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at, bool host_side) {
    // The answer of a copy that a reset dropped: thrown away.
    if (!busy_ || sim::gpu_extension(gp)->request_id != epoch_) return;
    --in_flight_;
    if (!gp.is_response_ok() && !failed_) {
        failed_ = true;
        char buf[200];
        std::snprintf(
            buf, sizeof buf, "DMA: %s of %u bytes at %s address 0x%08llx failed: %s",
            gp.is_read() ? "read" : "write", gp.get_data_length(), host_side ? "host" : "device",
            static_cast<unsigned long long>(gp.get_address()), gp.get_response_string().c_str());
        error_ = buf;
    }
    if (failed_) {
        if (in_flight_ == 0) core_.wake(this);
        return;
    }
    if (gp.is_read()) {
        on_read(gp, at);
    } else {
        on_write(gp, at);
    }
}

void Dma::reset() {
    ++epoch_;
    busy_ = false;
    failed_ = false;
    error_.clear();
    in_flight_ = 0;
    chunks_.clear();
    done_ = nullptr;
    bytes_ = 0;
    next_offset_ = 0;
    written_bytes_ = 0;
    trace_in_flight_ = 0;
    gpu.reset();
    gpu_mm_.reclaim();
    core_.sleep(this);
}

void Dma::finish() {
    busy_ = false;
    core_.sleep(this);
    trace_in_flight_ = 0;
    if (failed_) {
        chunks_.clear();
        done_ = nullptr;
        if (on_error) {
            on_error(error_);
        } else {
            SC_REPORT_ERROR("mvp/dma", error_.c_str());
        }
        return;
    }
    ++transfers_;
    bytes_moved_ += bytes_;
    if (done_) {
        std::function<void()> done = std::move(done_);
        done_ = nullptr;
        done();
    }
}

void Dma::on_read(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    uint64_t offset =
        (to_host_ ? gp.get_address() - gpu_address_ : gp.get_address() - host_address_);
    for (Chunk& c : chunks_) {
        if (c.offset == offset && !c.read_done) {
            std::memcpy(c.data, gp.get_data_ptr(), c.bytes);
            c.read_done = true;
            c.ready_cycle = core_.cycle_at_or_after(at);
            core_.wake_at(this, c.ready_cycle);
            return;
        }
    }
}

void Dma::on_write(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    written_bytes_ += gp.get_data_length();
    core_.wake_at(this, core_.cycle_at_or_after(at));
}

void Dma::tick() {
    if (!busy_) {
        core_.sleep(this);
        return;
    }
    ++busy_cycles_;
    if (failed_) {
        // Stopped by an error: done when the requests in flight have been answered.
        if (in_flight_ == 0) {
            finish();
        } else {
            core_.sleep(this);
        }
        return;
    }
    // Write the oldest chunk whose data has arrived (in order, one per cycle).
    if (!chunks_.empty() && chunks_.front().read_done &&
        chunks_.front().ready_cycle <= core_.now() && destination().can_send()) {
        Chunk& c = chunks_.front();
        tlm::tlm_generic_payload* gp = new_payload(destination());
        gp->set_command(tlm::TLM_WRITE_COMMAND);
        gp->set_address(to_host_ ? host_address_ + c.offset : gpu_address_ + c.offset);
        gp->set_data_length(c.bytes);
        gp->set_streaming_width(c.bytes);
        std::memcpy(gp->get_data_ptr(), c.data, c.bytes);
        destination().send(*gp);
        gp->release();
        chunks_.pop_front();
    }
    // Read the next chunk while the window has room.
    if (next_offset_ < bytes_ && chunks_.size() < params_.max_outstanding && source().can_send()) {
        Chunk c;
        c.offset = next_offset_;
        // Chunks are aligned to the chunk size on the GPU side, so that none crosses a
        // memory-controller interleaving block (a power of two at least as large).
        uint64_t to_boundary =
            params_.chunk_bytes - (gpu_address_ + next_offset_) % params_.chunk_bytes;
        c.bytes = static_cast<unsigned>(std::min<uint64_t>(to_boundary, bytes_ - next_offset_));
        next_offset_ += c.bytes;
        tlm::tlm_generic_payload* gp = new_payload(source());
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(to_host_ ? gpu_address_ + c.offset : host_address_ + c.offset);
        gp->set_data_length(c.bytes);
        gp->set_streaming_width(c.bytes);
        chunks_.push_back(c);
        source().send(*gp);
        gp->release();
    }
    trace_in_flight_ = static_cast<uint32_t>(chunks_.size());
    if (written_bytes_ == bytes_) {
        finish();
        return;
    }
    // Nothing to do until a response or END_REQ arrives: sleep; those wake us.
    bool can_write = !chunks_.empty() && chunks_.front().read_done &&
                     chunks_.front().ready_cycle <= core_.now() + 1;
    bool can_read = next_offset_ < bytes_ && chunks_.size() < params_.max_outstanding;
    if (!can_write && !can_read) core_.sleep(this);
}

}  // namespace mvp
