// The data side of one SP as the pipeline sees it: LD/ST -> OCC -> local memory, and
// OCC -> DCC -> a fixed-latency memory (standing for the XI and DDR). Exact load-to-use
// latencies through the chain, then random warp memory instructions checked value by value
// against serial execution (instructions in issue order, lanes in lane order, with the ISA's
// semantics), and the memory images after a DCC flush checked byte by byte.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "modules/dcc/dcc.h"
#include "modules/isa/semantics.h"
#include "modules/ldst/ldst.h"
#include "modules/local_mem/local_mem.h"
#include "modules/occ/occ.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "modules/sim/vcd_tracer.h"
#include "tb/dcc/recording_memory.h"
#include "tb/ldst/warp_driver.h"

namespace mvp {
namespace {

using isa::Opcode;

constexpr uint32_t kBase = 0x80000000;
constexpr uint32_t kGlobalSize = 0x10000;

struct CheckingOn {
    CheckingOn() { sim::set_protocol_checking(true); }
};

struct ChainParams {
    Ldst::Params ldst;
    Occ::Params occ;
    LocalMem::Params local;
    Dcc::Params dcc;
    unsigned mem_latency = 10;
    unsigned max_random_latency = 0;  // > 0: each memory request takes 1..this cycles
};

struct Chain {
    CheckingOn checking;
    sim::ClockDomain core;
    tb::WarpDriver drv;
    Ldst ldst;
    Occ occ;
    LocalMem local;
    Dcc dcc;
    tb::RecordingMemory mem;
    std::mt19937 latency_rng{7};

    explicit Chain(const ChainParams& s)
        : core("core", 1000.0),
          drv("drv", core),
          ldst("ldst", core, s.ldst),
          occ("occ", core, s.occ),
          local("local_mem", core, s.local),
          dcc("dcc", core, s.dcc),
          mem("mem", core, kBase, kGlobalSize, s.mem_latency) {
        drv.drive(ldst);
        sim::connect(ldst.port.socket, occ.port.socket, "ldst_to_occ");
        sim::connect(occ.local_port.socket, local.port.socket, "occ_to_local");
        sim::connect(occ.dcc_port.socket, dcc.port.socket, "occ_to_dcc");
        sim::connect(dcc.mem_port.socket, mem.port.socket, "dcc_to_mem");
        mem.fill_pattern();
        for (uint32_t a = 0; a < s.local.size; a += 4) local.write32(a, ~a * 0x01000193u);
        if (s.max_random_latency) {
            unsigned max = s.max_random_latency;
            mem.latency_of = [this, max](const tlm::tlm_generic_payload&) {
                return 1 + static_cast<unsigned>(latency_rng() % max);
            };
        }
    }

    void run() {
        sc_core::sc_start();
        EXPECT_TRUE(drv.all_done());
        EXPECT_TRUE(ldst.idle());
        EXPECT_TRUE(occ.idle());
        EXPECT_TRUE(local.idle());
        EXPECT_TRUE(dcc.idle());
        EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
    }
};

WarpMemoryRequest one_lane(Opcode op, uint32_t address, uint32_t data = 0) {
    WarpMemoryRequest r;
    r.op = op;
    r.lane_mask = 1;
    r.address[0] = address;
    r.data[0] = data;
    return r;
}

TEST(SpMemory, LoadToUseLatencies) {
    ChainParams s;
    Chain c(s);
    // Local: LD/ST sends at I+1, the OCC forwards at I+2, the bank answers at I+3, the LD/ST
    // unit sees it at I+4.
    unsigned local = c.drv.schedule(1, one_lane(Opcode::kLdW, 0x100));
    // Global, first touch: the DCC looks up at I+3 and fetches, the fill is at I+4+M.
    unsigned miss = c.drv.schedule(10, one_lane(Opcode::kLdW, kBase + 0x40));
    unsigned hit = c.drv.schedule(40, one_lane(Opcode::kLdW, kBase + 0x40));
    unsigned store = c.drv.schedule(50, one_lane(Opcode::kStW, kBase + 0x40, 5));
    c.run();
    EXPECT_EQ(c.drv.record(local).result.complete_cycle, 1u + 4);
    EXPECT_EQ(c.drv.record(miss).result.complete_cycle, 10u + 5 + s.mem_latency);
    EXPECT_EQ(c.drv.record(hit).result.complete_cycle, 40u + 4);
    EXPECT_EQ(c.drv.record(store).result.complete_cycle, 50u + 4);
    EXPECT_EQ(c.drv.record(miss).result.value[0], tb::RecordingMemory::pattern(kBase + 0x40));
    EXPECT_EQ(c.mem.log().size(), 1u);  // the whole line was fetched once; the store hit
}

TEST(SpMemory, OffersTraceVariables) {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("sp_memory_trace_" + std::to_string(getpid()) + ".vcd"))
                           .string();
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    vcd.configure(path, "ldst.*,dcc.*", 0, 40);
    ChainParams s;
    Chain c(s);
    vcd.start(c.core, {&c.core});
    EXPECT_EQ(vcd.traced(), 5u);  // ldst: 2, dcc: 3 (not occ.* nor local_mem.*)
    c.drv.schedule(1, one_lane(Opcode::kLdW, kBase));
    c.drv.schedule(2, one_lane(Opcode::kLdW, kBase + 0x100));
    c.run();
    vcd.finish();
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::filesystem::remove(path);
    for (const char* var : {" mshr_occupancy $end", " requests_in_flight $end",
                            " miss_fifo_depth $end", " last_address $end", " hit $end"})
        EXPECT_NE(text.str().find(var), std::string::npos) << var;
    // Two misses in flight at once: MSHR occupancy and miss FIFO depth reach 2 (b10).
    EXPECT_NE(text.str().find("b10 "), std::string::npos);
}

// Serial execution of warp memory instructions on a copy of both memories.
struct Reference {
    std::vector<uint8_t> local;
    std::vector<uint8_t> global;

    uint8_t& at(uint32_t a) { return a >= kBase ? global.at(a - kBase) : local.at(a); }
    uint32_t read(uint32_t a, unsigned n) {
        uint32_t v = 0;
        for (unsigned j = 0; j < n; ++j) v |= uint32_t{at(a + j)} << (8 * j);
        return v;
    }
    void write(uint32_t a, unsigned n, uint32_t v) {
        for (unsigned j = 0; j < n; ++j) at(a + j) = static_cast<uint8_t>(v >> (8 * j));
    }
    std::vector<uint32_t> execute(const WarpMemoryRequest& r) {
        std::vector<uint32_t> value(kMaxWarpLanes, 0);
        unsigned n = isa::access_size(r.op);
        for (unsigned lane = 0; lane < kMaxWarpLanes; ++lane) {
            if (!(r.lane_mask >> lane & 1)) continue;
            uint32_t a = r.address[lane];
            if (isa::is_load(r.op)) {
                value[lane] = isa::load_result(r.op, read(a, n));
            } else if (isa::is_store(r.op)) {
                write(a, n, r.data[lane]);
            } else {
                uint32_t old = read(a, 4);
                isa::AtomicUpdate u = isa::atomic_update(r.op, old, r.data[lane], r.compare[lane]);
                if (u.write) write(a, 4, u.value);
                value[lane] = old;
            }
        }
        return value;
    }
};

// Random instructions over a small local and global window (so that lines are shared, DCC
// sets conflict and MSHRs merge), all due at cycle 1 and issued as fast as the unit accepts.
void random_traffic(const ChainParams& s, unsigned warp, unsigned count, uint32_t seed,
                    uint32_t global_window = 2048) {
    Chain c(s);
    Reference ref;
    ref.local.resize(s.local.size);
    c.local.read(0, ref.local.data(), s.local.size);
    ref.global.assign(c.mem.bytes(kBase), c.mem.bytes(kBase) + kGlobalSize);

    const Opcode ops[] = {Opcode::kLdW,    Opcode::kLdW,  Opcode::kLdH,     Opcode::kLdHu,
                          Opcode::kLdB,    Opcode::kLdBu, Opcode::kStW,     Opcode::kStW,
                          Opcode::kStH,    Opcode::kStB,  Opcode::kAtomAdd, Opcode::kAtomXchg,
                          Opcode::kAtomCas};
    std::mt19937 rng(seed);
    std::vector<std::vector<uint32_t>> expected;
    for (unsigned i = 0; i < count; ++i) {
        WarpMemoryRequest r;
        r.op = ops[rng() % (sizeof ops / sizeof ops[0])];
        r.warp = rng() % 16;
        r.pc = 8 * i;
        unsigned size = isa::access_size(r.op);
        bool local = rng() % 3 == 0;
        uint32_t window = local ? 512 : global_window;
        uint32_t base = (local ? 0 : kBase) + static_cast<uint32_t>(rng() % window);
        unsigned mode = rng() % 4;
        for (unsigned lane = 0; lane < warp; ++lane) {
            if (rng() % 8 != 0) r.lane_mask |= uint64_t{1} << lane;
            uint32_t off = 0;
            switch (mode) {
                case 0:  // consecutive
                    off = lane * size;
                    break;
                case 1:  // scattered near the base
                    off = static_cast<uint32_t>(rng() % 64);
                    break;
                case 2:  // anywhere in the window
                    off = static_cast<uint32_t>(rng() % window);
                    break;
                default:  // all lanes at the same address
                    break;
            }
            uint32_t lo = local ? 0 : kBase;
            uint32_t a = lo + (base - lo + off) % window;
            r.address[lane] = a & ~(size - 1);
            r.data[lane] = static_cast<uint32_t>(rng());
            r.compare[lane] = rng() % 2 ? ref.read(r.address[lane] & ~3u, 4) : 0;
        }
        expected.push_back(ref.execute(r));
        c.drv.schedule(1, r);
    }
    bool flushed = false;
    c.drv.on_all_done = [&] { c.dcc.flush([&] { flushed = true; }); };
    c.run();

    ASSERT_TRUE(flushed);
    EXPECT_EQ(c.dcc.dirty_words(), 0u);
    for (unsigned i = 0; i < count; ++i) {
        ASSERT_TRUE(c.drv.record(i).completed) << i;
        EXPECT_EQ(c.drv.completion_order()[i], i);
        const WarpMemoryResult& res = c.drv.record(i).result;
        for (unsigned lane = 0; lane < warp; ++lane)
            ASSERT_EQ(res.value[lane], expected[i][lane])
                << "instruction " << i << " (" << isa::info(res.op).mnemonic << ") lane " << lane
                << " address 0x" << std::hex << c.drv.record(i).result.lane_mask;
    }
    for (uint32_t a = 0; a < kGlobalSize; ++a)
        ASSERT_EQ(*c.mem.bytes(kBase + a), ref.global[a]) << "global byte 0x" << std::hex << a;
    std::vector<uint8_t> local(s.local.size);
    c.local.read(0, local.data(), s.local.size);
    for (uint32_t a = 0; a < s.local.size; ++a)
        ASSERT_EQ(local[a], ref.local[a]) << "local byte 0x" << std::hex << a;
}

TEST(SpMemory, RandomTrafficDefaultPlatform) { random_traffic(ChainParams{}, 4, 400, 1); }

TEST(SpMemory, RandomTrafficHotLines) {
    // 128 bytes of global memory: requests to the same lines meet in the MSHRs and the DCC.
    ChainParams s;
    s.max_random_latency = 8;
    random_traffic(s, 4, 600, 4, 128);
}

TEST(SpMemory, RandomTrafficSmallStructuresOutOfOrderMemory) {
    ChainParams s;
    s.ldst.mshr_entries = 3;
    s.ldst.mshr_max_merge = 2;
    s.ldst.units = 2;
    s.dcc.sets = 4;
    s.dcc.ways = 1;
    s.dcc.miss_fifo_depth = 2;
    s.dcc.hit_latency = 2;
    s.local.num_banks = 2;
    s.local.write_cycle = 2;
    s.occ.latency = 2;
    s.max_random_latency = 30;
    random_traffic(s, 8, 400, 2);
}

TEST(SpMemory, RandomTrafficWideWarpsAndLinesLongerThanTheDccLine) {
    ChainParams s;
    s.ldst.line_bytes = 64;  // each line request covers two DCC lines
    s.dcc.sets = 16;
    s.max_random_latency = 12;
    random_traffic(s, 32, 250, 3);
}

}  // namespace
}  // namespace mvp
