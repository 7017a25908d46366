// The ICC with the XI and a fixed-latency memory behind it, fed by scripted fetch initiators:
// exact hit and miss latencies, real bytes, MSHR merging and back-pressure, LRU replacement,
// invalidation, bank conflicts, malformed fetches, options, statistics and tracing.

#include "modules/icc/icc.h"

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/vcd_tracer.h"
#include "modules/xi/xi.h"
#include "tb/xi/memory_target.h"
#include "tb/xi/scripted_initiator.h"

namespace mvp {
namespace {

using Client = sim::GpuExtension::Client;
using sc_core::SC_NS;
using sc_core::sc_time;
using tb::MemoryTarget;
using tb::ScriptedInitiator;

constexpr uint64_t kBase = 0x80000000;  // code_base: the start of the memory
constexpr unsigned kMemLatency = 10;

// Fetch initiators -> ICC -> XI (with idle DCC and DMA clients) -> memory, at 1 GHz.
struct IccBench {
    const IccParams ip;
    const XiParams xp;
    const unsigned mem_latency;
    sim::ClockDomain core;
    std::vector<std::unique_ptr<ScriptedInitiator>> fetch;
    Icc icc;
    Xi xi;
    ScriptedInitiator dcc;
    ScriptedInitiator dma;
    MemoryTarget mem;

    explicit IccBench(const IccParams& icc_params = IccParams{},
                      const XiParams& xi_params = XiParams{}, unsigned latency = kMemLatency)
        : ip(icc_params),
          xp(xi_params),
          mem_latency(latency),
          core("core", 1000.0),
          icc("icc", core, ip),
          xi("xi", core, xp),
          dcc("dcc_client", core, Client::kDcc),
          dma("dma_client", core, Client::kDma),
          mem("mem", core, kBase, 0x10000, latency) {
        mem.fill_pattern();
        for (unsigned p = 0; p < ip.fetch_ports; ++p) {
            std::string n = "fetch" + std::to_string(p);
            fetch.push_back(std::make_unique<ScriptedInitiator>(n.c_str(), core));
            sim::connect(fetch[p]->port.socket, icc.fetch(p).socket, n + "_to_icc");
        }
        sim::connect(icc.xi.socket, xi.icc.socket, "icc_to_xi");
        sim::connect(dcc.port.socket, xi.dcc.socket, "dcc_to_xi");
        sim::connect(dma.port.socket, xi.dma.socket, "dma_to_xi");
        sim::connect(xi.noc.socket, mem.port.socket, "xi_to_mem");
    }

    ScriptedInitiator& f(unsigned p = 0) { return *fetch[p]; }

    // The edge at which a fill answers its fetches, for a line request that leaves the ICC at
    // edge e: the XI forwards it at e + X, the memory answers at e + X + L, the XI returns it at
    // e + 2X + L, and the ICC writes it at the next edge.
    uint64_t fill_edge(uint64_t e) const { return e + 2 * xp.latency + mem_latency + 1; }
    // A miss sent at edge t with no contention: looked up at t + 1, its line request leaves at
    // t + hit_latency.
    uint64_t miss_answer(uint64_t t) const { return fill_edge(t + ip.hit_latency); }
    uint64_t hit_answer(uint64_t t) const { return t + ip.hit_latency; }
};

void expect_code_bytes(const ScriptedInitiator::Record& r) {
    ASSERT_EQ(r.status, tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(r.data.size(), r.request.length);
    for (unsigned i = 0; i < r.request.length; ++i)
        ASSERT_EQ(r.data[i], MemoryTarget::pattern(r.request.address + i))
            << "byte " << i << " of the fetch at 0x" << std::hex << r.request.address;
}

TEST(Icc, HitIsAnsweredAfterTheHitLatencyWithTheCachedBytes) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase + 0x100, 8);    // miss: brings the line in
    b.f().read(100, kBase + 0x108, 16);  // hit in the same line
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(0).responded, b.miss_answer(10));
    EXPECT_EQ(b.f().record(1).responded, 101u);  // hit latency 1
    expect_code_bytes(b.f().record(0));
    expect_code_bytes(b.f().record(1));
    EXPECT_EQ(b.mem.log().size(), 1u);
    EXPECT_EQ(b.icc.counters().fetches, 2u);
    EXPECT_EQ(b.icc.counters().hits, 1u);
    EXPECT_EQ(b.icc.counters().misses, 1u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, HitLatencyFollowsTheOption) {
    sim::set_protocol_checking(true);
    IccParams p;
    p.hit_latency = 3;
    IccBench b(p);
    b.f().read(10, kBase, 8);
    b.f().read(100, kBase + 8, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(0).responded, 10u + 3 + 2 * 1 + kMemLatency + 1);
    EXPECT_EQ(b.f().record(1).responded, 103u);
    expect_code_bytes(b.f().record(1));
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// Miss latency = hit latency (lookup) + XI forward + memory + XI back + 1 (fill), exactly.
void run_miss_latency_test(unsigned hit_latency, unsigned xi_latency, unsigned mem_latency) {
    sim::set_protocol_checking(true);
    IccParams ip;
    ip.hit_latency = hit_latency;
    XiParams xp;
    xp.latency = xi_latency;
    IccBench b(ip, xp, mem_latency);
    b.f().read(10, kBase + 0x2a8, 16);
    sc_core::sc_start();

    const uint64_t h = hit_latency, x = xi_latency, l = mem_latency;
    ASSERT_EQ(b.mem.log().size(), 1u);
    const MemoryTarget::Access& a = b.mem.log()[0];
    EXPECT_EQ(a.address, kBase + 0x2a0);  // the whole line
    EXPECT_EQ(a.length, 32u);
    EXPECT_EQ(a.client, Client::kIcc);
    EXPECT_EQ(a.arrived, 10 + h + x);
    EXPECT_EQ(a.responded, 10 + h + x + l);
    EXPECT_EQ(b.f().record(0).sent, 10u);
    EXPECT_EQ(b.f().record(0).responded, 10 + h + x + l + x + 1);
    expect_code_bytes(b.f().record(0));
    EXPECT_EQ(b.icc.counters().fill_bytes, 32u);
    EXPECT_TRUE(b.icc.contains(kBase + 0x2a0));
    EXPECT_EQ(b.icc.mshrs_in_use(), 0u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, MissLatencyIsTheMemoryPathWithDefaults) { run_miss_latency_test(1, 1, kMemLatency); }

TEST(Icc, MissLatencyIsTheMemoryPathWithOtherLatencies) { run_miss_latency_test(2, 3, 7); }

TEST(Icc, FetchesReturnTheBytesOfMemory) {
    sim::set_protocol_checking(true);
    IccBench b;
    // 8- and 16-byte fetches at every 8-byte position of four lines, misses and hits.
    uint64_t cycle = 10;
    for (unsigned line = 0; line < 4; ++line) {
        for (unsigned off = 0; off < 32; off += 8) {
            b.f().read(cycle, kBase + 0x1000 + 32 * line + off, off == 24 ? 8 : 16);
            cycle += 20;
        }
    }
    sc_core::sc_start();

    ASSERT_EQ(b.f().responses(), 16u);
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(b.icc.counters().misses, 4u);
    EXPECT_EQ(b.icc.counters().hits, 12u);
    EXPECT_EQ(b.mem.log().size(), 4u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// One fetch per cycle: hits are pipelined, and a hit under a miss overtakes it.
TEST(Icc, HitsArePipelinedAndOvertakeAMiss) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase, 8);  // warm the line
    for (unsigned k = 0; k < 4; ++k) b.f().read(50, kBase + 8 * k, 8);
    b.f().read(60, kBase + 0x400, 8);  // miss
    b.f().read(60, kBase + 0x10, 8);   // hit under the miss
    sc_core::sc_start();

    for (unsigned k = 0; k < 4; ++k) {
        EXPECT_EQ(b.f().record(1 + k).sent, 50u + k);
        EXPECT_EQ(b.f().record(1 + k).responded, 51u + k);
    }
    EXPECT_EQ(b.f().record(6).sent, 61u);
    EXPECT_EQ(b.f().record(6).responded, 62u);
    EXPECT_EQ(b.f().record(5).responded, b.miss_answer(60));
    const std::vector<size_t>& order = b.f().response_order();
    ASSERT_EQ(order.size(), 7u);
    EXPECT_EQ(order[5], 6u);  // the hit before the miss
    EXPECT_EQ(order[6], 5u);
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// A hit at an idle ICC (no MSHR in use, nothing queued) is looked up when it arrives and
// completed on the forward call with the response valid from the next edge, the edge of the
// tick it would otherwise have: same edges and statistics, no tick of the ICC.
TEST(Icc, AHitAtAnIdleIccIsAnsweredWithoutATick) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase, 8);  // miss: brings the line in
    b.f().read(100, kBase + 8, 8);
    b.f().read(200, kBase + 16, 16);
    b.f().read(300, kBase, 8);
    sc_core::sc_start(sc_time(50, SC_NS));
    ASSERT_EQ(b.f().responses(), 1u);
    const uint64_t edges = b.core.active_edges();
    sc_core::sc_start();

    for (unsigned k = 1; k < 4; ++k) {
        const uint64_t t = 100 * k;
        EXPECT_EQ(b.f().record(k).sent, t);
        EXPECT_EQ(b.f().record(k).accepted, t);
        EXPECT_EQ(b.f().record(k).responded, t + 1);
        expect_code_bytes(b.f().record(k));
    }
    // The initiator's three sending edges only: none for the ICC.
    EXPECT_EQ(b.core.active_edges() - edges, 3u);
    EXPECT_EQ(b.icc.counters().hits, 3u);
    EXPECT_EQ(b.icc.counters().fetches, 4u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, TwoMissesToOneLineMakeOneMemoryRequest) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase + 0x40, 8);
    b.f().read(11, kBase + 0x48, 16);
    sc_core::sc_start();

    ASSERT_EQ(b.mem.log().size(), 1u);
    const uint64_t fill = b.miss_answer(10);
    EXPECT_EQ(b.f().record(0).responded, fill);
    EXPECT_EQ(b.f().record(1).responded, fill);  // answered by the same fill
    expect_code_bytes(b.f().record(0));
    expect_code_bytes(b.f().record(1));
    EXPECT_EQ(b.icc.counters().misses, 1u);
    EXPECT_EQ(b.icc.counters().mshr_merges, 1u);
    EXPECT_EQ(b.icc.counters().fetches, 2u);
    EXPECT_EQ(b.icc.counters().fill_bytes, 32u);
    EXPECT_EQ(b.icc.mshr_occupancy().max, 1.0);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// Two MSHRs, four misses to four lines (banks 0..3) sent at 10..13. A and B take the MSHRs;
// C finds none and waits in the port register, so D is held at the port (no END_REQ). A's
// fill frees an MSHR: C takes it that edge and D is accepted; B's fill frees the other for D.
TEST(Icc, MshrFullHoldsFetchesBack) {
    sim::set_protocol_checking(true);
    IccParams p;
    p.mshr_entries = 2;
    IccBench b(p);
    for (unsigned k = 0; k < 4; ++k) b.f().read(10, kBase + 32 * k, 8);
    sc_core::sc_start();

    const uint64_t fill_a = b.miss_answer(10);  // request left at 11
    const uint64_t fill_b = b.miss_answer(11);  // request left at 12
    EXPECT_EQ(b.f().record(0).responded, fill_a);
    EXPECT_EQ(b.f().record(1).responded, fill_b);
    // C: looked up at 13, stalled until fill_a, when its request leaves.
    EXPECT_EQ(b.f().record(2).sent, 12u);
    EXPECT_EQ(b.f().record(2).responded, b.fill_edge(fill_a));
    // D: sent at 13, held until C left the register at fill_a; looked up at fill_a + 1.
    EXPECT_EQ(b.f().record(3).sent, 13u);
    EXPECT_EQ(b.f().record(3).accepted, fill_a);
    EXPECT_EQ(b.f().record(3).responded, b.fill_edge(fill_a + 1));
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(b.mem.log().size(), 4u);
    EXPECT_EQ(b.icc.counters().stall_cycles, fill_a - 13);
    EXPECT_EQ(b.icc.counters().misses, 4u);
    EXPECT_EQ(b.icc.mshr_occupancy().max, 2.0);
    EXPECT_EQ(b.icc.counters().bank_conflicts, 0u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// An MSHR holds at most mshr_max_merge fetches: the third fetch to the line waits for the
// fill, then (its bank busy with the fill that edge) hits one cycle later.
TEST(Icc, MergeLimitStallsTheNextFetchToTheLine) {
    sim::set_protocol_checking(true);
    IccParams p;
    p.mshr_max_merge = 2;
    IccBench b(p);
    for (unsigned k = 0; k < 3; ++k) b.f().read(10, kBase + 0x80 + 8 * k, 8);
    sc_core::sc_start();

    const uint64_t fill = b.miss_answer(10);
    EXPECT_EQ(b.f().record(0).responded, fill);
    EXPECT_EQ(b.f().record(1).responded, fill);
    EXPECT_EQ(b.f().record(2).responded, fill + 1);
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(b.mem.log().size(), 1u);
    EXPECT_EQ(b.icc.counters().misses, 1u);
    EXPECT_EQ(b.icc.counters().mshr_merges, 1u);
    EXPECT_EQ(b.icc.counters().hits, 1u);
    EXPECT_EQ(b.icc.counters().stall_cycles, fill + 1 - 13);  // first tried at 13
    EXPECT_EQ(b.icc.counters().bank_conflicts, 1u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// Five lines of one set (4 ways): after A B C D, a hit on A makes B the least recently used,
// so E evicts B; then B evicts C.
TEST(Icc, LruReplacementEvictsTheLeastRecentlyUsedLine) {
    sim::set_protocol_checking(true);
    IccBench b;
    const uint64_t way_stride = uint64_t{b.icc.sets()} * 32;  // 8 KiB: same set, next line
    const uint64_t a = kBase, bb = a + way_stride, c = a + 2 * way_stride, d = a + 3 * way_stride,
                   e = a + 4 * way_stride;
    ASSERT_EQ(b.icc.set_of(e), b.icc.set_of(a));
    b.f().read(10, a, 8);
    b.f().read(40, bb, 8);
    b.f().read(70, c, 8);
    b.f().read(100, d, 8);
    b.f().read(130, a, 8);  // hit
    b.f().read(160, e, 8);  // evicts B
    sc_core::sc_start(sc_time(190, SC_NS));

    EXPECT_TRUE(b.icc.contains(a));
    EXPECT_FALSE(b.icc.contains(bb));
    EXPECT_TRUE(b.icc.contains(c));
    EXPECT_TRUE(b.icc.contains(d));
    EXPECT_TRUE(b.icc.contains(e));
    EXPECT_EQ(b.mem.log().size(), 5u);

    b.f().read(200, bb, 8);  // miss again: evicts C (A 130, D 100, E 160 are more recent)
    b.f().read(230, a, 8);   // still a hit
    sc_core::sc_start();
    EXPECT_FALSE(b.icc.contains(c));
    EXPECT_TRUE(b.icc.contains(bb));
    EXPECT_EQ(b.mem.log().size(), 6u);
    EXPECT_EQ(b.mem.log()[5].address, bb);
    EXPECT_EQ(b.f().record(7).responded, 231u);
    EXPECT_EQ(b.icc.counters().hits, 2u);
    EXPECT_EQ(b.icc.counters().misses, 6u);
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, InvalidateClearsEveryLine) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase, 8);
    b.f().read(11, kBase + 0x20, 8);
    sc_core::sc_start(sc_time(50, SC_NS));
    EXPECT_TRUE(b.icc.contains(kBase));
    EXPECT_TRUE(b.icc.contains(kBase + 0x20));

    b.icc.invalidate();  // kernel launch
    EXPECT_FALSE(b.icc.contains(kBase));
    EXPECT_FALSE(b.icc.contains(kBase + 0x20));
    b.f().read(60, kBase + 8, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(2).responded, b.miss_answer(60));
    expect_code_bytes(b.f().record(2));
    EXPECT_EQ(b.mem.log().size(), 3u);
    EXPECT_EQ(b.icc.counters().misses, 3u);
    EXPECT_EQ(b.icc.counters().invalidations, 1u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// A miss in flight across an invalidation still answers its fetch, but a later fetch to the
// line does not merge into it: it requests the line again, and that fill is the one installed.
TEST(Icc, InvalidateDuringAMissRefetchesTheLine) {
    sim::set_protocol_checking(true);
    IccBench b;
    b.f().read(10, kBase + 0x60, 8);
    sc_core::sc_start(sc_time(12500, sc_core::SC_PS));  // after the lookup at 11
    ASSERT_EQ(b.icc.mshrs_in_use(), 1u);
    b.icc.invalidate();
    b.f().read(13, kBase + 0x68, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(0).responded, b.miss_answer(10));
    EXPECT_EQ(b.f().record(1).responded, b.miss_answer(13));
    expect_code_bytes(b.f().record(0));
    expect_code_bytes(b.f().record(1));
    EXPECT_EQ(b.mem.log().size(), 2u);
    EXPECT_EQ(b.icc.counters().mshr_merges, 0u);
    EXPECT_EQ(b.icc.counters().misses, 2u);
    EXPECT_EQ(b.icc.mshr_occupancy().max, 2.0);
    EXPECT_TRUE(b.icc.contains(kBase + 0x60));
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// Two fetch ports: two lookups to one bank in one cycle serialise (the lower port first on a
// tie); to different banks they proceed together.
TEST(Icc, SameBankFetchesInOneCycleSerialise) {
    sim::set_protocol_checking(true);
    IccParams p;
    p.fetch_ports = 2;
    IccBench b(p);
    const uint64_t x = kBase, y = kBase + 4 * 32, z = kBase + 32;  // banks 0, 0, 1
    ASSERT_EQ(b.icc.bank_of(x), b.icc.bank_of(y));
    ASSERT_NE(b.icc.bank_of(x), b.icc.bank_of(z));
    b.f(0).read(10, x, 8);
    b.f(0).read(40, y, 8);
    b.f(0).read(70, z, 8);
    b.f(0).read(100, x, 8);
    b.f(1).read(100, y + 8, 8);
    b.f(0).read(130, x + 8, 8);
    b.f(1).read(130, z + 8, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f(0).record(3).responded, 101u);
    EXPECT_EQ(b.f(1).record(0).responded, 102u);  // same bank: one cycle later
    EXPECT_EQ(b.f(0).record(4).responded, 131u);
    EXPECT_EQ(b.f(1).record(1).responded, 131u);  // different banks: together
    EXPECT_EQ(b.icc.counters().bank_conflicts, 1u);
    EXPECT_EQ(b.icc.counters().hits, 4u);
    for (unsigned p2 = 0; p2 < 2; ++p2)
        for (const ScriptedInitiator::Record& r : b.f(p2).records()) expect_code_bytes(r);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// A fill writes its bank at its fill edge: a hit to the same bank that edge waits one cycle.
TEST(Icc, FillDelaysALookupToItsBank) {
    sim::set_protocol_checking(true);
    IccBench b;
    const uint64_t x = kBase, y = kBase + 4 * 32;  // both in bank 0
    b.f().read(10, x, 8);
    b.f().read(50, y, 8);  // miss, filled at miss_answer(50)
    const uint64_t fill = b.miss_answer(50);
    b.f().read(fill - 1, x + 8, 8);  // looked up at the fill edge
    b.f().read(fill + 10, x + 16, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(1).responded, fill);
    EXPECT_EQ(b.f().record(2).responded, fill + 1);
    EXPECT_EQ(b.f().record(3).responded, fill + 11);
    EXPECT_EQ(b.icc.counters().bank_conflicts, 1u);
    for (const ScriptedInitiator::Record& r : b.f().records()) expect_code_bytes(r);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, MalformedFetchesAreAnsweredWithErrors) {
    sim::set_protocol_checking(true);
    IccBench b;
    ScriptedInitiator::Request write{10, kBase, 8, tlm::TLM_WRITE_COMMAND,
                                     std::vector<unsigned char>(8, 0)};
    b.f().add(write);
    b.f().read(11, kBase + 24, 16);  // crosses into the next line
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(0).status, tlm::TLM_COMMAND_ERROR_RESPONSE);
    EXPECT_EQ(b.f().record(0).responded, 11u);
    EXPECT_EQ(b.f().record(1).status, tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(b.f().record(1).responded, 12u);
    EXPECT_EQ(b.icc.counters().fetch_errors, 2u);
    EXPECT_EQ(b.icc.counters().fetches, 0u);
    EXPECT_TRUE(b.mem.log().empty());
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

// A line that comes back with an error is not installed; its fetches get the line's error
// status (here the memory's address error), so that the SP can name it.
TEST(Icc, LineErrorIsPassedToTheFetches) {
    sim::set_protocol_checking(true);
    IccBench b;
    const uint64_t outside = kBase + 0x10000;  // past the end of the memory
    b.f().read(10, outside, 8);
    b.f().read(11, outside + 8, 8);
    sc_core::sc_start();

    EXPECT_EQ(b.f().record(0).responded, b.miss_answer(10));
    EXPECT_EQ(b.f().record(0).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.f().record(1).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_FALSE(b.icc.contains(outside));
    EXPECT_EQ(b.icc.counters().fill_bytes, 0u);
    EXPECT_EQ(b.icc.mshrs_in_use(), 0u);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(Icc, ParametersComeFromTheOptions) {
    config::Config c;
    IccParams p = IccParams::from_config(c);
    EXPECT_EQ(p.size, 32768u);
    EXPECT_EQ(p.banks, 4u);
    EXPECT_EQ(p.line_bytes, 32u);
    EXPECT_EQ(p.assoc, 4u);
    EXPECT_EQ(p.hit_latency, 1u);
    EXPECT_EQ(p.mshr_entries, 4u);
    EXPECT_EQ(p.mshr_max_merge, 8u);
    EXPECT_EQ(p.fetch_ports, 1u);
    XiParams x = XiParams::from_config(c);
    EXPECT_EQ(x.max_outstanding, 16u);
    EXPECT_EQ(x.queue_depth, 4u);
    EXPECT_EQ(x.latency, 1u);

    c.set("mvpgpu_icc_size", "256", "command line");
    c.set("mvpgpu_icc_assoc", "16", "command line");
    try {
        IccParams::from_config(c);
        ADD_FAILURE() << "no error for a cache smaller than one set";
    } catch (const config::ConfigError& e) {
        EXPECT_STREQ(e.what(),
                     "-mvpgpu_icc_size 256 is not a multiple of -mvpgpu_icc_line_bytes 32 x "
                     "-mvpgpu_icc_assoc 16");
    }
}

TEST(Icc, StatisticsAndTrace) {
    sim::set_protocol_checking(true);
    const std::string path = ::testing::TempDir() + "icc_trace_test.vcd";
    sim::VcdTracer::instance().configure(path, "icc.*", 0, 100);
    IccBench b;
    sim::VcdTracer::instance().start(b.core, {&b.core});
    b.f().read(10, kBase + 0x1234 - 4, 8);
    b.f().read(11, kBase + 0x1234 - 4, 8);
    b.f().read(40, kBase + 0x1234 + 4, 8);
    sc_core::sc_start();
    sim::VcdTracer::instance().finish();

    EXPECT_EQ(sim::VcdTracer::instance().traced(), 3u);
    std::ifstream in(path);
    std::stringstream vcd;
    vcd << in.rdbuf();
    for (const char* var : {" mshr_occupancy ", " fetch_address ", " hit "})
        EXPECT_NE(vcd.str().find(var), std::string::npos) << var;

    std::stringstream text;
    sim::StatGroup::write_text(text);
    for (const char* line : {"icc.fetches 3 ", "icc.hits 1 ", "icc.misses 1 ", "icc.mshr_merges 1 ",
                             "icc.fill_bytes 32 ", "icc.stall_cycles 0 "})
        EXPECT_NE(text.str().find(line), std::string::npos) << line;
    // One MSHR busy from the lookup at 11 to the fill: per-cycle samples from cycle 0.
    const uint64_t fill = b.miss_answer(10);
    EXPECT_EQ(b.icc.mshr_occupancy().count, fill);
    EXPECT_EQ(b.icc.mshr_occupancy().sum, double(fill - 11));
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

}  // namespace
}  // namespace mvp
