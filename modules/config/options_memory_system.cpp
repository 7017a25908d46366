// Options of the interconnect (noc) and the DDR memory controllers (ddr). doc/memory-system.md
// explains how they combine; modules/noc/README.md and modules/ddr/README.md list them per block.

#include "option_table.h"

namespace mvp::config {

namespace {

OptionSpec bool_option(const char* name, const char* def, const char* description) {
    return OptionSpec{name, OptionType::kBool, def, description};
}

}  // namespace

std::vector<OptionSpec> memory_system_options() {
    return {
        // Interconnect (interconnect clock domain).
        int_option("mvpgpu_noc_latency", "8", 1, 1024,
                   "interconnect traversal latency in interconnect cycles, each way (request and "
                   "response), not counting serialisation"),
        int_option("mvpgpu_noc_port_bytes_per_cycle", "32", 1, 4096,
                   "bytes a NoC port moves per interconnect cycle in each direction; a packet of "
                   "B data bytes occupies a port for max(1, ceil(B / width)) cycles",
                   kPowerOfTwo),
        int_option("mvpgpu_noc_queue_depth", "8", 1, 4096,
                   "requests each NoC input port can buffer before it stops accepting "
                   "(END_REQ back-pressure)"),
        int_option("mvpgpu_noc_interleave_bytes", "256", 64, int64_t{1} << 30,
                   "global memory is interleaved across the memory controllers in blocks of this "
                   "many bytes from 0x80000000",
                   kPowerOfTwo),

        // Where global memory is (doc/memory-interface.md).
        string_option("mvpgpu_memory", "ddr", "ddr|external",
                      "global memory: ddr = the model's DDR controllers and DRAM behind the NoC; "
                      "external = a bridge behind the NoC issues every GPU memory access (SP "
                      "traffic and DMA) on the Gpu's memory_socket, which the virtual platform "
                      "binds to its own memory (no DDR timing: the memory's annotated delay or "
                      "DMI latency is the access time)"),
        int_option("mvpgpu_external_memory_base", "0x80000000", 0, kNoMax,
                   "with -mvpgpu_memory external: the address on memory_socket of device address "
                   "0x80000000; device address A appears at base + (A - 0x80000000), for A in "
                   "the -mvpgpu_global_mem_size window"),

        // DDR memory controllers (DRAM clock domain).
        int_option("mvpgpu_n_mem_ctrl", "4", 1, 64,
                   "number of DDR memory controllers (channels); the default is four 64-bit "
                   "DDR4 channels, 256 bits in all"),
        int_option("mvpgpu_ddr_bus_bytes", "8", 1, 256,
                   "data bus width of one controller in bytes (8 = 64 bits)", kPowerOfTwo),
        int_option("mvpgpu_ddr_burst_length", "8", 2, 64,
                   "burst length in data beats (two beats per DRAM cycle: a burst holds the data "
                   "bus for burst_length / 2 cycles and moves bus_bytes x burst_length bytes)",
                   kPowerOfTwo),
        int_option("mvpgpu_ddr_banks", "16", 1, 1024, "banks per controller", kPowerOfTwo),
        int_option("mvpgpu_ddr_row_bytes", "2048", 64, int64_t{1} << 20,
                   "bytes of one DRAM row (page) of a bank, across the whole data bus",
                   kPowerOfTwo),
        int_option("mvpgpu_ddr_tRCD", "11", 1, 1000, "ACT to READ/WRITE delay in DRAM cycles"),
        int_option("mvpgpu_ddr_tCL", "11", 1, 1000,
                   "READ (and WRITE) command to first data beat in DRAM cycles (CAS latency; the "
                   "write latency is taken equal)"),
        int_option("mvpgpu_ddr_tRP", "11", 1, 1000, "PRECHARGE to ACT delay in DRAM cycles"),
        int_option("mvpgpu_ddr_tRAS", "28", 1, 1000, "ACT to PRECHARGE minimum in DRAM cycles"),
        int_option("mvpgpu_ddr_tWR", "12", 1, 1000,
                   "write recovery: end of write data to PRECHARGE in DRAM cycles"),
        int_option("mvpgpu_ddr_tCCD", "4", 1, 1000,
                   "READ/WRITE to READ/WRITE minimum in DRAM cycles (the data bus imposes "
                   "burst_length / 2 as well)"),
        int_option("mvpgpu_ddr_tREFI", "0", 0, 1000000,
                   "refresh interval in DRAM cycles (0 = refresh off; DDR4 at 800 MHz: 6240)"),
        int_option("mvpgpu_ddr_tRFC", "280", 1, 100000,
                   "refresh cycle time in DRAM cycles: banks are unavailable this long after "
                   "REFRESH"),
        int_option("mvpgpu_ddr_queue_depth", "32", 1, 4096,
                   "request queue entries per controller; a full queue stops accepting "
                   "(END_REQ back-pressure)"),
        bool_option("mvpgpu_ddr_coalesce", "1",
                    "one READ/WRITE burst serves every queued request of the same kind that "
                    "falls in the same burst (combines the 32-byte requests of the SPs)"),
        bool_option("mvpgpu_ddr_bank_xor", "1",
                    "XOR the row bits, folded to the bank index width, into the bank index "
                    "(permutation-based interleaving: buffers at power-of-two distances use "
                    "different banks); 0 = plain row:bank:column"),
    };
}

}  // namespace mvp::config
