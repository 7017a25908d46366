// The XI against scripted clients and a fixed-latency memory: arbitration order and exact
// cycles, the outstanding limit, routing of responses, fairness to the DMA once the others
// stop, END_REQ back-pressure from the interconnect, statistics and tracing.

#include "modules/xi/xi.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/vcd_tracer.h"
#include "tb/xi/memory_target.h"
#include "tb/xi/scripted_initiator.h"

namespace mvp {
namespace {

using Client = sim::GpuExtension::Client;
using tb::MemoryTarget;
using tb::ScriptedInitiator;

constexpr uint64_t kBase = 0x80000000;

// Three clients and a memory around one XI, all on a 1 GHz core clock.
struct XiBench {
    sim::ClockDomain core;
    ScriptedInitiator icc;
    ScriptedInitiator dcc;
    ScriptedInitiator dma;
    Xi xi;
    MemoryTarget mem;

    XiBench(const XiParams& params, unsigned mem_latency)
        : core("core", 1000.0),
          icc("icc_client", core, Client::kIcc),
          dcc("dcc_client", core, Client::kDcc),
          dma("dma_client", core, Client::kDma),
          xi("xi", core, params),
          mem("mem", core, kBase, 0x10000, mem_latency) {
        mem.fill_pattern();
        sim::connect(icc.port.socket, xi.icc.socket, "icc_to_xi");
        sim::connect(dcc.port.socket, xi.dcc.socket, "dcc_to_xi");
        sim::connect(dma.port.socket, xi.dma.socket, "dma_to_xi");
        sim::connect(xi.noc.socket, mem.port.socket, "xi_to_mem");
    }
};

const sim::StatGroup::Entry* find_stat(const std::string& path, const std::string& name) {
    return sim::StatGroup::find(path, name);
}

uint64_t counter(const std::string& path, const std::string& name) {
    const sim::StatGroup::Entry* e = find_stat(path, name);
    EXPECT_TRUE(e && e->counter) << path << "." << name;
    return e && e->counter ? *e->counter : 0;
}

sim::Sampler sampler(const std::string& path, const std::string& name) {
    const sim::StatGroup::Entry* e = find_stat(path, name);
    EXPECT_TRUE(e && e->sampler) << path << "." << name;
    return e && e->sampler ? *e->sampler : sim::Sampler{};
}

void expect_pattern(const ScriptedInitiator::Record& r) {
    ASSERT_EQ(r.data.size(), r.request.length);
    for (unsigned i = 0; i < r.request.length; ++i)
        ASSERT_EQ(r.data[i], MemoryTarget::pattern(r.request.address + i))
            << "byte " << i << " of the read at 0x" << std::hex << r.request.address;
}

// Each client sends three reads at cycles 10, 11, 12. The XI sees them from cycle 11 and grants
// one per cycle in priority order: all of the ICC's, then the DCC's, then the DMA's. A grant
// at G reaches the memory at G + X - 1 and its response the client at G + X - 1 + L + X.
void run_priority_test(unsigned xi_latency, unsigned mem_latency) {
    sim::set_protocol_checking(true);
    XiParams p;
    p.latency = xi_latency;
    XiBench b(p, mem_latency);
    ScriptedInitiator* clients[] = {&b.icc, &b.dcc, &b.dma};
    for (unsigned c = 0; c < 3; ++c)
        for (unsigned k = 0; k < 3; ++k) clients[c]->read(10 + k, kBase + 0x1000 * c + 32 * k, 32);
    sc_core::sc_start();

    const uint64_t x = xi_latency, l = mem_latency;
    ASSERT_EQ(b.mem.log().size(), 9u);
    for (unsigned c = 0; c < 3; ++c) {
        for (unsigned k = 0; k < 3; ++k) {
            const uint64_t grant = 11 + 3 * c + k;
            const ScriptedInitiator::Record& r = clients[c]->record(k);
            EXPECT_EQ(r.sent, 10 + k);
            EXPECT_EQ(r.accepted, 10 + k);  // the queues (4 deep) never fill
            const MemoryTarget::Access& a = b.mem.log()[3 * c + k];
            EXPECT_EQ(a.address, r.request.address);
            EXPECT_EQ(a.arrived, grant + x - 1) << "client " << c << " request " << k;
            EXPECT_EQ(r.responded, grant + x - 1 + l + x) << "client " << c << " request " << k;
            EXPECT_EQ(r.status, tlm::TLM_OK_RESPONSE);
            expect_pattern(r);
        }
    }
    // Queue wait (seen to grant): 0 for the ICC, 3 for the DCC, 6 for the DMA.
    EXPECT_EQ(sampler("xi.icc", "queue_wait").mean(), 0.0);
    EXPECT_EQ(sampler("xi.dcc", "queue_wait").mean(), 3.0);
    EXPECT_EQ(sampler("xi.dma", "queue_wait").mean(), 6.0);
    for (const char* c : {"xi.icc", "xi.dcc", "xi.dma"}) {
        EXPECT_EQ(counter(c, "requests"), 3u) << c;
        EXPECT_EQ(counter(c, "grants"), 3u) << c;
        EXPECT_EQ(counter(c, "responses"), 3u) << c;
        EXPECT_EQ(counter(c, "backpressure_cycles"), 0u) << c;
    }
    EXPECT_EQ(counter("xi", "forwarded"), 9u);
    EXPECT_EQ(b.xi.outstanding(), 0u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Xi, AllClientsBusyGrantsIccThenDccThenDma) { run_priority_test(1, 10); }

TEST(Xi, AllClientsBusyWithLongerForwardingLatency) { run_priority_test(3, 7); }

// One client, two requests outstanding at most, a two-entry queue and a slow memory: the third
// and fourth requests wait in the queue, the fifth is held at the port (no END_REQ) until the
// first response frees an outstanding slot, and the client cannot send the sixth before that.
TEST(Xi, OutstandingLimitBackPressuresTheClient) {
    sim::set_protocol_checking(true);
    XiParams p;
    p.max_outstanding = 2;
    p.queue_depth = 2;
    p.latency = 1;
    const uint64_t l = 20;
    XiBench b(p, l);
    for (unsigned k = 0; k < 6; ++k) b.dcc.read(10, kBase + 64 * k, 16);
    sc_core::sc_start();

    // Grants: 11 and 12, then each one response later: a grant at G is answered at G + L + 1.
    const uint64_t g[6] = {11, 12, 11 + (l + 1), 12 + (l + 1), 11 + 2 * (l + 1), 12 + 2 * (l + 1)};
    const uint64_t sent[6] = {10, 11, 12, 13, 14, g[2] + 1};
    const uint64_t accepted[6] = {10, 11, 12, 13, g[2], g[2] + 1};
    ASSERT_EQ(b.mem.log().size(), 6u);
    for (unsigned k = 0; k < 6; ++k) {
        const ScriptedInitiator::Record& r = b.dcc.record(k);
        EXPECT_EQ(r.sent, sent[k]) << k;
        EXPECT_EQ(r.accepted, accepted[k]) << k;
        EXPECT_EQ(b.mem.log()[k].arrived, g[k]) << k;
        EXPECT_EQ(r.responded, g[k] + l + 1) << k;
        expect_pattern(r);
    }
    // The fifth request was held from its BEGIN_REQ (14) to its END_REQ (g[2]).
    EXPECT_EQ(counter("xi.dcc", "backpressure_cycles"), g[2] - 14);
    const sim::Sampler wait = sampler("xi.dcc", "queue_wait");
    EXPECT_EQ(wait.count, 6u);
    // Seen at 11, 12, 13, 14, 15, g[2] + 2; granted at g[k].
    EXPECT_EQ(wait.sum,
              double(0 + 0 + (g[2] - 13) + (g[3] - 14) + (g[4] - 15) + (g[5] - g[2] - 2)));
    EXPECT_EQ(sampler("xi", "outstanding").max, 2.0);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// Responses come back out of order (each client's region has its own memory latency) and each
// reaches the client that issued it, with that client's data and extension.
TEST(Xi, ResponsesReturnToTheIssuingClient) {
    sim::set_protocol_checking(true);
    XiBench b(XiParams{}, 10);
    const unsigned latency[3] = {30, 15, 3};  // ICC, DCC, DMA regions
    b.mem.latency_of = [&](const tlm::tlm_generic_payload& gp) {
        return latency[(gp.get_address() - kBase) / 0x1000];
    };
    ScriptedInitiator* clients[] = {&b.icc, &b.dcc, &b.dma};
    const Client ids[] = {Client::kIcc, Client::kDcc, Client::kDma};
    for (unsigned c = 0; c < 3; ++c)
        for (unsigned k = 0; k < 3; ++k) clients[c]->read(10 + k, kBase + 0x1000 * c + 8 * k, 8);
    sc_core::sc_start();

    for (unsigned c = 0; c < 3; ++c) {
        ASSERT_EQ(clients[c]->responses(), 3u);
        for (unsigned k = 0; k < 3; ++k) {
            const ScriptedInitiator::Record& r = clients[c]->record(k);
            const uint64_t grant = 11 + 3 * c + k;
            EXPECT_EQ(r.responded, grant + latency[c] + 1) << c << " " << k;
            EXPECT_EQ(r.client, ids[c]);
            expect_pattern(r);
        }
    }
    // The DMA, granted last, is answered first.
    EXPECT_LT(b.dma.record(2).responded, b.dcc.record(0).responded);
    EXPECT_LT(b.dcc.record(2).responded, b.icc.record(0).responded);
    EXPECT_EQ(counter("xi.icc", "responses"), 3u);
    EXPECT_EQ(counter("xi.dma", "responses"), 3u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// The ICC and the DCC each stream 20 reads, one per cycle from cycle 10; the DMA sends one read
// at cycle 10. Fixed priority serves all of the ICC's, then all of the DCC's, and the DMA's
// read the first cycle neither has one pending.
TEST(Xi, DmaIsServedAsSoonAsTheOthersStop) {
    sim::set_protocol_checking(true);
    const unsigned n = 20;
    const uint64_t l = 4;
    XiBench b(XiParams{}, l);
    for (unsigned k = 0; k < n; ++k) {
        b.icc.read(10, kBase + 16 * k, 16);
        b.dcc.read(10, kBase + 0x1000 + 16 * k, 16);
    }
    b.dma.read(10, kBase + 0x2000, 16);
    sc_core::sc_start();

    ASSERT_EQ(b.mem.log().size(), 2 * n + 1);
    for (unsigned k = 0; k < 2 * n + 1; ++k) {
        const Client expected = k < n ? Client::kIcc : k < 2 * n ? Client::kDcc : Client::kDma;
        EXPECT_EQ(b.mem.log()[k].client, expected) << k;
        EXPECT_EQ(b.mem.log()[k].arrived, 11 + k) << k;  // one grant per cycle from 11
    }
    const uint64_t dma_grant = 11 + 2 * n;
    EXPECT_EQ(b.dma.record(0).responded, dma_grant + l + 1);
    expect_pattern(b.dma.record(0));
    EXPECT_EQ(sampler("xi.dma", "queue_wait").max, double(dma_grant - 11));
    // The DCC's queue filled while the ICC was served: its fifth read was held from 14 to 31.
    EXPECT_EQ(b.dcc.record(4).accepted, 11u + n);
    EXPECT_EQ(counter("xi.icc", "backpressure_cycles"), 0u);
    EXPECT_EQ(counter("xi.dcc", "grants"), n);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// The interconnect takes one request at a time (END_REQ only once the previous one has been
// answered): the XI keeps each further request until END_REQ and sends it at the next edge.
TEST(Xi, WaitsForEndReqFromTheInterconnect) {
    sim::set_protocol_checking(true);
    const uint64_t l = 5;
    XiBench b(XiParams{}, l);
    b.mem.max_outstanding = 1;
    for (unsigned k = 0; k < 3; ++k) b.icc.read(10, kBase + 32 * k, 32);
    sc_core::sc_start();

    // #0 reaches the memory at 11 and is answered at 11 + L; the memory then accepts #1 (sent at
    // 12), answers it L later, and so on: #2 leaves the XI the edge after #1's END_REQ.
    ASSERT_EQ(b.mem.log().size(), 3u);
    const uint64_t r0 = 11 + l, r1 = r0 + l, r2 = r1 + l;
    EXPECT_EQ(b.mem.log()[0].arrived, 11u);
    EXPECT_EQ(b.mem.log()[1].arrived, r0);
    EXPECT_EQ(b.mem.log()[2].arrived, r1);
    EXPECT_EQ(b.icc.record(0).responded, r0 + 1);
    EXPECT_EQ(b.icc.record(1).responded, r1 + 1);
    EXPECT_EQ(b.icc.record(2).responded, r2 + 1);
    for (unsigned k = 0; k < 3; ++k) expect_pattern(b.icc.record(k));
    EXPECT_EQ(counter("xi", "forwarded"), 3u);
    EXPECT_EQ(sampler("xi", "outstanding").max, 3.0);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// The XI offers its queue depths, outstanding count and grant id to the VCD tracer.
TEST(Xi, TracesQueueDepthsOutstandingAndGrant) {
    sim::set_protocol_checking(true);
    const std::string path = ::testing::TempDir() + "xi_trace_test.vcd";
    sim::VcdTracer::instance().configure(path, "xi.*", 0, 100);
    XiBench b(XiParams{}, 10);
    sim::VcdTracer::instance().start(b.core, {&b.core});
    b.icc.read(10, kBase, 32);
    b.dma.read(10, kBase + 0x40, 32);
    sc_core::sc_start();
    sim::VcdTracer::instance().finish();

    EXPECT_EQ(sim::VcdTracer::instance().traced(), 5u);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    for (const char* var : {" icc_queue_depth ", " dcc_queue_depth ", " dma_queue_depth ",
                            " outstanding ", " grant_id "})
        EXPECT_NE(text.str().find(var), std::string::npos) << var;
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

}  // namespace
}  // namespace mvp
