// Unit tests of the scoreboard: RAW, WAW, forwarding readiness and lane masks.

#include "modules/sp/scoreboard.h"

#include <gtest/gtest.h>

namespace mvp {
namespace {

TEST(Scoreboard, RawWaitsUntilForwardable) {
    Scoreboard sb(2);
    unsigned h = sb.reserve(0, 5, 0xf);
    EXPECT_FALSE(sb.source_ready(0, 5, 0xf, 100));
    EXPECT_TRUE(sb.source_ready(0, 4, 0xf, 100));
    EXPECT_TRUE(sb.source_ready(1, 5, 0xf, 100));  // another warp
    sb.set_ready(0, h, 103);
    EXPECT_FALSE(sb.source_ready(0, 5, 0xf, 102));
    EXPECT_TRUE(sb.source_ready(0, 5, 0xf, 103));
    EXPECT_TRUE(sb.pending(0, 5, 0xf));  // not written back yet
    sb.release(0, h);
    EXPECT_FALSE(sb.pending(0, 5, 0xf));
}

TEST(Scoreboard, WawWaitsUntilTheEarlierWriteIsForwardable) {
    Scoreboard sb(1);
    unsigned h = sb.reserve(0, 7, 0xf);
    EXPECT_FALSE(sb.dest_free(0, 7, 0xf, 10));  // a load: not ready until write-back
    sb.set_ready(0, h, 12);
    EXPECT_FALSE(sb.dest_free(0, 7, 0xf, 11));
    EXPECT_TRUE(sb.dest_free(0, 7, 0xf, 12));
    unsigned h2 = sb.reserve(0, 7, 0xf);  // the later write coexists with the earlier one
    EXPECT_FALSE(sb.dest_free(0, 7, 0xf, 12));
    sb.release(0, h);
    EXPECT_TRUE(sb.pending(0, 7, 0xf));
    sb.release(0, h2);
    EXPECT_FALSE(sb.pending(0, 7, 0xf));
}

TEST(Scoreboard, LaneMasksOnlyOrderOverlappingSplits) {
    Scoreboard sb(1);
    unsigned a = sb.reserve(0, 3, 0x3);
    EXPECT_TRUE(sb.dest_free(0, 3, 0xc, 0));
    EXPECT_TRUE(sb.source_ready(0, 3, 0xc, 0));
    EXPECT_FALSE(sb.source_ready(0, 3, 0x2, 0));
    unsigned b = sb.reserve(0, 3, 0xc);
    EXPECT_EQ(sb.pending_count(0), 2u);
    sb.release(0, a);
    EXPECT_TRUE(sb.dest_free(0, 3, 0x3, 0));
    EXPECT_FALSE(sb.dest_free(0, 3, 0x4, 0));
    sb.release(0, b);
    EXPECT_TRUE(sb.dest_free(0, 3, 0xf, 0));
}

TEST(Scoreboard, TableFillsUp) {
    Scoreboard sb(1);
    for (unsigned i = 0; i < Scoreboard::kMaxPendingPerWarp; ++i) {
        EXPECT_TRUE(sb.has_room(0));
        sb.reserve(0, 1 + i % 15, LaneMask{1} << (i % 64));
    }
    EXPECT_FALSE(sb.has_room(0));
    sb.clear(0);
    EXPECT_TRUE(sb.has_room(0));
    // Emptied for a new warp: nothing pending, and a register's count starts again from zero.
    EXPECT_EQ(sb.pending_count(0), 0u);
    for (unsigned r = 1; r < 16; ++r) {
        EXPECT_TRUE(sb.source_ready(0, r, ~LaneMask{0}, 0)) << "register " << r;
        EXPECT_FALSE(sb.pending(0, r, ~LaneMask{0})) << "register " << r;
    }
    const unsigned h = sb.reserve(0, 1, 0xf);
    EXPECT_EQ(h, 0u);
    EXPECT_TRUE(sb.pending(0, 1, 0xf));
    sb.release(0, h);
    EXPECT_FALSE(sb.pending(0, 1, 0xf));
    EXPECT_TRUE(sb.dest_free(0, 1, 0xf, 0));
}

}  // namespace
}  // namespace mvp
