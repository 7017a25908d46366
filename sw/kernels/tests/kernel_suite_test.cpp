// The regression kernel suite: every kernel of sw/kernels runs on a Device with deterministic
// pseudo-random inputs, and its outputs are compared with values computed here in C++. The
// tests are parameterised over the configurations of kSuiteConfigs.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "kernel_runner.h"

namespace mvp::kernels {

void PrintTo(const SuiteConfig& config, std::ostream* os) { *os << config.name; }

namespace {

using Engine = host::Device::Engine;

// The configurations every kernel test runs under; adding one is one line, e.g.
//   {"timing_warp8", Engine::kTiming, {{"mvpgpu_n_threads_per_sp_and_warp_size", "8"}}},
using Options = std::vector<std::pair<std::string, std::string>>;
Options with(Options o, const std::string& name, const std::string& value) {
    o.emplace_back(name, value);
    return o;
}
// Every timing run puts a TLM protocol checker on every link of the platform; a violation is
// a SystemC error, which fails the test.
const Options kV21 = {{"mvpgpu_tlm_check", "1"}};
const Options kOneSp = {{"mvpgpu_tlm_check", "1"},
                        {"mvpgpu_platform", "mvp_1sp"},
                        {"mvpgpu_n_tpc_per_gpc", "1"},
                        {"mvpgpu_n_sm_per_tpc", "1"},
                        {"mvpgpu_n_sp_per_sm", "1"}};
constexpr const char* kWarp = "mvpgpu_n_threads_per_sp_and_warp_size";

constexpr const char* kDivergence = "mvpgpu_divergence";

#ifdef MVP_KERNEL_SUITE_RTL
// tb/rtl builds this file as rtl_kernel_suite_test: the suite on mvp_1sp with the scoreboard and
// Multi-Path IPDOM as Verilated RTL in lockstep with the C++ blocks (doc/rtl-cosim.md), at warp
// sizes 4 and 32 under both divergence policies (mp_ipdom is absent under PDOM). A mismatch
// fails the run; its report goes to the test's temporary directory.
const Options kRtl = with(
    with(with(kOneSp, "mvpgpu_rtl_blocks", "scoreboard,mp_ipdom"), "mvpgpu_rtl_mode", "lockstep"),
    "mvpgpu_rtl_report", ::testing::TempDir() + "rtl_mismatch");
const SuiteConfig kSuiteConfigs[] = {
    {"1sp_warp4_rtl_lockstep", Engine::kTiming, kRtl},
    {"1sp_warp32_rtl_lockstep", Engine::kTiming, with(kRtl, kWarp, "32")},
    {"1sp_warp4_pdom_rtl_lockstep", Engine::kTiming, with(kRtl, kDivergence, "pdom")},
    {"1sp_warp32_pdom_rtl_lockstep", Engine::kTiming,
     with(with(kRtl, kWarp, "32"), kDivergence, "pdom")},
};
#else
const SuiteConfig kSuiteConfigs[] = {
    {"functional", Engine::kFunctional, {}},
    // The timing engine on both platforms and three warp sizes, with the default divergence
    // policy (Multi-Path IPDOM); each run is also compared with the golden model, bit for bit
    // (KernelRunner::run).
    {"v2_1_warp4", Engine::kTiming, kV21},
    {"v2_1_warp1", Engine::kTiming, with(kV21, kWarp, "1")},
    {"v2_1_warp32", Engine::kTiming, with(kV21, kWarp, "32")},
    {"1sp_warp4", Engine::kTiming, kOneSp},
    {"1sp_warp1", Engine::kTiming, with(kOneSp, kWarp, "1")},
    {"1sp_warp32", Engine::kTiming, with(kOneSp, kWarp, "32")},
    // The PDOM stack at the three warp sizes, and MP-IPDOM with tables too small for the
    // kernels' splits (parked splits, reconvergence at the parent's point).
    {"v2_1_warp4_pdom", Engine::kTiming, with(kV21, kDivergence, "pdom")},
    {"1sp_warp1_pdom", Engine::kTiming, with(with(kOneSp, kWarp, "1"), kDivergence, "pdom")},
    {"1sp_warp32_pdom", Engine::kTiming, with(with(kOneSp, kWarp, "32"), kDivergence, "pdom")},
    {"1sp_warp32_tables2", Engine::kTiming,
     with(with(with(kOneSp, kWarp, "32"), "mvpgpu_mpipdom_st_entries", "2"),
          "mvpgpu_mpipdom_rt_entries", "2")},
    // Each kernel compiled from its OpenCL C source (<name>.cl), run after the assembly with
    // the same inputs: every buffer must match the assembly's bit for bit, and the test's own
    // checks apply to the compiled kernel. Each run prints both versions' instruction and
    // cycle counts.
    {"functional_cl", Engine::kFunctional, {}, true},
    {"1sp_warp4_cl", Engine::kTiming, kOneSp, true},
};
#endif

// Written into output buffers beforehand, to check that nothing is stored where a kernel
// must not write.
constexpr uint32_t kSentinel = 0xdeadbeefu;

class KernelSuite : public ::testing::TestWithParam<SuiteConfig> {
  protected:
    void SetUp() override {
        runner_ = std::make_unique<KernelRunner>(GetParam().make_config(), GetParam().engine,
                                                 GetParam().opencl_c
                                                     ? KernelRunner::Source::kOpenClAgainstAssembly
                                                     : KernelRunner::Source::kAssembly);
    }

    KernelRunner& k() { return *runner_; }

  private:
    std::unique_ptr<KernelRunner> runner_;
};

// Reports the first few differing elements and their count.
template <typename T>
void expect_equal_vectors(const std::vector<T>& actual, const std::vector<T>& expected,
                          const std::string& what) {
    ASSERT_EQ(actual.size(), expected.size()) << what;
    size_t mismatches = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        if (actual[i] == expected[i]) continue;
        if (++mismatches <= 8)
            ADD_FAILURE() << what << "[" << i << "]: got " << +actual[i] << ", expected "
                          << +expected[i];
    }
    EXPECT_EQ(mismatches, 0u) << what << ": elements that differ";
}

// Floats must match bit for bit.
void expect_same_floats(const std::vector<float>& actual, const std::vector<float>& expected,
                        const std::string& what) {
    ASSERT_EQ(actual.size(), expected.size()) << what;
    size_t mismatches = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        if (bits_of(actual[i]) == bits_of(expected[i])) continue;
        if (++mismatches <= 8)
            ADD_FAILURE() << what << "[" << i << "]: got " << actual[i] << " (0x" << std::hex
                          << bits_of(actual[i]) << "), expected " << expected[i] << " (0x"
                          << bits_of(expected[i]) << ")" << std::dec;
    }
    EXPECT_EQ(mismatches, 0u) << what << ": elements that differ";
}

// An SFU result: at most 2 ulp from the correctly rounded double-precision reference.
void expect_sfu(float actual, double reference, const char* what, size_t i) {
    float expect = static_cast<float>(reference);
    EXPECT_LE(ulp_distance(actual, expect), 2u)
        << what << "[" << i << "]: got " << actual << ", reference " << reference;
}

// The words [address, address + 4 * count) must still hold kSentinel.
void expect_untouched(KernelRunner& k, uint32_t address, size_t count, const std::string& what) {
    expect_equal_vectors(k.download<uint32_t>(address, count),
                         std::vector<uint32_t>(count, kSentinel), what);
}

// ftoi as isa-core.md defines it: toward zero, saturating, NaN gives 0.
int32_t ftoi(float f) {
    if (std::isnan(f)) return 0;
    if (f >= 2147483648.0f) return std::numeric_limits<int32_t>::max();
    if (f < -2147483648.0f) return std::numeric_limits<int32_t>::min();
    return static_cast<int32_t>(f);
}

uint32_t u32(int32_t v) { return static_cast<uint32_t>(v); }
int32_t s32(uint32_t v) { return static_cast<int32_t>(v); }

TEST_P(KernelSuite, ClHelloSeed) {
    const uint32_t n = 30, global = 32;
    Rng rng(1);
    std::vector<float> in(global), expect(global);
    for (uint32_t i = 0; i < global; ++i) {
        in[i] = rng.uniform(-4.0f, 4.0f);
        expect[i] = i < n ? in[i] * in[i] : 0.0f;
    }
    k().load_file("sw/kernels/cl_hello/_cl_hello.s", "square");
    uint32_t din = k().upload(in);
    uint32_t dout = k().filled<uint32_t>(global, kSentinel);
    k().run(range_1d(global, global), {value_arg(din), value_arg(dout), value_arg(n)});
    expect_same_floats(k().download<float>(dout, global), expect, "out");
}

void check_vec_add(KernelRunner& k, uint32_t n, uint32_t local) {
    Rng rng(n);
    std::vector<float> a(n), b(n), expect(n);
    for (uint32_t i = 0; i < n; ++i) {
        a[i] = rng.uniform(-100.0f, 100.0f);
        b[i] = rng.uniform(-100.0f, 100.0f);
        expect[i] = a[i] + b[i];
    }
    k.load("vec_add");
    uint32_t da = k.upload(a), db = k.upload(b);
    uint32_t dc = k.filled<uint32_t>(n + 64, kSentinel);
    k.run(range_1d(n, local), {value_arg(da), value_arg(db), value_arg(dc)});
    expect_same_floats(k.download<float>(dc, n), expect, "c");
    expect_untouched(k, dc + 4 * n, 64, "c past n");
}

TEST_P(KernelSuite, VecAdd) { check_vec_add(k(), 4096, 64); }

TEST_P(KernelSuite, VecAddNonUniform) { check_vec_add(k(), 1000, 64); }

TEST_P(KernelSuite, AbsClampDivergentIfElse) {
    const uint32_t n = 512;
    const int32_t limit = 1000;
    Rng rng(2);
    std::vector<int32_t> in(n), expect(n);
    for (auto& x : in) x = rng.range(-5000, 5000);
    in[0] = std::numeric_limits<int32_t>::min();
    in[1] = std::numeric_limits<int32_t>::max();
    in[2] = 0;
    in[3] = -1;
    in[4] = limit;
    in[5] = limit - 1;
    for (uint32_t i = 0; i < n; ++i) {
        int32_t x = in[i];
        expect[i] = x < 0 ? s32(0u - u32(x)) >> 1 : std::min(x, limit);
    }
    k().load("abs_clamp");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 32), {value_arg(din), value_arg(dout), value_arg(u32(limit))});
    expect_equal_vectors(k().download<int32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, Classify3NestedBranches) {
    const uint32_t n = 512;
    const int32_t lo = -100, hi = 300;
    Rng rng(3);
    std::vector<int32_t> in(n);
    std::vector<uint32_t> expect(n);
    for (auto& x : in) x = rng.range(-1000, 1000);
    for (uint32_t i = 0; i < n; ++i) {
        int32_t x = in[i];
        uint32_t cls, v;
        if (x < lo) {
            cls = 0;
            v = u32(lo) - u32(x);
            v = (u32(x) & 1) ? v + 7 : v * 2;
        } else if (x <= hi) {
            cls = 1;
            v = (u32(x) - u32(lo)) * (u32(hi) - u32(x));
        } else {
            cls = 2;
            v = u32(x) ^ u32(hi);
        }
        expect[i] = (v << 2) | cls;
    }
    k().load("classify3");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64),
            {value_arg(din), value_arg(dout), value_arg(u32(lo)), value_arg(u32(hi))});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, LoopMod7PerThreadTripCounts) {
    const uint32_t n = 700;  // 10 work-groups of 64 and one of 60
    Rng rng(4);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t gid = 0; gid < n; ++gid) {
        uint32_t x = in[gid], acc = x;
        for (uint32_t i = 0; i < gid % 7; ++i) acc = acc + u32(s32(acc) >> 3) + x * i;
        expect[gid] = acc;
    }
    k().load("loop_mod7");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dout)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, CollatzLoopWithBreak) {
    const uint32_t n = 256, max_steps = 60;
    Rng rng(5);
    std::vector<uint32_t> start(n), expect(n);
    for (auto& s : start) s = static_cast<uint32_t>(rng.range(0, 3000));
    start[0] = 0;   // never reaches 1: always breaks
    start[1] = 1;   // no iteration
    start[2] = 27;  // 111 steps: breaks
    start[3] = 16;  // 4 steps
    unsigned breaks = 0;
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t v = start[i], s = 0;
        while (v != 1) {
            if (s == max_steps) break;
            v = (v & 1) ? 3 * v + 1 : v >> 1;
            ++s;
        }
        expect[i] = s;
        breaks += s == max_steps;
    }
    ASSERT_GT(breaks, 1u);
    ASSERT_LT(breaks, n / 2);
    k().load("collatz");
    uint32_t din = k().upload(start), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dout), value_arg(max_steps)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "steps");
}

TEST_P(KernelSuite, FindFirstBreak) {
    const uint32_t rows = 128, width = 24;
    const int32_t key = 7;
    Rng rng(6);
    std::vector<int32_t> data(rows * width), expect(rows, -1);
    for (auto& x : data) x = rng.range(0, 39);
    for (uint32_t c = 0; c < width; ++c) data[c] = 0;  // row 0: no key
    data[width] = key;                                 // row 1: key in the first column
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t c = 0; c < width; ++c)
            if (data[r * width + c] == key) {
                expect[r] = static_cast<int32_t>(c);
                break;
            }
    k().load("find_first");
    uint32_t drows = k().upload(data), dpos = k().filled<uint32_t>(rows, kSentinel);
    k().run(range_1d(rows, 32),
            {value_arg(drows), value_arg(dpos), value_arg(width), value_arg(u32(key))});
    expect_equal_vectors(k().download<int32_t>(dpos, rows), expect, "pos");
}

TEST_P(KernelSuite, CallInsideBranch) {
    const uint32_t n = 256, local = 32;
    const int32_t salt = 12345;
    Rng rng(7);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t x = in[i];
        if (x & 1) {
            uint32_t h = x * 0x45d9f3bu;
            h ^= h >> 16;
            expect[i] = h + u32(salt) + i % local + i;
        } else {
            expect[i] = x << 1;
        }
    }
    k().load("call_branch");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, local), {value_arg(din), value_arg(dout), value_arg(u32(salt))});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

void check_reduce_sum(KernelRunner& k, uint32_t global, uint32_t local, uint32_t n) {
    const uint32_t groups = (global + local - 1) / local;
    Rng rng(global + n);
    std::vector<int32_t> in(global), expect(groups, 0);
    for (auto& x : in) x = rng.range(-1000, 1000);
    for (uint32_t gid = 0; gid < n; ++gid) expect[gid / local] += in[gid];
    k.load("reduce_sum");
    uint32_t din = k.upload(in), dpartial = k.filled<uint32_t>(groups + 4, kSentinel);
    k.run(range_1d(global, local),
          {value_arg(din), value_arg(dpartial), local_arg(4 * local), value_arg(n)});
    expect_equal_vectors(k.download<int32_t>(dpartial, groups), expect, "partial");
    expect_untouched(k, dpartial + 4 * groups, 4, "partial past the last group");
}

TEST_P(KernelSuite, ReduceSumBarrierInLoop) { check_reduce_sum(k(), 1024, 64, 1024); }

TEST_P(KernelSuite, ReduceSumNonUniform) { check_reduce_sum(k(), 1000, 64, 997); }

TEST_P(KernelSuite, ReduceSumOddGroupSize) { check_reduce_sum(k(), 333, 37, 333); }

void check_scan(KernelRunner& k, uint32_t global, uint32_t local) {
    Rng rng(global * 3 + local);
    std::vector<int32_t> in(global), expect(global);
    for (auto& x : in) x = rng.range(-500, 500);
    for (uint32_t g = 0; g < global; g += local) {
        int32_t sum = 0;
        for (uint32_t i = g; i < std::min(global, g + local); ++i) expect[i] = sum += in[i];
    }
    k.load("scan_inclusive");
    uint32_t din = k.upload(in), dout = k.filled<uint32_t>(global, kSentinel);
    k.run(range_1d(global, local), {value_arg(din), value_arg(dout), local_arg(4 * local)});
    expect_equal_vectors(k.download<int32_t>(dout, global), expect, "out");
}

TEST_P(KernelSuite, ScanInclusiveTwoBarriersPerStep) { check_scan(k(), 256, 64); }

TEST_P(KernelSuite, ScanInclusiveNonUniform) { check_scan(k(), 100, 32); }

TEST_P(KernelSuite, HistogramGlobalAtomicAdd) {
    const uint32_t n = 1000, mask = 63;
    Rng rng(8);
    std::vector<uint32_t> data(n), bins(mask + 1, 0);
    uint32_t total = 0;
    for (auto& v : data) v = rng.next();
    for (uint32_t v : data) {
        ++bins[(v ^ (v >> 7)) & mask];
        total += v & 15;
    }
    k().load("histogram");
    uint32_t ddata = k().upload(data), dbins = k().filled<uint32_t>(mask + 1, 0);
    uint32_t dtotal = k().filled<uint32_t>(1, 0);
    k().run(range_1d(n, 64),
            {value_arg(ddata), value_arg(dbins), value_arg(dtotal), value_arg(mask)});
    expect_equal_vectors(k().download<uint32_t>(dbins, mask + 1), bins, "bins");
    EXPECT_EQ(k().download<uint32_t>(dtotal, 1)[0], total);
}

TEST_P(KernelSuite, ByteHistLocalAtomics) {
    const uint32_t n = 5000, global = 200, local = 64;  // groups of 64, 64, 64 and 8
    Rng rng(9);
    std::vector<uint8_t> bytes(n);
    std::vector<uint32_t> expect(256, 0);
    for (auto& b : bytes) b = static_cast<uint8_t>(rng.next() >> 24);
    for (uint32_t i = 0; i < n; i += 7) bytes[i] = 'e';  // one crowded bin
    for (uint8_t b : bytes) ++expect[b];
    k().load("byte_hist");
    uint32_t dbytes = k().upload(bytes), dbins = k().filled<uint32_t>(256, 0);
    k().run(range_1d(global, local),
            {value_arg(dbytes), value_arg(dbins), local_arg(4 * 256), value_arg(n)});
    expect_equal_vectors(k().download<uint32_t>(dbins, 256), expect, "bins");
}

TEST_P(KernelSuite, CharUpperEarlyExit) {
    const uint32_t n = 1000, global = 1024, pad = 64;
    Rng rng(10);
    std::vector<int8_t> in(n);
    for (auto& c : in)
        c = static_cast<int8_t>((rng.next() & 1) ? rng.range('a' - 2, 'z' + 2)
                                                 : rng.range(-128, 127));
    std::vector<int8_t> expect_out(n);
    std::vector<int16_t> expect_delta(n);
    for (uint32_t i = 0; i < n; ++i) {
        uint8_t c = static_cast<uint8_t>(in[i]);
        if (static_cast<uint32_t>(c - 'a') < 26) c -= 'a' - 'A';
        expect_out[i] = static_cast<int8_t>(c);
        int32_t prev = i > 0 ? in[i - 1] : 0;
        expect_delta[i] = static_cast<int16_t>(in[i] - prev);
    }
    k().load("char_upper");
    uint32_t din = k().upload(in);
    uint32_t dout = k().filled<uint32_t>((n + pad) / 4, kSentinel);
    uint32_t ddelta = k().filled<uint32_t>((n + pad) / 2, kSentinel);
    k().run(range_1d(global, 64),
            {value_arg(din), value_arg(dout), value_arg(ddelta), value_arg(n)});
    expect_equal_vectors(k().download<int8_t>(dout, n), expect_out, "out");
    expect_equal_vectors(k().download<int16_t>(ddelta, n), expect_delta, "delta");
    expect_untouched(k(), dout + n, pad / 4, "out past n");
    expect_untouched(k(), ddelta + 2 * n, pad / 2, "delta past n");
}

TEST_P(KernelSuite, SubwordLoadsAndStores) {
    const uint32_t n = 512;
    Rng rng(11);
    std::vector<int8_t> s8(n);
    std::vector<int16_t> s16(n), expect16(n);
    std::vector<uint32_t> expect(n);
    for (auto& v : s8) v = static_cast<int8_t>(rng.range(-128, 127));
    for (auto& v : s16) v = static_cast<int16_t>(rng.range(-32768, 32767));
    for (uint32_t i = 0; i < n; ++i) {
        int32_t a = s8[i], c = s16[i];
        uint32_t b = static_cast<uint8_t>(s8[i]), d = static_cast<uint16_t>(s16[i]);
        expect[i] = u32(a) * u32(c) + (b ^ d);
        expect16[i] = static_cast<int16_t>(static_cast<uint16_t>(u32(a + c)));
    }
    k().load("subword_mix");
    uint32_t d8 = k().upload(s8), d16 = k().upload(s16);
    uint32_t dout = k().filled<uint32_t>(n, kSentinel);
    uint32_t dout16 = k().filled<uint32_t>(n / 2, kSentinel);
    k().run(range_1d(n, 64), {value_arg(d8), value_arg(d16), value_arg(dout), value_arg(dout16)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
    expect_equal_vectors(k().download<int16_t>(dout16, n), expect16, "out16");
}

TEST_P(KernelSuite, SaxpyFmac) {
    const uint32_t n = 1000, global = 1024;
    const float a = 1.7f;
    Rng rng(12);
    std::vector<float> x(global), y(global), expect(global);
    for (uint32_t i = 0; i < global; ++i) {
        x[i] = rng.uniform(-10.0f, 10.0f);
        y[i] = rng.uniform(-10.0f, 10.0f);
        expect[i] = i < n ? std::fma(a, x[i], y[i]) : y[i];
    }
    k().load("saxpy");
    uint32_t dx = k().upload(x), dy = k().upload(y);
    k().run(range_1d(global, 64), {float_arg(a), value_arg(dx), value_arg(dy), value_arg(n)});
    expect_same_floats(k().download<float>(dy, global), expect, "y");
}

TEST_P(KernelSuite, PolyEvalConversions) {
    const uint32_t n = 512;
    const float scale = 0.25f;
    Rng rng(13);
    std::vector<int32_t> in(n), expect_i(n);
    std::vector<float> expect_f(n);
    for (auto& v : in) v = rng.range(-10000, 10000);
    in[0] = 0;
    unsigned saturated = 0;
    for (uint32_t i = 0; i < n; ++i) {
        float x = static_cast<float>(in[i]) * scale;
        float p = 0.5f * x;
        p = p + -1.25f;
        p = p * x;
        p = p + 3.0f;
        p = p * x;
        p = p + -7.5f;
        expect_f[i] = p;
        expect_i[i] = ftoi(p);
        saturated += std::fabs(p) >= 2147483648.0f;
    }
    ASSERT_GT(saturated, 0u);
    k().load("poly_eval");
    uint32_t din = k().upload(in);
    uint32_t dof = k().filled<uint32_t>(n, kSentinel), doi = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dof), value_arg(doi), float_arg(scale)});
    expect_same_floats(k().download<float>(dof, n), expect_f, "outf");
    expect_equal_vectors(k().download<int32_t>(doi, n), expect_i, "outi");
}

TEST_P(KernelSuite, Normalize3Rsqrt) {
    const uint32_t n = 256;
    Rng rng(14);
    std::vector<float> v(4 * n), s(n);
    for (uint32_t i = 0; i < n; ++i) {
        for (;;) {
            for (int c = 0; c < 4; ++c) v[4 * i + c] = rng.uniform(-10.0f, 10.0f);
            float x = v[4 * i], y = v[4 * i + 1], z = v[4 * i + 2];
            s[i] = std::fma(z, z, std::fma(y, y, x * x));
            if (s[i] > 1e-3f) break;
        }
    }
    k().load("normalize3");
    uint32_t dv = k().upload(v);
    uint32_t dout = k().filled<uint32_t>(4 * n, kSentinel);
    uint32_t dinv = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(dv), value_arg(dout), value_arg(dinv)});
    std::vector<float> out = k().download<float>(dout, 4 * n);
    std::vector<float> inv = k().download<float>(dinv, n);
    // rsqrt within the SFU tolerance; the products with the device's rsqrt exactly.
    std::vector<float> expect(4 * n);
    for (uint32_t i = 0; i < n; ++i) {
        expect_sfu(inv[i], 1.0 / std::sqrt(static_cast<double>(s[i])), "inv_len", i);
        for (int c = 0; c < 3; ++c) expect[4 * i + c] = v[4 * i + c] * inv[i];
        expect[4 * i + 3] = s[i] * inv[i];
    }
    expect_same_floats(out, expect, "out");
}

TEST_P(KernelSuite, SfuMath) {
    const uint32_t n = 256;
    Rng rng(15);
    std::vector<float> x(n);
    for (auto& v : x) {
        v = rng.uniform(-8.0f, 8.0f);
        if (v == 0.0f) v = 0.5f;
    }
    x[0] = 1.0f;
    x[1] = -1.0f;
    x[2] = 0.001f;
    k().load("sfu_math");
    uint32_t dx = k().upload(x), dout = k().filled<uint32_t>(8 * n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(dx), value_arg(dout)});
    std::vector<float> out = k().download<float>(dout, 8 * n);
    for (uint32_t i = 0; i < n; ++i) {
        const float* o = &out[8 * i];
        double v = x[i];
        float a = std::fabs(x[i]) + 1.0f;
        double da = a;
        expect_sfu(o[0], std::sin(v), "sin", i);
        expect_sfu(o[1], std::cos(v), "cos", i);
        expect_sfu(o[2], std::exp2(v), "exp2", i);
        expect_sfu(o[3], std::log2(da), "log2", i);
        expect_sfu(o[4], std::sqrt(da), "sqrt", i);
        expect_sfu(o[5], 1.0 / v, "recip", i);
        expect_sfu(o[6], 1.0 / std::sqrt(da), "rsqrt", i);
        EXPECT_EQ(bits_of(o[7]), bits_of(a)) << "a[" << i << "]";
    }
}

void check_transpose(KernelRunner& k, uint32_t w, uint32_t h, uint32_t lx, uint32_t ly) {
    Rng rng(w * 100 + h);
    std::vector<float> in(w * h), expect(w * h);
    for (auto& v : in) v = rng.uniform(-1000.0f, 1000.0f);
    for (uint32_t y = 0; y < h; ++y)
        for (uint32_t x = 0; x < w; ++x) expect[x * h + y] = in[y * w + x];
    k.load("transpose");
    uint32_t din = k.upload(in), dout = k.filled<uint32_t>(w * h + 16, kSentinel);
    k.run(range_2d(w, h, lx, ly), {value_arg(din), value_arg(dout)});
    expect_same_floats(k.download<float>(dout, w * h), expect, "out");
    expect_untouched(k, dout + 4 * w * h, 16, "out past the matrix");
}

TEST_P(KernelSuite, Transpose2D) { check_transpose(k(), 64, 32, 8, 8); }

TEST_P(KernelSuite, Transpose2DNonUniform) { check_transpose(k(), 13, 10, 4, 4); }

void check_matmul(KernelRunner& k, uint32_t m, uint32_t n, uint32_t kk, uint32_t gx, uint32_t gy) {
    Rng rng(m * 31 + n * 7 + kk);
    std::vector<float> a(m * kk), b(kk * n), expect(m * n);
    for (auto& v : a) v = rng.uniform(-2.0f, 2.0f);
    for (auto& v : b) v = rng.uniform(-2.0f, 2.0f);
    for (uint32_t row = 0; row < m; ++row)
        for (uint32_t col = 0; col < n; ++col) {
            float acc = 0.0f;
            for (uint32_t i = 0; i < kk; ++i) acc = std::fma(a[row * kk + i], b[i * n + col], acc);
            expect[row * n + col] = acc;
        }
    k.load("matmul");
    uint32_t da = k.upload(a), db = k.upload(b);
    uint32_t dc = k.filled<uint32_t>(m * n + 16, kSentinel);
    k.run(range_2d(gx, gy, 4, 4),
          {value_arg(da), value_arg(db), value_arg(dc), value_arg(m), value_arg(n), value_arg(kk)});
    expect_same_floats(k.download<float>(dc, m * n), expect, "c");
    expect_untouched(k, dc + 4 * m * n, 16, "c past the matrix");
}

TEST_P(KernelSuite, MatmulSixArgsNonUniform) { check_matmul(k(), 9, 11, 7, 11, 9); }

TEST_P(KernelSuite, MatmulPaddedNDRange) { check_matmul(k(), 9, 11, 7, 12, 12); }

TEST_P(KernelSuite, MatmulEmptyInnerDimension) { check_matmul(k(), 5, 6, 0, 8, 8); }

TEST_P(KernelSuite, Affine7StackArguments) {
    const uint32_t n = 300, global = 320, table = 64;
    const float alpha = 1.5f, beta = -0.25f;
    const int32_t bias = -7;
    Rng rng(16);
    std::vector<float> x(table), expect(n);
    std::vector<int32_t> idx(global);
    for (auto& v : x) v = rng.uniform(-50.0f, 50.0f);
    for (auto& j : idx) j = rng.range(0, table - 1);
    for (uint32_t i = 0; i < n; ++i) {
        float t = beta * static_cast<float>(idx[i] + bias);
        expect[i] = std::fma(alpha, x[idx[i]], t);
    }
    k().load("affine7");
    uint32_t dx = k().upload(x), didx = k().upload(idx);
    uint32_t dout = k().filled<uint32_t>(global, kSentinel);
    k().run(range_1d(global, 64),
            {value_arg(dx), value_arg(didx), value_arg(dout), float_arg(alpha), float_arg(beta),
             value_arg(u32(bias)), value_arg(n)});
    expect_same_floats(k().download<float>(dout, n), expect, "out");
    expect_untouched(k(), dout + 4 * n, global - n, "out past n");
}

TEST_P(KernelSuite, CasMaxRetryLoop) {
    const uint32_t n = 777;
    Rng rng(17);
    std::vector<int32_t> in(n);
    for (auto& v : in) v = rng.range(-1000000000, 1000000000);
    const int32_t max = *std::max_element(in.begin(), in.end());
    k().load("cas_max");
    uint32_t din = k().upload(in);
    uint32_t dresult = k().filled<int32_t>(1, std::numeric_limits<int32_t>::min() + 5);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dresult)});
    EXPECT_EQ(k().download<int32_t>(dresult, 1)[0], max);
    // A stored value above every input is left alone.
    const int32_t above = 2000000000;
    k().write(dresult, &above, 4);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dresult)});
    EXPECT_EQ(k().download<int32_t>(dresult, 1)[0], above);
}

TEST_P(KernelSuite, AtomicFaddCasLoop) {
    const uint32_t n = 1024, nsums = 16;
    Rng rng(18);
    // Multiples of 0.5 of small magnitude: every partial sum is exact, so the result does
    // not depend on the order of the additions.
    std::vector<float> in(n);
    std::vector<double> sums(nsums, 0.0);
    for (uint32_t i = 0; i < n; ++i) {
        in[i] = 0.5f * static_cast<float>(rng.range(-128, 128));
        sums[i & (nsums - 1)] += in[i];
    }
    std::vector<float> expect(nsums);
    for (uint32_t j = 0; j < nsums; ++j) expect[j] = static_cast<float>(sums[j]);
    k().load("atomic_fadd");
    k().set_order_dependent();
    uint32_t din = k().upload(in), dsums = k().filled<float>(nsums, 0.0f);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dsums), value_arg(nsums)});
    expect_same_floats(k().download<float>(dsums, nsums), expect, "sums");
}

TEST_P(KernelSuite, ListPushXchg) {
    const uint32_t n = 500;
    Rng rng(19);
    std::vector<uint32_t> in(n), expect_value(n);
    for (auto& v : in) v = rng.next();
    for (uint32_t i = 0; i < n; ++i) expect_value[i] = in[i] * 3;
    k().load("list_push");
    k().set_order_dependent();
    uint32_t dhead = k().filled<int32_t>(1, -1);
    uint32_t dnext = k().filled<uint32_t>(n, kSentinel);
    uint32_t dvalue = k().filled<uint32_t>(n, kSentinel);
    uint32_t din = k().upload(in);
    k().run(range_1d(n, 64),
            {value_arg(dhead), value_arg(dnext), value_arg(dvalue), value_arg(din)});
    expect_equal_vectors(k().download<uint32_t>(dvalue, n), expect_value, "value");
    // Whatever the order of the swaps, the list holds every node once and ends with the
    // initial head.
    std::vector<int32_t> next = k().download<int32_t>(dnext, n);
    std::vector<bool> seen(n, false);
    uint32_t count = 0;
    for (int32_t node = k().download<int32_t>(dhead, 1)[0]; node != -1; node = next[node]) {
        ASSERT_GE(node, 0);
        ASSERT_LT(node, static_cast<int32_t>(n));
        ASSERT_FALSE(seen[node]) << "node " << node << " is on the list twice";
        seen[node] = true;
        ++count;
    }
    EXPECT_EQ(count, n);
}

void compute_loop_reference(const std::vector<uint32_t>& seed, uint32_t iters,
                            std::vector<uint32_t>* out_i, std::vector<float>* out_f) {
    for (size_t g = 0; g < seed.size(); ++g) {
        uint32_t x = seed[g];
        float f = static_cast<float>(s32(x & 0xffff)) * 0x1p-16f;
        for (uint32_t it = 0; it < iters; ++it) {
            x = x * 1664525u + 1013904223u;
            x ^= x >> 9;
            float g8 = static_cast<float>(s32(x & 0xff)) * 0x1p-8f;
            f = std::fma(f, 0.75f, g8);
        }
        (*out_i)[g] = x;
        (*out_f)[g] = f;
    }
}

TEST_P(KernelSuite, ComputeLoop) {
    const uint32_t n = 256;
    Rng rng(20);
    std::vector<uint32_t> seed(n);
    for (auto& s : seed) s = rng.next();
    k().load("compute_loop");
    uint32_t dseed = k().upload(seed);
    uint32_t di = k().filled<uint32_t>(n, kSentinel), df = k().filled<uint32_t>(n, kSentinel);
    for (uint32_t iters : {0u, 1u, 300u}) {
        SCOPED_TRACE("iters " + std::to_string(iters));
        std::vector<uint32_t> expect_i(n);
        std::vector<float> expect_f(n);
        compute_loop_reference(seed, iters, &expect_i, &expect_f);
        host::LaunchStats stats = k().run(
            range_1d(n, 64), {value_arg(dseed), value_arg(di), value_arg(df), value_arg(iters)});
        expect_equal_vectors(k().download<uint32_t>(di, n), expect_i, "out_i");
        expect_same_floats(k().download<float>(df, n), expect_f, "out_f");
        EXPECT_GE(stats.thread_instructions, uint64_t{n} * iters * 11);
    }
}

// ---- The divergence suite (sw/kernels/div_*): PDOM versus Multi-Path IPDOM.

uint32_t hash_a(uint32_t x) {
    uint32_t v = x * 0x9e3779b1u;
    v ^= v >> 15;
    v *= 0x85ebca6bu;
    return v ^ (v >> 13);
}

uint32_t hash_b(uint32_t x) {
    uint32_t v = x + 0x7f4a7c15u;
    v ^= v << 7;
    v *= 0xc2b2ae35u;
    return v ^ (v >> 16);
}

TEST_P(KernelSuite, DivDualBalanced) {
    const uint32_t n = 256;
    Rng rng(30);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t i = 0; i < n; ++i) expect[i] = ((in[i] & 1) ? hash_a(in[i]) : hash_b(in[i])) + i;
    k().load("div_dual_balanced");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dout)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivDualUnbalanced) {
    const uint32_t n = 256;
    Rng rng(31);
    std::vector<uint32_t> in(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t rounds : {0u, 13u}) {
        SCOPED_TRACE("rounds " + std::to_string(rounds));
        std::vector<uint32_t> expect(n);
        for (uint32_t i = 0; i < n; ++i) {
            uint32_t x = in[i], v;
            if ((x & 3) == 0) {
                v = x;
                for (uint32_t r = 0; r < rounds; ++r) v = (v ^ (v >> 7)) * 0x2c1b3c6du + r;
            } else {
                v = x ^ 0x5bd1e995u;
            }
            expect[i] = v;
        }
        k().load("div_dual_unbalanced");
        uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
        k().run(range_1d(n, 64), {value_arg(din), value_arg(dout), value_arg(rounds)});
        expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
    }
}

TEST_P(KernelSuite, DivNested3) {
    const uint32_t n = 320;  // four groups of 64 and one of 64: non-multiple data ranges
    const int32_t lo = -300, hi = 300;
    Rng rng(32);
    std::vector<int32_t> in(n);
    std::vector<uint32_t> expect(n);
    for (auto& x : in) x = rng.range(-1000, 1000);
    in[0] = std::numeric_limits<int32_t>::min();
    in[1] = std::numeric_limits<int32_t>::max();
    in[2] = lo;
    in[3] = hi;
    for (uint32_t i = 0; i < n; ++i) {
        int32_t x = in[i];
        uint32_t v;
        if (x < lo) {
            v = (x & 1) ? (u32(lo) - u32(x)) * 5u : (u32(lo) - u32(x)) ^ 0xa5a5u;
            v += u32(x >> 4);
        } else if (x < hi) {
            v = (x & 2) ? u32(x) * u32(x) : (u32(x) - u32(lo)) << 3;
            v ^= 0x77u;
        } else {
            v = u32(x) + 0x1000u;
        }
        expect[i] = v;
    }
    k().load("div_nested3");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64),
            {value_arg(din), value_arg(dout), value_arg(u32(lo)), value_arg(u32(hi))});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivLoopCount) {
    const uint32_t n = 256;
    Rng rng(33);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t acc = in[i];
        for (uint32_t t = 0; t < (in[i] & 31); ++t) {
            acc = acc * 1664525u + 1013904223u;
            if (acc & 0x100) acc ^= t;
        }
        expect[i] = acc;
    }
    k().load("div_loop_count");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dout)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivCallsInsideBothSides) {
    const uint32_t n = 256;
    Rng rng(34);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t x = in[i];
        if (x & 1) {
            uint32_t v = x;
            for (uint32_t t = 0; t < ((x >> 1) & 7); ++t) v = (v ^ (v >> 11)) * 0x9e3779b1u;
            expect[i] = v + 1u;
        } else {
            expect[i] = ((x & 4) ? x * 3u + 1u : x >> 2) ^ i;
        }
    }
    k().load("div_call");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(din), value_arg(dout)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivEarlyExit) {
    const uint32_t n = 250, global = 256;
    Rng rng(35);
    std::vector<uint32_t> in(global), expect(global, kSentinel);
    for (auto& x : in) x = rng.next() & 0xffff;
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t x = in[i];
        if ((x & 7) == 0) {
            expect[i] = 0;
            continue;
        }
        uint32_t acc = x;
        bool done = false;
        for (uint32_t t = 0; t < 8 && !done; ++t) {
            acc = acc * x + t;
            if (acc & 0x10000) {
                expect[i] = acc;
                done = true;
            }
        }
        if (!done) expect[i] = acc ^ 0xffffu;
    }
    k().load("div_early_exit");
    uint32_t din = k().upload(in), dout = k().filled<uint32_t>(global, kSentinel);
    k().run(range_1d(global, 64), {value_arg(din), value_arg(dout), value_arg(n)});
    expect_equal_vectors(k().download<uint32_t>(dout, global), expect, "out");
}

uint32_t switch_reference(uint32_t x, uint32_t i) {
    uint32_t v;
    switch (x & 7) {
        case 0:
            v = x + 1u;
            break;
        case 1:
            v = x * 3u;
            break;
        case 2:
            v = x ^ 0x55u;
            break;
        case 3:
            v = x << 2;
            break;
        case 4:
            v = x >> 1;
            break;
        case 5:
            v = x - 9u;
            break;
        case 6:
            v = ~x;
            break;
        default:
            v = x * x;
            break;
    }
    return v + i;
}

void check_switch(KernelRunner& k, const std::string& kernel) {
    const uint32_t n = 256;
    Rng rng(36);
    std::vector<uint32_t> in(n), expect(n);
    for (auto& x : in) x = rng.next();
    for (uint32_t i = 0; i < n; ++i) expect[i] = switch_reference(in[i], i);
    k.load(kernel);
    uint32_t din = k.upload(in), dout = k.filled<uint32_t>(n, kSentinel);
    k.run(range_1d(n, 64), {value_arg(din), value_arg(dout)});
    expect_equal_vectors(k.download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivSwitchDecisionTree) { check_switch(k(), "div_switch"); }

TEST_P(KernelSuite, DivSwitchJumpTable) { check_switch(k(), "div_jump_table"); }

TEST_P(KernelSuite, DivPointerChase) {
    const uint32_t m = 4096, n = 256, steps = 8;
    Rng rng(37);
    std::vector<uint32_t> a(m), b(m), expect(n);
    for (uint32_t i = 0; i < m; ++i) a[i] = b[i] = i;
    for (uint32_t i = m - 1; i > 0; --i) {
        std::swap(a[i], a[rng.next() % (i + 1)]);
        std::swap(b[i], b[rng.next() % (i + 1)]);
    }
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t p = i;
        for (uint32_t s = 0; s < steps; ++s) p = (i & 1) ? a[p] : b[p];
        expect[i] = p;
    }
    k().load("div_ptr_chase");
    uint32_t da = k().upload(a), db = k().upload(b), dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(da), value_arg(db), value_arg(dout), value_arg(steps)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

TEST_P(KernelSuite, DivDependentLoads) {
    const uint32_t m = 4096, n = 256, mask = m - 1;
    Rng rng(38);
    std::vector<uint32_t> idx(m), data(m), expect(n);
    for (auto& v : idx) v = rng.next() & mask;
    for (auto& v : data) v = rng.next();
    for (uint32_t i = 0; i < n; ++i) {
        uint32_t s = data[i];
        if (s & 1) {
            uint32_t a = idx[i];
            expect[i] = data[idx[idx[a]]] + a;
        } else {
            uint32_t a = data[s & mask];
            expect[i] = idx[idx[idx[a & mask]]] ^ s;
        }
    }
    k().load("div_dep_loads");
    uint32_t didx = k().upload(idx), ddata = k().upload(data);
    uint32_t dout = k().filled<uint32_t>(n, kSentinel);
    k().run(range_1d(n, 64), {value_arg(didx), value_arg(ddata), value_arg(dout), value_arg(mask)});
    expect_equal_vectors(k().download<uint32_t>(dout, n), expect, "out");
}

INSTANTIATE_TEST_SUITE_P(kernels, KernelSuite, ::testing::ValuesIn(kSuiteConfigs),
                         [](const ::testing::TestParamInfo<SuiteConfig>& info) {
                             return info.param.name;
                         });

}  // namespace
}  // namespace mvp::kernels
