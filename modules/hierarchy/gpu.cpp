#include "gpu.h"

#include <stdexcept>
#include <string>

#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"

namespace mvp {

namespace {

const char* const kDomainNames[Gpu::kNumDomains] = {"core_clock",   "icnt_clock",   "l2_clock",
                                                    "dram_clock",   "pa_clock",     "rop_clock",
                                                    "raster_clock", "texture_clock"};

// Every protocol checker on a link inside the GPU (both ends are reset together).
void reset_checkers(const std::vector<sc_core::sc_object*>& objects) {
    for (sc_core::sc_object* o : objects) {
        if (auto* checker = dynamic_cast<sim::ProtocolChecker*>(o)) checker->reset();
        reset_checkers(o->get_child_objects());
    }
}

}  // namespace

Gpu::Gpu(const sc_core::sc_module_name& name, const config::Config& config)
    : sc_module(name), reset_in("reset"), memory_socket_("memory_socket") {
    memory_socket_.register_invalidate_direct_mem_ptr(this, &Gpu::invalidate_memory_dmi);
    const bool external = config.get_string("mvpgpu_memory") == "external";
    if (!external)
        dram_ = std::make_unique<GlobalMemory>(
            static_cast<uint32_t>(config.get_int("mvpgpu_global_mem_size")));
    std::vector<double> mhz = config.get_double_list("mvpgpu_clock_domains");
    for (unsigned d = 0; d < kNumDomains; ++d) {
        domains_.push_back(std::make_unique<sim::ClockDomain>(kDomainNames[d], mhz[d]));
        clock_list_.push_back(domains_.back().get());
    }
    sim::ClockDomain& core = *domains_[kCore];

    auto n_gpc = static_cast<unsigned>(config.get_int("mvpgpu_n_gpc"));
    auto per_gpc = static_cast<unsigned>(config.get_int("mvpgpu_n_tpc_per_gpc") *
                                         config.get_int("mvpgpu_n_sm_per_tpc") *
                                         config.get_int("mvpgpu_n_sp_per_sm"));
    for (unsigned g = 0; g < n_gpc; ++g) {
        gpcs_.push_back(
            std::make_unique<Gpc>(("gpc" + std::to_string(g)).c_str(), core, config, g * per_gpc));
        for (const auto& tpc : gpcs_.back()->tpcs())
            for (const auto& sm : tpc->sms())
                for (const auto& sp : sm->sps()) sps_.push_back(sp.get());
    }

    NocParams noc_params = NocParams::from_config(config);
    DdrParams ddr_params = DdrParams::from_config(config);
    auto n_mc = static_cast<unsigned>(config.get_int("mvpgpu_n_mem_ctrl"));
    noc_ = std::make_unique<Noc>("noc", *domains_[kInterconnect], noc_params,
                                 static_cast<unsigned>(sps_.size()), n_mc);
    if (external) {
        // The NoC's memory ports go to the bridge onto memory_socket: no DDR timing.
        bridge_ = std::make_unique<MemoryBridge>("memory_bridge", *domains_[kInterconnect],
                                                 MemoryBridge::Params::from_config(config), n_mc,
                                                 memory_socket_);
        for (unsigned m = 0; m < n_mc; ++m)
            sim::connect(noc_->initiator_socket(m), bridge_->target_socket(m),
                         "noc_bridge" + std::to_string(m) + "_check");
    }
    for (unsigned m = 0; m < n_mc && !external; ++m) {
        ddr_.push_back(std::make_unique<DdrController>(("ddr" + std::to_string(m)).c_str(),
                                                       *domains_[kDram], ddr_params, *dram_,
                                                       noc_->interleave(), m));
        sim::connect(noc_->initiator_socket(m), ddr_.back()->target_socket(),
                     "noc_ddr" + std::to_string(m) + "_check");
    }
    for (unsigned i = 0; i < sps_.size(); ++i) {
        sim::connect(sps_[i]->noc_port().socket, noc_->target_socket(i),
                     "sp" + std::to_string(i) + "_noc_check");
        noc_->deliver_to(i, sps_[i]->xi());
    }

    Cp::Params cp_params;
    cp_params.abi = KernelAbi::Params::from_config(config);
    cp_params.dispatch_per_cycle =
        static_cast<unsigned>(config.get_int("mvpgpu_cp_dispatch_per_cycle"));
    cp_params.memory_base = GlobalMemory::kBase;
    cp_params.memory_bytes = static_cast<uint64_t>(config.get_int("mvpgpu_global_mem_size"));
    cp_ = std::make_unique<Cp>("cp", core, cp_params);
    for (Sp* sp : sps_) cp_->add_executor(sp);

    Dma::Params dma_params;
    dma_params.chunk_bytes = static_cast<unsigned>(config.get_int("mvpgpu_dma_chunk_bytes"));
    dma_params.max_outstanding =
        static_cast<unsigned>(config.get_int("mvpgpu_dma_max_outstanding"));
    dma_ = std::make_unique<Dma>("dma", core, dma_params);
    // The CP's memory port, which also carries the DMA engine's device side, reaches memory
    // through SP 0's external interface, at its lowest priority.
    sim::connect(dma_->gpu.socket, cp_->dma_port().socket, "dma_cp_check");
    sim::connect(cp_->memory_port().socket, sps_.front()->dma_port().socket, "cp_xi_check");
    cp_->set_dma(dma_.get());
    core.set_host_threads(static_cast<unsigned>(config.get_int("mvpgpu_host_threads")));
    // The memory side may run one core edge ahead, beside the SPs' passes on the host threads
    // (doc/performance.md): when the NoC steps none of the SPs' requests itself (their request
    // halves tick in the SPs' tiles) and the memory is the GPU's own (the external memory's
    // bridge works in the kernel's time).
    bool ahead = !external;
    for (unsigned i = 0; i < sps_.size(); ++i) ahead = ahead && noc_->steps_in_sender(i);
    for (unsigned d = 0; d < kNumDomains && ahead; ++d)
        if (d != kCore) domains_[d]->allow_running_ahead();

    SC_HAS_PROCESS(Gpu);
    SC_METHOD(on_reset_input);
    sensitive << reset_in;
}

Gpu::~Gpu() = default;

GlobalMemory& Gpu::dram() {
    if (!dram_)
        throw std::logic_error(std::string(name()) +
                               ": global memory is external (-mvpgpu_memory external): the GPU "
                               "has no DRAM of its own; read the memory bound to memory_socket");
    return *dram_;
}

void Gpu::on_reset_input() {
    // Also run once at the start, so that a line already high then holds the GPU in reset.
    const bool level = reset_in.size() > 0 && reset_in->read();
    if (level == reset_level_) return;
    reset_level_ = level;
    reset();
}

void Gpu::reset() {
    ++resets_;
    cp_->reset();
    dma_->reset();
    for (const auto& gpc : gpcs_) gpc->reset();
    noc_->reset();
    for (const auto& ddr : ddr_) ddr->reset();
    if (bridge_) bridge_->reset();
    reset_checkers(get_child_objects());
}

void Gpu::invalidate_memory_dmi(sc_dt::uint64 start, sc_dt::uint64 end) {
    if (bridge_) bridge_->invalidate_dmi(start, end);
}

}  // namespace mvp
