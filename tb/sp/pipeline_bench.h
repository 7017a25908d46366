#pragma once

// A testbench for the SP pipeline alone: the pipeline with a fixed-latency fake ICC (a TLM
// target serving the program's code words) and a fixed-latency fake LD/ST memory pipeline
// (local and global memory arrays, in-order completion), a small dispatcher that starts the
// work-groups of a launch one per cycle, and helpers to run the same launch on the golden
// model.

#include <cstdint>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/golden/functional_model.h"
#include "modules/golden/global_memory.h"
#include "modules/golden/kernel_abi.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/target_port.h"
#include "modules/sp/pipeline_log.h"
#include "modules/sp/sp_pipeline.h"
#include "sw/toolchain/program.h"

namespace mvp::tb {

constexpr uint32_t kCodeBase = 0x80000000u;    // code image in global memory
constexpr uint32_t kDataBase = 0x80100000u;    // the program's data segment
constexpr uint32_t kBufferBase = 0x80200000u;  // buffers the tests allocate
constexpr uint32_t kGlobalBytes = 1u << 24;

// Answers fetches `latency` cycles after the edge of the request with the code words.
class FakeIcc : public sc_core::sc_module, public sim::Clocked {
  public:
    FakeIcc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, unsigned latency);
    sim::TargetPort port;
    std::vector<uint64_t> code;  // relocated code image, at kCodeBase
    unsigned latency;
    uint64_t fetches = 0;
    void tick() override;

  private:
    sim::ClockDomain& clock_;
    std::deque<std::pair<uint64_t, tlm::tlm_generic_payload*>> pending_;
};

// The LD/ST memory pipeline: accepts `depth` instructions, performs each at issue, and
// completes it `latency` cycles later, in order.
class FakeMemory : public sim::Clocked {
  public:
    FakeMemory(sim::ClockDomain& clock, SpPipeline& sp, GlobalMemory& global, unsigned latency,
               unsigned depth = 4);
    std::vector<uint8_t> local;
    unsigned latency;
    unsigned depth;
    uint64_t issued = 0;
    bool can_accept() const { return queue_.size() < depth; }
    void issue(const WarpMemoryRequest& r);
    void tick() override;

  private:
    sim::ClockDomain& clock_;
    SpPipeline& sp_;
    GlobalMemory& global_;
    std::deque<std::pair<uint64_t, WarpMemoryResult>> queue_;
};

struct Kernel {
    toolchain::Program program;
    Launch launch;
};

// The kernel's code image as loaded at kCodeBase, with the program as its debug map.
CodeImage code_image(const Kernel& k);

// Builds a kernel from source; entry is the global label.
Kernel build_kernel(const std::string& source, const std::string& entry, uint32_t global,
                    uint32_t local, std::vector<KernelArg> args);
Kernel build_kernel_file(const std::string& path, const std::string& entry, const NDRange& range,
                         std::vector<KernelArg> args);

// The default configuration with overrides.
config::Config make_config(const std::vector<std::pair<std::string, std::string>>& options = {});

class PipelineBench : public sc_core::sc_module, public sim::Clocked {
  public:
    PipelineBench(const sc_core::sc_module_name& name, const config::Config& config,
                  unsigned icc_latency = 1, unsigned memory_latency = 4);
    ~PipelineBench() override;

    sim::ClockDomain core;
    SpParams params;
    GlobalMemory global;
    std::unique_ptr<SpPipeline> sp;
    FakeIcc icc;
    std::unique_ptr<FakeMemory> memory;

    // Launches the kernel (all groups, dispatched one per cycle) and runs to the end.
    void run(const Kernel& k);
    // Prepares the launch without running: several benches can then run in one sc_start()
    // (SystemC elaborates once per process).
    void load(const Kernel& k);
    void tick() override;
    void dispatch();

    std::ostringstream commit;  // the commit log
    // Turns the pipeline log on, into pipeline_csv and kanata (call finish() on it after the
    // run for the Kanata events held back).
    PipelineLog& log_pipeline();
    std::ostringstream pipeline_csv, kanata;
    std::unique_ptr<PipelineLog> pipeline_log;
    std::string error;       // the error reported, if any
    uint64_t end_cycle = 0;  // cycle of the last work-group's end
    uint64_t groups_done = 0;
    // Per warp: the cycles at which it left a barrier.
    std::vector<std::vector<uint64_t>> barrier_exits;

  private:
    class Dispatcher;
    std::unique_ptr<Dispatcher> dispatcher_;
    std::unique_ptr<KernelAbi> abi_;
    const Kernel* kernel_ = nullptr;
    uint64_t next_group_ = 0;
    std::vector<bool> was_at_barrier_;
};

// One line of the commit log, parsed.
struct CommitLine {
    uint64_t cycle = 0;
    unsigned warp = 0;
    uint32_t pc = 0;
    std::string text;  // the instruction text
    std::string line;  // the whole line
};
std::vector<CommitLine> parse_commit_log(const std::string& log);

// Runs the launch on the golden model with the same memory image.
FunctionalModel::Stats run_golden(const Kernel& k, GlobalMemory& memory, const SpParams& params);

}  // namespace mvp::tb
