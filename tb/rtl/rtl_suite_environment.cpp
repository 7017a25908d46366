// rtl_kernel_suite_test (sw/kernels/tests/kernel_suite_test.cpp with the RTL configurations):
// after each test, which runs in its own process, the lockstep counts of its runs are printed,
// and a test that compared nothing fails (the RTL was not in the loop).

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>

#include "modules/rtl/lockstep_checker.h"

namespace mvp::rtl {
namespace {

class LockstepCounts : public ::testing::Environment {
  public:
    void TearDown() override {
        const LockstepChecker::Totals& t = LockstepChecker::finished_totals();
        std::printf("rtl lockstep: %" PRIu64 " blocks, %" PRIu64 " transactions in %" PRIu64
                    " block-cycles compared, %" PRIu64 " mismatches\n",
                    t.blocks, t.transactions, t.cycles, t.mismatches);
        if (::testing::UnitTest::GetInstance()->test_to_run_count() == 0) return;
        EXPECT_GT(t.blocks, 0u) << "no RTL block was in lockstep";
        EXPECT_GT(t.transactions, 0u) << "no transaction was compared";
        EXPECT_EQ(t.mismatches, 0u);
    }
};

const auto* const kCounts = ::testing::AddGlobalTestEnvironment(new LockstepCounts);

}  // namespace
}  // namespace mvp::rtl
