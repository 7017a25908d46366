// Benchmark: what an idle platform costs. Builds the mvp_v2_1 platform (32 SPs), lets 10^6
// core cycles pass with nothing to do, and prints the host time. Every block sleeps, so the
// cost should be a few SystemC events, not a million ticks.

#include <chrono>
#include <cstdio>

#include "modules/config/config.h"
#include "platforms/mvp/platform.h"

int main() {
    mvp::config::Config config;
    mvp::Platform platform(config);
    const uint64_t cycles = 1000000;
    auto start = std::chrono::steady_clock::now();
    sc_core::sc_start(platform.gpu().clock(mvp::Gpu::kCore).period() * static_cast<double>(cycles));
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    uint64_t edges = 0;
    for (mvp::sim::ClockDomain* d : platform.gpu().clocks()) edges += d->active_edges();
    std::printf("%-36s %12llu core cycles %10llu active edges %8.3f ms host\n",
                "idle mvp_v2_1 (32 SPs)", static_cast<unsigned long long>(platform.core_cycle()),
                static_cast<unsigned long long>(edges), seconds * 1e3);
    return 0;
}
