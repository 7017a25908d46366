#include "modules/sim/host_thread_pool.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace mvp::sim {
namespace {

struct Calls {
    std::vector<int> count;             // per thread number, this step
    std::vector<std::thread::id> host;  // per thread number, the first host thread seen
    std::vector<bool> moved;            // per thread number: ran on another host thread
};

void record(void* context, unsigned thread) {
    auto* c = static_cast<Calls*>(context);
    ++c->count[thread];
    if (c->host[thread] == std::thread::id()) c->host[thread] = std::this_thread::get_id();
    if (c->host[thread] != std::this_thread::get_id()) c->moved[thread] = true;
}

TEST(HostThreadPool, EveryThreadNumberRunsOncePerStepAlwaysOnTheSameHostThread) {
    HostThreadPool pool(3);
    ASSERT_EQ(pool.threads(), 3u);
    Calls c{std::vector<int>(3), std::vector<std::thread::id>(3), std::vector<bool>(3)};
    for (int step = 0; step < 300; ++step) {
        std::fill(c.count.begin(), c.count.end(), 0);
        pool.run(&record, &c);
        ASSERT_EQ(c.count, (std::vector<int>{1, 1, 1})) << "step " << step;
    }
    EXPECT_EQ(c.host[0], std::this_thread::get_id());  // thread 0 is the caller
    EXPECT_NE(c.host[1], c.host[2]);
    EXPECT_EQ(c.moved, (std::vector<bool>{false, false, false}));
}

TEST(HostThreadPool, OneThreadIsTheCaller) {
    HostThreadPool pool(1);
    Calls c{std::vector<int>(1), std::vector<std::thread::id>(1), std::vector<bool>(1)};
    pool.run(&record, &c);
    EXPECT_EQ(c.count[0], 1);
    EXPECT_EQ(c.host[0], std::this_thread::get_id());
}

}  // namespace
}  // namespace mvp::sim
