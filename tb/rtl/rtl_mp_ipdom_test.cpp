// Multi-Path IPDOM's RTL (rtl/sp/mvp_mp_ipdom.sv through RtlMpIpdom) against the C++ MpIpdom:
// long random sequences of every operation on every kind of split, and after each one the
// addressed warp's outputs compared (split PC and mask per slot, occupied slots, live lanes,
// schedule order, table occupancy), the statistics at the end.

#include "modules/rtl/rtl_mp_ipdom.h"

#include <gtest/gtest.h>

#include <random>
#include <systemc>
#include <vector>

#include "modules/isa/instruction.h"
#include "modules/sp/mp_ipdom.h"

namespace mvp::rtl {
namespace {

struct Config {
    unsigned warps;
    unsigned warp_size;
    unsigned st_entries;
    unsigned rt_entries;
    unsigned ops;
    uint32_t seed;
};

void expect_same_warp(const MpIpdom& cpp, const RtlMpIpdom& rtl, unsigned w) {
    ASSERT_EQ(cpp.occupied(w), rtl.occupied(w)) << "occupied";
    ASSERT_EQ(cpp.live(w), rtl.live(w)) << "live";
    for (unsigned s = 0; s < cpp.max_splits(); ++s) {
        ASSERT_EQ(cpp.split(w, s).mask, rtl.split(w, s).mask) << "split " << s << " mask";
        if (cpp.split(w, s).mask) {
            ASSERT_EQ(cpp.split(w, s).pc, rtl.split(w, s).pc) << "split " << s << " pc";
        }
    }
    uint8_t a[32], b[32];
    const unsigned na = cpp.schedule(w, a), nb = rtl.schedule(w, b);
    ASSERT_EQ(na, nb) << "schedule length";
    for (unsigned k = 0; k < na; ++k) ASSERT_EQ(a[k], b[k]) << "schedule place " << k;
    ASSERT_EQ(*cpp.st_used(w), *rtl.st_used(w)) << "st_used";
    ASSERT_EQ(*cpp.rt_used(w), *rtl.rt_used(w)) << "rt_used";
    ASSERT_FALSE(rtl.error()) << "the RTL's error flag";
}

void expect_same_stats(const MpIpdom& cpp, const RtlMpIpdom& rtl) {
    const MpIpdomInspect::Stats& c = cpp.stats();
    const MpIpdomInspect::Stats& r = rtl.stats();
    EXPECT_EQ(c.splits_created, r.splits_created);
    EXPECT_EQ(c.reconvergences, r.reconvergences);
    EXPECT_EQ(c.st_full, r.st_full);
    EXPECT_EQ(c.rt_full, r.rt_full);
    EXPECT_EQ(c.barrier_bypasses, r.barrier_bypasses);
    EXPECT_EQ(c.max_st, r.max_st);
    EXPECT_EQ(c.max_rt, r.max_rt);
}

// Random operations, only those the pipeline can make: on a split that holds threads and does
// not wait at a barrier. PCs come from a small set so that splits meet at reconvergence points.
void run_random(const Config& c, MpIpdom& cpp, RtlMpIpdom& rtl) {
    std::mt19937 rng(c.seed);
    auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
    auto pc = [&] { return 8 * pick(24); };
    const LaneMask all = lanes_below(c.warp_size);
    auto subset = [&](LaneMask m) { return m & ((static_cast<LaneMask>(rng()) << 32) | rng()); };
    std::vector<uint32_t> targets(c.warp_size);
    uint64_t ops[12] = {};
    for (unsigned w = 0; w < c.warps; ++w) {
        const LaneMask m = subset(all) | 1;
        cpp.start(w, pc(), m);
        rtl.start(w, cpp.split(w, 0).pc, m);
    }
    for (unsigned i = 0; i < c.ops; ++i) {
        SCOPED_TRACE("operation " + std::to_string(i));
        const unsigned w = pick(c.warps);
        // The splits that may run.
        std::vector<unsigned> runnable;
        bool waiting = false;
        for (unsigned s = 0; s < cpp.max_splits(); ++s) {
            if (!(cpp.occupied(w) & (1u << s))) continue;
            if (cpp.st_entry(w, s).at_barrier) {
                waiting = true;
            } else {
                runnable.push_back(s);
            }
        }
        for (const MpIpdom::StView& p : cpp.parked(w)) waiting |= p.at_barrier;
        unsigned kind = pick(100);
        if (cpp.live(w) == 0 || (runnable.empty() && !waiting) || kind < 2) {
            const LaneMask m = subset(all) | (LaneMask{1} << pick(c.warp_size));
            const uint32_t at = pc();
            cpp.start(w, at, m);
            rtl.start(w, at, m);
            ++ops[0];
        } else if (runnable.empty() || kind < 6) {
            cpp.on_barrier_release(w);
            rtl.on_barrier_release(w);
            ++ops[1];
        } else {
            const unsigned s = runnable[pick(static_cast<unsigned>(runnable.size()))];
            const DivergencePolicy::Split sp = cpp.split(w, s);
            if (kind < 40) {
                cpp.advance(w, s, sp.pc + 8);
                rtl.advance(w, s, sp.pc + 8);
                ++ops[2];
            } else if (kind < 62) {
                const LaneMask taken = subset(sp.mask);
                const unsigned r = pick(10);
                const uint32_t rpc = r == 0   ? isa::kReconvergeAtExit
                                     : r == 1 ? isa::kNoReconvergence
                                              : pc();
                const uint32_t target = pc();
                cpp.on_branch(w, s, taken, target, sp.pc + 8, rpc);
                rtl.on_branch(w, s, taken, target, sp.pc + 8, rpc);
                ++ops[3];
            } else if (kind < 67) {
                const uint32_t target = pc();
                cpp.on_jump(w, s, target);
                rtl.on_jump(w, s, target);
                ++ops[4];
            } else if (kind < 73) {
                const uint32_t target = pc();
                cpp.on_call(w, s, target, sp.pc + 8);
                rtl.on_call(w, s, target, sp.pc + 8);
                ++ops[5];
            } else if (kind < 81) {
                // A return or a jump table: few distinct targets across the lanes.
                const unsigned distinct = 1 + pick(3);
                std::vector<uint32_t> choice(distinct);
                for (uint32_t& t : choice) t = pc();
                for (uint32_t& t : targets) t = choice[pick(distinct)];
                const bool is_return = pick(2) == 0;
                cpp.on_indirect(w, s, targets.data(), is_return);
                rtl.on_indirect(w, s, targets.data(), is_return);
                ++ops[6];
            } else if (kind < 88) {
                const LaneMask lanes = pick(3) == 0 ? sp.mask : subset(sp.mask);
                if (lanes == 0) continue;
                cpp.on_exit(w, s, lanes);
                rtl.on_exit(w, s, lanes);
                ++ops[7];
            } else {
                cpp.on_barrier(w, s, sp.pc + 8);
                rtl.on_barrier(w, s, sp.pc + 8);
                ++ops[8];
            }
        }
        expect_same_warp(cpp, rtl, w);
        if (::testing::Test::HasFatalFailure()) return;
        if (i % 500 == 0) expect_same_stats(cpp, rtl);
    }
    expect_same_stats(cpp, rtl);
    std::printf(
        "%u ops: start %llu, release %llu, advance %llu, branch %llu, jump %llu, call "
        "%llu, indirect %llu, exit %llu, barrier %llu; splits created %llu, "
        "reconvergences %llu, parked %llu, RT full %llu, bypasses %llu\n",
        c.ops, (unsigned long long)ops[0], (unsigned long long)ops[1], (unsigned long long)ops[2],
        (unsigned long long)ops[3], (unsigned long long)ops[4], (unsigned long long)ops[5],
        (unsigned long long)ops[6], (unsigned long long)ops[7], (unsigned long long)ops[8],
        (unsigned long long)cpp.stats().splits_created,
        (unsigned long long)cpp.stats().reconvergences, (unsigned long long)cpp.stats().st_full,
        (unsigned long long)cpp.stats().rt_full, (unsigned long long)cpp.stats().barrier_bypasses);
}

class RtlMpIpdomRandom : public ::testing::TestWithParam<Config> {};

TEST_P(RtlMpIpdomRandom, EveryOutputEqualsTheCppBlock) {
    const Config& c = GetParam();
    MpIpdom cpp(c.warps, c.warp_size, c.st_entries, c.rt_entries);
    RtlMpIpdom rtl("mp.mp_ipdom", c.warps, c.warp_size, c.st_entries, c.rt_entries);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    ASSERT_EQ(cpp.max_splits(), rtl.max_splits());
    run_random(c, cpp, rtl);
    // Reconvergences, parking and full tables all happened.
    EXPECT_GT(cpp.stats().reconvergences, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Configs, RtlMpIpdomRandom,
    ::testing::Values(Config{4, 4, 8, 8, 20000, 11}, Config{2, 32, 8, 8, 20000, 12},
                      Config{2, 32, 2, 2, 20000, 13}, Config{3, 8, 3, 1, 20000, 14},
                      Config{1, 64, 32, 64, 20000, 15}, Config{16, 4, 8, 8, 20000, 16}),
    [](const auto& info) {
        const Config& c = info.param;
        return "warp" + std::to_string(c.warp_size) + "_st" + std::to_string(c.st_entries) + "_rt" +
               std::to_string(c.rt_entries) + "_warps" + std::to_string(c.warps);
    });

}  // namespace
}  // namespace mvp::rtl
