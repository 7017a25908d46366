#pragma once

#include <cstdint>

#include "lane_mask.h"
#include "modules/isa/instruction.h"

namespace mvp {

// One warp instruction in flight between IS and WB: what the pipeline registers carry. The
// per-lane arrays (warp-size entries each) live in the WarpInstructionPool's storage, so
// moving an instruction down the pipeline moves a pointer.
struct WarpInstruction {
    uint64_t seq = 0;  // issue order, SP-wide
    uint32_t warp = 0;
    uint32_t group = 0;  // resident work-group (index into the SP's group table)
    uint8_t slot = 0;    // the divergence policy's split slot
    uint8_t pipe = 0;    // SpParams::Pipe
    uint32_t pc = 0;
    isa::Instruction in;
    LaneMask mask = 0;  // the lanes that execute it

    // Register reads in RF: the distinct registers (other than $zero) read from the register
    // file, and those among them whose value comes from the bypass (the producer has not
    // written back yet) instead of a bank.
    uint8_t num_reads = 0;
    uint8_t read_reg[3] = {};
    uint8_t bypass = 0;      // bit i: read_reg[i] comes from the bypass
    uint8_t reads_done = 0;  // bit i: read_reg[i] has been read

    int16_t sb_handle = -1;  // scoreboard reservation of rd (-1: none)
    bool writes_rd = false;  // rd != $zero and the instruction writes rd

    uint64_t fetch_cycle = 0;  // its fetch response entered the instruction buffer
    uint64_t issue_cycle = 0;
    uint64_t rf_cycle = 0;  // entered operand collection
    uint64_t ex_cycle = 0;  // entered EX0
    uint64_t wb_cycle = 0;  // due at WB

    // Set by the pipeline log only (PipelineLog::issued): the warp's issue order, and why and
    // how long the instruction waited at issue (Issue::Stall, kIssued: it did not).
    uint64_t warp_seq = 0;
    uint64_t stall_cycles = 0;
    uint8_t stall = 0;

    LaneMask taken = 0;  // conditional branches: lanes that took it
    bool faulted = false;

    // Per lane: the operands read at issue, the result written to rd, and the memory
    // address (control instructions: the lane's next PC).
    uint32_t* rs = nullptr;
    uint32_t* rt = nullptr;
    uint32_t* rd_old = nullptr;
    uint32_t* result = nullptr;
    uint32_t* address = nullptr;

    uint16_t pool_index = 0;
};

}  // namespace mvp
