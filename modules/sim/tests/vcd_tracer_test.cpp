#include "modules/sim/vcd_tracer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace mvp::sim {
namespace {

struct Counter : Clocked {
    explicit Counter(ClockDomain& d) : domain(d) {
        d.attach(this);
        d.wake(this);
    }
    void tick() override {
        ++value;
        busy = (value % 2) == 0;
        if (value == 10) domain.sleep(this);
    }
    ClockDomain& domain;
    uint32_t value = 0;
    bool busy = false;
};

TEST(VcdTracer, WritesFilteredVariablesInTheCycleWindow) {
    std::string path = ::testing::TempDir() + "trace_" + std::to_string(getpid()) + ".vcd";
    VcdTracer& t = VcdTracer::instance();
    t.configure(path, "top.a.*", 3, 5);
    ClockDomain core("core", 1000.0);
    Counter a(core), b(core);
    t.trace("top.a.value", &a.value);
    t.trace("top.a.busy", &a.busy);
    t.trace("top.b.value", &b.value);  // filtered out
    EXPECT_EQ(t.traced(), 2u);
    t.start(core, {&core});
    sc_core::sc_start(20, sc_core::SC_NS);
    t.finish();
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string vcd = ss.str();
    EXPECT_NE(vcd.find("$scope module top $end\n$scope module a $end\n"), std::string::npos);
    EXPECT_NE(vcd.find("$var wire 32 ! value $end\n$var wire 1 \" busy $end\n"), std::string::npos);
    EXPECT_EQ(vcd.find("module b"), std::string::npos);
    // The tracer samples after the blocks of each active edge: at cycle 3 value is 3.
    EXPECT_NE(
        vcd.find("#3000\n$dumpvars\nb11 !\n0\"\n$end\n#4000\nb100 !\n1\"\n#5000\nb101 !\n0\"\n"),
        std::string::npos)
        << vcd;
    EXPECT_EQ(vcd.find("#6000"), std::string::npos);
}

}  // namespace
}  // namespace mvp::sim
