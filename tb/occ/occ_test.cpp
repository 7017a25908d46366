// The OCC between a scripted initiator (standing for the LD/ST unit), the local memory and a
// fixed-latency memory standing for the DCC: routing by address, the decode latency, responses
// in any order, independent outputs, untimed routing.
//
// Timing: a request sent at edge T leaves the OCC at T + latency; responses pass straight
// through. With the local memory (1-cycle reads) behind it: answered at T + latency + 1.

#include "modules/occ/occ.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/local_mem/local_mem.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "tb/dcc/recording_memory.h"
#include "tb/dcc/request_driver.h"

namespace mvp {
namespace {

constexpr uint64_t kGlobal = 0x80000000;
constexpr unsigned kM = 6;

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

struct Bench {
    CheckingOn checking;
    sim::ClockDomain core;
    tb::RequestDriver drv;
    Occ occ;
    LocalMem local;
    tb::RecordingMemory global;

    explicit Bench(const Occ::Params& p = Occ::Params{})
        : core("core", 1000.0),
          drv("drv", core),
          occ("occ", core, p),
          local("local_mem", core, LocalMem::Params{}),
          global("global", core, kGlobal, 0x1000, kM) {
        global.fill_pattern();
        for (uint32_t a = 0; a < 0x100; a += 4) local.write32(a, 0x1000 + a);
        sim::connect(drv.port.socket, occ.port.socket, "drv_to_occ");
        sim::connect(occ.local_port.socket, local.port.socket, "occ_to_local");
        sim::connect(occ.dcc_port.socket, global.port.socket, "occ_to_dcc");
    }

    void run() {
        sc_core::sc_start();
        EXPECT_TRUE(drv.all_done());
        EXPECT_TRUE(occ.idle());
        EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    }
};

uint64_t stat(const std::string& name) {
    const sim::StatGroup::Entry* e = sim::StatGroup::find("occ", name);
    if (e && e->counter) return *e->counter;
    ADD_FAILURE() << "no statistic " << name;
    return 0;
}

TEST(Occ, RoutesByAddress) {
    Bench b;
    unsigned l = b.drv.read(1, 0x20, 4);
    unsigned top = b.drv.read(1, 0x7ffc, 4);  // the last local word
    unsigned g = b.drv.read(1, kGlobal + 0x20, 4);
    b.run();
    EXPECT_EQ(b.drv.result(l).value32(), 0x1020u);
    EXPECT_EQ(b.drv.result(top).status, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(b.drv.result(g).value32(), tb::RecordingMemory::pattern(kGlobal + 0x20));
    ASSERT_EQ(b.global.log().size(), 1u);
    EXPECT_EQ(b.global.log()[0].address, kGlobal + 0x20);
    EXPECT_EQ(stat("local_requests"), 2u);
    EXPECT_EQ(stat("dcc_requests"), 1u);
}

TEST(Occ, OneCycleDecodeThenTheTarget) {
    Bench b;
    unsigned l = b.drv.read(1, 0x20, 4);
    unsigned g = b.drv.read(1, kGlobal, 4);
    b.run();
    EXPECT_EQ(b.drv.result(l).response_cycle, 1u + 1 + 1);
    EXPECT_EQ(b.global.log()[0].cycle, 2u);  // left the OCC at T + 1
    EXPECT_EQ(b.drv.result(g).response_cycle, 2u + kM);
}

TEST(Occ, LocalAndGlobalResponsesOfOneEdgeKeepTheirOrder) {
    // The local read (sent at 6, answered at 8) completes on the driver's forward call; the
    // global one (sent at 1) is answered at 8 from the target's tick, after the OCC's. The local
    // response still comes first, where the OCC's tick at 8 would have passed it back.
    Bench b;
    unsigned g = b.drv.read(1, kGlobal, 4);
    unsigned l = b.drv.read(6, 0x20, 4);
    b.run();
    EXPECT_EQ(b.drv.result(l).response_cycle, 8u);
    EXPECT_EQ(b.drv.result(g).response_cycle, 1u + 1 + kM);
    EXPECT_EQ(b.drv.response_order(), (std::vector<unsigned>{l, g}));
    EXPECT_EQ(b.drv.result(l).value32(), 0x1020u);
}

TEST(Occ, DecodeLatencyIsAnOption) {
    Occ::Params p;
    p.latency = 3;
    Bench b(p);
    unsigned l = b.drv.read(5, 0x20, 4);
    b.run();
    EXPECT_EQ(b.drv.result(l).response_cycle, 5u + 3 + 1);
}

TEST(Occ, ResponsesReturnInTheOrderTheTargetsAnswer) {
    Bench b;
    unsigned g = b.drv.read(1, kGlobal, 4);  // slow
    unsigned l = b.drv.read(1, 0x40, 4);     // fast
    b.run();
    EXPECT_EQ(b.drv.response_order(), (std::vector<unsigned>{l, g}));
}

TEST(Occ, WritesAndAtomicsAreRoutedUnchanged) {
    Bench b;
    b.drv.write(1, 0x80, {1, 2, 3, 4}, {0xff, 0, 0, 0xff});
    unsigned a = b.drv.atomic(1, kGlobal + 8, isa::Opcode::kAtomAdd, 1);
    b.run();
    EXPECT_EQ(b.local.read32(0x80), (0x1080u & 0x00ffff00u) | 0x04000001u);
    EXPECT_EQ(b.drv.result(a).value32(), tb::RecordingMemory::pattern(kGlobal + 8));
    ASSERT_EQ(b.global.log().size(), 1u);
    EXPECT_TRUE(b.global.log()[0].atomic);
}

TEST(Occ, UntimedAccessIsRoutedByAddress) {
    Bench b;
    b.drv.at(1, [&] {
        uint8_t w[4] = {9, 0, 0, 0};
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(0x10);
        gp.set_data_ptr(w);
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        b.drv.port.socket->b_transport(gp, delay);
        gp.set_address(kGlobal + 0x10);
        EXPECT_EQ(b.drv.port.socket->transport_dbg(gp), 4u);
    });
    b.run();
    EXPECT_EQ(b.local.read32(0x10), 9u);
    EXPECT_EQ(b.global.read32(kGlobal + 0x10), 9u);
}

TEST(Occ, ParamsFromConfig) {
    config::Config c;
    c.set("mvpgpu_occ_latency", "2", "test");
    c.set("mvpgpu_local_mem_size", "16384", "test");
    Occ::Params p = Occ::Params::from_config(c);
    EXPECT_EQ(p.latency, 2u);
    EXPECT_EQ(p.local_mem_size, 16384u);
}

}  // namespace
}  // namespace mvp
