#include "modules/sim/clock_domain.h"

#include <gtest/gtest.h>

#include <vector>

namespace mvp::sim {
namespace {

// Records the cycles at which it was ticked; sleeps after `budget` ticks.
class Recorder : public Clocked {
  public:
    Recorder(ClockDomain& d, int budget) : domain_(d), budget_(budget) { d.attach(this); }
    void tick() override {
        cycles.push_back(domain_.now());
        if (--budget_ == 0) domain_.sleep(this);
    }
    std::vector<uint64_t> cycles;

  private:
    ClockDomain& domain_;
    int budget_;
};

TEST(ClockDomain, PeriodFromMegahertz) {
    ClockDomain core("core", 1000.0);
    ClockDomain dram("dram", 800.0);
    EXPECT_EQ(core.period(), sc_core::sc_time(1000, sc_core::SC_PS));
    EXPECT_EQ(dram.period(), sc_core::sc_time(1250, sc_core::SC_PS));
}

TEST(ClockDomain, AwakeBlockTicksEveryEdgeUntilItSleeps) {
    ClockDomain core("core", 1000.0);
    Recorder r(core, 3);
    core.wake(&r);  // at time 0: first tick on the next edge, cycle 1
    sc_core::sc_start(20, sc_core::SC_NS);
    EXPECT_EQ(r.cycles, (std::vector<uint64_t>{1, 2, 3}));
    EXPECT_EQ(core.active_edges(), 3u);
}

TEST(ClockDomain, WakeAtTicksOnThatCycleAndIdleCostsNoEdges) {
    ClockDomain core("core", 1000.0);
    Recorder r(core, 1);
    core.wake_at(&r, 1000000);
    sc_core::sc_start(2, sc_core::SC_MS);
    EXPECT_EQ(r.cycles, (std::vector<uint64_t>{1000000}));
    EXPECT_EQ(core.active_edges(), 1u);  // a million idle cycles cost nothing
    EXPECT_EQ(core.now(), 2000000u);     // but they are counted
}

TEST(ClockDomain, BlocksTickInAttachOrderAndAWakeDuringATickStartsNextEdge) {
    ClockDomain core("core", 1000.0);
    std::vector<std::string> order;
    struct Named : Clocked {
        Named(ClockDomain& d, std::vector<std::string>& o, std::string n)
            : domain(d), order(o), name(std::move(n)) {
            d.attach(this);
        }
        void tick() override {
            order.push_back(name + "@" + std::to_string(domain.now()));
            if (other) domain.wake(other);
            domain.sleep(this);
        }
        ClockDomain& domain;
        std::vector<std::string>& order;
        std::string name;
        Clocked* other = nullptr;
    };
    Named a(core, order, "a");
    Named b(core, order, "b");
    Named c(core, order, "c");
    c.other = &b;  // c runs after b in the edge: b is woken for the next edge
    core.wake(&c);
    core.wake(&a);
    sc_core::sc_start(10, sc_core::SC_NS);
    EXPECT_EQ(order, (std::vector<std::string>{"a@1", "c@1", "b@2"}));
}

TEST(ClockDomain, TwoDomainsKeepTheirOwnEdges) {
    ClockDomain core("core", 1000.0);
    ClockDomain dram("dram", 800.0);
    Recorder rc(core, 2);
    Recorder rd(dram, 2);
    core.wake(&rc);
    dram.wake(&rd);
    sc_core::sc_start(10, sc_core::SC_NS);
    EXPECT_EQ(rc.cycles, (std::vector<uint64_t>{1, 2}));
    EXPECT_EQ(rd.cycles, (std::vector<uint64_t>{1, 2}));
    EXPECT_EQ(dram.cycle_at_or_after(sc_core::sc_time(1300, sc_core::SC_PS)), 2u);
    EXPECT_EQ(dram.cycle_at_or_after(sc_core::sc_time(2500, sc_core::SC_PS)), 2u);
}

}  // namespace
}  // namespace mvp::sim

namespace mvp::sim {
namespace {

// A block that asks for a tick at a later cycle and then sleeps in the same tick must still
// get that tick.
TEST(ClockDomain, WakeAtWhileAwakeSurvivesASleepInTheSameTick) {
    ClockDomain core("core", 1000.0);
    struct Planner : Clocked {
        explicit Planner(ClockDomain& d) : domain(d) { d.attach(this); }
        void tick() override {
            cycles.push_back(domain.now());
            if (cycles.size() == 1) domain.wake_at(this, 8);
            domain.sleep(this);
        }
        ClockDomain& domain;
        std::vector<uint64_t> cycles;
    } p(core);
    core.wake_at(&p, 3);
    sc_core::sc_start(20, sc_core::SC_NS);
    EXPECT_EQ(p.cycles, (std::vector<uint64_t>{3, 8}));
}

}  // namespace
}  // namespace mvp::sim
