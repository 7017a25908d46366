// Speed benchmark of the SP model (prints figures; never run as a test): N Sp modules, each
// with its own fixed-latency global memory, run the compute_loop kernel
// (sw/kernels/compute_loop) on 64 work-items per group, `groups` groups per SP.
//
//   sp_speed [num_sps=32] [iters=200] [groups_per_sp=4]   (from the repository root)

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "modules/sim/connect.h"
#include "tb/sp/golden_cases.h"
#include "tb/sp/sp_bench.h"

int sc_main(int argc, char** argv) {
    using namespace mvp;
    using namespace mvp::tb;
    const unsigned sps = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 32;
    const uint32_t iters = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 200;
    const uint32_t groups = argc > 3 ? static_cast<uint32_t>(std::atoi(argv[3])) : 4;
    const uint32_t items = 64 * groups;
    NDRange r;
    r.work_dim = 1;
    r.global[0] = items;
    r.local[0] = 64;
    std::vector<KernelArg> args = {
        KernelArg::of_value(kBufferBase), KernelArg::of_value(kBufferBase + 4 * items),
        KernelArg::of_value(kBufferBase + 8 * items), KernelArg::of_value(iters)};
    Kernel k = build_kernel_file("sw/kernels/compute_loop/compute_loop.s", "compute_loop", r, args);
    config::Config c = make_config();
    std::vector<std::unique_ptr<SpBench>> benches;
    for (unsigned i = 0; i < sps; ++i) {
        benches.push_back(std::make_unique<SpBench>(("sp_bench" + std::to_string(i)).c_str(), c));
        benches.back()->sp->set_commit_log(nullptr);
        benches.back()->load(k);
    }
    auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t thread_instr = 0, cycles = 0, ticks = 0;
    for (auto& b : benches) {
        if (!b->error.empty()) std::printf("error: %s\n", b->error.c_str());
        thread_instr += b->sp->pipeline().counters.thread_instructions;
        ticks += b->sp->pipeline().counters.ticks;
        cycles = std::max(cycles, b->flushed_cycle);
    }
    std::printf(
        "%u SPs, %u work-items each, %u iterations: %llu thread instructions, %llu "
        "cycles, %llu SP ticks, %.3f s\n",
        sps, items, iters, static_cast<unsigned long long>(thread_instr),
        static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(ticks), secs);
    std::printf("%.2f M thread instructions/s, %.1f K platform cycles/s\n",
                thread_instr / secs / 1e6, cycles / secs / 1e3);
    return 0;
}
