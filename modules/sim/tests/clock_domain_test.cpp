#include "modules/sim/clock_domain.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
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

// Records "name@cycle" at each tick, wakes `other` (if any) and sleeps; attached at its
// construction unless told not to.
struct Named : Clocked {
    Named(ClockDomain& d, std::vector<std::string>& o, std::string n, bool attach = true)
        : domain(d), order(o), name(std::move(n)) {
        if (attach) d.attach(this);
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
    Named a(core, order, "a");
    Named b(core, order, "b");
    Named c(core, order, "c");
    c.other = &b;  // c runs after b in the edge: b is woken for the next edge
    core.wake(&c);
    core.wake(&a);
    sc_core::sc_start(10, sc_core::SC_NS);
    EXPECT_EQ(order, (std::vector<std::string>{"a@1", "c@1", "b@2"}));
}

// A block attached before another at elaboration ticks just before it, in its tile if it has
// one (the front of a tile too), and the blocks after it keep their order and their wakes.
TEST(ClockDomain, ABlockAttachedBeforeAnotherTicksJustBeforeItInItsTile) {
    ClockDomain core("core", 1000.0);
    std::vector<std::string> order;
    Named n0(core, order, "n0");
    core.begin_tile();
    Named a0(core, order, "a0");
    Named a1(core, order, "a1");
    core.end_tile();
    core.begin_tile();
    Named b0(core, order, "b0");
    Named b1(core, order, "b1");
    core.end_tile();
    Named n1(core, order, "n1");
    core.wake(&a1);  // before the blocks move: it stays awake
    core.wake(&n1);
    Named x(core, order, "x", false), y(core, order, "y", false), z(core, order, "z", false);
    core.attach_before(&x, a1);
    core.attach_before(&y, b0);
    core.attach_before(&z, n1);
    EXPECT_TRUE(core.in_tile(x));
    EXPECT_TRUE(core.in_tile(y));
    EXPECT_FALSE(core.in_tile(z));
    EXPECT_EQ(core.tiles(), 2u);
    for (Named* n : {&n0, &a0, &x, &y, &b0, &b1, &z}) core.wake(n);
    sc_core::sc_start(10, sc_core::SC_NS);
    EXPECT_EQ(order, (std::vector<std::string>{"n0@1", "a0@1", "x@1", "a1@1", "y@1", "b0@1", "b1@1",
                                               "z@1", "n1@1"}));
    order.clear();
    core.wake_at(&b1, 20);
    core.wake_at(&y, 20);
    core.wake_at(&a1, 15);
    sc_core::sc_start(20, sc_core::SC_NS);
    EXPECT_EQ(order, (std::vector<std::string>{"a1@15", "y@20", "b1@20"}));
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

namespace tiles {

// A block of a tile that, from a seeded generator, sleeps, asks for a later edge, wakes a
// block of its own tile, of another tile or the hub, and reports to the hub through
// run_or_defer: what one scenario does must not depend on the host threads that tick it.
struct Scenario;
struct Busy : Clocked {
    Busy(Scenario& s, unsigned tile, unsigned k, uint32_t seed) : s(s), tile(tile), k(k), x(seed) {}
    void tick() override;
    uint32_t next() {
        x = x * 1664525u + 1013904223u;
        return x >> 8;
    }
    Scenario& s;
    unsigned tile, k;
    uint32_t x;
    int budget = 400;
    std::vector<uint64_t> cycles;  // its ticks
};

// Outside the tiles: ticks after them, and sleeps when nothing reported.
struct Hub : Clocked {
    explicit Hub(Scenario& s) : s(s) {}
    void tick() override;
    Scenario& s;
};

struct Scenario {
    static constexpr unsigned kTiles = 6, kBlocks = 3;
    Scenario(const char* name, unsigned threads) : domain(name, 1000.0), hub(*this) {
        for (unsigned t = 0; t < kTiles; ++t) {
            domain.begin_tile();
            for (unsigned k = 0; k < kBlocks; ++k) {
                blocks.push_back(
                    std::make_unique<Busy>(*this, t, k, 7919u * (t * kBlocks + k + 1)));
                domain.attach(blocks.back().get());
            }
            domain.end_tile();
        }
        domain.attach(&hub);
        domain.set_host_threads(threads);
        for (auto& b : blocks) domain.wake(b.get());
    }
    Busy& block(unsigned tile, unsigned k) { return *blocks[tile * kBlocks + k]; }
    ClockDomain domain;
    Hub hub;
    std::vector<std::unique_ptr<Busy>> blocks;
    std::vector<std::string> reports;  // shared: through run_or_defer
    unsigned pending = 0;
};

void Busy::tick() {
    const uint64_t now = s.domain.now();
    cycles.push_back(now);
    if (--budget <= 0) return s.domain.sleep(this);
    const uint32_t r = next() % 16;
    if (r < 4) {
        s.domain.sleep(this);
        s.domain.wake_at(this, now + 1 + next() % 5);
    } else if (r < 6) {
        s.domain.wake(&s.block(tile, (k + 1) % Scenario::kBlocks));
    } else if (r == 6) {
        s.domain.wake_at(&s.block((tile + 1) % Scenario::kTiles, k), now + 2);
    } else if (r == 7) {
        const std::string what =
            std::to_string(now) + ":" + std::to_string(tile) + "." + std::to_string(k);
        run_or_defer([this, what] {
            s.reports.push_back(what);
            ++s.pending;
            s.domain.wake(&s.hub);
        });
    } else if (r == 8) {
        s.domain.sleep(this);
    }
}

void Hub::tick() {
    s.reports.push_back("hub@" + std::to_string(s.domain.now()) + "/" + std::to_string(s.pending));
    s.pending = 0;
    s.domain.sleep(this);
}

}  // namespace tiles

TEST(ClockDomain, TilesGiveTheSameResultsOnAnyNumberOfHostThreads) {
    tiles::Scenario one("one", 1), two("two", 2), three("three", 3);
    EXPECT_EQ(one.domain.tiles(), 6u);
    EXPECT_EQ(two.domain.host_threads(), 2u);
    sc_core::sc_start(2, sc_core::SC_US);
    ASSERT_GT(one.reports.size(), 20u);
    EXPECT_EQ(one.reports, two.reports);
    EXPECT_EQ(one.reports, three.reports);
    EXPECT_EQ(one.domain.active_edges(), two.domain.active_edges());
    EXPECT_EQ(one.domain.active_edges(), three.domain.active_edges());
    for (size_t b = 0; b < one.blocks.size(); ++b) {
        EXPECT_GT(one.blocks[b]->cycles.size(), 10u) << "block " << b;
        EXPECT_EQ(one.blocks[b]->cycles, two.blocks[b]->cycles) << "block " << b;
        EXPECT_EQ(one.blocks[b]->cycles, three.blocks[b]->cycles) << "block " << b;
    }
}

namespace posts {

// A block of a tile that the memory side calls (ClockDomain::post): each call asks for a tick
// `args[1]` edges later; its tick at edge 5 asks for one at edge 7.
struct Receiver : Clocked {
    explicit Receiver(ClockDomain& d) : domain(d) {}
    void tick() override {
        events.push_back("tick@" + std::to_string(domain.now()));
        check_time();
        if (domain.now() == 5) domain.wake_at(this, 7);
        domain.sleep(this);
    }
    static void call(void* self, const uint64_t* args) {
        auto* r = static_cast<Receiver*>(self);
        r->events.push_back("call" + std::to_string(args[0]) + "@" +
                            std::to_string(r->domain.now()));
        r->threads.push_back(std::this_thread::get_id());
        r->check_time();
        r->domain.wake_at(r, r->domain.now() + args[1]);
    }
    // The host thread's time is the edge's, on whichever thread the tile runs.
    void check_time() {
        if (time_now() != domain.time_of(domain.now())) ++wrong_times;
    }
    ClockDomain& domain;
    std::vector<std::string> events;
    std::vector<std::thread::id> threads;
    unsigned wrong_times = 0;
};

// The memory side (a domain built after the core's, so evaluated before it at a shared time):
// awake from edge 1 to 7, it calls every tile's block at edges 3, 4 and 7.
struct Sender : Clocked {
    void tick() override {
        const uint64_t now = domain->now();
        if (sc_core::sc_time_stamp() < domain->time_of(now)) ++ahead;  // beside the core's tiles
        if (now == 3 || now == 4 || now == 7) {
            for (auto& r : *receivers)
                ClockDomain::post(*r, &Receiver::call, r.get(), now, now == 3 ? 2 : 1);
        }
        if (now >= 7) domain->sleep(this);
    }
    ClockDomain* domain = nullptr;
    std::vector<std::unique_ptr<Receiver>>* receivers = nullptr;
    unsigned ahead = 0;  // ticks made before the kernel's time reached their edge
};

struct Chip {
    static constexpr unsigned kTiles = 4;
    Chip(const std::string& name, unsigned threads)
        : core((name + "_core").c_str(), 1000.0), memory((name + "_memory").c_str(), 1000.0) {
        for (unsigned t = 0; t < kTiles; ++t) {
            core.begin_tile();
            receivers.push_back(std::make_unique<Receiver>(core));
            core.attach(receivers.back().get());
            core.end_tile();
        }
        core.set_host_threads(threads);
        sender.domain = &memory;
        sender.receivers = &receivers;
        memory.attach(&sender);
        memory.wake(&sender);
    }
    ClockDomain core;
    ClockDomain memory;
    std::vector<std::unique_ptr<Receiver>> receivers;
    Sender sender;
};

}  // namespace posts

// The memory side's calls into a tile are made at the same edge, before the tile's blocks tick,
// whether the core domain had anything planned then or not; with several host threads they run
// on the thread that ticks the tile.
TEST(ClockDomain, PostedCallsReachTheirTileAtTheSameEdgeOnItsThread) {
    posts::Chip one("one", 1), two("two", 2);
    sc_core::sc_start(20, sc_core::SC_NS);
    const std::vector<std::string> expected = {"call3@3", "call4@4", "tick@5", "call7@7", "tick@7"};
    const std::thread::id main = std::this_thread::get_id();
    for (unsigned t = 0; t < posts::Chip::kTiles; ++t) {
        EXPECT_EQ(one.receivers[t]->events, expected) << "tile " << t;
        EXPECT_EQ(two.receivers[t]->events, expected) << "tile " << t;
        for (std::thread::id id : one.receivers[t]->threads) EXPECT_EQ(id, main) << "tile " << t;
        // The second half of the tiles is the worker's.
        for (std::thread::id id : two.receivers[t]->threads)
            EXPECT_EQ(id == main, t < posts::Chip::kTiles / 2) << "tile " << t;
        EXPECT_EQ(one.receivers[t]->wrong_times, 0u) << "tile " << t;
        EXPECT_EQ(two.receivers[t]->wrong_times, 0u) << "tile " << t;
    }
}

// The memory side allowed to run ahead: its edges after a core pass's run beside that pass's
// tiles, and its calls into the tiles wait for their edge. The tiles see the same calls at the
// same edges, on their own threads, as when the memory side runs first at each edge (above).
TEST(ClockDomain, TheMemorySideBesideTheTilesMakesTheSameCalls) {
    posts::Chip chip("ahead", 2);
    chip.memory.allow_running_ahead();
    sc_core::sc_start(20, sc_core::SC_NS);
    const std::vector<std::string> expected = {"call3@3", "call4@4", "tick@5", "call7@7", "tick@7"};
    const std::thread::id main = std::this_thread::get_id();
    for (unsigned t = 0; t < posts::Chip::kTiles; ++t) {
        EXPECT_EQ(chip.receivers[t]->events, expected) << "tile " << t;
        for (std::thread::id id : chip.receivers[t]->threads)
            EXPECT_EQ(id == main, t < posts::Chip::kTiles / 2) << "tile " << t;
        EXPECT_EQ(chip.receivers[t]->wrong_times, 0u) << "tile " << t;
    }
    EXPECT_GE(chip.sender.ahead, 3u);  // edges 4, 5 and 6 ran beside the core's passes
}

// A host thread with a time of its own (LocalTime: a tile evaluated at an edge other than the
// kernel's) reads it as time_now() and as every domain's now(); other threads keep the kernel's,
// and a nested time gives the outer one back.
TEST(ClockDomain, AHostThreadsLocalTimeIsWhatItsBlocksRead) {
    ClockDomain core("local_core", 1000.0);
    ClockDomain dram("local_dram", 800.0);
    sc_core::sc_start(3, sc_core::SC_NS);
    const sc_core::sc_time kernel = sc_core::sc_time_stamp();
    sc_core::sc_time seen;
    uint64_t core_cycle = 0, dram_cycle = 0, nested = 0, after = 0;
    bool main_unchanged = false;
    std::thread other([&] {
        const LocalTime at(sc_core::sc_time(10, sc_core::SC_NS));
        seen = time_now();
        core_cycle = core.now();
        dram_cycle = dram.now();
        {
            const LocalTime later(sc_core::sc_time(20, sc_core::SC_NS));
            nested = core.now();
        }
        after = core.now();
    });
    other.join();
    main_unchanged = time_now() == kernel && core.now() == 3 && !LocalTime::current();
    EXPECT_EQ(seen, sc_core::sc_time(10, sc_core::SC_NS));
    EXPECT_EQ(core_cycle, 10u);
    EXPECT_EQ(dram_cycle, 8u);
    EXPECT_EQ(nested, 20u);
    EXPECT_EQ(after, 10u);
    EXPECT_TRUE(main_unchanged);
}

// A tile's log holds the records of several edges (a window) and replays them edge by edge, in
// the order they were added, closures included; what is left waits for a later edge.
TEST(TileLog, ReplaysEdgeByEdgeInOrder) {
    std::vector<std::string> done;
    auto record = [](void* out, const uint64_t* args) {
        static_cast<std::vector<std::string>*>(out)->push_back("r" + std::to_string(args[0]));
    };
    TileLog log;
    log.set_edge(3);
    log.add(record, &done, 1);
    log.add(record, &done, 2);
    log.set_edge(4);
    log.add([&done] { done.push_back("c3"); });
    log.set_edge(6);
    log.add(record, &done, 4);
    log.replay_through(2);
    EXPECT_TRUE(done.empty());
    log.replay_through(3);
    EXPECT_EQ(done, (std::vector<std::string>{"r1", "r2"}));
    log.replay_through(5);
    EXPECT_EQ(done, (std::vector<std::string>{"r1", "r2", "c3"}));
    EXPECT_FALSE(log.empty());
    log.set_edge(7);
    log.add([&done] { done.push_back("c5"); });
    log.replay();
    EXPECT_EQ(done, (std::vector<std::string>{"r1", "r2", "c3", "r4", "c5"}));
    EXPECT_TRUE(log.empty());
    log.set_edge(8);
    log.add(record, &done, 6);
    log.clear();
    log.replay();
    EXPECT_EQ(done.size(), 5u);
}

TEST(ClockDomain, TilesRunSeriallyWhenSomethingSharedIsAttached) {
    tiles::Scenario one("one", 1), serial("serial", 2);
    serial.domain.run_tiles_serially("a shared log");
    serial.domain.run_tiles_serially("another reason");
    EXPECT_EQ(serial.domain.serial_reason(), "a shared log");  // the first reason is kept
    sc_core::sc_start(1, sc_core::SC_US);
    EXPECT_EQ(one.reports, serial.reports);
}

}  // namespace
}  // namespace mvp::sim
