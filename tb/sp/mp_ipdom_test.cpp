// Unit tests of the Multi-Path IPDOM divergence unit (split table + reconvergence table),
// driven through the DivergencePolicy calls the pipeline makes.

#include "modules/sp/mp_ipdom.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sw/toolchain/program.h"

namespace mvp {
namespace {

constexpr uint32_t kAtExit = toolchain::kReconvergeAtExit;

// The splits of warp 0, sorted by mask, as (pc, mask) pairs.
struct S {
    uint32_t pc;
    LaneMask mask;
    bool operator==(const S& o) const { return pc == o.pc && mask == o.mask; }
};
std::vector<S> splits(const MpIpdom& p, unsigned w = 0) {
    std::vector<S> v;
    for (unsigned s = 0; s < p.max_splits(); ++s) {
        DivergencePolicy::Split x = p.split(w, s);
        if (x.mask) v.push_back({x.pc, x.mask});
    }
    std::sort(v.begin(), v.end(), [](const S& a, const S& b) { return a.mask < b.mask; });
    return v;
}
// The slot holding the split with this lane.
unsigned slot_of(const MpIpdom& p, unsigned lane, unsigned w = 0) {
    for (unsigned s = 0; s < p.max_splits(); ++s)
        if (p.split(w, s).mask & (LaneMask{1} << lane)) return s;
    ADD_FAILURE() << "no split holds lane " << lane;
    return 0;
}
std::vector<MpIpdom::RtView> rt_entries(const MpIpdom& p, unsigned w = 0) {
    std::vector<MpIpdom::RtView> v;
    for (unsigned i = 0; i < p.rt_capacity(); ++i)
        if (p.rt_entry(w, i).reconvergence_mask) v.push_back(p.rt_entry(w, i));
    return v;
}
unsigned ready_splits(const MpIpdom& p, unsigned w = 0) {
    return __builtin_popcount(p.occupied(w));
}

std::ostream& operator<<(std::ostream& os, const S& s) {
    return os << "{pc 0x" << std::hex << s.pc << ", mask 0x" << s.mask << std::dec << "}";
}

// The seed walk-through with warps of 32: `if (tid < 8) A else B`. 0x18: beq to the else side
// at 0x40, taken by the lanes with tid >= 8; the then side (0x20..0x38) ends with jp 0x50; the
// else side (0x40, 0x48) falls into the join at 0x50, the branch's immediate post-dominator.
TEST(MpIpdom, SeedWalkThroughWithWarpsOf32) {
    MpIpdom p(1, 32, 8, 8);
    p.start(0, 0x10, 0xffffffffu);
    p.advance(0, 0, 0x18);
    p.on_branch(0, 0, 0xffffff00u, 0x40, 0x20, 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x20, 0x000000ffu}, {0x40, 0xffffff00u}}));
    // One RT entry at the IPDOM PC with reconvergence and pending masks = the parent's mask;
    // both ST entries point at it.
    std::vector<MpIpdom::RtView> rt = rt_entries(p);
    ASSERT_EQ(rt.size(), 1u);
    EXPECT_EQ(rt[0].rpc, 0x50u);
    EXPECT_EQ(rt[0].reconvergence_mask, 0xffffffffu);
    EXPECT_EQ(rt[0].pending_mask, 0xffffffffu);
    EXPECT_EQ(rt[0].parent, -1);
    EXPECT_EQ(rt[0].parent_rpc, kAtExit);
    const unsigned then_slot = slot_of(p, 0), else_slot = slot_of(p, 8);
    EXPECT_EQ(then_slot, 0u);  // the not-taken side keeps the parent's slot
    for (unsigned s : {then_slot, else_slot}) {
        EXPECT_EQ(p.st_entry(0, s).rpc, 0x50u);
        EXPECT_EQ(p.st_entry(0, s).rindex, p.st_entry(0, then_slot).rindex);
    }
    // The else side arrives first: its threads leave the pending mask.
    p.advance(0, else_slot, 0x48);
    p.advance(0, else_slot, 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x20, 0x000000ffu}}));
    rt = rt_entries(p);
    ASSERT_EQ(rt.size(), 1u);
    EXPECT_EQ(rt[0].reconvergence_mask, 0xffffffffu);
    EXPECT_EQ(rt[0].pending_mask, 0x000000ffu);
    // The then side arrives: the pending mask is empty, the entry returns to the ST as one
    // split with the reconvergence mask, at the reconvergence PC.
    p.advance(0, then_slot, 0x28);
    p.advance(0, then_slot, 0x30);
    p.advance(0, then_slot, 0x38);
    p.on_jump(0, then_slot, 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x50, 0xffffffffu}}));
    EXPECT_TRUE(rt_entries(p).empty());
    EXPECT_EQ(p.stats().reconvergences, 1u);
    EXPECT_EQ(p.stats().max_st, 2u);
    EXPECT_EQ(p.stats().max_rt, 1u);
}

TEST(MpIpdom, TheOtherSideArrivingFirstLeavesTheOtherPendingMask) {
    MpIpdom p(1, 32, 8, 8);
    p.start(0, 0x18, 0xffffffffu);
    p.on_branch(0, 0, 0xffffff00u, 0x40, 0x20, 0x50);
    p.on_jump(0, slot_of(p, 0), 0x50);
    ASSERT_EQ(rt_entries(p).size(), 1u);
    EXPECT_EQ(rt_entries(p)[0].pending_mask, 0xffffff00u);
    p.advance(0, slot_of(p, 8), 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x50, 0xffffffffu}}));
}

TEST(MpIpdom, UniformBranchesAndIfWithoutElseCreateNoSplit) {
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xf, 0x40, 0x18, 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x40, 0xf}}));
    // if without else: the taken lanes skip to the join, which is the branch target.
    p.on_branch(0, 0, 0x3, 0x80, 0x48, 0x80);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x48, 0xc}}));
    EXPECT_EQ(rt_entries(p)[0].pending_mask, 0xcu);
    p.advance(0, 0, 0x50);
    p.advance(0, 0, 0x80);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x80, 0xf}}));
    EXPECT_EQ(p.stats().splits_created, 1u);
}

// if (a) { if (b) X else Y; Z } else { W }: the outer split and the two inner ones are all
// schedulable at once; the inner join completes (Z runs with the then side's mask) before the
// outer one.
TEST(MpIpdom, NestedDivergenceThreeSplitsInnerReconvergesFirst) {
    MpIpdom p(1, 8, 8, 8);
    p.start(0, 0x00, 0xff);
    // outer at 0x00: lanes 4-7 take to the else side at 0x80; join 0x100.
    p.on_branch(0, 0, 0xf0, 0x80, 0x08, 0x100);
    // inner on the then side at 0x08: lanes 2, 3 take to 0x40; inner join 0x60.
    p.on_branch(0, slot_of(p, 0), 0x0c, 0x40, 0x10, 0x60);
    EXPECT_EQ(ready_splits(p), 3u);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x10, 0x03}, {0x40, 0x0c}, {0x80, 0xf0}}));
    std::vector<MpIpdom::RtView> rt = rt_entries(p);
    ASSERT_EQ(rt.size(), 2u);
    const MpIpdom::RtView& inner = rt[0].rpc == 0x60 ? rt[0] : rt[1];
    const MpIpdom::RtView& outer = rt[0].rpc == 0x60 ? rt[1] : rt[0];
    EXPECT_EQ(inner.reconvergence_mask, 0x0fu);
    EXPECT_EQ(inner.parent_rpc, 0x100u);
    EXPECT_EQ(outer.reconvergence_mask, 0xffu);
    EXPECT_EQ(outer.pending_mask, 0xffu);
    // The else side runs to the outer join first: the outer entry keeps waiting.
    p.on_jump(0, slot_of(p, 4), 0x100);
    EXPECT_EQ(ready_splits(p), 2u);
    // Inner sides reach the inner join: Z runs with mask 0x0f, the outer entry still waits.
    p.on_jump(0, slot_of(p, 0), 0x60);
    p.advance(0, slot_of(p, 2), 0x60);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x60, 0x0f}}));
    rt = rt_entries(p);
    ASSERT_EQ(rt.size(), 1u);
    EXPECT_EQ(rt[0].rpc, 0x100u);
    EXPECT_EQ(rt[0].pending_mask, 0x0fu);
    EXPECT_EQ(p.stats().reconvergences, 1u);
    p.on_jump(0, slot_of(p, 0), 0x100);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x100, 0xff}}));
    EXPECT_EQ(p.stats().reconvergences, 2u);
    EXPECT_EQ(p.stats().max_st, 3u);
    EXPECT_EQ(p.stats().max_rt, 2u);
}

TEST(MpIpdom, NestedJoinsAtOnePcCompleteTogether) {
    // if (a) { if (b) X else Y } else Z, all reconverging at 0x100 with code of their own:
    // the inner branch shares the outer entry (same reconvergence point).
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x00, 0xf);
    p.on_branch(0, 0, 0xc, 0x80, 0x08, 0x100);
    p.on_branch(0, slot_of(p, 0), 0x2, 0x40, 0x10, 0x100);
    EXPECT_EQ(ready_splits(p), 3u);
    EXPECT_EQ(rt_entries(p).size(), 1u);
    p.on_jump(0, slot_of(p, 0), 0x100);
    p.on_jump(0, slot_of(p, 1), 0x100);
    p.advance(0, slot_of(p, 2), 0x100);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x100, 0xf}}));
}

TEST(MpIpdom, LoopWithDivergentExitKeepsOneEntry) {
    // 0x10: body; 0x18: bne -> 0x10 (loop), exit 0x20 = reconvergence.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.advance(0, 0, 0x18);
    p.on_branch(0, 0, 0xe, 0x10, 0x20, 0x20);  // lane 0 leaves
    EXPECT_EQ(splits(p), (std::vector<S>{{0x10, 0xe}}));
    for (LaneMask stay : {LaneMask{0xc}, LaneMask{0x8}}) {
        p.advance(0, slot_of(p, 3), 0x18);
        p.on_branch(0, slot_of(p, 3), stay, 0x10, 0x20, 0x20);
        EXPECT_EQ(splits(p), (std::vector<S>{{0x10, stay}}));
        EXPECT_EQ(rt_entries(p).size(), 1u);
    }
    p.advance(0, slot_of(p, 3), 0x18);
    p.on_branch(0, slot_of(p, 3), 0, 0x10, 0x20, 0x20);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x20, 0xf}}));
    EXPECT_EQ(p.stats().max_rt, 1u);
}

TEST(MpIpdom, LoopThatDivergesAgainInsideEachIteration) {
    // 0x10: beq -> 0x28 (inner if, join 0x28); 0x18..0x20 body; 0x28: bne -> 0x10 (loop,
    // exit 0x30). Each iteration creates and completes an inner entry under the loop's.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    for (int it = 0; it < 3; ++it) {
        const unsigned s = slot_of(p, 3);
        p.on_branch(0, s, 0x5, 0x28, 0x18, 0x28);
        EXPECT_EQ(splits(p), (std::vector<S>{{0x18, 0xa}}));
        p.advance(0, slot_of(p, 3), 0x20);
        p.advance(0, slot_of(p, 3), 0x28);
        EXPECT_EQ(splits(p), (std::vector<S>{{0x28, 0xf}})) << it;
        p.on_branch(0, slot_of(p, 3), 0xf, 0x10, 0x30, 0x30);
    }
    EXPECT_EQ(p.stats().max_rt, 1u);
}

TEST(MpIpdom, CallsInsideSplitsAndReconvergenceAtTheBranchDepth) {
    // The then side calls a function that passes through the join PC 0x50 at depth 1 (a
    // recursive call of the same code): only the return to depth 0 reaches the join.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xc, 0x40, 0x18, 0x50);
    const unsigned then_slot = slot_of(p, 0);
    p.on_call(0, then_slot, 0x48, 0x20);  // call; callee at 0x48
    p.advance(0, then_slot, 0x50);        // depth 1: not the join
    EXPECT_EQ(ready_splits(p), 2u);
    const uint32_t ret[4] = {0x20, 0x20, 0x20, 0x20};
    p.on_indirect(0, then_slot, ret, true);
    p.on_jump(0, then_slot, 0x50);  // depth 0: the join
    EXPECT_EQ(ready_splits(p), 1u);
    p.advance(0, slot_of(p, 2), 0x48);
    p.advance(0, slot_of(p, 2), 0x50);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x50, 0xf}}));
}

TEST(MpIpdom, ReconvergeAtExitMeetsWhereTheThreadsReturn) {
    // In a callee entered with depth 1: if (x) return A; return B; (kReconvergeAtExit). Both
    // sides return to 0x200 in the caller, where they reunite.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_call(0, 0, 0x100, 0x18);
    p.on_branch(0, 0, 0x6, 0x140, 0x108, kAtExit);
    EXPECT_EQ(rt_entries(p)[0].rpc, kAtExit);  // unknown until a side returns
    const uint32_t ret[4] = {0x18, 0x18, 0x18, 0x18};
    p.on_indirect(0, slot_of(p, 0), ret, true);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x140, 0x6}}));
    EXPECT_EQ(rt_entries(p)[0].rpc, 0x18u);
    p.advance(0, slot_of(p, 1), 0x148);
    p.on_indirect(0, slot_of(p, 1), ret, true);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x18, 0xf}}));
    EXPECT_TRUE(rt_entries(p).empty());
}

TEST(MpIpdom, ExitInsideASplitClearsEveryMask) {
    // if (a) exit; else { if (b) X else Y } ...: the exiting threads leave every entry; the
    // others reconverge among themselves.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0x1, 0x80, 0x18, kAtExit);  // lane 0 goes to exit at 0x80
    p.on_branch(0, slot_of(p, 1), 0x4, 0x40, 0x20, 0x60);
    EXPECT_EQ(ready_splits(p), 3u);
    p.on_exit(0, slot_of(p, 0), 0x1);
    EXPECT_EQ(p.live(0), 0xeu);
    for (const MpIpdom::RtView& r : rt_entries(p)) EXPECT_EQ(r.reconvergence_mask & 1, 0u);
    p.on_jump(0, slot_of(p, 1), 0x60);
    p.advance(0, slot_of(p, 2), 0x60);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x60, 0xe}}));
    // The rest return to the exit stub: the top-level entry reunites them there.
    const uint32_t ret[4] = {0x200, 0x200, 0x200, 0x200};
    p.on_indirect(0, slot_of(p, 1), ret, true);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x200, 0xe}}));
    p.on_exit(0, slot_of(p, 1), 0xe);
    EXPECT_TRUE(splits(p).empty());
    EXPECT_TRUE(rt_entries(p).empty());
    EXPECT_EQ(p.live(0), 0u);
}

TEST(MpIpdom, ExitOfAllPendingThreadsCompletesTheEntry) {
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0x3, 0x40, 0x18, 0x60);
    p.on_jump(0, slot_of(p, 2), 0x60);  // lanes 2, 3 wait at the join
    p.on_exit(0, slot_of(p, 0), 0x3);   // lanes 0, 1 exit instead of arriving
    EXPECT_EQ(splits(p), (std::vector<S>{{0x60, 0xc}}));
}

TEST(MpIpdom, JumpTableMakesOneSplitPerTarget) {
    MpIpdom p(1, 8, 8, 8);
    p.start(0, 0x10, 0xff);
    const uint32_t t[8] = {0x40, 0x48, 0x40, 0x50, 0x58, 0x48, 0x40, 0x60};
    p.on_indirect(0, 0, t, false);
    EXPECT_EQ(
        splits(p),
        (std::vector<S>{{0x50, 0x08}, {0x58, 0x10}, {0x48, 0x22}, {0x40, 0x45}, {0x60, 0x80}}));
    // Scheduling order as on the SIMT stack: the lowest lanes' target first.
    uint8_t order[32];
    ASSERT_EQ(p.schedule(0, order), 5u);
    EXPECT_EQ(p.split(0, order[0]).mask, 0x45u);
    EXPECT_EQ(p.split(0, order[1]).mask, 0x22u);
    EXPECT_EQ(p.split(0, order[4]).mask, 0x80u);
}

TEST(MpIpdom, SchedulingOrderFollowsTheStack) {
    MpIpdom p(1, 8, 8, 8);
    p.start(0, 0x00, 0xff);
    p.on_branch(0, 0, 0xf0, 0x80, 0x08, 0x100);
    uint8_t order[32];
    ASSERT_EQ(p.schedule(0, order), 2u);
    EXPECT_EQ(p.split(0, order[0]).pc, 0x08u);  // not taken first, as PDOM runs it
    p.on_branch(0, slot_of(p, 0), 0x0c, 0x40, 0x10, 0x60);
    ASSERT_EQ(p.schedule(0, order), 3u);
    EXPECT_EQ(p.split(0, order[0]).pc, 0x10u);
    EXPECT_EQ(p.split(0, order[1]).pc, 0x40u);
    EXPECT_EQ(p.split(0, order[2]).pc, 0x80u);
}

TEST(MpIpdom, FullSplitTableParksSplitsAndServesThemInOrder) {
    // Eight-way decision tree in a warp of 8 with a 2-entry ST: splits wait parked and take
    // slots as others reach the join; the result is the same single reunited split.
    MpIpdom p(1, 8, 2, 8);
    EXPECT_EQ(p.max_splits(), 2u);
    p.start(0, 0x00, 0xff);
    p.on_branch(0, 0, 0xf0, 0x80, 0x08, 0x200);
    p.on_branch(0, slot_of(p, 0), 0x0c, 0x40, 0x10, 0x200);
    EXPECT_EQ(ready_splits(p), 2u);
    EXPECT_EQ(p.parked(0).size(), 1u);
    EXPECT_EQ(p.stats().st_full, 1u);
    LaneMask done = 0;
    for (int guard = 0; guard < 16 && !(splits(p).size() == 1 && splits(p)[0].pc == 0x200);
         ++guard) {
        const unsigned s = static_cast<unsigned>(__builtin_ctz(p.occupied(0)));
        const DivergencePolicy::Split x = p.split(0, s);
        if (x.pc == 0x200) break;
        done |= x.mask;
        p.on_jump(0, s, 0x200);
    }
    EXPECT_EQ(done, 0xffu);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x200, 0xff}}));
    EXPECT_TRUE(p.parked(0).empty());
}

TEST(MpIpdom, FullReconvergenceTableReconvergesAtTheParentsPoint) {
    MpIpdom p(1, 4, 8, 1);
    p.start(0, 0x00, 0xf);
    p.on_branch(0, 0, 0xc, 0x80, 0x08, 0x100);
    p.on_branch(0, slot_of(p, 0), 0x2, 0x40, 0x10, 0x60);  // no RT entry left
    EXPECT_EQ(p.stats().rt_full, 1u);
    EXPECT_EQ(rt_entries(p).size(), 1u);
    // The inner sides pass their own join (0x60) without waiting for each other...
    p.on_jump(0, slot_of(p, 0), 0x60);
    EXPECT_EQ(ready_splits(p), 3u);
    p.on_jump(0, slot_of(p, 0), 0x100);
    p.advance(0, slot_of(p, 1), 0x48);
    p.on_jump(0, slot_of(p, 1), 0x100);
    EXPECT_EQ(ready_splits(p), 1u);
    // ... and the whole warp meets at the outer join.
    p.on_jump(0, slot_of(p, 2), 0x100);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x100, 0xf}}));
}

TEST(MpIpdom, SplitAtABarrierDoesNotReconvergeUntilReleased) {
    // if (a) { sync } (join right after the sync) else { ... }: the barrier split stays in
    // the ST at the join PC until the release.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xc, 0x40, 0x18, 0x20);
    p.on_barrier(0, slot_of(p, 0), 0x20);
    EXPECT_TRUE(p.st_entry(0, slot_of(p, 0)).at_barrier);
    EXPECT_EQ(ready_splits(p), 2u);
    p.advance(0, slot_of(p, 2), 0x48);
    p.on_barrier(0, slot_of(p, 2), 0x50);
    p.on_barrier_release(0);
    p.on_jump(0, slot_of(p, 2), 0x20);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x20, 0xf}}));
}

TEST(MpIpdom, ArrivedThreadsGoOnWhenTheRestWaitAtABarrier) {
    // if (a) { sync; X } ...: the other side reaches the join while the barrier split waits;
    // it goes on alone (it would otherwise wait for threads that wait for it), and the barrier
    // split continues alone after the release.
    MpIpdom p(1, 4, 8, 8);
    p.start(0, 0x10, 0xf);
    p.on_branch(0, 0, 0xc, 0x60, 0x18, 0x60);  // lanes 2, 3 skip the body
    EXPECT_EQ(splits(p), (std::vector<S>{{0x18, 0x3}}));
    p.on_barrier(0, slot_of(p, 0), 0x20);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x20, 0x3}, {0x60, 0xc}}));
    EXPECT_EQ(p.stats().barrier_bypasses, 1u);
    p.on_barrier_release(0);
    p.advance(0, slot_of(p, 0), 0x28);
    p.on_jump(0, slot_of(p, 0), 0x60);
    EXPECT_EQ(splits(p), (std::vector<S>{{0x60, 0x3}, {0x60, 0xc}}));
}

}  // namespace
}  // namespace mvp
