// Unit tests of the PDOM reconvergence stack.

#include "modules/sp/pdom_stack.h"

#include <gtest/gtest.h>

#include "sw/toolchain/program.h"

namespace mvp {
namespace {

constexpr uint32_t kAtExit = toolchain::kReconvergeAtExit;

struct S {
    uint32_t pc;
    LaneMask mask;
};

S top(const PdomStack& p, unsigned w = 0) {
    DivergencePolicy::Split s = p.split(w, 0);
    return {s.pc, s.mask};
}

#define EXPECT_TOP(p, PC, MASK)               \
    do {                                      \
        S t_ = top(p);                        \
        EXPECT_EQ(t_.pc, (PC)) << "pc";       \
        EXPECT_EQ(t_.mask, (MASK)) << "mask"; \
    } while (0)

TEST(PdomStack, UniformBranchesDoNotPush) {
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xf, 0x40, 0x18, 0x50);
    EXPECT_TOP(p, 0x40u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
    p.on_branch(0, 0, 0, 0x80, 0x48, 0x50);
    EXPECT_TOP(p, 0x48u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, IfElseRunsFallThroughFirstThenTakenThenJoins) {
    // 0x10: beq -> 0x30 (else); then 0x18..0x28 (if side, ends with jp 0x40); else 0x30..0x38;
    // join at 0x40.
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0x5, 0x30, 0x18, 0x40);
    EXPECT_EQ(p.depth(0), 3u);
    EXPECT_TOP(p, 0x18u, 0xau);  // not-taken lanes first
    p.advance(0, 0, 0x20);
    p.on_jump(0, 0, 0x40);  // reaches the join: pops
    EXPECT_TOP(p, 0x30u, 0x5u);
    p.advance(0, 0, 0x38);
    p.advance(0, 0, 0x40);
    EXPECT_TOP(p, 0x40u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, IfWithoutElsePushesOnlyTheBody) {
    // 0x10: beq -> 0x30 (skip the body); body 0x18..0x28; join = branch target 0x30.
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0x3, 0x30, 0x18, 0x30);
    EXPECT_EQ(p.depth(0), 2u);
    EXPECT_TOP(p, 0x18u, 0xcu);
    p.advance(0, 0, 0x20);
    p.advance(0, 0, 0x28);
    p.advance(0, 0, 0x30);
    EXPECT_TOP(p, 0x30u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, NestedIfsReconvergeInnerThenOuter) {
    PdomStack p(1);
    p.start(0, 0x00, 0xff);
    // outer: lanes 0-3 take (else at 0x80), join 0x100
    p.on_branch(0, 0, 0x0f, 0x80, 0x08, 0x100);
    EXPECT_TOP(p, 0x08u, 0xf0u);
    // inner on the if side: lanes 4,5 take (0x40), join 0x60
    p.on_branch(0, 0, 0x30, 0x40, 0x10, 0x60);
    EXPECT_EQ(p.depth(0), 5u);
    EXPECT_TOP(p, 0x10u, 0xc0u);
    p.on_jump(0, 0, 0x60);
    EXPECT_TOP(p, 0x40u, 0x30u);
    p.advance(0, 0, 0x48);
    p.advance(0, 0, 0x50);
    p.advance(0, 0, 0x58);
    p.advance(0, 0, 0x60);
    EXPECT_TOP(p, 0x60u, 0xf0u);  // inner join
    p.on_jump(0, 0, 0x100);
    EXPECT_TOP(p, 0x80u, 0x0fu);  // the outer else side
    p.on_jump(0, 0, 0x100);
    EXPECT_TOP(p, 0x100u, 0xffu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, LoopWithDivergentExitDoesNotGrow) {
    // 0x10: body; 0x18: bne -> 0x10 (loop), exit 0x20 = reconvergence.
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    p.advance(0, 0, 0x18);
    p.on_branch(0, 0, 0xe, 0x10, 0x20, 0x20);  // lane 0 leaves
    EXPECT_TOP(p, 0x10u, 0xeu);
    EXPECT_EQ(p.depth(0), 2u);
    for (LaneMask stay : {LaneMask{0xc}, LaneMask{0x8}}) {
        p.advance(0, 0, 0x18);
        p.on_branch(0, 0, stay, 0x10, 0x20, 0x20);
        EXPECT_TOP(p, 0x10u, stay);
        EXPECT_EQ(p.depth(0), 2u);  // same reconvergence point: no new entry
    }
    p.advance(0, 0, 0x18);
    p.on_branch(0, 0, 0, 0x10, 0x20, 0x20);
    EXPECT_TOP(p, 0x20u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, ExitInsideDivergence) {
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    // lanes 0,1 go to 0x40 where they exit; join is at exit (they never come back)
    p.on_branch(0, 0, 0x3, 0x40, 0x18, kAtExit);
    EXPECT_TOP(p, 0x18u, 0xcu);
    p.advance(0, 0, 0x20);
    p.on_exit(0, 0, 0xc);  // the fall-through lanes exit too
    EXPECT_TOP(p, 0x40u, 0x3u);
    EXPECT_EQ(p.live(0), 0x3u);
    p.on_exit(0, 0, 0x3);
    EXPECT_EQ(top(p).mask, 0u);
    EXPECT_EQ(p.depth(0), 0u);
    EXPECT_EQ(p.live(0), 0u);
}

TEST(PdomStack, EarlyReturnReconvergesAtTheReturn) {
    // if (gid >= n) return; body; return -- both sides end with jr $ra to the exit stub at
    // 0x200, the branch reconverges at the return (kReconvergeAtExit).
    PdomStack p(1);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xc, 0x80, 0x18, kAtExit);  // lanes 2,3 take the early return
    EXPECT_TOP(p, 0x18u, 0x3u);
    EXPECT_EQ(p.depth(0), 3u);
    const uint32_t targets[4] = {0x200, 0x200, 0x200, 0x200};
    p.advance(0, 0, 0x20);
    p.on_indirect(0, 0, targets, true);  // the body returns
    EXPECT_TOP(p, 0x80u, 0xcu);
    p.on_indirect(0, 0, targets, true);  // the early return
    EXPECT_TOP(p, 0x200u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
    p.on_exit(0, 0, 0xf);
    EXPECT_EQ(p.depth(0), 0u);
}

TEST(PdomStack, CallInsideDivergenceWithEarlyReturnInTheCallee) {
    PdomStack p(1);
    p.start(0, 0x00, 0xf);
    p.on_branch(0, 0, 0x3, 0x40, 0x08, 0x80);  // lanes 2,3 fall through
    EXPECT_TOP(p, 0x08u, 0xcu);
    p.on_call(0, 0, 0x200, 0x10);
    EXPECT_TOP(p, 0x200u, 0xcu);
    // In the callee: lane 2 returns early, lane 3 goes on; they meet at the return.
    p.on_branch(0, 0, 0x4, 0x240, 0x208, kAtExit);
    EXPECT_TOP(p, 0x208u, 0x8u);
    const uint32_t ret[4] = {0x10, 0x10, 0x10, 0x10};
    p.on_indirect(0, 0, ret, true);
    EXPECT_TOP(p, 0x240u, 0x4u);
    p.on_indirect(0, 0, ret, true);
    EXPECT_TOP(p, 0x10u, 0xcu);  // back in the caller, reunited
    p.on_jump(0, 0, 0x80);
    EXPECT_TOP(p, 0x40u, 0x3u);
    p.on_jump(0, 0, 0x80);
    EXPECT_TOP(p, 0x80u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, ReconvergencePcMatchesOnlyAtTheBranchDepth) {
    // A recursive call reaches the reconvergence PC of its caller's branch at depth 1: that
    // is not the reconvergence point; back at depth 0 it is.
    PdomStack p(1);
    p.start(0, 0x00, 0x3);
    p.on_branch(0, 0, 0x1, 0x30, 0x08, 0x40);
    EXPECT_TOP(p, 0x08u, 0x2u);
    p.on_call(0, 0, 0x00, 0x10);
    p.on_jump(0, 0, 0x40);  // in the callee, at the caller's reconvergence PC
    EXPECT_TOP(p, 0x40u, 0x2u);
    EXPECT_EQ(p.depth(0), 3u);
    const uint32_t ret[2] = {0x10, 0x10};
    p.on_indirect(0, 0, ret, true);
    p.on_jump(0, 0, 0x40);
    EXPECT_TOP(p, 0x30u, 0x1u);
    p.advance(0, 0, 0x38);
    p.advance(0, 0, 0x40);
    EXPECT_TOP(p, 0x40u, 0x3u);
}

TEST(PdomStack, DivergentIndirectJumpSplitsByTarget) {
    PdomStack p(1);
    p.start(0, 0x00, 0xf);
    p.on_branch(0, 0, 0x1, 0x100, 0x08, 0x200);  // lanes 1-3 fall through
    const uint32_t targets[4] = {0, 0x50, 0x60, 0x50};
    p.on_indirect(0, 0, targets, false);  // a jump table
    EXPECT_TOP(p, 0x50u, 0xau);
    p.on_jump(0, 0, 0x200);
    EXPECT_TOP(p, 0x60u, 0x4u);
    p.on_jump(0, 0, 0x200);
    EXPECT_TOP(p, 0x100u, 0x1u);
    p.on_jump(0, 0, 0x200);
    EXPECT_TOP(p, 0x200u, 0xfu);
    EXPECT_EQ(p.depth(0), 1u);
}

TEST(PdomStack, ExitOfSomeLanesOfAPathKeepsTheOthers) {
    PdomStack p(1);
    p.start(0, 0x00, 0xf);
    p.on_branch(0, 0, 0x3, 0x40, 0x08, 0x80);
    EXPECT_TOP(p, 0x08u, 0xcu);
    p.on_exit(0, 0, 0x4);
    EXPECT_TOP(p, 0x08u, 0x8u);
    p.on_jump(0, 0, 0x80);
    EXPECT_TOP(p, 0x40u, 0x3u);
    p.on_jump(0, 0, 0x80);
    EXPECT_TOP(p, 0x80u, 0xbu);
    EXPECT_EQ(p.live(0), 0xbu);
}

TEST(PdomStack, WarpsAreIndependent) {
    PdomStack p(2);
    p.start(0, 0x00, 0xf);
    p.start(1, 0x20, 0x3);
    p.on_branch(0, 0, 0x1, 0x40, 0x08, 0x80);
    EXPECT_EQ(p.depth(0), 3u);
    EXPECT_EQ(p.depth(1), 1u);
    EXPECT_EQ(p.split(1, 0).pc, 0x20u);
    EXPECT_EQ(p.split(1, 0).mask, 0x3u);
}

}  // namespace
}  // namespace mvp
