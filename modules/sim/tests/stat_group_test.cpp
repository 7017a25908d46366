#include "modules/sim/stat_group.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <sstream>

namespace mvp::sim {
namespace {

// Constructed before any group, so destroyed after the statics of stat_group.cpp: the group it
// holds unregisters at exit, as one owned by a module the SystemC kernel deletes late does.
// Under AddressSanitizer this was a heap-use-after-free in ~StatGroup (issue 13).
struct LateOwner {
    std::unique_ptr<StatGroup> group;
};
LateOwner late_owner;

TEST(StatGroup, AGroupDestroyedAfterTheRegistryStillUnregisters) {
    // In a child process, which ends through exit(): the static destructors run there.
    EXPECT_EXIT(
        {
            late_owner.group = std::make_unique<StatGroup>("mvp.late");
            std::exit(0);
        },
        ::testing::ExitedWithCode(0), "");
}

TEST(StatGroup, WritesATreeOfCountersSamplersAndFormulas) {
    uint64_t hits = 3, misses = 1;
    Sampler occupancy;
    occupancy.sample(2);
    occupancy.sample(4);
    StatGroup icc("mvp.sp0.icc");
    icc.add("hits", &hits, "fetch hits");
    icc.add("misses", &misses, "fetch misses");
    icc.add(
        "hit_rate", [&] { return double(hits) / double(hits + misses); }, "hits / fetches");
    StatGroup dcc("mvp.sp0.dcc");
    dcc.add("occupancy", &occupancy, "miss FIFO entries");
    std::ostringstream json;
    StatGroup::write_json(json, 0);
    EXPECT_EQ(json.str(),
              "{\n  \"mvp\": {\n    \"sp0\": {\n      \"icc\": {\n        \"hits\": 3,\n"
              "        \"misses\": 1,\n        \"hit_rate\": 0.75\n      },\n      \"dcc\": {\n"
              "        \"occupancy\": {\"mean\": 3, \"max\": 4, \"samples\": 2}\n      }\n"
              "    }\n  }\n}");
    std::ostringstream text;
    StatGroup::write_text(text);
    EXPECT_EQ(text.str(),
              "mvp.sp0.icc.hits 3 # fetch hits\nmvp.sp0.icc.misses 1 # fetch misses\n"
              "mvp.sp0.icc.hit_rate 0.75 # hits / fetches\n"
              "mvp.sp0.dcc.occupancy mean 3 max 4 samples 2 # miss FIFO entries\n");
}

}  // namespace
}  // namespace mvp::sim
