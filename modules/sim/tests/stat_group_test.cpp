#include "modules/sim/stat_group.h"

#include <gtest/gtest.h>

#include <sstream>

namespace mvp::sim {
namespace {

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
