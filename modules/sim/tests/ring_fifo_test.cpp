#include "modules/sim/ring_fifo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <memory>
#include <random>
#include <set>
#include <vector>

namespace mvp::sim {
namespace {

TEST(RingFifo, FirstInFirstOutAcrossTheRingsGrowth) {
    RingFifo<int> q;
    EXPECT_TRUE(q.empty());
    for (int i = 0; i < 3; ++i) q.push_back(i);
    q.pop_front();
    for (int i = 3; i < 20; ++i) q.push_back(i);  // wraps, then grows twice
    EXPECT_EQ(q.size(), 19u);
    EXPECT_EQ(q.front(), 1);
    EXPECT_EQ(q.back(), 19);
    for (int i = 1; i < 20; ++i) {
        EXPECT_EQ(q.front(), i);
        q.pop_front();
    }
    EXPECT_TRUE(q.empty());
}

// Random pushes, pops and erasures in the middle against std::deque.
TEST(RingFifo, AgreesWithDequeUnderChurn) {
    RingFifo<int> q;
    std::deque<int> ref;
    std::mt19937 rng(12);
    for (int step = 0; step < 20000; ++step) {
        const unsigned op = rng() % 4;
        const int v = static_cast<int>(rng() % 1000);
        if (op < 2 || ref.empty()) {
            q.push_back(v);
            ref.push_back(v);
        } else if (op == 2) {
            q.pop_front();
            ref.pop_front();
        } else {
            const size_t i = rng() % ref.size();
            auto it = q.begin();
            for (size_t k = 0; k < i; ++k) ++it;
            const auto after = q.erase(it);
            ref.erase(ref.begin() + static_cast<std::ptrdiff_t>(i));
            if (i < ref.size()) {
                ASSERT_EQ(*after, ref[i]) << step;
            }
        }
        ASSERT_EQ(q.size(), ref.size()) << step;
        if (!ref.empty()) {
            ASSERT_EQ(q.front(), ref.front()) << step;
            ASSERT_EQ(q.back(), ref.back()) << step;
        }
    }
    EXPECT_TRUE(std::equal(q.begin(), q.end(), ref.begin(), ref.end()));
}

// A queue that never holds more than its depth keeps the same slots: pushing and popping
// allocate nothing once it has been that deep.
TEST(RingFifo, KeepsItsSlotsOnceItHasBeenAtItsDeepest) {
    RingFifo<int> q;
    for (int i = 0; i < 5; ++i) q.push_back(i);
    while (!q.empty()) q.pop_front();
    std::set<const int*> slots;
    for (int i = 0; i < 1000; ++i) {
        q.push_back(i);
        slots.insert(&q.back());
        if (q.size() == 5) q.pop_front();
    }
    EXPECT_EQ(slots.size(), 8u);  // the ring of 8 that 5 entries grew
}

TEST(RingFifo, ClearReleasesWhatTheEntriesHeld) {
    RingFifo<std::shared_ptr<int>> q;
    auto p = std::make_shared<int>(7);
    q.push_back(p);
    q.push_back(p);
    EXPECT_EQ(p.use_count(), 3);
    q.clear();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(p.use_count(), 1);
    q.push_back(p);
    EXPECT_EQ(*q.front(), 7);
}

}  // namespace
}  // namespace mvp::sim
