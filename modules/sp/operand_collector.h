#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "direct_port.h"
#include "pipeline_latch.h"
#include "pipeline_register_if.h"
#include "register_file.h"
#include "register_file_if.h"
#include "sp_control.h"
#include "warp_instruction.h"

namespace mvp {

// RF: reads the source registers of issued instructions from the banked register file and
// hands them to EX. Two models (-mvpgpu_rf_model):
//
// oddeven (the MVP GPR, V2.1 default): two banks, even and odd registers, each with one read
//   port, and an RF stage register per issue slot. Instructions go through in issue order; an
//   instruction whose two register sources are in the same bank reads them in two cycles (a
//   bank conflict costs one cycle). Writes use their own port and a value written back in a
//   cycle is bypassed to a read of the same cycle (WB->RF bypass), so writes never block reads.
//
// collector (GPGPU-Sim style): -mvpgpu_oc_collectors collector units take instructions from
//   the IS->RF registers, oldest first; -mvpgpu_rf_banks banks with one port each, register r
//   of warp w in bank (r + w) mod banks. Each cycle every bank serves one read, to the oldest
//   collector that needs it, and not at all in a cycle in which WB writes to it (write-back
//   has priority). A collector whose operands are all read dispatches to its RF->EX register,
//   oldest first, out of order with respect to the other collectors.
//
// In both, an operand whose producer has not written back yet comes from the bypass network
// (the scoreboard let the instruction issue because the result is forwardable) and needs no
// bank read, and $zero is never read. An instruction with all its reads done in its first RF
// cycle enters EX0 in the next cycle.
//
// The block holds the register file (RegisterFile: the values). Ports: `ex_stage` and
// `memory_stage`, the RF->EX registers of EX and of the LD/ST units. Exports (the module itself)
// PipelineRegisterIf, its IS->RF registers, to IS, and RegisterFileIf to IS, EX and WB.
class OperandCollector : public sc_core::sc_module,
                         public PipelineRegisterIf,
                         public RegisterFileIf {
  public:
    OperandCollector(const sc_core::sc_module_name& name, SpControl& sp);

    DirectPort<PipelineRegisterIf> ex_stage;
    DirectPort<PipelineRegisterIf> memory_stage;

    bool tick(uint64_t now);
    // Drops the instructions being collected (the SP's reset).
    void reset();
    // Nothing in the IS->RF registers or the collectors.
    bool empty() const;
    unsigned bank_of(unsigned warp, unsigned reg) const {
        return collector_ ? (reg + warp) % sp_.params.rf_banks : reg & 1;
    }

    // The values (the SP's work-group start initialises the threads' registers).
    RegisterFile& registers() { return regs_; }

    // PipelineRegisterIf: the IS->RF registers.
    bool full(unsigned pipe) const override { return is_rf_[pipe].full(); }
    bool empty(unsigned pipe) const override { return is_rf_[pipe].empty(); }
    void push(WarpInstruction* wi) override {
        is_rf_[wi->pipe].push(wi);
        ++waiting_;
    }
    bool drained(unsigned pipe) const override { return is_rf_[pipe].empty() && active_.empty(); }
    // RegisterFileIf.
    void read(unsigned warp, LaneMask mask, unsigned ra, unsigned rb, unsigned rc, uint32_t* a,
              uint32_t* b, uint32_t* c) const override {
        const uint32_t* const base = regs_.gpr(warp * warp_size_);
        for (LaneMask m = mask; m; m &= m - 1) {
            const unsigned lane = lowest_lane(m);
            const uint32_t* r = base + size_t{lane} * isa::kNumRegs;
            a[lane] = r[ra];
            b[lane] = r[rb];
            c[lane] = r[rc];
        }
    }
    uint32_t read_special(unsigned thread, unsigned index) const override {
        return regs_.special(thread)[index];
    }
    void write(unsigned warp, LaneMask mask, unsigned reg, const uint32_t* values) override {
        if (reg == isa::kRegZero) return;
        uint32_t* const base = regs_.gpr(warp * warp_size_) + reg;
        for (LaneMask m = mask; m; m &= m - 1) {
            const unsigned lane = lowest_lane(m);
            base[size_t{lane} * isa::kNumRegs] = values[lane];
        }
    }
    // WB writes `reg` of `warp` in this cycle (called before tick).
    void note_write(unsigned warp, unsigned reg, uint64_t now) override;

  private:
    SpControl& sp_;
    unsigned warp_size_;
    RegisterFile regs_;
    PipelineLatch is_rf_[SpParams::kNumPipes];
    unsigned waiting_ = 0;  // instructions in the IS->RF registers
    bool collector_;
    unsigned capacity_;
    std::vector<WarpInstruction*> active_;  // occupied collectors / RF registers, oldest first
    std::vector<uint64_t> read_cycle_;      // per bank: the cycle of its last read
    std::vector<uint64_t> write_cycle_;     // per bank: the cycle of its last write
};

}  // namespace mvp
