#include "modules/sim/flat_map.h"

#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

namespace mvp::sim {
namespace {

TEST(FlatMap, InsertFindErase) {
    FlatMap<int*, int> m;
    int a, b;
    EXPECT_EQ(m.find(&a), nullptr);
    m[&a] = 1;
    m[&b] = 2;
    EXPECT_EQ(*m.find(&a), 1);
    EXPECT_EQ(m.size(), 2u);
    EXPECT_TRUE(m.erase(&a));
    EXPECT_FALSE(m.erase(&a));
    EXPECT_EQ(m.find(&a), nullptr);
    EXPECT_EQ(*m.find(&b), 2);
}

TEST(FlatMap, ClearEmptiesAndTheMapIsUsableAgain) {
    FlatMap<uint64_t, int> m;
    for (uint64_t k = 0; k < 100; ++k) m[k * 64] = static_cast<int>(k);
    m.clear();
    EXPECT_TRUE(m.empty());
    for (uint64_t k = 0; k < 100; ++k) EXPECT_EQ(m.find(k * 64), nullptr) << k;
    m[128] = 7;
    EXPECT_EQ(*m.find(128), 7);
    EXPECT_EQ(m.size(), 1u);
}

// Random operations against std::unordered_map, with keys that collide a lot (multiples of a
// power of two) so that probe runs wrap and deletions shift entries back.
TEST(FlatMap, AgreesWithUnorderedMapUnderChurn) {
    FlatMap<uint32_t, uint32_t> m;
    std::unordered_map<uint32_t, uint32_t> ref;
    std::mt19937 rng(5);
    for (int step = 0; step < 200000; ++step) {
        uint32_t key = (rng() % 300) * 4096;
        switch (rng() % 3) {
            case 0:
                m[key] = step;
                ref[key] = step;
                break;
            case 1:
                EXPECT_EQ(m.erase(key), ref.erase(key) == 1);
                break;
            default: {
                const uint32_t* v = m.find(key);
                auto it = ref.find(key);
                ASSERT_EQ(v != nullptr, it != ref.end()) << step;
                if (v) {
                    ASSERT_EQ(*v, it->second);
                }
            }
        }
        ASSERT_EQ(m.size(), ref.size());
    }
}

}  // namespace
}  // namespace mvp::sim
