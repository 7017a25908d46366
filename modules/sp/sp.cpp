#include "sp.h"

#include "modules/config/config.h"
#include "modules/sim/connect.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

namespace {

IccParams icc_params(const config::Config& c, uint32_t sp) {
    IccParams p = IccParams::from_config(c);
    p.sp = sp;
    return p;
}
Ldst::Params ldst_params(const config::Config& c, uint32_t sp) {
    Ldst::Params p = Ldst::Params::from_config(c);
    p.sp = sp;
    return p;
}
Dcc::Params dcc_params(const config::Config& c, uint32_t sp) {
    Dcc::Params p = Dcc::Params::from_config(c);
    p.sp = sp;
    return p;
}
// The SP's blocks, attached from here to the end of its constructor, are one tile of the
// core domain (ticked on any host thread with -mvpgpu_host_threads).
sim::ClockDomain& open_tile(sim::ClockDomain& core) {
    core.begin_tile();
    return core;
}

}  // namespace

Sp::Sp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
       uint32_t sp_id, const Options& options)
    : sc_module(name),
      core_(open_tile(core)),
      params_(SpParams::from_config(config, sp_id)),
      icc_("icc", core, icc_params(config, sp_id)),
      xi_("xi", core, XiParams::from_config(config)),
      ldst_("ldst", core, ldst_params(config, sp_id)),
      occ_("occ", core, Occ::Params::from_config(config)),
      local_mem_("local_mem", core, LocalMem::Params::from_config(config)),
      dcc_("dcc", core, dcc_params(config, sp_id)) {
    // The memory blocks attached themselves first: they tick before the pipeline each edge.
    pipeline_ = std::make_unique<SpPipeline>(this->name(), params_, core, *this);
    core.attach(this);
    core.end_tile();
    if (params_.rtl_scoreboard || params_.rtl_mp_ipdom)
        core.run_tiles_serially("Verilated RTL blocks in the SPs (-mvpgpu_rtl_blocks)");

    sim::connect(pipeline_->fetch_port.socket, icc_.fetch(0).socket, "fe_to_icc");
    sim::connect(icc_.xi.socket, xi_.icc.socket, "icc_to_xi");
    sim::connect(ldst_.port.socket, occ_.port.socket, "ldst_to_occ");
    sim::connect(occ_.local_port.socket, local_mem_.port.socket, "occ_to_local_mem");
    sim::connect(occ_.dcc_port.socket, dcc_.port.socket, "occ_to_dcc");
    sim::connect(dcc_.mem_port.socket, xi_.dcc.socket, "dcc_to_xi");
    if (!options.external_dma) {
        dma_tie_ = std::make_unique<sim::InitiatorPort>("dma_tie");
        dma_tie_->socket.bind(xi_.dma.socket);
    }

    pipeline_->memory_can_accept = [this] { return ldst_.can_accept(); };
    pipeline_->memory_issue = [this](const WarpMemoryRequest& r) { ldst_.issue(r); };
    pipeline_->memory_want_space = [this] { ldst_.notify_when_accepting(); };
    ldst_.set_space_callback([this] { pipeline_->wake_at(pipeline_->clock.now() + 1); });
    ldst_.set_completion_callback(
        [this](const WarpMemoryResult& r) { pipeline_->memory_complete(r); });
    // The command processor is shared by the SPs: what an SP tells it goes through
    // run_or_defer (in SP order at the end of the edge when the SPs run on several threads).
    pipeline_->on_workgroup_done = [this](uint64_t id) {
        if (on_workgroup_done) sim::run_or_defer([this, id] { on_workgroup_done(id); });
    };
    // A data cache write-back that failed after its request was answered.
    dcc_.on_error = [this](const std::string& message) { pipeline_->on_error(message); };
    pipeline_->on_error = [this](const std::string& message) {
        sim::run_or_defer([this, message] {
            if (on_error) {
                on_error(message);
            } else {
                SC_REPORT_ERROR("mvp/sp", message.c_str());
            }
        });
    };
    trace_variables();
}

Sp::~Sp() = default;

void Sp::trace_variables() {
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    if (!vcd.enabled()) return;
    Issue& is = pipeline_->issue;
    const std::string base = name();
    for (unsigned w = 0; w < params_.num_warps(); ++w) {
        const std::string p = base + ".warp" + std::to_string(w);
        vcd.trace(p + ".pc", &is.trace_pc[w], 32);
        vcd.trace(p + ".ibuffer", &is.trace_ibuffer[w], 8);
        vcd.trace(p + ".active_mask", &is.trace_mask[w], params_.warp_size);
        vcd.trace(p + ".stall", &is.trace_stall[w], 4);
    }
}

unsigned Sp::free_slots() const { return pipeline_->free_slots(); }

bool Sp::can_start(const KernelAbi& abi, const KernelAbi::Group& group) const {
    return pipeline_->can_start(abi, group);
}

void Sp::start_workgroup(const KernelAbi& abi, const KernelAbi::Group& group,
                         const CodeImage& code) {
    // The dispatcher's stores: to local memory, or (stacked arguments in a private area) to
    // device memory through the DCC's untimed path, which keeps its buffered copies current.
    const uint32_t local_bytes = abi.params().local_mem_bytes;
    pipeline_->start_workgroup(
        abi, group, code, [this, local_bytes](uint32_t address, const void* data, uint32_t bytes) {
            if (address < local_bytes)
                local_mem_.write(address, data, bytes);
            else
                dcc_.write_untimed(address, data, bytes);
        });
}

void Sp::reset() {
    pipeline_->reset();
    icc_.reset();
    xi_.reset();
    ldst_.reset();
    occ_.reset();
    local_mem_.reset();
    dcc_.reset();
    if (dma_tie_) dma_tie_->reset();
    core_.sleep(this);
}

void Sp::flush(std::function<void()> done) {
    dcc_.flush([done = std::move(done)] { sim::run_or_defer(done); });
}

void Sp::set_pipeline_log(PipelineLog* log) {
    if (log) core_.run_tiles_serially("a pipeline log (--pipeline-log, --konata)");
    pipeline_->set_pipeline_log(log);
}

void Sp::invalidate() {
    icc_.invalidate();
    dcc_.invalidate();
}

}  // namespace mvp
