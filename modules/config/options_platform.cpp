// Options of the command processor, DMA, host memory, tracing and checking.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> platform_options() {
    return {
        // Command processor and DMA.
        int_option("mvpgpu_cp_dispatch_per_cycle", "1", 1, 64,
                   "work-groups the command processor hands out per core cycle"),
        int_option("mvpgpu_dma_chunk_bytes", "64", 4, 256, "bytes per DMA read/write transaction",
                   kPowerOfTwo),
        int_option("mvpgpu_dma_max_outstanding", "4", 1, 64,
                   "DMA chunks in flight (read issued, write not yet sent)"),
        int_option("mvpgpu_host_mem_latency", "100", 0, 1000000,
                   "core cycles from a DMA request to host memory to its first byte"),
        int_option("mvpgpu_host_link_bytes_per_cycle", "16", 1, 4096,
                   "bytes per core cycle across the system link to host memory"),
        // Tracing and checking.
        string_option("trace_scope", "*", nullptr,
                      "comma-separated glob patterns of the traced variables' hierarchical "
                      "names (mvp.gpc0.tpc0.sm0.sp0.*)"),
        int_option("trace_start_cycle", "0", 0, kNoMax, "first core cycle written to the VCD"),
        int_option("trace_end_cycle", "0", 0, kNoMax,
                   "last core cycle written to the VCD (0 = to the end)"),
        int_option("mvpgpu_tlm_check", "0", 0, 1,
                   "1 puts a TLM protocol checker on every link of the platform"),
        // Simulation.
        int_option("mvpgpu_host_threads", "1", 1, 64,
                   "host threads that tick the SPs of a core cycle (results do not depend on it)"),
    };
}

}  // namespace mvp::config
