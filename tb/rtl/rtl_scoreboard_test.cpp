// The scoreboard's RTL (rtl/sp/mvp_scoreboard.sv through RtlScoreboard) against the C++
// Scoreboard: long random sequences of every call, each output compared.

#include "modules/rtl/rtl_scoreboard.h"

#include <gtest/gtest.h>

#include <random>
#include <systemc>
#include <vector>

#include "modules/sp/scoreboard.h"

namespace mvp::rtl {
namespace {

struct Config {
    unsigned warps;
    unsigned lanes;  // lanes in the random masks
    unsigned ops;
    uint32_t seed;
};

// Random calls on both blocks; counts the outputs compared.
void run_random(const Config& c, RtlScoreboard& rtl, uint64_t* compared_out) {
    Scoreboard cpp(c.warps);
    std::mt19937 rng(c.seed);
    auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
    auto mask = [&] {
        LaneMask m = 0;
        while (m == 0) m = (static_cast<LaneMask>(rng()) << 32 | rng()) & lanes_below(c.lanes);
        return m;
    };
    std::vector<std::vector<unsigned>> live(c.warps);
    uint64_t now = 0;
    uint64_t& compared = *compared_out;
    for (unsigned i = 0; i < c.ops; ++i) {
        SCOPED_TRACE("operation " + std::to_string(i));
        const unsigned w = pick(c.warps);
        now += pick(3);
        const unsigned kind = pick(100);
        if (kind < 25) {
            ASSERT_EQ(cpp.has_room(w), rtl.has_room(w));
            ++compared;
            if (!cpp.has_room(w)) continue;
            const unsigned reg = 1 + pick(15);
            const LaneMask m = mask();
            const unsigned h = cpp.reserve(w, reg, m);
            ASSERT_EQ(h, rtl.reserve(w, reg, m)) << "reserve";
            ++compared;
            live[w].push_back(h);
        } else if (kind < 40 && !live[w].empty()) {
            const unsigned h = live[w][pick(static_cast<unsigned>(live[w].size()))];
            const uint64_t at = now + pick(6);
            cpp.set_ready(w, h, at);
            rtl.set_ready(w, h, at);
        } else if (kind < 55 && !live[w].empty()) {
            const unsigned k = pick(static_cast<unsigned>(live[w].size()));
            cpp.release(w, live[w][k]);
            rtl.release(w, live[w][k]);
            live[w].erase(live[w].begin() + k);
        } else if (kind < 56) {
            cpp.clear(w);
            rtl.clear(w);
            live[w].clear();
        } else {
            // A query of an instruction's operands, as IS makes it.
            const LaneMask m = mask();
            const uint64_t at = now + pick(4);
            for (unsigned r = 0; r < isa::kNumRegs; ++r) {
                ASSERT_EQ(cpp.source_ready(w, r, m, at), rtl.source_ready(w, r, m, at))
                    << "source_ready reg " << r;
                ASSERT_EQ(cpp.pending(w, r, m), rtl.pending(w, r, m)) << "pending reg " << r;
            }
            ASSERT_EQ(cpp.pending_count(w), rtl.pending_count(w));
            compared += 2 * isa::kNumRegs + 1;
        }
    }
}

class RtlScoreboardRandom : public ::testing::TestWithParam<Config> {};

TEST_P(RtlScoreboardRandom, EveryOutputEqualsTheCppBlock) {
    RtlScoreboard rtl("sb.scoreboard");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    uint64_t compared = 0;
    run_random(GetParam(), rtl, &compared);
    EXPECT_GT(compared, GetParam().ops / 2);
    std::printf("%u warps, %u ops: %llu outputs compared, %llu RTL evaluations\n", GetParam().warps,
                GetParam().ops, static_cast<unsigned long long>(compared),
                static_cast<unsigned long long>(rtl.evaluations()));
}

INSTANTIATE_TEST_SUITE_P(Configs, RtlScoreboardRandom,
                         ::testing::Values(Config{1, 4, 20000, 1}, Config{16, 4, 20000, 2},
                                           Config{2, 32, 20000, 3}, Config{64, 64, 20000, 4}),
                         [](const auto& info) {
                             return "warps" + std::to_string(info.param.warps) + "_lanes" +
                                    std::to_string(info.param.lanes);
                         });

// The table fills up at 64 reservations per warp, as the C++ block's does.
TEST(RtlScoreboard, TableFillsUpAndEmpties) {
    RtlScoreboard rtl("sb.scoreboard");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    for (unsigned i = 0; i < Scoreboard::kMaxPendingPerWarp; ++i) {
        ASSERT_TRUE(rtl.has_room(3));
        EXPECT_EQ(rtl.reserve(3, 1 + i % 15, LaneMask{1} << (i % 64)), i);
    }
    EXPECT_FALSE(rtl.has_room(3));
    EXPECT_TRUE(rtl.has_room(2));
    EXPECT_EQ(rtl.pending_count(3), 64u);
    rtl.release(3, 17);
    EXPECT_TRUE(rtl.has_room(3));
    EXPECT_EQ(rtl.reserve(3, 9, 1), 17u);
    rtl.clear(3);
    EXPECT_EQ(rtl.pending_count(3), 0u);
    EXPECT_FALSE(rtl.pending(3, 9, ~LaneMask{0}));
}

}  // namespace
}  // namespace mvp::rtl
