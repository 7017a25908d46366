#include "tb/sp/sp_bench.h"

#include "modules/sim/connect.h"

namespace mvp::tb {

SpBench::SpBench(const sc_core::sc_module_name& name, const config::Config& config,
                 unsigned dram_latency)
    : sc_module(name), core("core", 1000.0), global(kGlobalBytes) {
    core.attach(this);
    sp = std::make_unique<Sp>("sp0", core, config, 0);
    dram = std::make_unique<FakeDram>("dram", core, global, dram_latency);
    sim::connect(sp->noc_port().socket, dram->port.socket, "sp_to_dram");
    sp->set_commit_log(&commit);
    sp->on_error = [this](const std::string& m) { error = m; };
    sp->on_workgroup_done = [this](uint64_t) {
        ++groups_done;
        end_cycle = core.now();
        if (groups_done == abi_->num_groups()) {
            sp->flush([this] {
                flushed = true;
                flushed_cycle = core.now();
            });
        } else {
            core.wake(this);
        }
    };
}

SpBench::~SpBench() = default;

void SpBench::load(const Kernel& k) {
    kernel_ = &k;
    KernelAbi::Params ap;
    ap.local_mem_bytes = sp->params().local_mem_bytes;
    ap.stack_bytes = sp->params().private_stack_bytes;
    ap.threads_per_sp = sp->params().threads_per_sp;
    ap.warp_size = sp->params().warp_size;
    abi_ = std::make_unique<KernelAbi>(ap, k.launch, k.program.exit_stub_pc);
    std::vector<uint64_t> code = k.program.image(kDataBase);
    global.write(kCodeBase, code.data(), code.size() * 8);
    std::vector<uint8_t> data = k.program.relocated_data(kDataBase);
    if (!data.empty()) global.write(kDataBase, data.data(), data.size());
    sp->invalidate();
    core.wake(this);
}

void SpBench::tick() {
    if (next_group_ < abi_->num_groups()) {
        KernelAbi::Group g = abi_->group(next_group_);
        if (sp->can_start(*abi_, g)) {
            sp->start_workgroup(*abi_, g, code_image(*kernel_));
            ++next_group_;
            return;  // one group per cycle
        }
    }
    core.sleep(this);
}

}  // namespace mvp::tb
