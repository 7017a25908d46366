// PDOM versus Multi-Path IPDOM on the one-SP timing platform: every kernel of the divergence
// suite and of the project suite runs under both policies with warps of 4 and 32 lanes
// (each run compared with the golden model by KernelRunner), and the figures are asserted:
//   - both policies execute the same warp and thread instructions (SIMD efficiency
//     unchanged: both reconverge at the immediate post-dominator);
//   - MP-IPDOM never takes more than 2% more cycles than PDOM;
//   - on the dual-path kernels whose sides are chains of dependent global loads, in a warp of
//     32 that runs alone, MP-IPDOM takes at most 0.8x the PDOM cycles.
// Cycle counts are deterministic. scripts/divergence_report writes the same comparison, with
// its own inputs, to doc/divergence.md.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <systemc>
#include <vector>

#include "kernel_runner.h"

namespace mvp::kernels {
namespace {

using Engine = host::Device::Engine;

// One launch: loads its kernel, uploads deterministic inputs and runs it.
struct Case {
    std::string name;
    std::function<host::LaunchStats(KernelRunner&)> run;
    bool latency_bound_dual_path = false;  // the 0.8x bound applies at warp size 32
    unsigned slack_percent = 2;            // MP-IPDOM may take this much more than PDOM
};

std::vector<uint32_t> words(uint32_t n, uint32_t seed) {
    Rng rng(seed);
    std::vector<uint32_t> v(n);
    for (auto& x : v) x = rng.next();
    return v;
}

std::vector<int32_t> ints(uint32_t n, uint32_t seed, int32_t lo, int32_t hi) {
    Rng rng(seed);
    std::vector<int32_t> v(n);
    for (auto& x : v) x = rng.range(lo, hi);
    return v;
}

std::vector<float> floats(uint32_t n, uint32_t seed, float lo, float hi) {
    Rng rng(seed);
    std::vector<float> v(n);
    for (auto& x : v) x = rng.uniform(lo, hi);
    return v;
}

// A kernel of sw/kernels with buffers (uploaded, or zeroed outputs) and value arguments.
struct Arg {
    enum Kind { kIn, kOut, kValue, kLocal } kind;
    std::vector<uint32_t> data;  // kIn
    uint32_t value = 0;          // kOut: words; kValue: the value; kLocal: bytes
};
Arg in(std::vector<uint32_t> d) { return {Arg::kIn, std::move(d), 0}; }
template <typename T>
Arg in(const std::vector<T>& d) {
    std::vector<uint32_t> w(d.size());
    std::memcpy(w.data(), d.data(), d.size() * 4);
    return {Arg::kIn, std::move(w), 0};
}
Arg out(uint32_t n) { return {Arg::kOut, {}, n}; }
Arg val(uint32_t v) { return {Arg::kValue, {}, v}; }
Arg loc(uint32_t bytes) { return {Arg::kLocal, {}, bytes}; }

Case launch(const std::string& name, const std::string& kernel, NDRange range,
            std::vector<Arg> args, bool latency_bound = false) {
    Case c;
    c.name = name;
    c.latency_bound_dual_path = latency_bound;
    c.run = [kernel, range, args](KernelRunner& k) {
        if (kernel.find('/') == std::string::npos) {
            k.load(kernel);
        } else {
            const std::string file = kernel.substr(0, kernel.find(':'));
            k.load_file("sw/kernels/" + file, kernel.substr(kernel.find(':') + 1));
        }
        std::vector<KernelArg> a;
        for (const Arg& x : args) {
            switch (x.kind) {
                case Arg::kIn:
                    a.push_back(value_arg(k.upload(x.data)));
                    break;
                case Arg::kOut:
                    a.push_back(value_arg(k.filled<uint32_t>(x.value, 0xdeadbeefu)));
                    break;
                case Arg::kValue:
                    a.push_back(value_arg(x.value));
                    break;
                case Arg::kLocal:
                    a.push_back(local_arg(x.value));
                    break;
            }
        }
        return k.run(range, a);
    };
    return c;
}

std::vector<uint32_t> permutation(uint32_t n, uint32_t seed) {
    Rng rng(seed);
    std::vector<uint32_t> p(n);
    for (uint32_t i = 0; i < n; ++i) p[i] = i;
    for (uint32_t i = n - 1; i > 0; --i) std::swap(p[i], p[rng.next() % (i + 1)]);
    return p;
}

const std::vector<Case>& cases() {
    static const std::vector<Case> c = [] {
        std::vector<Case> v;
        const uint32_t n = 256;
        auto r = [](uint32_t g, uint32_t l) { return range_1d(g, l); };
        // The divergence suite.
        v.push_back(
            launch("div_dual_balanced", "div_dual_balanced", r(n, 64), {in(words(n, 1)), out(n)}));
        v.push_back(launch("div_dual_unbalanced", "div_dual_unbalanced", r(n, 64),
                           {in(words(n, 2)), out(n), val(16)}));
        v.push_back(launch(
            "div_nested3", "div_nested3", r(n, 64),
            {in(ints(n, 3, -1000, 1000)), out(n), val(static_cast<uint32_t>(-300)), val(300)}));
        // The one exception to the 2% bound. In warps of 4 each work-group's tail here is
        // bound by its 16 stores, which the DCC serialises (single-word write misses, each a
        // line fetch, 2 when the victim is a dirty word of the previous group's stores in the
        // same set): their cost depends on the order the warps store in, which MP-IPDOM
        // changes (measured: 2.4% more cycles at warp size 4, 4.6% fewer at 32).
        v.back().slack_percent = 3;
        v.push_back(
            launch("div_loop_count", "div_loop_count", r(n, 64), {in(words(n, 4)), out(n)}));
        v.push_back(launch("div_call", "div_call", r(n, 64), {in(words(n, 5)), out(n)}));
        v.push_back(launch("div_early_exit", "div_early_exit", r(n, 64),
                           {in(words(n, 6)), out(n), val(250)}));
        v.push_back(launch("div_switch", "div_switch", r(n, 64), {in(words(n, 7)), out(n)}));
        v.push_back(
            launch("div_jump_table", "div_jump_table", r(n, 64), {in(words(n, 7)), out(n)}));
        const uint32_t m = 4096;
        for (uint32_t items : {32u, 256u}) {
            const bool alone = items == 32;
            v.push_back(launch("div_ptr_chase_" + std::to_string(items), "div_ptr_chase",
                               r(items, std::min(items, 64u)),
                               {in(permutation(m, 8)), in(permutation(m, 9)), out(items), val(8)},
                               alone));
            std::vector<uint32_t> idx = words(m, 10);
            for (auto& x : idx) x &= m - 1;
            v.push_back(launch("div_dep_loads_" + std::to_string(items), "div_dep_loads",
                               r(items, std::min(items, 64u)),
                               {in(idx), in(words(m, 11)), out(items), val(m - 1)}, alone));
        }
        // The project suite (kernels whose instruction counts do not depend on the order of
        // their atomics).
        v.push_back(launch("cl_hello", "cl_hello/_cl_hello.s:square", r(32, 32),
                           {in(floats(32, 12, -4, 4)), out(32), val(30)}));
        v.push_back(launch("vec_add", "vec_add", r(1000, 64),
                           {in(floats(1000, 13, -9, 9)), in(floats(1000, 14, -9, 9)), out(1064)}));
        v.push_back(launch("abs_clamp", "abs_clamp", r(512, 32),
                           {in(ints(512, 15, -5000, 5000)), out(512), val(1000)}));
        v.push_back(launch("classify3", "classify3", r(512, 64),
                           {in(ints(512, 16, -1000, 1000)), out(512),
                            val(static_cast<uint32_t>(-100)), val(300)}));
        v.push_back(launch("loop_mod7", "loop_mod7", r(700, 64), {in(words(700, 17)), out(700)}));
        v.push_back(launch("collatz", "collatz", r(256, 64),
                           {in(ints(256, 18, 0, 3000)), out(256), val(60)}));
        v.push_back(launch("find_first", "find_first", r(128, 32),
                           {in(ints(128 * 24, 19, 0, 39)), out(128), val(24), val(7)}));
        v.push_back(launch("call_branch", "call_branch", r(256, 32),
                           {in(words(256, 20)), out(256), val(12345)}));
        v.push_back(launch("reduce_sum", "reduce_sum", r(1000, 64),
                           {in(ints(1000, 21, -1000, 1000)), out(20), loc(256), val(997)}));
        v.push_back(launch("scan_inclusive", "scan_inclusive", r(100, 32),
                           {in(ints(100, 22, -500, 500)), out(100), loc(128)}));
        v.push_back(launch("histogram", "histogram", r(1000, 64),
                           {in(words(1000, 23)), out(64), out(1), val(63)}));
        v.push_back(launch("byte_hist", "byte_hist", r(200, 64),
                           {in(words(1250, 24)), out(256), loc(1024), val(5000)}));
        v.push_back(launch("char_upper", "char_upper", r(1024, 64),
                           {in(words(250, 25)), out(266), out(532), val(1000)}));
        v.push_back(launch("subword_mix", "subword_mix", r(512, 64),
                           {in(words(128, 26)), in(words(256, 27)), out(512), out(256)}));
        v.push_back(launch("saxpy", "saxpy", r(1024, 64),
                           {val(0x3fc00000u), in(floats(1000, 28, -9, 9)),
                            in(floats(1000, 29, -9, 9)), val(1000)}));
        v.push_back(
            launch("poly_eval", "poly_eval", r(512, 64),
                   {in(ints(512, 30, -10000, 10000)), out(512), out(512), val(0x3e800000u)}));
        v.push_back(launch("normalize3", "normalize3", r(256, 64),
                           {in(floats(1024, 31, 1, 9)), out(1024), out(256)}));
        v.push_back(
            launch("sfu_math", "sfu_math", r(256, 64), {in(floats(256, 32, 1, 8)), out(2048)}));
        v.push_back(launch("transpose", "transpose", range_2d(13, 10, 4, 4),
                           {in(floats(130, 33, -9, 9)), out(146)}));
        v.push_back(launch("matmul", "matmul", range_2d(12, 12, 4, 4),
                           {in(floats(63, 34, -2, 2)), in(floats(77, 35, -2, 2)), out(115), val(9),
                            val(11), val(7)}));
        v.push_back(
            launch("affine7", "affine7", r(320, 64),
                   {in(floats(64, 36, -9, 9)), in(ints(320, 37, 0, 63)), out(320), val(0x3fc00000u),
                    val(0xbe800000u), val(static_cast<uint32_t>(-7)), val(300)}));
        v.push_back(launch("compute_loop", "compute_loop", r(256, 64),
                           {in(words(256, 38)), out(256), out(256), val(30)}));
        return v;
    }();
    return c;
}

struct Param {
    size_t index;
    unsigned warp;
};

void PrintTo(const Param& p, std::ostream* os) { *os << cases()[p.index].name << " W" << p.warp; }

class DivergenceCompare : public ::testing::TestWithParam<Param> {};

config::Config one_sp(unsigned warp, const char* policy) {
    SuiteConfig c{"compare",
                  Engine::kTiming,
                  {{"mvpgpu_platform", "mvp_1sp"},
                   {"mvpgpu_n_tpc_per_gpc", "1"},
                   {"mvpgpu_n_sm_per_tpc", "1"},
                   {"mvpgpu_n_sp_per_sm", "1"},
                   {"mvpgpu_n_threads_per_sp_and_warp_size", std::to_string(warp)},
                   {"mvpgpu_divergence", policy}}};
    return c.make_config();
}

// Advances the simulation (both platforms idle) to the next microsecond, so that the next run
// sees every clock domain in the same phase as the first, which started at time 0: the core
// runs at 1 GHz and the DDR at 800 MHz, whose edges coincide every 5 ns.
void align_time() {
    const sc_core::sc_time step(1, sc_core::SC_US);
    const double steps = std::ceil(sc_core::sc_time_stamp() / step);
    const sc_core::sc_time target = step * steps;
    if (target > sc_core::sc_time_stamp()) sc_core::sc_start(target - sc_core::sc_time_stamp());
}

TEST_P(DivergenceCompare, MpIpdomAgainstPdom) {
    const Case& c = cases()[GetParam().index];
    const unsigned warp = GetParam().warp;
    // Both platforms are built before either runs (SystemC elaborates once per process).
    KernelRunner pdom(one_sp(warp, "pdom"), Engine::kTiming);
    KernelRunner mp(one_sp(warp, "mpipdom"), Engine::kTiming);
    const host::LaunchStats p = c.run(pdom);
    align_time();
    const host::LaunchStats m = c.run(mp);
    EXPECT_EQ(m.warp_instructions, p.warp_instructions);
    EXPECT_EQ(m.thread_instructions, p.thread_instructions);
    EXPECT_LE(m.cycles * 100, p.cycles * (100 + (warp == 4 ? c.slack_percent : 2)))
        << "MP-IPDOM " << m.cycles << " cycles, PDOM " << p.cycles;
    if (c.latency_bound_dual_path && warp == 32) {
        EXPECT_LE(m.cycles * 10, p.cycles * 8)
            << "MP-IPDOM " << m.cycles << " cycles, PDOM " << p.cycles;
    }
    RecordProperty("pdom_cycles", std::to_string(p.cycles));
    RecordProperty("mpipdom_cycles", std::to_string(m.cycles));
}

std::vector<Param> params() {
    std::vector<Param> v;
    for (size_t i = 0; i < cases().size(); ++i)
        for (unsigned w : {4u, 32u}) v.push_back({i, w});
    return v;
}

INSTANTIATE_TEST_SUITE_P(kernels, DivergenceCompare, ::testing::ValuesIn(params()),
                         [](const ::testing::TestParamInfo<Param>& info) {
                             return cases()[info.param.index].name + "_warp" +
                                    std::to_string(info.param.warp);
                         });

}  // namespace
}  // namespace mvp::kernels
