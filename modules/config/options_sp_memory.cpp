// Options of the SP memory-side blocks: icc, xi, dcc, occ, local memory, ldst and MSHRs.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> sp_memory_options() {
    return {
        // icc
        int_option("mvpgpu_icc_size", "32768", 256, int64_t{1} << 24,
                   "bytes of instruction cache (ICC) per SP", kPowerOfTwo),
        int_option("mvpgpu_icc_banks", "4", 1, 64,
                   "ICC banks, interleaved by line; fetches and fills to one bank in one cycle "
                   "serialise",
                   kPowerOfTwo),
        int_option("mvpgpu_icc_line_bytes", "32", 8, 256, "bytes per ICC line (256 bits)",
                   kPowerOfTwo),
        int_option("mvpgpu_icc_assoc", "4", 1, 64, "ICC associativity (ways per set, LRU)",
                   kPowerOfTwo),
        int_option("mvpgpu_icc_hit_latency", "1", 1, 1024,
                   "core cycles from a fetch request to its response on an ICC hit"),
        int_option("mvpgpu_icc_mshr_entries", "4", 1, 1024,
                   "ICC miss status holding registers (lines being fetched at once)"),
        int_option("mvpgpu_icc_mshr_max_merge", "8", 1, 1024,
                   "fetches one ICC MSHR entry holds (the first miss and those merged into it)"),
        int_option("mvpgpu_icc_fetch_ports", "1", 1, 16,
                   "ICC fetch ports (fetch requests accepted per cycle)"),
        // xi
        int_option("mvpgpu_xi_max_outstanding", "16", 1, 1024,
                   "requests the XI keeps outstanding toward the interconnect; beyond it the "
                   "clients are back-pressured"),
        int_option("mvpgpu_xi_queue_depth", "4", 1, 1024,
                   "XI request queue entries per client (ICC, DCC, DMA)"),
        int_option("mvpgpu_xi_latency", "1", 1, 1024,
                   "core cycles the XI adds to a request and to its response (each way)"),
        // dcc, occ, local memory, ldst
        int_option("mvpgpu_dcc_sets", "64", 1, 65536,
                   "sets of the DCC write-back word buffer (32-bit word entries)", kPowerOfTwo),
        int_option("mvpgpu_dcc_ways", "2", 1, 64, "ways per DCC set (LRU)"),
        int_option("mvpgpu_dcc_miss_fifo_depth", "8", 1, 1024,
                   "DCC miss FIFO entries (requests waiting for memory); full stalls lookups"),
        int_option("mvpgpu_dcc_hit_latency", "1", 1, 1024,
                   "core cycles from a DCC lookup to its response on a hit"),
        int_option("mvpgpu_dcc_line_bytes", "32", 4, 256,
                   "bytes the DCC fetches from memory on a miss (one line through the XI)",
                   kPowerOfTwo),
        int_option("mvpgpu_occ_latency", "1", 1, 1024,
                   "core cycles the OCC takes to decode a request (local memory or DCC)"),
        int_option("mvpgpu_ldst_line_bytes", "32", 4, 256,
                   "bytes per line request of the LD/ST coalescer", kPowerOfTwo),
        int_option("mvpgpu_ldst_mshr_entries", "8", 1, 1024,
                   "LD/ST MSHR entries (line requests outstanding at once)"),
        int_option("mvpgpu_ldst_mshr_max_merge", "4", 1, 1024,
                   "load line requests one LD/ST MSHR entry serves (the first and those merged "
                   "into it)"),
    };
}

}  // namespace mvp::config
