#include "dma.h"

#include <algorithm>
#include <cstring>

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
        if (gp.is_read()) {
            on_read(gp, at);
        } else {
            on_write(gp, at);
        }
    };
    gpu.on_response = host.on_response;
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
    chunks_.clear();
    done_ = std::move(done);
    start_cycle_ = core_.now();
    core_.wake(this);
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
    // Write the oldest chunk whose data has arrived (in order, one per cycle).
    if (!chunks_.empty() && chunks_.front().read_done &&
        chunks_.front().ready_cycle <= core_.now() && destination().can_send()) {
        Chunk& c = chunks_.front();
        tlm::tlm_generic_payload* gp = mm_.allocate();
        gp->set_command(tlm::TLM_WRITE_COMMAND);
        gp->set_address(to_host_ ? host_address_ + c.offset : gpu_address_ + c.offset);
        gp->set_data_length(c.bytes);
        gp->set_streaming_width(c.bytes);
        std::memcpy(gp->get_data_ptr(), c.data, c.bytes);
        sim::gpu_extension(*gp)->client = sim::GpuExtension::Client::kDma;
        sim::gpu_extension(*gp)->issue_time = sc_core::sc_time_stamp();
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
        tlm::tlm_generic_payload* gp = mm_.allocate();
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(to_host_ ? gpu_address_ + c.offset : host_address_ + c.offset);
        gp->set_data_length(c.bytes);
        gp->set_streaming_width(c.bytes);
        sim::gpu_extension(*gp)->client = sim::GpuExtension::Client::kDma;
        sim::gpu_extension(*gp)->issue_time = sc_core::sc_time_stamp();
        chunks_.push_back(c);
        source().send(*gp);
        gp->release();
    }
    trace_in_flight_ = static_cast<uint32_t>(chunks_.size());
    if (written_bytes_ == bytes_) {
        busy_ = false;
        ++transfers_;
        bytes_moved_ += bytes_;
        core_.sleep(this);
        if (done_) {
            std::function<void()> done = std::move(done_);
            done_ = nullptr;
            done();
        }
        return;
    }
    // Nothing to do until a response or END_REQ arrives: sleep; those wake us.
    bool can_write = !chunks_.empty() && chunks_.front().read_done &&
                     chunks_.front().ready_cycle <= core_.now() + 1;
    bool can_read = next_offset_ < bytes_ && chunks_.size() < params_.max_outstanding;
    if (!can_write && !can_read) core_.sleep(this);
}

}  // namespace mvp
