// The LD/ST unit driven by a scripted pipeline, with a fixed-latency memory behind it:
// coalescing, store merging with byte enables, atomics, MSHR merging and its limits, in-order
// completion, stalls, throughput and load/store ordering.
//
// Timing with memory latency M: an instruction issued at edge I sends its first line requests
// at I + 1 (`units` per edge); a response sent at edge R is seen at R + 1, so a single-line
// instruction completes at I + 1 + M + 1.

#include "modules/ldst/ldst.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/stat_group.h"
#include "tb/dcc/recording_memory.h"
#include "tb/ldst/warp_driver.h"

namespace mvp {
namespace {

using isa::Opcode;

constexpr uint64_t kBase = 0x80000000;
constexpr unsigned kM = 10;

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

// Pipeline -> LD/ST -> memory. `ldst_first` attaches the LD/ST unit to the clock before the
// pipeline, so that it ticks first in every edge (the results must not depend on it).
struct Bench {
    CheckingOn checking;
    sim::ClockDomain core;
    tb::RecordingMemory mem;
    std::unique_ptr<tb::WarpDriver> drv;
    std::unique_ptr<Ldst> ldst;

    explicit Bench(const Ldst::Params& p = Ldst::Params{}, bool ldst_first = false)
        : core("core", 1000.0), mem("mem", core, kBase, 0x10000, kM) {
        if (ldst_first) ldst = std::make_unique<Ldst>("ldst", core, p);
        drv = std::make_unique<tb::WarpDriver>("drv", core);
        if (!ldst_first) ldst = std::make_unique<Ldst>("ldst", core, p);
        drv->drive(*ldst);
        mem.fill_pattern();
        sim::connect(ldst->port.socket, mem.port.socket, "ldst_to_mem");
    }

    void run() {
        sc_core::sc_start();
        EXPECT_TRUE(drv->all_done());
        EXPECT_TRUE(ldst->idle());
        EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    }

    const WarpMemoryResult& result(unsigned i) const { return drv->record(i).result; }
    uint64_t done(unsigned i) const { return drv->record(i).result.complete_cycle; }
};

WarpMemoryRequest request(Opcode op, const std::vector<uint32_t>& addresses,
                          const std::vector<uint32_t>& data = {},
                          const std::vector<uint32_t>& compare = {}) {
    WarpMemoryRequest r;
    r.op = op;
    r.warp = 1;
    r.pc = 0x40;
    for (unsigned i = 0; i < addresses.size(); ++i) {
        r.lane_mask |= uint64_t{1} << i;
        r.address[i] = addresses[i];
        if (i < data.size()) r.data[i] = data[i];
        if (i < compare.size()) r.compare[i] = compare[i];
    }
    return r;
}

std::vector<uint32_t> lanes(unsigned n, uint64_t base, unsigned stride) {
    std::vector<uint32_t> a;
    for (unsigned i = 0; i < n; ++i)
        a.push_back(static_cast<uint32_t>(base + uint64_t{i} * stride));
    return a;
}

double stat(const std::string& name) {
    if (const sim::StatGroup::Entry* e = sim::StatGroup::find("ldst", name)) return e->value();
    ADD_FAILURE() << "no statistic " << name;
    return 0;
}

uint32_t pattern(uint64_t a) { return tb::RecordingMemory::pattern(a); }

TEST(Ldst, ConsecutiveLanesCoalesceIntoOneLineRequest) {
    Bench b;
    unsigned i = b.drv->schedule(1, request(Opcode::kLdW, lanes(4, kBase + 0x40, 4)));
    b.run();
    ASSERT_EQ(b.mem.log().size(), 1u);
    EXPECT_EQ(b.mem.log()[0].address, kBase + 0x40);
    EXPECT_EQ(b.mem.log()[0].length, 32u);
    EXPECT_EQ(b.mem.log()[0].cycle, 2u);
    EXPECT_EQ(b.done(i), 1u + 1 + kM + 1);
    for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(b.result(i).value[l], pattern(kBase + 0x40 + 4 * l));
    EXPECT_EQ(b.result(i).warp, 1u);
    EXPECT_EQ(b.result(i).pc, 0x40u);
    EXPECT_EQ(stat("line_requests"), 1);
    EXPECT_EQ(stat("coalescing_efficiency"), 4);
    EXPECT_EQ(stat("avg_latency"), kM + 2);
}

TEST(Ldst, StridedLanesMakeOneRequestPerLine) {
    Bench b;
    unsigned i = b.drv->schedule(1, request(Opcode::kLdW, lanes(4, kBase, 32)));
    b.run();
    ASSERT_EQ(b.mem.log().size(), 4u);
    for (unsigned l = 0; l < 4; ++l) {
        EXPECT_EQ(b.mem.log()[l].address, kBase + 32 * l);
        EXPECT_EQ(b.mem.log()[l].cycle, 2u);  // four LD/ST units: all in one edge
        EXPECT_EQ(b.result(i).value[l], pattern(kBase + 32 * l));
    }
    EXPECT_EQ(b.done(i), 13u);
    EXPECT_EQ(stat("coalescing_efficiency"), 1);
}

TEST(Ldst, ThirtyTwoLanes) {
    Bench b;
    unsigned dense = b.drv->schedule(1, request(Opcode::kLdW, lanes(32, kBase, 4)));
    unsigned sparse = b.drv->schedule(2, request(Opcode::kLdW, lanes(32, kBase + 0x1000, 8)));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 4u + 8u);
    for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(log[k].cycle, 2u);
    // The second instruction's 8 lines: 4 at the next edge fill the 8 MSHR entries, the other
    // 4 leave when the first instruction's entries free.
    for (unsigned k = 4; k < 8; ++k) EXPECT_EQ(log[k].cycle, 3u);
    for (unsigned k = 8; k < 12; ++k) EXPECT_EQ(log[k].cycle, 13u);
    EXPECT_EQ(b.done(dense), 13u);
    EXPECT_EQ(b.done(sparse), 13u + kM + 1);
    for (unsigned l = 0; l < 32; ++l) {
        EXPECT_EQ(b.result(dense).value[l], pattern(kBase + 4 * l));
        EXPECT_EQ(b.result(sparse).value[l], pattern(kBase + 0x1000 + 8 * l));
    }
    EXPECT_EQ(stat("line_requests"), 12);
    EXPECT_NEAR(stat("coalescing_efficiency"), 64.0 / 12.0, 1e-9);
}

TEST(Ldst, LineRequestsPerCycleIsTheNumberOfUnits) {
    Ldst::Params p;
    p.units = 1;
    Bench b(p);
    unsigned i = b.drv->schedule(1, request(Opcode::kLdW, lanes(4, kBase, 32)));
    b.run();
    for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(b.mem.log()[l].cycle, 2u + l);
    EXPECT_EQ(b.done(i), 5u + kM + 1);
}

TEST(Ldst, LineSizeIsAnOption) {
    Ldst::Params p;
    p.line_bytes = 64;
    Bench b(p);
    b.drv->schedule(1, request(Opcode::kLdW, lanes(16, kBase, 4)));
    b.run();
    ASSERT_EQ(b.mem.log().size(), 1u);
    EXPECT_EQ(b.mem.log()[0].length, 64u);
}

TEST(Ldst, TwoLoadMissesToOneLineMakeOneMemoryRequest) {
    Bench b;
    unsigned a = b.drv->schedule(1, request(Opcode::kLdW, {uint32_t(kBase), uint32_t(kBase + 4)}));
    unsigned c =
        b.drv->schedule(2, request(Opcode::kLdW, {uint32_t(kBase + 8), uint32_t(kBase + 28)}));
    b.run();
    ASSERT_EQ(b.mem.log().size(), 1u);
    EXPECT_EQ(b.done(a), 13u);
    EXPECT_EQ(b.done(c), 13u);
    EXPECT_EQ(b.drv->completion_order(), (std::vector<unsigned>{a, c}));
    EXPECT_EQ(b.result(c).value[0], pattern(kBase + 8));
    EXPECT_EQ(b.result(c).value[1], pattern(kBase + 28));
    EXPECT_EQ(stat("mshr_merges"), 1);
    EXPECT_EQ(stat("memory_requests"), 1);
}

TEST(Ldst, FullMergeListStallsUntilTheEntryFrees) {
    Ldst::Params p;
    p.mshr_max_merge = 2;
    Bench b(p);
    unsigned x = b.drv->schedule(1, request(Opcode::kLdW, {uint32_t(kBase)}));
    unsigned y = b.drv->schedule(2, request(Opcode::kLdW, {uint32_t(kBase + 4)}));
    unsigned z = b.drv->schedule(3, request(Opcode::kLdW, {uint32_t(kBase + 8)}));
    b.run();
    ASSERT_EQ(b.mem.log().size(), 2u);
    EXPECT_EQ(b.mem.log()[1].cycle, 13u);  // z waited for x's entry to free at 13
    EXPECT_EQ(b.done(x), 13u);
    EXPECT_EQ(b.done(y), 13u);
    EXPECT_EQ(b.done(z), 13u + kM + 1);
    EXPECT_EQ(stat("stall_cycles"), 13 - 4);
}

TEST(Ldst, CompletesInOrderWhenTheMemoryAnswersOutOfOrder) {
    Bench b;
    b.mem.latency_of = [](const tlm::tlm_generic_payload& gp) -> unsigned {
        if (gp.get_address() == kBase) return 20;
        if (gp.get_address() == kBase + 0x100) return 3;
        return 0;
    };
    unsigned a = b.drv->schedule(1, request(Opcode::kLdW, {uint32_t(kBase)}));          // 22
    unsigned c = b.drv->schedule(2, request(Opcode::kLdW, {uint32_t(kBase + 0x100)}));  // 6
    unsigned d = b.drv->schedule(3, request(Opcode::kLdW, {uint32_t(kBase + 0x200)}));  // 14
    b.run();
    EXPECT_EQ(b.mem.log()[1].response_cycle, 6u);
    EXPECT_EQ(b.done(a), 23u);
    EXPECT_EQ(b.done(c), 23u);
    EXPECT_EQ(b.done(d), 23u);
    EXPECT_EQ(b.drv->completion_order(), (std::vector<unsigned>{a, c, d}));
    EXPECT_EQ(b.result(c).value[0], pattern(kBase + 0x100));
}

// Two MSHR entries: A needs four, B waits behind it, C is refused until the queue and the
// table have room again.
void stall_when_mshrs_are_full(bool ldst_first) {
    Ldst::Params p;
    p.mshr_entries = 2;
    Bench b(p, ldst_first);
    unsigned a = b.drv->schedule(1, request(Opcode::kLdW, lanes(4, kBase, 32)));
    unsigned bb = b.drv->schedule(2, request(Opcode::kLdW, {uint32_t(kBase + 0x400)}));
    unsigned c = b.drv->schedule(3, request(Opcode::kLdW, {uint32_t(kBase + 0x800)}));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 6u);
    EXPECT_EQ(log[0].cycle, 2u);
    EXPECT_EQ(log[1].cycle, 2u);
    EXPECT_EQ(log[2].cycle, 13u);  // A's entries free when their responses are seen
    EXPECT_EQ(log[3].cycle, 13u);
    EXPECT_EQ(log[4].cycle, 24u);  // B
    EXPECT_EQ(log[5].cycle, 26u);  // C
    EXPECT_EQ(b.drv->record(bb).issue_cycle, 2u);
    EXPECT_EQ(b.drv->record(c).issue_cycle, 25u);
    EXPECT_EQ(b.drv->refused_cycles(), 25u - 3);
    EXPECT_EQ(b.done(a), 24u);
    EXPECT_EQ(b.done(bb), 35u);
    EXPECT_EQ(b.done(c), 37u);
    EXPECT_EQ(stat("stall_cycles"), 22);
}

TEST(Ldst, StallsWhenTheMshrTableIsFull) { stall_when_mshrs_are_full(false); }

TEST(Ldst, CanAcceptDoesNotDependOnTheTickOrder) { stall_when_mshrs_are_full(true); }

TEST(Ldst, StoreLanesMergeWithByteEnablesHighestLaneWins) {
    Bench b;
    unsigned s = b.drv->schedule(1, request(Opcode::kStB,
                                            {uint32_t(kBase + 1), uint32_t(kBase + 3),
                                             uint32_t(kBase + 1), uint32_t(kBase + 0x20)},
                                            {0x11, 0x22, 0x33, 0x144}));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0].command, tlm::TLM_WRITE_COMMAND);
    EXPECT_EQ(log[0].address, kBase);
    std::vector<uint8_t> en(32, TLM_BYTE_DISABLED);
    en[1] = en[3] = TLM_BYTE_ENABLED;
    EXPECT_EQ(log[0].enables, en);
    EXPECT_EQ(log[0].data[1], 0x33);  // lane 2 overwrote lane 0
    EXPECT_EQ(log[0].data[3], 0x22);
    EXPECT_EQ(log[1].address, kBase + 0x20);
    EXPECT_EQ(log[1].enables[0], TLM_BYTE_ENABLED);
    EXPECT_EQ(log[1].enables[1], TLM_BYTE_DISABLED);
    uint32_t p0 = pattern(kBase);
    EXPECT_EQ(b.mem.read32(kBase), (p0 & 0x00ff00ffu) | 0x22003300u);
    EXPECT_EQ(b.mem.read32(kBase + 0x20), (pattern(kBase + 0x20) & ~0xffu) | 0x44u);
    EXPECT_EQ(b.done(s), 13u);
}

TEST(Ldst, WordAndHalfStoresCoalesce) {
    Bench b;
    b.drv->schedule(1, request(Opcode::kStW, lanes(4, kBase + 0x10, 4), {1, 2, 3, 4}));
    b.drv->schedule(2, request(Opcode::kStH, lanes(2, kBase + 0x40, 2), {0xabcd1234, 0x5678}));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 2u);
    for (unsigned k = 0; k < 32; ++k)
        EXPECT_EQ(log[0].enables[k], k >= 16 ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED) << k;
    for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(b.mem.read32(kBase + 0x10 + 4 * l), l + 1);
    EXPECT_EQ(b.mem.read32(kBase + 0x40), 0x56781234u);
}

TEST(Ldst, LoadsAfterAStoreToTheSameLineSeeItAndDoNotMergeAcrossIt) {
    Bench b;
    unsigned l1 = b.drv->schedule(1, request(Opcode::kLdW, {uint32_t(kBase + 4)}));
    b.drv->schedule(2, request(Opcode::kStW, {uint32_t(kBase + 4)}, {0x1234}));
    unsigned l2 = b.drv->schedule(3, request(Opcode::kLdW, {uint32_t(kBase + 4)}));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log[0].command, tlm::TLM_READ_COMMAND);
    EXPECT_EQ(log[1].command, tlm::TLM_WRITE_COMMAND);
    EXPECT_EQ(log[2].command, tlm::TLM_READ_COMMAND);
    EXPECT_EQ(b.result(l1).value[0], pattern(kBase + 4));
    EXPECT_EQ(b.result(l2).value[0], 0x1234u);
    EXPECT_EQ(stat("mshr_merges"), 0);
}

TEST(Ldst, AtomicsAreOneRequestPerLaneInLaneOrder) {
    Bench b;
    const uint32_t a = kBase + 0x30;
    unsigned i = b.drv->schedule(1, request(Opcode::kAtomAdd, {a, a, a, a}, {1, 2, 3, 4}));
    unsigned cas =
        b.drv->schedule(2, request(Opcode::kAtomCas, {a, a}, {7, 8}, {pattern(a) + 10, 7}));
    b.run();
    const auto& log = b.mem.log();
    ASSERT_EQ(log.size(), 6u);
    for (unsigned l = 0; l < 4; ++l) {
        EXPECT_TRUE(log[l].atomic);
        EXPECT_EQ(log[l].length, 4u);
        EXPECT_EQ(log[l].cycle, 2u);
    }
    uint32_t p = pattern(a);
    EXPECT_EQ(b.result(i).value[0], p);
    EXPECT_EQ(b.result(i).value[1], p + 1);
    EXPECT_EQ(b.result(i).value[2], p + 3);
    EXPECT_EQ(b.result(i).value[3], p + 6);
    EXPECT_EQ(b.result(cas).value[0], p + 10);  // swapped in 7
    EXPECT_EQ(b.result(cas).value[1], 7u);      // swapped in 8
    EXPECT_EQ(b.mem.read32(a), 8u);
    EXPECT_EQ(b.done(i), 13u);
}

TEST(Ldst, SubWordLoadsAreExtended) {
    Bench b;
    b.mem.write32(kBase, 0x80017f80);
    unsigned lb = b.drv->schedule(1, request(Opcode::kLdB, {uint32_t(kBase), uint32_t(kBase + 1)}));
    unsigned lbu = b.drv->schedule(2, request(Opcode::kLdBu, {uint32_t(kBase)}));
    unsigned lh = b.drv->schedule(3, request(Opcode::kLdH, {uint32_t(kBase + 2)}));
    unsigned lhu = b.drv->schedule(4, request(Opcode::kLdHu, {uint32_t(kBase + 2)}));
    b.run();
    EXPECT_EQ(b.result(lb).value[0], 0xffffff80u);
    EXPECT_EQ(b.result(lb).value[1], 0x7fu);
    EXPECT_EQ(b.result(lbu).value[0], 0x80u);
    EXPECT_EQ(b.result(lh).value[0], 0xffff8001u);
    EXPECT_EQ(b.result(lhu).value[0], 0x8001u);
}

TEST(Ldst, InstructionWithNoActiveLaneCompletesInOrder) {
    Bench b;
    unsigned a = b.drv->schedule(1, request(Opcode::kLdW, {uint32_t(kBase)}));
    WarpMemoryRequest none = request(Opcode::kLdW, {});
    unsigned n = b.drv->schedule(2, none);
    b.run();
    EXPECT_EQ(b.done(a), 13u);
    EXPECT_EQ(b.done(n), 13u);
    EXPECT_EQ(b.drv->completion_order(), (std::vector<unsigned>{a, n}));
}

TEST(Ldst, Statistics) {
    Bench b;
    b.drv->schedule(1, request(Opcode::kLdW, lanes(4, kBase, 4)));
    b.drv->schedule(2, request(Opcode::kStW, lanes(4, kBase + 0x100, 32)));
    b.drv->schedule(3, request(Opcode::kAtomAdd, lanes(2, kBase + 0x200, 4)));
    b.run();
    EXPECT_EQ(stat("warp_instructions"), 3);
    EXPECT_EQ(stat("loads"), 1);
    EXPECT_EQ(stat("stores"), 1);
    EXPECT_EQ(stat("atomics"), 1);
    EXPECT_EQ(stat("active_lanes"), 10);
    EXPECT_EQ(stat("line_requests"), 1 + 4 + 2);
    EXPECT_EQ(stat("memory_requests"), 7);
    EXPECT_NEAR(stat("coalescing_efficiency"), 10.0 / 7.0, 1e-9);
    EXPECT_GT(stat("mshr_occupancy"), 0);
}

TEST(Ldst, ParamsFromConfig) {
    config::Config c;
    c.set("mvpgpu_ldst_mshr_entries", "16", "test");
    c.set("mvpgpu_num_ldst_units_per_sp", "2", "test");
    Ldst::Params p = Ldst::Params::from_config(c);
    EXPECT_EQ(p.line_bytes, 32u);
    EXPECT_EQ(p.mshr_entries, 16u);
    EXPECT_EQ(p.mshr_max_merge, 4u);
    EXPECT_EQ(p.units, 2u);
}

}  // namespace
}  // namespace mvp
