// Streams reads through the NoC and the DDR controllers and prints the simulated bandwidth,
// the simulated time and the host time (a speed figure, never asserted by a test).
//
//   ddr_stream_bench [--mib N] [--streams K] [--request-bytes B] [--outstanding O]
//                    [--config FILE] [-mvpgpu_option value ...]
//
// K generators on the core clock (one per NoC SP port) each read a contiguous N/K MiB region
// with B-byte requests, keeping at most O outstanding, as K SPs streaming through their XIs.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "modules/config/config.h"
#include "modules/ddr/ddr_controller.h"
#include "modules/golden/global_memory.h"
#include "modules/noc/noc.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/connect.h"
#include "tb/noc/traffic_generator.h"

namespace {

int usage() {
    std::fprintf(stderr,
                 "usage: ddr_stream_bench [--mib N] [--streams K] [--request-bytes B] "
                 "[--outstanding O] [--config FILE] [-mvpgpu_option value ...]\n");
    return 2;
}

}  // namespace

int sc_main(int argc, char** argv) {
    using namespace mvp;
    uint64_t mib = 64;
    unsigned streams = 8;
    unsigned request_bytes = 32;
    unsigned outstanding = 16;
    config::Config cfg;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string a = argv[i];
            if (i + 1 >= argc) return usage();
            const std::string v = argv[++i];
            if (a == "--mib") {
                mib = std::stoull(v);
            } else if (a == "--streams") {
                streams = static_cast<unsigned>(std::stoul(v));
            } else if (a == "--request-bytes") {
                request_bytes = static_cast<unsigned>(std::stoul(v));
            } else if (a == "--outstanding") {
                outstanding = static_cast<unsigned>(std::stoul(v));
            } else if (a == "--config") {
                cfg.load_file(v);
            } else if (a.size() > 1 && a[0] == '-' && a[1] != '-') {
                cfg.set(a, v, "command line");
            } else {
                return usage();
            }
        }
        cfg.validate();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ddr_stream_bench: %s\n", e.what());
        return 2;
    }
    if (!mib || !streams || !request_bytes || request_bytes > 256 || !outstanding) return usage();

    const std::vector<double> mhz = cfg.get_double_list("mvpgpu_clock_domains");
    const NocParams noc_params = NocParams::from_config(cfg);
    const DdrParams ddr_params = DdrParams::from_config(cfg);
    const unsigned n_ctrl = static_cast<unsigned>(cfg.get_int("mvpgpu_n_mem_ctrl"));
    const uint64_t total = mib << 20;
    const uint64_t per_stream = total / streams / request_bytes * request_bytes;

    sim::ClockDomain core("core", mhz[0]);
    sim::ClockDomain interconnect("interconnect", mhz[1]);
    sim::ClockDomain dram("dram", mhz[3]);
    GlobalMemory memory(static_cast<uint32_t>(total));
    Noc noc("noc", interconnect, noc_params, streams, n_ctrl);
    std::vector<std::unique_ptr<DdrController>> ddr;
    for (unsigned j = 0; j < n_ctrl; ++j) {
        ddr.push_back(std::make_unique<DdrController>(("ddr" + std::to_string(j)).c_str(), dram,
                                                      ddr_params, memory, noc.interleave(), j));
        sim::connect(noc.initiator_socket(j), ddr.back()->target_socket(),
                     "noc_ddr" + std::to_string(j));
    }
    std::vector<std::unique_ptr<tb::TrafficGenerator>> gens;
    for (unsigned s = 0; s < streams; ++s) {
        gens.push_back(
            std::make_unique<tb::TrafficGenerator>(("sp" + std::to_string(s)).c_str(), core, s));
        sim::connect(gens.back()->port.socket, noc.target_socket(s), "sp_noc" + std::to_string(s));
        gens.back()->stream(1, tlm::TLM_READ_COMMAND,
                            GlobalMemory::kBase + static_cast<uint32_t>(s * per_stream),
                            request_bytes, per_stream / request_bytes, outstanding);
    }

    const auto host_start = std::chrono::steady_clock::now();
    sc_core::sc_start();
    const double host =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - host_start).count();

    uint64_t bytes = 0;
    uint64_t requests = 0;
    sc_core::sc_time end = sc_core::SC_ZERO_TIME;
    for (const auto& g : gens) {
        if (!g->finished() || g->errors()) {
            std::fprintf(stderr, "ddr_stream_bench: a stream did not complete\n");
            return 1;
        }
        bytes += g->response_bytes();
        requests += g->responses();
        if (g->last_response_time() > end) end = g->last_response_time();
    }
    const double ns = (end - core.time_of(1)).to_seconds() * 1e9;
    std::printf(
        "ddr_stream %llu MiB, %u streams of %u-byte reads, %u DDR controllers: %.2f GB/s "
        "simulated (peak %.2f), %.3f ms simulated, %.3f s host, %.2f M requests/s\n",
        static_cast<unsigned long long>(mib), streams, request_bytes, n_ctrl, bytes / ns,
        n_ctrl * ddr_params.peak_gbps(dram.mhz()), ns * 1e-6, host, requests / host / 1e6);
    return 0;
}
