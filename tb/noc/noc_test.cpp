// Exact-cycle tests of the interconnect. Scripted generators (one per SP port) and
// fixed-latency memories (one per memory port) run on the NoC's clock; every expected cycle is
// written from the parameters:
//   - a request sent at edge e leaves the NoC at edge e + latency + flits(request) when
//     nothing is in its way, and the memory registers it one edge later;
//   - the memory answers `kMemory` cycles after registering it;
//   - the response leaves the NoC latency + flits(response) cycles after the memory sent it.

#include "modules/noc/noc.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "modules/noc/cycle_history.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "tb/noc/fixed_latency_memory.h"
#include "tb/noc/traffic_generator.h"

namespace mvp {
namespace {

using sim::ProtocolChecker;
using tb::FixedLatencyMemory;
using tb::TrafficGenerator;

constexpr uint32_t kBase = 0x80000000u;
constexpr unsigned kMemory = 5;  // cycles the memory takes after registering a request

struct Bench {
    Bench(const NocParams& params, unsigned n_sp, unsigned n_mem, unsigned memory_latency = kMemory,
          unsigned memory_capacity = UINT_MAX)
        : p(params), clock("icn", 1000.0), noc("noc", clock, p, n_sp, n_mem, true) {
        for (unsigned i = 0; i <= n_sp; ++i) {
            const std::string name = i < n_sp ? "sp" + std::to_string(i) : std::string("dma");
            gens.push_back(std::make_unique<TrafficGenerator>(name.c_str(), clock, i));
            sim::connect(gens.back()->port.socket, noc.target_socket(i), name + "_link");
        }
        for (unsigned j = 0; j < n_mem; ++j) {
            const std::string name = "mem" + std::to_string(j);
            mems.push_back(std::make_unique<FixedLatencyMemory>(name.c_str(), clock, memory_latency,
                                                                memory_capacity));
            sim::connect(noc.initiator_socket(j), mems.back()->port.socket, name + "_link");
        }
    }
    TrafficGenerator& gen(unsigned i) { return *gens.at(i); }
    FixedLatencyMemory& mem(unsigned j) { return *mems.at(j); }
    unsigned flits(unsigned bytes) const { return noc.flits(bytes); }

    NocParams p;
    sim::ClockDomain clock;
    Noc noc;
    std::vector<std::unique_ptr<TrafficGenerator>> gens;
    std::vector<std::unique_ptr<FixedLatencyMemory>> mems;
};

// Every statistic of a NoC (its own group and its ports'), in creation order.
std::vector<std::string> stats_of(const Noc& noc) {
    const std::string path = noc.name();
    std::vector<std::string> out;
    for (const sim::StatGroup* g : sim::StatGroup::all()) {
        if (g->path() != path && g->path().compare(0, path.size() + 1, path + ".") != 0) continue;
        for (const std::string& line : g->lines())
            out.push_back(g->path().substr(path.size()) + " " + line);
    }
    return out;
}

class NocTest : public ::testing::Test {
  protected:
    NocTest() { sim::set_protocol_checking(true); }
    ~NocTest() override { EXPECT_EQ(ProtocolChecker::total_violations(), 0u); }
};

TEST_F(NocTest, UnloadedLatencyIsTwiceTheTraversalPlusSerialisation) {
    Bench b(NocParams{}, 1, 1);
    const NocParams& p = b.p;
    ASSERT_EQ(p.latency, 8u);
    ASSERT_EQ(p.port_bytes_per_cycle, 32u);
    const size_t read = b.gen(0).read(10, kBase, 32);
    const size_t write = b.gen(0).write(100, kBase + 64, std::vector<uint8_t>(64, 7));
    const size_t wide = b.gen(0).read(200, kBase + 128, 128);
    sc_core::sc_start();

    // A read request carries no data (one flit); its response carries 32 bytes (one flit).
    ASSERT_EQ(b.mem(0).arrivals().size(), 3u);
    EXPECT_EQ(b.mem(0).arrivals()[0].cycle, 10 + p.latency + b.flits(0) + 1);
    EXPECT_EQ(b.gen(0).record(read).responded,
              10 + (p.latency + b.flits(0)) + (1 + kMemory) + (p.latency + b.flits(32)));
    // A 64-byte write request is two flits; its response has no data.
    EXPECT_EQ(b.mem(0).arrivals()[1].cycle, 100 + p.latency + b.flits(64) + 1);
    EXPECT_EQ(b.gen(0).record(write).responded,
              100 + (p.latency + b.flits(64)) + (1 + kMemory) + (p.latency + b.flits(0)));
    // A 128-byte read response is four flits.
    EXPECT_EQ(b.gen(0).record(wide).responded,
              200 + (p.latency + b.flits(0)) + (1 + kMemory) + (p.latency + b.flits(128)));
    EXPECT_EQ(b.flits(0), 1u);
    EXPECT_EQ(b.flits(64), 2u);
    EXPECT_EQ(b.flits(128), 4u);
    EXPECT_EQ(b.noc.in_flight(), 0u);
}

TEST_F(NocTest, LatencyAndWidthComeFromTheParameters) {
    NocParams p;
    p.latency = 3;
    p.port_bytes_per_cycle = 16;
    Bench b(p, 1, 1);
    const size_t r = b.gen(0).read(10, kBase, 64);
    sc_core::sc_start();
    EXPECT_EQ(b.gen(0).record(r).responded, 10 + (3 + 1) + (1 + kMemory) + (3 + 4));
}

TEST_F(NocTest, TwoInputsContendingForOneOutputAreServedRoundRobin) {
    Bench b(NocParams{}, 2, 1);
    const NocParams& p = b.p;
    const unsigned f = b.flits(64);  // two flits per 64-byte write
    for (unsigned k = 0; k < 4; ++k) {
        b.gen(0).write(10, kBase + 64 * k, std::vector<uint8_t>(64, 1));
        b.gen(1).write(10, kBase + 0x1000 + 64 * k, std::vector<uint8_t>(64, 2));
    }
    sc_core::sc_start();
    // Each input delivers a write every f cycles, so the output (f cycles a write) is the
    // bottleneck: grants alternate sp0, sp1, sp0, ... from the first eligible cycle, f apart.
    const std::vector<FixedLatencyMemory::Arrival>& a = b.mem(0).arrivals();
    ASSERT_EQ(a.size(), 8u);
    const uint64_t first_grant = 10 + 1 + p.latency;
    for (unsigned k = 0; k < 8; ++k) {
        EXPECT_EQ(a[k].cycle, first_grant + f * k + f) << k;
        EXPECT_EQ(a[k].sp, k % 2) << k;
    }
    // Each response comes back latency + 1 flit after the memory sent it.
    for (unsigned k = 0; k < 4; ++k) {
        EXPECT_EQ(b.gen(0).record(k).responded, a[2 * k].cycle + kMemory + p.latency + 1) << k;
        EXPECT_EQ(b.gen(1).record(k).responded, a[2 * k + 1].cycle + kMemory + p.latency + 1) << k;
    }
}

TEST_F(NocTest, APortMovesItsWidthEachCycle) {
    Bench b(NocParams{}, 1, 1);
    const NocParams& p = b.p;
    for (unsigned k = 0; k < 8; ++k) b.gen(0).read(10, kBase + 32 * k, 32);
    sc_core::sc_start();
    // One-flit requests follow each other every cycle, through the NoC and into the memory.
    for (unsigned k = 0; k < 8; ++k) {
        EXPECT_EQ(b.gen(0).record(k).sent, 10 + k);
        EXPECT_EQ(b.mem(0).arrivals()[k].cycle, 10 + k + p.latency + 1 + 1);
        EXPECT_EQ(b.gen(0).record(k).responded,
                  10 + k + (p.latency + 1) + (1 + kMemory) + (p.latency + 1));
    }
}

TEST_F(NocTest, WideResponsesAreSerialisedOnTheirLinks) {
    Bench b(NocParams{}, 1, 1);
    const NocParams& p = b.p;
    const unsigned f = b.flits(128);
    for (unsigned k = 0; k < 4; ++k) b.gen(0).read(10, kBase + 128 * k, 128);
    sc_core::sc_start();
    // The requests are one cycle apart, the 128-byte responses four: the response link from
    // the memory is the bottleneck.
    const uint64_t first = 10 + (p.latency + 1) + (1 + kMemory) + (p.latency + f);
    for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(b.gen(0).record(k).responded, first + f * k) << k;
}

TEST_F(NocTest, WideWritesTakeTheirInputLinkSeveralCycles) {
    Bench b(NocParams{}, 1, 1);
    const NocParams& p = b.p;
    const unsigned f = b.flits(96);  // three flits
    for (unsigned k = 0; k < 4; ++k) b.gen(0).write(10, kBase + 128 * k, std::vector<uint8_t>(96));
    sc_core::sc_start();
    for (unsigned k = 0; k < 4; ++k) {
        EXPECT_EQ(b.gen(0).record(k).sent, 10 + f * k) << k;
        EXPECT_EQ(b.mem(0).arrivals()[k].cycle, 10 + f * k + p.latency + f + 1) << k;
    }
}

TEST_F(NocTest, AFullInputBufferHoldsEndRequest) {
    NocParams params;
    params.queue_depth = 2;
    const unsigned memory = 100;
    Bench b(params, 1, 1, memory, 1);  // the memory takes one request at a time
    const NocParams& p = b.p;
    for (unsigned k = 0; k < 5; ++k) b.gen(0).read(10, kBase + 32 * k, 32);
    sc_core::sc_start();
    const TrafficGenerator& g = b.gen(0);
    // Two requests fill the buffer at once.
    EXPECT_EQ(g.record(0).accepted, 10u);
    EXPECT_EQ(g.record(1).accepted, 11u);
    // The third waits until the first is granted its memory port (10 + 1 + latency).
    const uint64_t grant0 = 10 + 1 + p.latency;
    EXPECT_EQ(g.record(2).sent, 12u);
    EXPECT_EQ(g.record(2).accepted, grant0);
    // The second is granted the next cycle but the memory holds it (END_REQ) while it serves
    // the first; the fourth then finds the buffer full, and enters the cycle after.
    EXPECT_EQ(g.record(3).sent, grant0 + 1);
    EXPECT_EQ(g.record(3).accepted, grant0 + 2);
    // The fifth enters when the third, which entered at grant0, is granted its port (where it
    // waits for END_REQ from the memory).
    EXPECT_EQ(g.record(4).sent, grant0 + 3);
    EXPECT_EQ(g.record(4).accepted, grant0 + p.latency);
    // The memory serves one request at a time: it takes the next one (held at its port) at
    // the edge it answers the previous one, and registers it at the next edge.
    const uint64_t first_in_memory = 10 + p.latency + 1 + 1;
    for (unsigned k = 0; k < 5; ++k)
        EXPECT_EQ(b.mem(0).arrivals()[k].cycle, first_in_memory + (memory + 1) * k) << k;
    EXPECT_EQ(g.record(0).responded, first_in_memory + memory + p.latency + 1);
}

TEST_F(NocTest, ResponsesReturnToTheirPorts) {
    Bench b(NocParams{}, 3, 2);
    auto pattern = [](uint32_t address) { return static_cast<uint8_t>(address * 7 + 3); };
    for (unsigned j = 0; j < 2; ++j) {
        std::vector<uint8_t>& s = b.mem(j).storage();
        for (uint32_t k = 0; k < s.size(); ++k) s[k] = pattern(kBase + k);
    }
    // Every input (three SPs and the DMA path) reads from both controllers at once.
    std::vector<std::vector<uint32_t>> addresses(4);
    for (unsigned i = 0; i < 4; ++i) {
        for (unsigned k = 0; k < 6; ++k) {
            const uint32_t a = kBase + 256 * (k % 2) + 0x1000 * i + 32 * k;
            addresses[i].push_back(a);
            b.gen(i).read(10, a, 32);
        }
    }
    sc_core::sc_start();
    for (unsigned i = 0; i < 4; ++i) {
        for (unsigned k = 0; k < 6; ++k) {
            const TrafficGenerator::Record& r = b.gen(i).record(k);
            ASSERT_TRUE(r.done()) << i << " " << k;
            EXPECT_EQ(r.status, tlm::TLM_OK_RESPONSE);
            for (uint32_t n = 0; n < 32; ++n)
                ASSERT_EQ(r.data[n], pattern(addresses[i][k] + n)) << i << " " << k;
        }
    }
    // Interleaved every 256 bytes: controller j saw only its own blocks, from every port.
    for (unsigned j = 0; j < 2; ++j) {
        EXPECT_EQ(b.mem(j).arrivals().size(), 12u);
        for (const FixedLatencyMemory::Arrival& a : b.mem(j).arrivals())
            EXPECT_EQ(b.noc.route(a.address), j);
    }
    EXPECT_EQ(b.noc.in_flight(), 0u);
}

TEST_F(NocTest, StatisticsCountPortsBytesLatencyAndContention) {
    Bench b(NocParams{}, 2, 1);
    for (unsigned k = 0; k < 4; ++k) {
        b.gen(0).write(10, kBase + 64 * k, std::vector<uint8_t>(64, 1));
        b.gen(1).read(10, kBase + 0x1000 + 32 * k, 32);
    }
    sc_core::sc_start();
    std::ostringstream text;
    sim::StatGroup::write_text(text);
    const std::string s = text.str();
    EXPECT_NE(s.find("noc.requests 8 "), std::string::npos) << s;
    EXPECT_NE(s.find("noc.bytes 384 "), std::string::npos) << s;  // 4 x 64 in, 4 x 32 out
    EXPECT_NE(s.find("noc.sp0.requests 4 "), std::string::npos) << s;
    EXPECT_NE(s.find("noc.sp1.bytes 128 "), std::string::npos) << s;
    EXPECT_NE(s.find("noc.mem0.requests 8 "), std::string::npos) << s;
    EXPECT_NE(s.find("noc.latency mean "), std::string::npos) << s;
    EXPECT_EQ(s.find("noc.contention_stalls 0 "), std::string::npos) << s;  // they contended
}

// A request offered at an edge reaches the NoC before or after the NoC's own pass of that edge,
// as processes happen to run; no statistic may depend on which. Two inputs share one memory
// port; in each pair of benches input 1's requests start k cycles after input 0's, so that they
// arrive while the port grants; in one bench the generators tick after the NoC, in the other
// before it.
TEST_F(NocTest, StatisticsDoNotDependOnWhetherTheSenderRunsFirst) {
    struct Pair {
        std::unique_ptr<sim::ClockDomain> clock;
        std::unique_ptr<Noc> noc;
        std::vector<std::unique_ptr<TrafficGenerator>> gens;
        std::unique_ptr<FixedLatencyMemory> mem;
    };
    std::vector<Pair> late, early;
    constexpr unsigned kOffsets = 24;
    for (unsigned k = 0; k < kOffsets; ++k) {
        for (bool sender_first : {false, true}) {
            const std::string name = (sender_first ? "early" : "late") + std::to_string(k);
            Pair pair;
            pair.clock = std::make_unique<sim::ClockDomain>((name + "_clock").c_str(), 1000.0);
            // Blocks of one domain tick in the order they were attached.
            auto add_gens = [&] {
                for (unsigned i = 0; i < 2; ++i)
                    pair.gens.push_back(std::make_unique<TrafficGenerator>(
                        (name + "_gen" + std::to_string(i)).c_str(), *pair.clock, i));
            };
            if (sender_first) add_gens();
            pair.noc = std::make_unique<Noc>((name + "_noc").c_str(), *pair.clock, NocParams{}, 2,
                                             1, false);
            if (!sender_first) add_gens();
            pair.mem = std::make_unique<FixedLatencyMemory>((name + "_mem").c_str(), *pair.clock,
                                                            kMemory, UINT_MAX);
            for (unsigned i = 0; i < 2; ++i)
                sim::connect(pair.gens[i]->port.socket, pair.noc->target_socket(i),
                             name + "_link" + std::to_string(i));
            sim::connect(pair.noc->initiator_socket(0), pair.mem->port.socket, name + "_mem_link");
            for (unsigned r = 0; r < 6; ++r) {
                pair.gens[0]->read(10 + r, kBase + 32 * r, 32);
                pair.gens[1]->read(10 + k + r, kBase + 0x1000 + 32 * r, 32);
            }
            (sender_first ? early : late).push_back(std::move(pair));
        }
    }
    sc_core::sc_start();

    for (unsigned k = 0; k < kOffsets; ++k) {
        const std::vector<std::string> a = stats_of(*late[k].noc);
        ASSERT_FALSE(a.empty());
        EXPECT_EQ(a, stats_of(*early[k].noc)) << "input 1 starting at +" << k;
        for (unsigned i = 0; i < 2; ++i) {
            ASSERT_TRUE(late[k].gens[i]->finished() && early[k].gens[i]->finished()) << k;
            for (size_t r = 0; r < 6; ++r)
                EXPECT_EQ(late[k].gens[i]->record(r).responded,
                          early[k].gens[i]->record(r).responded)
                    << k;
        }
    }
}

// A memory port samples its queue as each request enters: one offered at edge e counts the queue
// as at the start of e, with the requests that waited and start at e; one that waited counts it
// after the grants of its edge. Input 0's first request enters at 11 and is granted at
// 11 + latency, which lets its second (held: the buffer takes one) start at that edge; input 1
// offers one at that edge too.
TEST_F(NocTest, AMemoryPortsDepthSampleCountsItsQueueAtItsEdge) {
    NocParams params;
    params.queue_depth = 1;
    Bench b(params, 2, 1);
    const uint64_t grant = 11 + b.p.latency;
    b.gen(0).read(10, kBase, 32);
    b.gen(0).read(11, kBase + 32, 32);
    b.gen(1).read(grant, kBase + 0x1000, 32);
    sc_core::sc_start();
    EXPECT_EQ(b.gen(0).record(1).accepted, grant);
    EXPECT_EQ(b.gen(1).record(0).sent, grant);
    // The samples: 1 (the first, alone), 1 (the second, after the first's grant), 3 (the
    // third: the first, granted at its edge, the second, started at it, and itself).
    std::ostringstream text;
    sim::StatGroup::write_text(text);
    const std::string s = text.str();
    EXPECT_NE(s.find("noc.mem0.queue_depth mean 1.66667 max 3 samples 3 "), std::string::npos) << s;
}

// Senders in tiles of a core domain on the NoC's clock, as the SPs' XIs are. With deliver_to()
// an input's request half (a held request's start, a long request's END_REQ) ticks in its
// sender's tile instead of the NoC's pass, on one host thread or two: every request must be
// sent, accepted and answered at the same edges, and every statistic (the memory ports' queue
// depth samples included) must be the same as when the NoC steps the inputs itself. Shallow
// input buffers and memories that take one request at a time make requests wait; wide writes
// take their links several cycles.
TEST_F(NocTest, AnInputsRequestHalfInItsSendersTileGivesTheSameEdges) {
    static constexpr unsigned kInputs = 6;
    static constexpr unsigned kRequests = 40;
    struct Chip {
        Chip(const std::string& name, bool links, unsigned threads)
            : core((name + "_core").c_str(), 1000.0), icn((name + "_icn").c_str(), 1000.0) {
            NocParams p;
            p.queue_depth = 4;
            noc = std::make_unique<Noc>((name + "_noc").c_str(), icn, p, kInputs, 2, false);
            for (unsigned i = 0; i < kInputs; ++i) {
                core.begin_tile();
                gens.push_back(std::make_unique<TrafficGenerator>(
                    (name + "_gen" + std::to_string(i)).c_str(), core, i));
                core.end_tile();
                sim::connect(gens[i]->port.socket, noc->target_socket(i),
                             name + "_link" + std::to_string(i));
                if (links) noc->deliver_to(i, *gens[i]);
            }
            for (unsigned j = 0; j < 2; ++j) {
                mems.push_back(std::make_unique<FixedLatencyMemory>(
                    (name + "_mem" + std::to_string(j)).c_str(), icn, 3 + 6 * j, 1));
                sim::connect(noc->initiator_socket(j), mems[j]->port.socket,
                             name + "_mem_link" + std::to_string(j));
            }
            core.set_host_threads(threads);
            // The even inputs flood memory port 0 (their buffers fill and their requests wait
            // for its grants); the odd ones send every third cycle, mostly to port 1, and find
            // room, so that requests offered and requests that waited enter port 0 at the same
            // edges, from tiles before and after each other. Every fifth of a flood is a
            // two-flit write.
            for (unsigned i = 0; i < kInputs; ++i) {
                for (unsigned r = 0; r < kRequests; ++r) {
                    const bool flood = i % 2 == 0;
                    const unsigned j = flood || r % 2 == 0 ? 0 : 1;
                    const uint32_t a = kBase + 256 * (j + 2 * (r % 8)) + 64 * (i % 4);
                    const uint64_t cycle = flood ? 10 + r : 10 + 3 * r;
                    if (flood && r % 5 == 0) {
                        gens[i]->write(cycle, a, std::vector<uint8_t>(64, uint8_t(r)));
                    } else {
                        gens[i]->read(cycle, a, 32);
                    }
                }
            }
        }
        sim::ClockDomain core;  // built first: the NoC's domain is evaluated before it
        sim::ClockDomain icn;
        std::unique_ptr<Noc> noc;
        std::vector<std::unique_ptr<TrafficGenerator>> gens;
        std::vector<std::unique_ptr<FixedLatencyMemory>> mems;
    };
    Chip stepped("stepped", false, 1), linked("linked", true, 1), threaded("threaded", true, 2);
    for (unsigned i = 0; i < kInputs; ++i) {
        EXPECT_FALSE(stepped.noc->steps_in_sender(i));
        EXPECT_TRUE(linked.noc->steps_in_sender(i));
    }
    sc_core::sc_start();
    unsigned waited = 0;
    for (unsigned i = 0; i < kInputs; ++i) {
        for (size_t r = 0; r < kRequests; ++r) {
            const TrafficGenerator::Record& a = stepped.gens[i]->record(r);
            ASSERT_TRUE(a.done()) << i << " " << r;
            if (a.accepted > a.sent) ++waited;
            for (const Chip* c : {&linked, &threaded}) {
                const TrafficGenerator::Record& b = c->gens[i]->record(r);
                EXPECT_EQ(a.sent, b.sent) << i << " " << r;
                EXPECT_EQ(a.accepted, b.accepted) << i << " " << r;
                EXPECT_EQ(a.responded, b.responded) << i << " " << r;
            }
        }
    }
    EXPECT_GT(waited, 8u);  // the requests did wait for their links and buffers
    const std::vector<std::string> s = stats_of(*stepped.noc);
    EXPECT_EQ(s, stats_of(*linked.noc));
    EXPECT_EQ(s, stats_of(*threaded.noc));
}

TEST_F(NocTest, DebugAndBlockingTransportAreRoutedByAddress) {
    Bench b(NocParams{}, 1, 2);
    uint32_t value = 0xdeadbeef;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(kBase + 256 + 8);  // controller 1
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
    gp.set_data_length(4);
    EXPECT_EQ(b.gen(0).port.socket->transport_dbg(gp), 4u);
    EXPECT_EQ(b.mem(1).storage()[256 + 8], 0xef);
    EXPECT_EQ(b.mem(0).storage()[256 + 8], 0);
    uint32_t back = 0;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_data_ptr(reinterpret_cast<unsigned char*>(&back));
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    b.gen(1).port.socket->b_transport(gp, delay);  // through the DMA port
    EXPECT_EQ(back, 0xdeadbeefu);
}

// The events of a span of cycles, counted per cycle: older cycles drop out as their slots are
// reused, and a span longer than the history is an error, not a wrong count.
TEST(CycleHistory, CountsTheEventsOfASpanOfCycles) {
    CycleHistory h;
    EXPECT_EQ(h.between(0, 0), 0u);
    h.add(5);
    h.add(5);
    h.add(6);
    h.add(9);
    EXPECT_EQ(h.between(5, 5), 2u);
    EXPECT_EQ(h.between(5, 9), 4u);
    EXPECT_EQ(h.between(6, 8), 1u);
    EXPECT_EQ(h.between(7, 8), 0u);
    EXPECT_EQ(h.between(10, 9), 0u);
    h.add(5 + CycleHistory::kCycles);  // reuses cycle 5's slot
    EXPECT_EQ(h.between(6, 5 + CycleHistory::kCycles), 3u);
    EXPECT_EQ(h.between(5 + CycleHistory::kCycles, 5 + CycleHistory::kCycles), 1u);
    EXPECT_THROW(h.between(5, 5 + CycleHistory::kCycles), std::logic_error);
    h.clear();
    EXPECT_EQ(h.between(6, 5 + CycleHistory::kCycles), 0u);
}

}  // namespace
}  // namespace mvp
