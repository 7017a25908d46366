#include "modules/sim/timed_queue.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace mvp::sim {
namespace {

TEST(TimedQueue, HandsOutByCycleAndInArrivalOrderWithinACycle) {
    TimedQueue<char> q;
    q.push(5, 'a');
    q.push(3, 'b');
    q.push(5, 'c');
    q.push(3, 'd');
    q.push(9, 'e');
    EXPECT_EQ(q.latest_cycle(), 9u);
    std::string order;
    while (!q.empty()) {
        order += q.front();
        q.pop();
    }
    EXPECT_EQ(order, "bdace");
}

// The order of a std::multimap keyed by cycle (equal keys in insertion order), which the memory
// blocks used before.
TEST(TimedQueue, AgreesWithAMultimapUnderChurn) {
    TimedQueue<int> q;
    std::multimap<uint64_t, int> ref;
    std::mt19937 rng(5);
    uint64_t now = 0;
    for (int step = 0; step < 20000; ++step) {
        if (rng() % 3 != 0 || ref.empty()) {
            const uint64_t cycle = now + rng() % 6;
            q.push(cycle, step);
            ref.emplace(cycle, step);
        } else {
            ASSERT_EQ(q.next_cycle(), ref.begin()->first) << step;
            ASSERT_EQ(q.front(), ref.begin()->second) << step;
            q.pop();
            ref.erase(ref.begin());
            now = ref.empty() ? now : ref.begin()->first;
        }
        ASSERT_EQ(q.size(), ref.size());
        if (!ref.empty()) {
            ASSERT_EQ(q.latest_cycle(), ref.rbegin()->first) << step;
        }
    }
}

TEST(TimedQueue, ClearEmptiesIt) {
    TimedQueue<int> q;
    q.push(4, 1);
    q.clear();
    EXPECT_TRUE(q.empty());
    q.push(2, 3);
    EXPECT_EQ(q.next_cycle(), 2u);
    EXPECT_EQ(q.latest_cycle(), 2u);
}

}  // namespace
}  // namespace mvp::sim
