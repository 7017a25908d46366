#pragma once

#include <cstdint>
#include <vector>

#include "program.h"

namespace mvp::toolchain {

// Control-flow analysis of one function of a linked program: basic blocks, CFG edges and
// immediate post-dominators. jplnk is a call that falls through; jr $ra, jr of any other
// register, exit and falling off the function end lead to the virtual exit node.
class ControlFlow {
  public:
    ControlFlow(const Program& program, const Function& function);

    struct Block {
        uint32_t start_pc;
        uint32_t end_pc;  // one past the last instruction
        std::vector<uint32_t> successors;  // block indices; kExitBlock for the virtual exit
    };
    static constexpr uint32_t kExitBlock = 0xffffffffu;

    const std::vector<Block>& blocks() const { return blocks_; }
    // Index of the block containing pc.
    uint32_t block_of(uint32_t pc) const;
    // Immediate post-dominator of block b (kExitBlock when it is the virtual exit).
    uint32_t ipdom(uint32_t b) const { return ipdom_[b]; }
    // The reconvergence PC of a conditional branch at pc: the start PC of the immediate
    // post-dominator of its block, or kReconvergeAtExit.
    uint32_t reconvergence_pc(uint32_t branch_pc) const;

  private:
    std::vector<Block> blocks_;
    std::vector<uint32_t> ipdom_;
};

// Fills program.reconvergence for every instruction of every function.
void compute_reconvergence(Program& program);

}  // namespace mvp::toolchain
