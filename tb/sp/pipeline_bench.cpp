#include "tb/sp/pipeline_bench.h"

#include <cstring>
#include <fstream>
#include <stdexcept>

#include "modules/isa/semantics.h"
#include "sw/toolchain/build.h"

namespace mvp::tb {

FakeIcc::FakeIcc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, unsigned lat)
    : sc_module(name), port("port"), latency(lat), clock_(clock) {
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        uint64_t due = clock_.cycle_at_or_after(at) + latency;
        pending_.push_back({due, &gp});
        clock_.wake_at(this, due);
        ++fetches;
        return true;
    };
}

void FakeIcc::tick() {
    const uint64_t now = clock_.now();
    while (!pending_.empty() && pending_.front().first <= now) {
        tlm::tlm_generic_payload* gp = pending_.front().second;
        pending_.pop_front();
        const uint64_t offset = gp->get_address() - kCodeBase;
        const unsigned n = gp->get_data_length() / 8;
        bool ok = offset % 8 == 0 && offset / 8 + n <= code.size();
        if (ok) std::memcpy(gp->get_data_ptr(), &code[offset / 8], n * 8);
        gp->set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
        port.respond(*gp);
    }
    if (pending_.empty()) {
        clock_.sleep(this);
    } else {
        clock_.sleep(this);
        clock_.wake_at(this, pending_.front().first);
    }
}

FakeMemory::FakeMemory(sim::ClockDomain& clock, SpPipeline& sp, GlobalMemory& global, unsigned lat,
                       unsigned d)
    : local(sp.params.local_mem_bytes, 0),
      latency(lat),
      depth(d),
      clock_(clock),
      sp_(sp),
      global_(global) {
    clock_.attach(this);
}

void FakeMemory::issue(const WarpMemoryRequest& r) {
    ++issued;
    WarpMemoryResult res;
    res.id = r.id;
    res.warp = r.warp;
    res.op = r.op;
    res.pc = r.pc;
    res.lane_mask = r.lane_mask;
    const unsigned size = isa::access_size(r.op);
    for (uint64_t m = r.lane_mask; m; m &= m - 1) {
        const unsigned lane = static_cast<unsigned>(__builtin_ctzll(m));
        const uint32_t a = r.address[lane];
        uint8_t* p = a < local.size() ? &local[a] : global_.at(a);
        uint32_t old = 0;
        std::memcpy(&old, p, size);
        if (isa::is_store(r.op)) {
            std::memcpy(p, &r.data[lane], size);
        } else if (isa::is_atomic(r.op)) {
            isa::AtomicUpdate u = isa::atomic_update(r.op, old, r.data[lane], r.compare[lane]);
            if (u.write) std::memcpy(p, &u.value, 4);
            res.value[lane] = old;
        } else {
            res.value[lane] = isa::load_result(r.op, old);
        }
    }
    uint64_t due = clock_.now() + latency;
    if (!queue_.empty() && queue_.back().first > due) due = queue_.back().first;
    queue_.push_back({due, res});
    clock_.wake_at(this, due);
}

void FakeMemory::tick() {
    const uint64_t now = clock_.now();
    while (!queue_.empty() && queue_.front().first <= now) {
        WarpMemoryResult r = queue_.front().second;
        queue_.pop_front();
        r.complete_cycle = now;
        sp_.memory_complete(r);
    }
    clock_.sleep(this);
    if (!queue_.empty()) clock_.wake_at(this, queue_.front().first);
}

Kernel build_kernel(const std::string& source, const std::string& entry, uint32_t global,
                    uint32_t local, std::vector<KernelArg> args) {
    Kernel k;
    k.program = toolchain::build_program({{"k.s", source}});
    const toolchain::Symbol* s = k.program.find_symbol(entry);
    if (!s) throw std::runtime_error("no entry " + entry);
    k.launch.entry_pc = s->value;
    k.launch.range.work_dim = 1;
    k.launch.range.global[0] = global;
    k.launch.range.local[0] = local;
    k.launch.args = std::move(args);
    return k;
}

Kernel build_kernel_file(const std::string& path, const std::string& entry, const NDRange& range,
                         std::vector<KernelArg> args) {
    Kernel k;
    k.program = toolchain::build_program_from_files({path});
    const toolchain::Symbol* s = k.program.find_symbol(entry);
    if (!s) throw std::runtime_error("no entry " + entry);
    k.launch.entry_pc = s->value;
    k.launch.range = range;
    k.launch.args = std::move(args);
    return k;
}

config::Config make_config(const std::vector<std::pair<std::string, std::string>>& options) {
    config::Config c;
    c.set("mvpgpu_global_mem_size", std::to_string(kGlobalBytes), "test");
    for (const auto& o : options) c.set(o.first, o.second, "test");
    return c;
}

class PipelineBench::Dispatcher : public sim::Clocked {
  public:
    explicit Dispatcher(PipelineBench& b) : b_(b) {}
    void tick() override { b_.dispatch(); }

  private:
    PipelineBench& b_;
};

PipelineBench::PipelineBench(const sc_core::sc_module_name& name, const config::Config& config,
                             unsigned icc_latency, unsigned memory_latency)
    : sc_module(name),
      core("core", 1000.0),
      params(SpParams::from_config(config, 0)),
      global(kGlobalBytes),
      icc("icc", core, icc_latency) {
    dispatcher_ = std::make_unique<Dispatcher>(*this);
    core.attach(dispatcher_.get());
    sp = std::make_unique<SpPipeline>("sp0", params, core, *this);
    core.attach(this);
    memory = std::make_unique<FakeMemory>(core, *sp, global, memory_latency);
    sp->fetch_port.socket.bind(icc.port.socket);
    sp->memory_can_accept = [this] { return memory->can_accept(); };
    sp->memory_issue = [this](const WarpMemoryRequest& r) { memory->issue(r); };
    sp->set_commit_log(&commit);
    sp->on_error = [this](const std::string& m) { error = m; };
    sp->on_workgroup_done = [this](uint64_t) {
        ++groups_done;
        end_cycle = core.now();
        core.wake(dispatcher_.get());
    };
    barrier_exits.resize(params.num_warps());
    was_at_barrier_.assign(params.num_warps(), false);
}

PipelineBench::~PipelineBench() = default;

PipelineLog& PipelineBench::log_pipeline() {
    pipeline_log = std::make_unique<PipelineLog>(&pipeline_csv, &kanata);
    sp->set_pipeline_log(pipeline_log.get());
    return *pipeline_log;
}

void PipelineBench::dispatch() {
    if (!abi_) return;
    while (next_group_ < abi_->num_groups()) {
        KernelAbi::Group g = abi_->group(next_group_);
        if (!sp->can_start(*abi_, g)) break;
        sp->start_workgroup(*abi_, g, code_image(*kernel_),
                            [this](uint32_t a, const void* d, uint32_t n) {
                                std::memcpy(&memory->local[a], d, n);
                            });
        ++next_group_;
        break;  // one group per cycle
    }
    if (next_group_ >= abi_->num_groups() || !sp->can_start(*abi_, abi_->group(next_group_)))
        core.sleep(dispatcher_.get());
}

void PipelineBench::run(const Kernel& k) {
    load(k);
    sc_core::sc_start();
}

void PipelineBench::load(const Kernel& k) {
    kernel_ = &k;
    KernelAbi::Params ap;
    ap.local_mem_bytes = params.local_mem_bytes;
    ap.stack_bytes = params.private_stack_bytes;
    ap.threads_per_sp = params.threads_per_sp;
    ap.warp_size = params.warp_size;
    abi_ = std::make_unique<KernelAbi>(ap, k.launch, k.program.exit_stub_pc);
    icc.code = k.program.image(kDataBase);
    std::vector<uint8_t> data = k.program.relocated_data(kDataBase);
    if (!data.empty()) global.write(kDataBase, data.data(), data.size());
    global.write(kCodeBase, icc.code.data(), icc.code.size() * 8);
    core.wake(dispatcher_.get());
}

void PipelineBench::tick() {
    sp->tick();
    const uint64_t now = core.now();
    for (unsigned w = 0; w < params.num_warps(); ++w) {
        const bool at = sp->thdc.warp(w).at_barrier;
        if (was_at_barrier_[w] && !at) barrier_exits[w].push_back(now);
        was_at_barrier_[w] = at;
    }
}

std::vector<CommitLine> parse_commit_log(const std::string& log) {
    std::vector<CommitLine> out;
    std::istringstream in(log);
    std::string line;
    while (std::getline(in, line)) {
        CommitLine c;
        c.line = line;
        std::istringstream ls(line);
        std::string sp, w, m, pc, where;
        ls >> c.cycle >> sp >> w >> m >> pc >> where;
        c.warp = static_cast<unsigned>(std::stoul(w.substr(1)));
        c.pc = static_cast<uint32_t>(std::stoul(pc.substr(3), nullptr, 16));
        std::string rest;
        std::getline(ls, rest);
        if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
        size_t bar = rest.find(" |");
        c.text = bar == std::string::npos ? rest : rest.substr(0, bar);
        out.push_back(c);
    }
    return out;
}

CodeImage code_image(const Kernel& k) {
    CodeImage code;
    code.base = kCodeBase;
    code.bytes = k.program.code_bytes();
    code.return_pc = k.program.exit_stub_pc;
    code.debug = &k.program;
    return code;
}

FunctionalModel::Stats run_golden(const Kernel& k, GlobalMemory& memory, const SpParams& params) {
    FunctionalModel::Params p;
    p.abi.local_mem_bytes = params.local_mem_bytes;
    p.abi.stack_bytes = params.private_stack_bytes;
    p.abi.threads_per_sp = params.threads_per_sp;
    p.abi.warp_size = params.warp_size;
    p.num_sp = 1;
    std::vector<uint8_t> data = k.program.relocated_data(kDataBase);
    if (!data.empty()) memory.write(kDataBase, data.data(), data.size());
    std::vector<uint64_t> image = k.program.image(kDataBase);
    memory.write(kCodeBase, image.data(), image.size() * 8);
    FunctionalModel model(p);
    return model.run(code_image(k), k.launch, memory);
}

}  // namespace mvp::tb
