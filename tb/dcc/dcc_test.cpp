// The DCC between a scripted initiator (standing for the OCC) and a fixed-latency memory
// (standing for the XI and DDR): hit and miss latencies, dirty-victim write-back order, LRU,
// multi-word requests, hit under miss, same-line order, miss FIFO back-pressure, flush,
// invalidate, atomics, error responses and untimed access.
//
// Timing with memory latency M (a request sent at edge A is answered at A + M), for a request
// the initiator sends at edge T with the DCC otherwise idle:
//   hit:               T + hit_latency
//   miss, clean way:   T + 1 (lookup, fetch sent) + M + 1 (fill, answer)   = T + M + 2
//   miss, dirty way:   T + 1 (write-back sent) + 1 (fetch sent) + M + 1   = T + M + 3;
//                      a fetch of the victim's own line waits for the write-back's ack
//   atomic, no copy:   T + M + 2; with a dirty copy: T + 2M + 3

#include "modules/dcc/dcc.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "modules/sim/connect.h"
#include "modules/sim/gpu_extension.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "tb/dcc/recording_memory.h"
#include "tb/dcc/request_driver.h"

namespace mvp {
namespace {

constexpr uint64_t kBase = 0x80000000;
constexpr unsigned kM = 10;  // memory latency
// Three words in set 0 of the default 64-set buffer (word addresses 64 apart).
constexpr uint64_t kA = kBase;
constexpr uint64_t kB = kBase + 0x100;
constexpr uint64_t kC = kBase + 0x200;

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

// Driver -> DCC -> memory at 1 GHz.
struct Bench {
    CheckingOn checking;
    sim::ClockDomain core;
    tb::RequestDriver drv;
    Dcc dcc;
    tb::RecordingMemory mem;

    explicit Bench(const Dcc::Params& p = Dcc::Params{}, unsigned latency = kM)
        : core("core", 1000.0),
          drv("drv", core),
          dcc("dcc", core, p),
          mem("mem", core, kBase, 0x10000, latency) {
        mem.fill_pattern();
        sim::connect(drv.port.socket, dcc.port.socket, "drv_to_dcc");
        sim::connect(dcc.mem_port.socket, mem.port.socket, "dcc_to_mem");
    }

    void run() {
        sc_core::sc_start();
        EXPECT_TRUE(drv.all_done());
        EXPECT_TRUE(dcc.idle());
        EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    }
};

uint64_t stat(const std::string& path, const std::string& name) {
    const sim::StatGroup::Entry* e = sim::StatGroup::find(path, name);
    if (e && e->counter) return *e->counter;
    ADD_FAILURE() << "no statistic " << path << "." << name;
    return 0;
}

uint32_t pattern(uint64_t a) { return tb::RecordingMemory::pattern(a); }

void expect_access(const tb::RecordingMemory::Access& a, tlm::tlm_command cmd, uint64_t address,
                   unsigned length, uint64_t cycle) {
    EXPECT_EQ(a.command, cmd);
    EXPECT_EQ(a.address, address);
    EXPECT_EQ(a.length, length);
    EXPECT_EQ(a.cycle, cycle);
}

TEST(Dcc, ReadMissFetchesTheLineThenHits) {
    Bench b;
    unsigned miss = b.drv.read(1, kA + 4, 4);
    unsigned hit = b.drv.read(20, kA + 4, 4);
    b.run();
    EXPECT_EQ(b.drv.result(miss).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(miss).value32(), pattern(kA + 4));
    EXPECT_EQ(b.drv.result(hit).response_cycle, 21u);
    EXPECT_EQ(b.drv.result(hit).value32(), pattern(kA + 4));
    ASSERT_EQ(b.mem.log().size(), 1u);
    expect_access(b.mem.log()[0], tlm::TLM_READ_COMMAND, kA, 32, 2);
    EXPECT_EQ(stat("dcc", "read_hits"), 1u);
    EXPECT_EQ(stat("dcc", "read_misses"), 1u);
    EXPECT_EQ(stat("dcc", "line_fetches"), 1u);
    // Only the requested word was filled.
    Dcc::EntryView v;
    EXPECT_TRUE(b.dcc.probe(kA + 4, &v));
    EXPECT_FALSE(v.dirty);
    EXPECT_FALSE(b.dcc.probe(kA, &v));
}

TEST(Dcc, HitLatencyIsAnOption) {
    Dcc::Params p;
    p.hit_latency = 3;
    Bench b(p);
    b.drv.read(1, kA, 4);
    unsigned hit = b.drv.read(20, kA, 4);
    b.run();
    EXPECT_EQ(b.drv.result(hit).response_cycle, 23u);
}

TEST(Dcc, WriteMissAllocatesAndWriteHitsStayInTheBuffer) {
    Bench b;
    unsigned miss = b.drv.write32(1, kA, 0x11111111);
    unsigned hit = b.drv.write32(20, kA, 0x33333333);
    b.run();
    EXPECT_EQ(b.drv.result(miss).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(hit).response_cycle, 21u);
    // Write-allocate: the line was fetched, nothing was written to memory.
    ASSERT_EQ(b.mem.log().size(), 1u);
    expect_access(b.mem.log()[0], tlm::TLM_READ_COMMAND, kA, 32, 2);
    EXPECT_EQ(b.mem.read32(kA), pattern(kA));
    Dcc::EntryView v;
    ASSERT_TRUE(b.dcc.probe(kA, &v));
    EXPECT_TRUE(v.dirty);
    EXPECT_EQ(v.data, 0x33333333u);
    EXPECT_EQ(stat("dcc", "write_misses"), 1u);
    EXPECT_EQ(stat("dcc", "write_hits"), 1u);
}

TEST(Dcc, PartialWriteMissMergesIntoTheFetchedWord) {
    Bench b;
    unsigned w = b.drv.write(1, kA, {0xaa, 0, 0xbb, 0}, {0xff, 0, 0xff, 0});
    unsigned r = b.drv.read(20, kA, 4);
    b.run();
    uint32_t expect = (pattern(kA) & 0xff00ff00u) | 0x00bb00aau;
    EXPECT_EQ(b.drv.result(w).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(r).value32(), expect);
}

// Another SP's DCC may hold the same word with other bytes written: a write-back carries only
// the bytes this buffer wrote (byte enables), so both SPs' stores survive.
TEST(Dcc, WriteBackCarriesOnlyTheBytesWritten) {
    Bench b;
    b.drv.write(1, kA, {0xaa, 0, 0xbb, 0}, {0xff, 0, 0xff, 0});
    b.drv.write(20, kA + 4, {1, 2, 3, 4});
    // Memory changes behind the buffer (another SP's write-back) after the line was fetched.
    b.drv.at(30, [&] { b.mem.write32(kA, 0x44332211); });
    b.drv.at(40, [&] { b.dcc.flush(nullptr); });
    b.run();
    EXPECT_EQ(b.mem.read32(kA), 0x44bb22aau);
    EXPECT_EQ(b.mem.read32(kA + 4), 0x04030201u);
    const auto& log = b.mem.log();
    // Two fetches (the buffer fills only the words missed), then the two write-backs.
    ASSERT_EQ(log.size(), 4u);
    expect_access(log[2], tlm::TLM_WRITE_COMMAND, kA, 4, 41);
    EXPECT_EQ(log[2].enables, (std::vector<uint8_t>{0xff, 0, 0xff, 0}));
    EXPECT_TRUE(log[3].enables.empty());
}

TEST(Dcc, DirtyVictimIsWrittenBackBeforeTheLineFetch) {
    Bench b;
    b.drv.write32(1, kA, 0x11111111);    // set 0, way 0, dirty
    b.drv.write32(20, kB, 0x22222222);   // set 0, way 1, dirty
    unsigned r = b.drv.read(40, kC, 4);  // set 0: evicts A (least recently used)
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 40u + kM + 3);
    EXPECT_EQ(b.drv.result(r).value32(), pattern(kC));
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 4u);
    expect_access(log[0], tlm::TLM_READ_COMMAND, kA, 32, 2);
    expect_access(log[1], tlm::TLM_READ_COMMAND, kB, 32, 21);
    expect_access(log[2], tlm::TLM_WRITE_COMMAND, kA, 4, 41);
    EXPECT_EQ(log[2].data, (std::vector<uint8_t>{0x11, 0x11, 0x11, 0x11}));
    // C's line is not A's: its fetch follows the write-back without waiting for the ack.
    expect_access(log[3], tlm::TLM_READ_COMMAND, kC, 32, 42);
    EXPECT_EQ(b.mem.read32(kA), 0x11111111u);
    Dcc::EntryView v;
    EXPECT_FALSE(b.dcc.probe(kA, &v));
    ASSERT_TRUE(b.dcc.probe(kB, &v));
    EXPECT_TRUE(v.dirty);
    ASSERT_TRUE(b.dcc.probe(kC, &v));
    EXPECT_FALSE(v.dirty);
    EXPECT_EQ(stat("dcc", "write_backs"), 1u);
}

TEST(Dcc, FetchOfALineWithAWriteBackInFlightWaitsForItsAcknowledgement) {
    Bench b;
    b.drv.write32(1, kA, 0x11111111);
    b.drv.write32(20, kB, 0x22222222);
    b.drv.read(40, kC, 4);                      // evicts A: write-back of A's word at 41
    unsigned r = b.drv.read(41, kA + 4, 4);     // another word of A's line, set 1
    unsigned d = b.drv.read(42, kA + 0x44, 4);  // another line, set 17: overtakes nothing
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 6u);
    expect_access(log[2], tlm::TLM_WRITE_COMMAND, kA, 4, 41);
    expect_access(log[3], tlm::TLM_READ_COMMAND, kC, 32, 42);
    // In order: the fetch of A's line waits for the write-back's acknowledgement at 41 + M,
    // and the fetch queued behind it waits with it.
    expect_access(log[4], tlm::TLM_READ_COMMAND, kA, 32, 41 + kM + 1);
    expect_access(log[5], tlm::TLM_READ_COMMAND, kA + 0x40, 32, 41 + kM + 2);
    EXPECT_EQ(b.drv.result(r).response_cycle, 41u + kM + 1 + kM + 1);
    EXPECT_EQ(b.drv.result(r).value32(), pattern(kA + 4));
    EXPECT_EQ(b.drv.result(d).response_cycle, 41u + kM + 2 + kM + 1);
    EXPECT_EQ(b.mem.read32(kA), 0x11111111u);
}

TEST(Dcc, MissWaitingForAWayDoesNotHoldBackMissesToOtherSets) {
    Bench b;
    unsigned a = b.drv.read(1, kA, 4);
    b.drv.read(2, kB, 4);
    unsigned c = b.drv.read(3, kC, 4);         // set 0: both ways reserved by A and B
    unsigned d = b.drv.read(4, kA + 0x24, 4);  // set 9: starts while C waits
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 4u);
    expect_access(log[0], tlm::TLM_READ_COMMAND, kA, 32, 2);
    expect_access(log[1], tlm::TLM_READ_COMMAND, kB, 32, 3);
    expect_access(log[2], tlm::TLM_READ_COMMAND, kA + 0x20, 32, 5);
    EXPECT_EQ(b.drv.result(d).response_cycle, 5u + kM + 1);
    // C takes A's way when A's fill has answered A.
    EXPECT_EQ(b.drv.result(a).response_cycle, 1u + kM + 2);
    expect_access(log[3], tlm::TLM_READ_COMMAND, kC, 32, 1 + kM + 2);
    EXPECT_EQ(b.drv.result(c).response_cycle, 1u + kM + 2 + kM + 1);
    EXPECT_EQ(b.drv.result(c).value32(), pattern(kC));
}

TEST(Dcc, ReplacementIsLeastRecentlyUsed) {
    Bench b;
    b.drv.write32(1, kA, 1);
    b.drv.write32(20, kB, 2);
    b.drv.read(40, kA, 4);  // hit: A becomes the most recent
    b.drv.read(50, kC, 4);  // evicts B
    b.run();
    ASSERT_EQ(b.mem.log().size(), 4u);
    expect_access(b.mem.log()[2], tlm::TLM_WRITE_COMMAND, kB, 4, 51);
    EXPECT_EQ(b.mem.read32(kB), 2u);
    Dcc::EntryView v;
    EXPECT_TRUE(b.dcc.probe(kA, &v));
    EXPECT_FALSE(b.dcc.probe(kB, &v));
}

TEST(Dcc, CleanVictimIsDroppedWithoutWriteBack) {
    Bench b;
    b.drv.read(1, kA, 4);
    b.drv.read(20, kB, 4);
    unsigned r = b.drv.read(40, kC, 4);
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 40u + kM + 2);
    ASSERT_EQ(b.mem.log().size(), 3u);
    EXPECT_EQ(stat("dcc", "write_backs"), 0u);
}

TEST(Dcc, MultiWordRequestCompletesWhenAllItsWordsArePresent) {
    Bench b;
    b.drv.write32(1, kA + 8, 0xdeadbeef);  // word 2 of the line, dirty
    unsigned r = b.drv.read(20, kA, 32);   // 1 word present, 7 missing: one fetch
    unsigned again = b.drv.read(40, kA, 32);
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 20u + kM + 2);
    const std::vector<uint8_t>& d = b.drv.result(r).data;
    for (unsigned w = 0; w < 8; ++w) {
        uint32_t v = uint32_t{d[4 * w]} | uint32_t{d[4 * w + 1]} << 8 |
                     uint32_t{d[4 * w + 2]} << 16 | uint32_t{d[4 * w + 3]} << 24;
        EXPECT_EQ(v, w == 2 ? 0xdeadbeefu : pattern(kA + 4 * w)) << "word " << w;
    }
    EXPECT_EQ(b.drv.result(again).response_cycle, 41u);  // all eight words now hit
    EXPECT_EQ(b.drv.result(again).data, d);
    ASSERT_EQ(b.mem.log().size(), 2u);
    expect_access(b.mem.log()[1], tlm::TLM_READ_COMMAND, kA, 32, 21);
    Dcc::EntryView v;
    ASSERT_TRUE(b.dcc.probe(kA + 8, &v));
    EXPECT_TRUE(v.dirty);  // the filled line did not overwrite the newer word
    EXPECT_EQ(stat("dcc", "read_word_hits"), 8u + 1);
    EXPECT_EQ(stat("dcc", "read_word_misses"), 7u);
}

TEST(Dcc, HitsProceedUnderAMissAndSameLineRequestsKeepTheirOrder) {
    Bench b;
    const uint64_t x = kBase + 0x40, y = kBase + 0x80;
    b.drv.write32(1, y, 7);                    // y present from cycle 13
    unsigned rx = b.drv.read(20, x, 4);        // miss: fetch at 21, answered at 32
    unsigned ry = b.drv.read(21, y, 4);        // hit under the miss
    unsigned wx = b.drv.write32(22, x, 0x99);  // waits behind the miss to its line
    unsigned rx2 = b.drv.read(23, x, 4);       // and so does this one
    b.run();
    EXPECT_EQ(b.drv.result(ry).response_cycle, 22u);
    EXPECT_EQ(b.drv.result(rx).response_cycle, 32u);
    EXPECT_EQ(b.drv.result(wx).response_cycle, 32u);
    EXPECT_EQ(b.drv.result(rx2).response_cycle, 32u);
    EXPECT_EQ(b.drv.result(rx).value32(), pattern(x));
    EXPECT_EQ(b.drv.result(rx2).value32(), 0x99u);
    std::vector<unsigned> order(b.drv.response_order().begin() + 1, b.drv.response_order().end());
    EXPECT_EQ(order, (std::vector<unsigned>{ry, rx, wx, rx2}));
    EXPECT_EQ(b.mem.log().size(), 2u);  // no second fetch of x's line
}

TEST(Dcc, WriteToAPresentWordWaitsBehindAMissToItsLine) {
    Bench b;
    b.drv.write32(1, kA, 1);                // A present from 13
    unsigned r = b.drv.read(20, kA, 32);    // A present, 7 words missing: fill at 32
    unsigned w = b.drv.write32(21, kA, 2);  // all present, but its line has a miss
    unsigned after = b.drv.read(40, kA, 4);
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 32u);
    EXPECT_EQ(b.drv.result(r).value32(), 1u);  // the read saw the word before the write
    EXPECT_EQ(b.drv.result(w).response_cycle, 32u);
    EXPECT_EQ(b.drv.result(after).value32(), 2u);
    EXPECT_EQ(stat("dcc", "write_misses"), 2u);  // the second went through the miss FIFO
}

TEST(Dcc, RequestWithMoreWordsInASetThanWaysIsServedInRounds) {
    Dcc::Params p;
    p.sets = 4;
    p.ways = 1;  // a 32-byte line has two words in each set
    Bench b(p);
    unsigned r = b.drv.read(1, kA, 32);
    b.run();
    // Round 1 (words 0-3) fetches at 2 and fills at 13; round 2 (words 4-7) fetches again at
    // 13 and fills at 24.
    EXPECT_EQ(b.drv.result(r).response_cycle, 24u);
    for (unsigned w = 0; w < 8; ++w) {
        const std::vector<uint8_t>& d = b.drv.result(r).data;
        uint32_t v = uint32_t{d[4 * w]} | uint32_t{d[4 * w + 1]} << 8 |
                     uint32_t{d[4 * w + 2]} << 16 | uint32_t{d[4 * w + 3]} << 24;
        EXPECT_EQ(v, pattern(kA + 4 * w)) << w;
    }
    EXPECT_EQ(b.mem.log().size(), 2u);
}

TEST(Dcc, FullMissFifoStallsTheLookupAndHoldsTheInitiator) {
    Dcc::Params p;
    p.miss_fifo_depth = 1;
    Bench b(p);
    unsigned r0 = b.drv.read(1, kBase + 0x000, 4);
    unsigned r1 = b.drv.read(1, kBase + 0x020, 4);
    unsigned r2 = b.drv.read(1, kBase + 0x040, 4);  // held at the port: input register full
    b.run();
    EXPECT_EQ(b.drv.result(r0).response_cycle, 1u + kM + 2);   // 13
    EXPECT_EQ(b.drv.result(r1).response_cycle, 13u + kM + 1);  // looked up when r0 left
    EXPECT_EQ(b.drv.result(r2).response_cycle, 24u + kM + 1);
    EXPECT_EQ(stat("dcc", "lookup_stall_cycles"), 20u);  // 3..13 and 14..24
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log[1].cycle, 13u);
    EXPECT_EQ(log[2].cycle, 24u);
}

TEST(Dcc, MissesToDifferentLinesOverlap) {
    Bench b;
    unsigned r0 = b.drv.read(1, kBase + 0x000, 4);
    unsigned r1 = b.drv.read(1, kBase + 0x020, 4);
    unsigned r2 = b.drv.read(2, kBase + 0x040, 4);
    b.run();
    // One lookup per cycle: fetches leave at 2, 3, 4.
    EXPECT_EQ(b.drv.result(r0).response_cycle, 13u);
    EXPECT_EQ(b.drv.result(r1).response_cycle, 14u);
    EXPECT_EQ(b.drv.result(r2).response_cycle, 15u);
}

TEST(Dcc, FlushWritesEveryDirtyWordBackAndReportsWhenDone) {
    Bench b;
    const uint64_t w0 = kBase, w1 = kBase + 0x24, w2 = kBase + 0x48;  // sets 0, 9, 18
    b.drv.write32(1, w0, 0xa0);
    b.drv.write32(2, w1, 0xa1);
    b.drv.write32(3, w2, 0xa2);
    b.drv.read(4, kBase + 0x60, 4);  // a clean word: not written back
    uint64_t done = 0;
    b.drv.at(30, [&] { b.dcc.flush([&] { done = b.core.now(); }); });
    b.run();
    // Write-backs leave at 31, 32, 33; the last acknowledgement is seen at 33 + M + 1.
    EXPECT_EQ(done, 30u + 3 + kM + 1);
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 7u);
    expect_access(log[4], tlm::TLM_WRITE_COMMAND, w0, 4, 31);
    expect_access(log[5], tlm::TLM_WRITE_COMMAND, w1, 4, 32);
    expect_access(log[6], tlm::TLM_WRITE_COMMAND, w2, 4, 33);
    EXPECT_EQ(b.mem.read32(w0), 0xa0u);
    EXPECT_EQ(b.mem.read32(w1), 0xa1u);
    EXPECT_EQ(b.mem.read32(w2), 0xa2u);
    EXPECT_EQ(b.dcc.dirty_words(), 0u);
    Dcc::EntryView v;
    EXPECT_TRUE(b.dcc.probe(w0, &v));  // still valid, now clean
    EXPECT_EQ(stat("dcc", "flush_write_backs"), 3u);
    EXPECT_EQ(stat("dcc", "write_backs"), 0u);
}

TEST(Dcc, FlushWaitsForMissesAndHoldsNewRequests) {
    Bench b;
    b.drv.write32(1, kA, 5);  // miss in flight when the flush is asked for
    uint64_t done = 0;
    b.drv.at(3, [&] { b.dcc.flush([&] { done = b.core.now(); }); });
    unsigned later = b.drv.read(4, kB, 4);
    b.run();
    // The miss completes at 13; the flush starts at 13 (write-back at 13, ack seen at 24);
    // the held read is looked up at 25.
    EXPECT_EQ(done, 13u + kM + 1);
    EXPECT_EQ(b.drv.result(later).response_cycle, 25u + kM + 1);
    EXPECT_EQ(b.mem.read32(kA), 5u);
}

TEST(Dcc, FlushWithNothingDirtyIsDoneAtTheNextEdge) {
    Bench b;
    bool notified = false;
    uint64_t done = 0;
    b.drv.at(5, [&] { b.dcc.flush([&] { done = b.core.now(); }); });
    sc_core::sc_spawn([&] {
        sc_core::wait(b.dcc.flush_done_event());
        notified = true;
    });
    b.run();
    EXPECT_EQ(done, 6u);
    EXPECT_TRUE(notified);
}

TEST(Dcc, InvalidateDropsEverything) {
    Bench b;
    b.drv.write32(1, kA, 5);
    b.drv.at(20, [&] { b.dcc.flush(); });
    b.drv.at(40, [&] { b.dcc.invalidate(); });
    unsigned r = b.drv.read(41, kA, 4);
    b.run();
    EXPECT_EQ(b.drv.result(r).response_cycle, 41u + kM + 2);  // a miss again
    EXPECT_EQ(b.drv.result(r).value32(), 5u);                 // the flushed value
}

TEST(Dcc, AtomicWritesTheDirtyCopyBackInvalidatesAndRunsInMemory) {
    Bench b;
    b.drv.write32(1, kA, 5);
    unsigned at = b.drv.atomic(20, kA, isa::Opcode::kAtomAdd, 3);
    unsigned r = b.drv.read(60, kA, 4);
    b.run();
    EXPECT_EQ(b.drv.result(at).response_cycle, 20u + 2 * kM + 3);
    EXPECT_EQ(b.drv.result(at).value32(), 5u);  // the old value
    EXPECT_EQ(b.mem.read32(kA), 8u);
    EXPECT_EQ(b.drv.result(r).value32(), 8u);
    EXPECT_EQ(b.drv.result(r).response_cycle, 60u + kM + 2);  // the copy was invalidated
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 4u);
    expect_access(log[1], tlm::TLM_WRITE_COMMAND, kA, 4, 21);
    expect_access(log[2], tlm::TLM_READ_COMMAND, kA, 4, 21 + kM + 1);
    EXPECT_TRUE(log[2].atomic);
    expect_access(log[3], tlm::TLM_READ_COMMAND, kA, 32, 61);
}

TEST(Dcc, AtomicsWithoutACopyGoStraightToMemory) {
    Bench b;
    unsigned x = b.drv.atomic(1, kB, isa::Opcode::kAtomXchg, 9);
    unsigned ok = b.drv.atomic(20, kB, isa::Opcode::kAtomCas, 10, 9);
    unsigned fail = b.drv.atomic(40, kB, isa::Opcode::kAtomCas, 11, 9);
    b.run();
    EXPECT_EQ(b.drv.result(x).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(x).value32(), pattern(kB));
    EXPECT_EQ(b.drv.result(ok).value32(), 9u);
    EXPECT_EQ(b.drv.result(fail).value32(), 10u);
    EXPECT_EQ(b.mem.read32(kB), 10u);
    EXPECT_EQ(stat("dcc", "atomics"), 3u);
}

// A line fetch answered with an error (here past the end of the memory, in set 0): the request
// gets the memory's status when a good line would have answered it, nothing is installed, and
// the ways it had reserved serve the next misses of the set.
TEST(Dcc, LineFetchErrorIsPassedToTheRequestAndFreesItsWays) {
    Bench b;
    const uint64_t outside = kBase + 0x10000;
    unsigned bad = b.drv.read(1, outside, 4);
    unsigned store = b.drv.write32(2, outside + 0x100, 7);
    unsigned a = b.drv.read(30, kA, 4);
    unsigned bb = b.drv.read(31, kB, 4);
    b.run();
    EXPECT_EQ(b.drv.result(bad).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.drv.result(bad).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(store).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    Dcc::EntryView v;
    EXPECT_FALSE(b.dcc.probe(outside, &v));
    EXPECT_FALSE(b.dcc.probe(outside + 0x100, &v));
    EXPECT_EQ(b.dcc.dirty_words(), 0u);
    EXPECT_EQ(b.drv.result(a).status, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(b.drv.result(a).value32(), pattern(kA));
    EXPECT_EQ(b.drv.result(a).response_cycle, 30u + kM + 2);
    EXPECT_EQ(b.drv.result(bb).value32(), pattern(kB));
    EXPECT_TRUE(b.dcc.probe(kA, &v));
    EXPECT_TRUE(b.dcc.probe(kB, &v));
}

TEST(Dcc, AtomicAnsweredWithAnErrorPassesItOn) {
    Bench b;
    unsigned x = b.drv.atomic(1, kBase + 0x10000, isa::Opcode::kAtomAdd, 1);
    unsigned y = b.drv.atomic(20, kB, isa::Opcode::kAtomAdd, 1);
    b.run();
    EXPECT_EQ(b.drv.result(x).status, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(b.drv.result(x).response_cycle, 1u + kM + 2);
    EXPECT_EQ(b.drv.result(y).status, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(b.drv.result(y).value32(), pattern(kB));
}

TEST(Dcc, UntimedAccessSeesAndUpdatesTheBuffer) {
    Bench b;
    b.drv.write32(1, kA, 0x77);
    uint32_t seen = 0;
    b.drv.at(20, [&] {
        tlm::tlm_generic_payload gp;
        uint8_t buf[4] = {};
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(kA);
        gp.set_data_ptr(buf);
        gp.set_data_length(4);
        EXPECT_EQ(b.drv.port.socket->transport_dbg(gp), 4u);
        seen = uint32_t{buf[0]} | uint32_t{buf[1]} << 8;
        uint8_t w[4] = {0x55, 0, 0, 0};
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_data_ptr(w);
        EXPECT_EQ(b.drv.port.socket->transport_dbg(gp), 4u);
    });
    unsigned r = b.drv.read(21, kA, 4);
    b.run();
    EXPECT_EQ(seen, 0x77u);
    EXPECT_EQ(b.mem.read32(kA), 0x55u);
    EXPECT_EQ(b.drv.result(r).value32(), 0x55u);
}

TEST(Dcc, UntimedAtomicWritesTheDirtyCopyBackAndRefreshesIt) {
    Bench b;
    b.drv.write32(1, kA, 5);
    uint32_t old = 0;
    b.drv.at(20, [&] {
        sim::GpuExtension ext;
        ext.atomic = true;
        ext.atomic_op = static_cast<uint8_t>(isa::Opcode::kAtomAdd);
        ext.atomic_operand = 3;
        uint8_t buf[4] = {};
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(kA);
        gp.set_data_ptr(buf);
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        gp.set_extension(&ext);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        b.drv.port.socket->b_transport(gp, delay);
        gp.clear_extension(&ext);
        old = buf[0];
    });
    unsigned r = b.drv.read(21, kA, 4);
    b.run();
    EXPECT_EQ(old, 5u);
    EXPECT_EQ(b.mem.read32(kA), 8u);
    EXPECT_EQ(b.drv.result(r).response_cycle, 22u);  // still a hit
    EXPECT_EQ(b.drv.result(r).value32(), 8u);
    EXPECT_EQ(b.dcc.dirty_words(), 0u);
}

}  // namespace
}  // namespace mvp
