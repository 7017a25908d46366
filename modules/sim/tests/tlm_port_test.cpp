#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/connect.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/target_port.h"
#include "modules/sim/tests/sc_test_main.h"

namespace mvp::sim {
namespace {

// Sends one read per cycle from cycle 1 while the link allows; records response cycles.
struct Source : sc_core::sc_module, Clocked {
    Source(sc_core::sc_module_name n, ClockDomain& d, int count)
        : sc_module(n), domain(d), port("port"), remaining(count) {
        d.attach(this);
        d.wake(this);
        port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
            responses.push_back({gp.get_address(), domain.cycle_at_or_after(at)});
        };
        port.on_ready = [this](const sc_core::sc_time&) { domain.wake(this); };
    }
    void tick() override {
        if (remaining == 0) {
            domain.sleep(this);
            return;
        }
        if (!port.can_send()) {
            domain.sleep(this);  // woken by on_ready
            return;
        }
        tlm::tlm_generic_payload* gp = mm.allocate();
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(0x100 * (++sent));
        gp->set_data_length(4);
        sent_cycles.push_back(domain.now());
        port.send(*gp);
        gp->release();
        --remaining;
    }
    ClockDomain& domain;
    MemoryManager mm;
    InitiatorPort port;
    int remaining;
    int sent = 0;
    std::vector<uint64_t> sent_cycles;
    std::vector<std::pair<uint64_t, uint64_t>> responses;
};

// Holds one request at a time for `latency` cycles, then responds; further requests wait
// for END_REQ.
struct Sink : sc_core::sc_module, Clocked {
    Sink(sc_core::sc_module_name n, ClockDomain& d, unsigned latency)
        : sc_module(n), domain(d), port("port"), latency(latency) {
        d.attach(this);
        port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
            if (busy) return false;
            busy = &gp;
            due = domain.cycle_at_or_after(at) + this->latency;
            domain.wake_at(this, due);
            return true;
        };
    }
    void tick() override {
        if (!busy || domain.now() < due) {  // a wake-up planned before a reset
            domain.sleep(this);
            if (busy) domain.wake_at(this, due);
            return;
        }
        busy->set_response_status(tlm::TLM_OK_RESPONSE);
        tlm::tlm_generic_payload* done = busy;
        busy = nullptr;
        port.respond(*done);
        domain.sleep(this);
        if (port.holding()) {
            busy = port.held();
            port.accept();
            due = domain.now() + latency;
            domain.wake_at(this, due);
        }
    }
    ClockDomain& domain;
    TargetPort port;
    unsigned latency;
    tlm::tlm_generic_payload* busy = nullptr;
    uint64_t due = 0;
};

TEST(TlmPorts, BackPressureSerialisesRequestsAndTheCheckerIsQuiet) {
    set_protocol_checking(true);
    ClockDomain core("core", 1000.0);
    Source src("src", core, 3);
    Sink sink("sink", core, 5);
    connect(src.port.socket, sink.port.socket, "link");
    sc_core::sc_start(100, sc_core::SC_NS);
    // Request 1 at cycle 1, accepted at once, answered at 6. Request 2 at cycle 2 is held
    // (END_REQ withheld) until 6, answered at 11. Request 3 goes out on the edge after END_REQ
    // (7), is held until 11 and answered at 16.
    EXPECT_EQ(src.sent_cycles, (std::vector<uint64_t>{1, 2, 7}));
    ASSERT_EQ(src.responses.size(), 3u);
    EXPECT_EQ(src.responses[0], std::make_pair(uint64_t{0x100}, uint64_t{6}));
    EXPECT_EQ(src.responses[1], std::make_pair(uint64_t{0x200}, uint64_t{11}));
    EXPECT_EQ(src.responses[2], std::make_pair(uint64_t{0x300}, uint64_t{16}));
    EXPECT_EQ(src.mm.in_use(), 0u);
    EXPECT_EQ(ProtocolChecker::total_violations(), 0u);
}

// Both ends of a link reset while one request is being served and another is held: the ports,
// the checker and the pool forget them, and the link works again at once.
TEST(TlmPorts, ResetOfBothEndsLeavesNothingInFlight) {
    set_protocol_checking(true);
    ClockDomain core("core", 1000.0);
    Source src("src", core, 3);
    Sink sink("sink", core, 5);
    connect(src.port.socket, sink.port.socket, "link");
    sc_core::sc_start(3, sc_core::SC_NS);
    auto* checker = dynamic_cast<ProtocolChecker*>(sc_core::sc_find_object("link"));
    ASSERT_NE(checker, nullptr);
    EXPECT_EQ(checker->in_flight(), 2u);
    EXPECT_TRUE(sink.port.holding());
    EXPECT_FALSE(src.port.can_send());
    EXPECT_EQ(src.mm.in_use(), 2u);

    src.port.reset();
    sink.port.reset();
    checker->reset();
    sink.busy = nullptr;
    core.sleep(&sink);
    src.mm.reclaim();
    sink.due = 0;
    EXPECT_EQ(src.mm.in_use(), 0u);
    EXPECT_EQ(MemoryManager::in_use_all(), 0u);
    EXPECT_FALSE(sink.port.holding());
    EXPECT_TRUE(src.port.can_send());
    EXPECT_EQ(src.port.outstanding(), 0u);
    EXPECT_EQ(checker->in_flight(), 0u);

    // The third request goes out on the fresh link at once (cycle 3) and is answered 5 cycles
    // later; the sink's wake-up planned for request 1 (cycle 6) finds nothing due.
    sc_core::sc_start(20, sc_core::SC_NS);
    EXPECT_EQ(src.sent_cycles, (std::vector<uint64_t>{1, 2, 3}));
    ASSERT_EQ(src.responses.size(), 1u);
    EXPECT_EQ(src.responses[0], std::make_pair(uint64_t{0x300}, uint64_t{8}));
    EXPECT_EQ(src.mm.in_use(), 0u);
    EXPECT_EQ(checker->in_flight(), 0u);
    EXPECT_EQ(ProtocolChecker::total_violations(), 0u);
}

// An initiator that breaks request exclusion: two BEGIN_REQ without END_REQ.
struct Rude : sc_core::sc_module {
    explicit Rude(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_nb_transport_bw(this, &Rude::bw);
        SC_HAS_PROCESS(Rude);
        SC_THREAD(run);
    }
    tlm::tlm_sync_enum bw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) {
        return tlm::TLM_ACCEPTED;
    }
    void run() {
        for (int i = 0; i < 2; ++i) {
            tlm::tlm_generic_payload* gp = mm.allocate();
            gp->set_command(tlm::TLM_READ_COMMAND);
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time d = sc_core::SC_ZERO_TIME;
            socket->nb_transport_fw(*gp, ph, d);
        }
    }
    MemoryManager mm;
    tlm_utils::simple_initiator_socket<Rude> socket;
};

// A target that never answers and never accepts.
struct Mute : sc_core::sc_module {
    explicit Mute(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_nb_transport_fw(this, &Mute::fw);
    }
    tlm::tlm_sync_enum fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) {
        return tlm::TLM_ACCEPTED;
    }
    tlm_utils::simple_target_socket<Mute> socket;
};

TEST(ProtocolChecker, ReportsABrokenRequestExclusion) {
    set_protocol_checking(true);
    Rude rude("rude");
    Mute mute("mute");
    connect(rude.socket, mute.socket, "link");
    testing::ExpectReports expect;
    sc_core::sc_start(1, sc_core::SC_NS);
    EXPECT_EQ(ProtocolChecker::total_violations(), 1u);
    ASSERT_EQ(expect.messages().size(), 1u);
    EXPECT_NE(expect.messages()[0].find("BEGIN_REQ before END_REQ of the previous request"),
              std::string::npos)
        << expect.messages()[0];
}

}  // namespace
}  // namespace mvp::sim
