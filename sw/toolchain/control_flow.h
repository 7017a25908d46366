#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "program.h"

namespace mvp::toolchain {

// Control-flow analysis of one function of a linked program: basic blocks, CFG edges and
// immediate post-dominators. jplnk is a call that falls through; jr $ra, jr of any other
// register, exit and falling off the function end lead to the virtual exit node, and so does a
// branch or jump whose target is outside the function (or not on an instruction boundary).
// Blocks that cannot reach the exit (inescapable loops) have the exit as immediate
// post-dominator. doc/control-flow.md describes the analysis.
class ControlFlow {
  public:
    ControlFlow(const Program& program, const Function& function);

    struct Block {
        uint32_t start_pc;
        uint32_t end_pc;                   // one past the last instruction
        std::vector<uint32_t> successors;  // block indices; kExitBlock for the virtual exit
    };
    static constexpr uint32_t kExitBlock = 0xffffffffu;

    const std::vector<Block>& blocks() const { return blocks_; }
    // Index of the block containing pc, or kExitBlock when pc is outside the function.
    uint32_t block_of(uint32_t pc) const;
    // Immediate post-dominator of block b (kExitBlock when it is the virtual exit).
    uint32_t ipdom(uint32_t b) const { return ipdom_[b]; }
    // The reconvergence PC of a conditional branch at pc: the start PC of the immediate
    // post-dominator of its block, or kReconvergeAtExit. kNoReconvergence when there is no
    // conditional branch of this function at branch_pc.
    uint32_t reconvergence_pc(uint32_t branch_pc) const;

  private:
    std::vector<Block> blocks_;
    std::vector<uint32_t> ipdom_;
    std::vector<uint8_t> ends_in_branch_;  // per block: its last instruction is a branch
};

// Sizes program.reconvergence to one entry per instruction and fills it: kNoReconvergence for
// every instruction that is not a conditional branch, the branch's reconvergence PC otherwise.
// A branch that lies in no function gets kReconvergeAtExit. Never throws on a decodable
// program; an undecodable word counts as an ordinary instruction.
void compute_reconvergence(Program& program);

// Writes every conditional branch's reconvergence PC (program.reconvergence) into the
// branch's reconvergence field, the far ones into program.reconvergence_table in PC order.
// Throws AsmError when more branches need the table than it has entries.
void encode_reconvergence(Program& program);

// Rebuilds program.reconvergence_table from the branch words of a read program and checks
// that every field says what program.reconvergence says. Returns "" or what is wrong.
std::string check_reconvergence_fields(Program& program);

}  // namespace mvp::toolchain
