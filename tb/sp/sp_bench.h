#pragma once

// A testbench for the whole Sp module: the SP with its real memory-side blocks (ICC, XI,
// LD/ST, OCC, local memory, DCC) and a fixed-latency global memory behind the XI, driven by a
// small dispatcher in the role of the command processor (one work-group per cycle, the DCC
// written back when the last group has ended).

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "modules/config/config.h"
#include "modules/golden/global_memory.h"
#include "modules/golden/kernel_abi.h"
#include "modules/sim/clock_domain.h"
#include "modules/sp/sp.h"
#include "tb/sp/fake_dram.h"
#include "tb/sp/pipeline_bench.h"

namespace mvp::tb {

class SpBench : public sc_core::sc_module, public sim::Clocked {
  public:
    SpBench(const sc_core::sc_module_name& name, const config::Config& config,
            unsigned dram_latency = 20);
    ~SpBench() override;

    sim::ClockDomain core;
    GlobalMemory global;
    std::unique_ptr<Sp> sp;
    std::unique_ptr<FakeDram> dram;

    void load(const Kernel& k);
    void run(const Kernel& k) {
        load(k);
        sc_core::sc_start();
    }
    void tick() override;  // the dispatcher

    std::ostringstream commit;
    std::string error;
    uint64_t groups_done = 0;
    uint64_t end_cycle = 0;  // the last group ended
    uint64_t flushed_cycle = 0;
    bool flushed = false;

  private:
    std::unique_ptr<KernelAbi> abi_;
    const Kernel* kernel_ = nullptr;
    uint64_t next_group_ = 0;
};

}  // namespace mvp::tb
