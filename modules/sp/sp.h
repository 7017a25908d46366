#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <systemc>

#include "modules/cp/workgroup_executor.h"
#include "modules/dcc/dcc.h"
#include "modules/icc/icc.h"
#include "modules/ldst/ldst.h"
#include "modules/local_mem/local_mem.h"
#include "modules/occ/occ.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/initiator_port.h"
#include "modules/xi/xi.h"
#include "sp_params.h"
#include "sp_pipeline.h"

namespace mvp {

namespace config {
class Config;
}

// One SP (what CUDA calls an SM): the pipeline (SpPipeline) and the SP's memory-side blocks,
// wired as in the hardware:
//
//   FE --fetch--> Icc --xi--> Xi.icc
//   MemoryUnit --C++--> Ldst --port--> Occ --local_port--> LocalMem
//                                          --dcc_port----> Dcc --mem_port--> Xi.dcc
//   (DMA engine) --> Xi.dma;   Xi.noc --> toward the interconnect (noc())
//
// The Sp is the Clocked block of the pipeline on the core domain; the memory blocks are
// Clocked on the same domain and tick before it in every edge. An SP with no resident warp
// sleeps; start_workgroup() wakes it.
//
// The command processor drives it through WorkgroupExecutor (modules/cp) and free_slots();
// see README.md for the protocol.
class Sp : public sc_core::sc_module, public sim::Clocked, public WorkgroupExecutor {
  public:
    struct Options {
        // The platform binds a DMA engine to dma_port(); otherwise the XI's DMA port is tied
        // off inside the SP.
        bool external_dma = false;
    };

    Sp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
       uint32_t sp_id, const Options& options);
    Sp(const sc_core::sc_module_name& name, sim::ClockDomain& core, const config::Config& config,
       uint32_t sp_id)
        : Sp(name, core, config, sp_id, Options{}) {}
    ~Sp() override;

    // The XI's initiator port toward the interconnect, and its DMA target port.
    sim::InitiatorPort& noc_port() { return xi_.noc; }
    sim::TargetPort& dma_port() { return xi_.dma; }

    // ---- WorkgroupExecutor (the command processor's interface).
    // Hardware thread slots not used by a resident work-group.
    unsigned free_slots() const;
    bool can_start(const KernelAbi& abi, const KernelAbi::Group& group) const override;
    void start_workgroup(const KernelAbi& abi, const KernelAbi::Group& group,
                         const CodeImage& code) override;
    void flush(std::function<void()> done) override;
    void invalidate() override;

    // The commit log of this SP (doc/commit-log.md); nullptr turns it off.
    void set_commit_log(std::ostream* os) { pipeline_->set_commit_log(os); }
    // The pipeline log (doc/sp-pipeline.md, "The pipeline log"); nullptr turns it off. The SPs
    // share it: with one, the SPs of an edge are ticked on one host thread.
    void set_pipeline_log(PipelineLog* log);

    const SpParams& params() const { return params_; }
    SpPipeline& pipeline() { return *pipeline_; }
    const SpPipeline& pipeline() const { return *pipeline_; }
    Icc& icc() { return icc_; }
    Ldst& ldst() { return ldst_; }
    Occ& occ() { return occ_; }
    LocalMem& local_mem() { return local_mem_; }
    Dcc& dcc() { return dcc_; }
    Xi& xi() { return xi_; }

    void tick() override { pipeline_->tick(); }

    // The GPU's reset: the pipeline and every memory-side block of the SP reset together
    // (warps, work-groups and requests dropped, caches invalid, usable at once). Local memory
    // contents and statistics are kept.
    void reset();

  private:
    void trace_variables();

    sim::ClockDomain& core_;
    SpParams params_;
    Icc icc_;
    Xi xi_;
    Ldst ldst_;
    Occ occ_;
    LocalMem local_mem_;
    Dcc dcc_;
    std::unique_ptr<SpPipeline> pipeline_;
    std::unique_ptr<sim::InitiatorPort> dma_tie_;
};

}  // namespace mvp
