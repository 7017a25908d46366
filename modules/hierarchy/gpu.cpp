#include "gpu.h"

#include "modules/sim/connect.h"

namespace mvp {

namespace {

const char* const kDomainNames[Gpu::kNumDomains] = {"core_clock",   "icnt_clock",   "l2_clock",
                                                    "dram_clock",   "pa_clock",     "rop_clock",
                                                    "raster_clock", "texture_clock"};

}  // namespace

Gpu::Gpu(const sc_core::sc_module_name& name, const config::Config& config)
    : sc_module(name), dram_(static_cast<uint32_t>(config.get_int("mvpgpu_global_mem_size"))) {
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
    for (unsigned m = 0; m < n_mc; ++m) {
        ddr_.push_back(std::make_unique<DdrController>(("ddr" + std::to_string(m)).c_str(),
                                                       *domains_[kDram], ddr_params, dram_,
                                                       noc_->interleave(), m));
        sim::connect(noc_->initiator_socket(m), ddr_.back()->target_socket(),
                     "noc_ddr" + std::to_string(m) + "_check");
    }
    for (unsigned i = 0; i < sps_.size(); ++i)
        sim::connect(sps_[i]->noc_port().socket, noc_->target_socket(i),
                     "sp" + std::to_string(i) + "_noc_check");

    Cp::Params cp_params;
    cp_params.abi.local_mem_bytes = static_cast<uint32_t>(config.get_int("mvpgpu_local_mem_size"));
    cp_params.abi.stack_bytes = static_cast<uint32_t>(config.get_int("mvpgpu_private_stack_bytes"));
    cp_params.abi.threads_per_sp = static_cast<uint32_t>(config.get_int("mvpgpu_n_threads_per_sp"));
    cp_params.abi.warp_size =
        static_cast<uint32_t>(config.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
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
}

Gpu::~Gpu() = default;

}  // namespace mvp
