// Testbench of the whole mvp_v2_1 platform: a protocol checker on every TLM link, traffic on
// every kind of link during a kernel, and nothing found.

#include "platforms/mvp/platform.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "modules/sim/protocol_checker.h"
#include "modules/sp/sp.h"
#include "platforms/platform_top.h"
#include "sw/host/device.h"
#include "sw/toolchain/build.h"

namespace mvp::tb {
namespace {

void collect(const std::vector<sc_core::sc_object*>& objects,
             std::vector<sim::ProtocolChecker*>* out) {
    for (sc_core::sc_object* o : objects) {
        if (auto* c = dynamic_cast<sim::ProtocolChecker*>(o)) out->push_back(c);
        collect(o->get_child_objects(), out);
    }
}

void print_tree(const sc_core::sc_object* o, unsigned depth, std::ostream& os) {
    os << std::string(2 * depth, ' ') << o->basename() << " (" << o->kind() << ")\n";
    for (const sc_core::sc_object* c : o->get_child_objects()) print_tree(c, depth + 1, os);
}

void collect_sps(const std::vector<sc_core::sc_object*>& objects, std::vector<Sp*>* out) {
    for (sc_core::sc_object* o : objects) {
        if (auto* sp = dynamic_cast<Sp*>(o)) out->push_back(sp);
        collect_sps(o->get_child_objects(), out);
    }
}

// Runs vec_add (c = a + b over a.size() work-items, work-groups of 64) on the device and
// returns c.
std::vector<float> run_vec_add(host::Device& device, const std::vector<float>& a,
                               const std::vector<float>& b) {
    toolchain::Program program =
        toolchain::build_program_from_files({"sw/kernels/vec_add/vec_add.s"});
    const uint32_t n = static_cast<uint32_t>(a.size());
    std::vector<float> c(n, 0.0f);
    uint32_t da = device.allocate(4 * n), db = device.allocate(4 * n), dc = device.allocate(4 * n);
    device.write(da, a.data(), 4 * n);
    device.write(db, b.data(), 4 * n);
    host::LoadedProgram loaded = device.load(program);
    Launch launch;
    launch.entry_pc = program.find_symbol("vec_add")->value;
    launch.range.global[0] = n;
    launch.range.local[0] = 64;
    launch.args = {KernelArg::of_value(da), KernelArg::of_value(db), KernelArg::of_value(dc)};
    device.run(loaded, launch);
    device.read(dc, c.data(), 4 * n);
    return c;
}

// The SystemC hierarchy of the V2.1 top, printed: every SP holds its pipeline's blocks as
// modules, each with its ports bound (the simulation elaborates and runs a kernel).
TEST(PlatformHierarchy, EverySpHoldsItsPipelineBlocks) {
    host::Device device(config::Config{}, host::Device::Engine::kTiming);
    for (const sc_core::sc_object* o : sc_core::sc_get_top_level_objects())
        print_tree(o, 0, std::cout);
    std::vector<Sp*> sps;
    collect_sps(sc_core::sc_get_top_level_objects(), &sps);
    ASSERT_EQ(sps.size(), 32u);
    const std::set<std::string> blocks = {"fetch",      "thdc",        "issue",
                                          "divergence", "scoreboard",  "operand_collector",
                                          "execute",    "memory_unit", "writeback"};
    for (Sp* sp : sps) {
        std::set<std::string> found;
        for (const sc_core::sc_object* c : sp->get_child_objects())
            if (dynamic_cast<const sc_core::sc_module*>(c)) found.insert(c->basename());
        for (const std::string& b : blocks)
            EXPECT_TRUE(found.count(b)) << sp->name() << " has no block " << b;
    }
    EXPECT_EQ(std::string(sps[0]->pipeline().issue.name()), "mvp.gpc0.tpc0.sm0.sp0.issue");
    EXPECT_EQ(std::string(sps.back()->pipeline().writeback.name()),
              "mvp.gpc0.tpc3.sm1.sp3.writeback");
    // A kernel runs through the bound ports.
    const uint32_t n = 256;
    const std::vector<float> c =
        run_vec_add(device, std::vector<float>(n, 1.5f), std::vector<float>(n, 2.0f));
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], 3.5f) << i;
}

TEST(PlatformTop, EachTopSetsItsHierarchy) {
    ASSERT_EQ(PlatformTop::all().size(), 2u);
    config::Config c;
    PlatformTop::find("mvp_v2_1").apply(c);
    EXPECT_EQ(PlatformTop::sps_of(c), 32u);
    EXPECT_EQ(c.get_int("mvpgpu_n_tpc_per_gpc"), 4);
    EXPECT_EQ(c.get_int("mvpgpu_n_sm_per_tpc"), 2);
    EXPECT_EQ(c.get_string("mvpgpu_platform"), "mvp_v2_1");
    PlatformTop::find("mvp_1sp").apply(c);
    EXPECT_EQ(PlatformTop::sps_of(c), 1u);
    EXPECT_EQ(mvp_1sp_top().sps(), 1u);
    try {
        PlatformTop::find("mvp_9");
        FAIL();
    } catch (const config::ConfigError& e) {
        EXPECT_STREQ(e.what(), "--platform: unknown platform 'mvp_9' (known: mvp_v2_1, mvp_1sp)");
    }
}

TEST(Platform, EveryLinkIsCheckedAndCarriesTrafficWithoutViolations) {
    config::Config cfg;
    cfg.set("mvpgpu_tlm_check", "1", "test");
    host::Device device(cfg, host::Device::Engine::kTiming);
    const uint32_t n = 4096;
    std::vector<float> a(n), b(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = 0.5f * i;
        b[i] = 3.0f - i;
    }
    const std::vector<float> c = run_vec_add(device, a, b);
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;

    std::vector<sim::ProtocolChecker*> checkers;
    collect(sc_core::sc_get_top_level_objects(), &checkers);
    // Per SP: fetch->icc, icc->xi, ldst->occ, occ->local_mem, occ->dcc, dcc->xi, xi->noc; then
    // noc->ddr (4), host->cp registers, dma->host memory, dma->cp, cp->xi (the CP's memory
    // port, which carries the DMA engine's device side).
    EXPECT_EQ(checkers.size(), 32u * 7 + 4 + 4);
    std::map<std::string, uint64_t> traffic;
    for (sim::ProtocolChecker* c : checkers) {
        std::string name = c->name();
        for (const char* kind : {"icc", "xi", "occ", "dcc", "noc", "ddr", "dma", "regs"})
            if (name.find(kind) != std::string::npos) traffic[kind] += c->transactions();
        EXPECT_EQ(c->violations(), 0u) << name;
        EXPECT_EQ(c->in_flight(), 0u) << name;
    }
    for (const char* kind : {"icc", "xi", "occ", "dcc", "noc", "ddr", "dma"})
        EXPECT_GT(traffic[kind], 0u) << kind;
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

}  // namespace
}  // namespace mvp::tb
