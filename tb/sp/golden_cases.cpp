#include "tb/sp/golden_cases.h"

#include <cstring>

namespace mvp::tb {

namespace {

using F = BufferSpec::Fill;
using K = ArgSpec::Kind;

BufferSpec konst(uint32_t words, uint32_t v = 0xdeadbeefu) {
    return {words, F::kConst, static_cast<int32_t>(v), 0};
}
BufferSpec ints(uint32_t words, int32_t lo, int32_t hi) { return {words, F::kInt, lo, hi}; }
BufferSpec floats(uint32_t words, int32_t lo, int32_t hi) { return {words, F::kFloat, lo, hi}; }
ArgSpec buf(uint32_t i) { return {K::kBuffer, i, 0}; }
ArgSpec val(uint32_t v) { return {K::kValue, v, 0}; }
ArgSpec fval(float f) { return {K::kFloat, 0, f}; }
ArgSpec loc(uint32_t bytes) { return {K::kLocal, bytes, 0}; }

NDRange r1(uint32_t g, uint32_t l) {
    NDRange r;
    r.work_dim = 1;
    r.global[0] = g;
    r.local[0] = l;
    return r;
}
NDRange r2(uint32_t gx, uint32_t gy, uint32_t lx, uint32_t ly) {
    NDRange r;
    r.work_dim = 2;
    r.global[0] = gx;
    r.global[1] = gy;
    r.local[0] = lx;
    r.local[1] = ly;
    return r;
}

constexpr int32_t kAll = 0x7fffffff;

}  // namespace

const std::vector<GoldenCase>& golden_cases() {
    static const std::vector<GoldenCase> cases = {
        {"cl_hello",
         "cl_hello/_cl_hello.s",
         "square",
         r1(32, 32),
         {floats(32, -4, 4), konst(32)},
         {buf(0), buf(1), val(30)}},
        {"vec_add",
         "vec_add/vec_add.s",
         "vec_add",
         r1(1000, 64),
         {floats(1000, -100, 100), floats(1000, -100, 100), konst(1064)},
         {buf(0), buf(1), buf(2)}},
        {"abs_clamp",
         "abs_clamp/abs_clamp.s",
         "abs_clamp",
         r1(512, 32),
         {ints(512, -5000, 5000), konst(512)},
         {buf(0), buf(1), val(1000)}},
        {"classify3",
         "classify3/classify3.s",
         "classify3",
         r1(512, 64),
         {ints(512, -1000, 1000), konst(512)},
         {buf(0), buf(1), val(static_cast<uint32_t>(-100)), val(300)}},
        {"loop_mod7",
         "loop_mod7/loop_mod7.s",
         "loop_mod7",
         r1(700, 64),
         {ints(700, -kAll, kAll), konst(700)},
         {buf(0), buf(1)}},
        {"collatz",
         "collatz/collatz.s",
         "collatz",
         r1(256, 64),
         {ints(256, 0, 3000), konst(256)},
         {buf(0), buf(1), val(60)}},
        {"find_first",
         "find_first/find_first.s",
         "find_first",
         r1(128, 32),
         {ints(128 * 24, 0, 39), konst(128)},
         {buf(0), buf(1), val(24), val(7)}},
        {"call_branch",
         "call_branch/call_branch.s",
         "call_branch",
         r1(256, 32),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1), val(12345)}},
        {"reduce_sum",
         "reduce_sum/reduce_sum.s",
         "reduce_sum",
         r1(1000, 64),
         {ints(1000, -1000, 1000), konst(20)},
         {buf(0), buf(1), loc(4 * 64), val(997)}},
        {"reduce_sum_odd",
         "reduce_sum/reduce_sum.s",
         "reduce_sum",
         r1(333, 37),
         {ints(333, -1000, 1000), konst(13)},
         {buf(0), buf(1), loc(4 * 37), val(333)}},
        {"scan_inclusive",
         "scan_inclusive/scan_inclusive.s",
         "scan_inclusive",
         r1(100, 32),
         {ints(100, -500, 500), konst(100)},
         {buf(0), buf(1), loc(4 * 32)}},
        {"histogram",
         "histogram/histogram.s",
         "histogram",
         r1(1000, 64),
         {ints(1000, -kAll, kAll), konst(64, 0), konst(1, 0)},
         {buf(0), buf(1), buf(2), val(63)}},
        {"byte_hist",
         "byte_hist/byte_hist.s",
         "byte_hist",
         r1(200, 64),
         {ints(1250, -kAll, kAll), konst(256, 0)},
         {buf(0), buf(1), loc(1024), val(5000)}},
        {"char_upper",
         "char_upper/char_upper.s",
         "char_upper",
         r1(1024, 64),
         {ints(250, -kAll, kAll), konst(266), konst(532)},
         {buf(0), buf(1), buf(2), val(1000)}},
        {"subword_mix",
         "subword_mix/subword_mix.s",
         "subword_mix",
         r1(512, 64),
         {ints(128, -kAll, kAll), ints(256, -kAll, kAll), konst(512), konst(256)},
         {buf(0), buf(1), buf(2), buf(3)}},
        {"saxpy",
         "saxpy/saxpy.s",
         "saxpy",
         r1(1024, 64),
         {floats(1000, -10, 10), floats(1000, -10, 10)},
         {fval(1.5f), buf(0), buf(1), val(1000)}},
        {"poly_eval",
         "poly_eval/poly_eval.s",
         "poly_eval",
         r1(512, 64),
         {ints(512, -100000, 100000), konst(512), konst(512)},
         {buf(0), buf(1), buf(2), fval(0.001f)}},
        {"normalize3",
         "normalize3/normalize3.s",
         "normalize3",
         r1(256, 64),
         {floats(1024, -10, 10), konst(1024), konst(256)},
         {buf(0), buf(1), buf(2)}},
        {"sfu_math",
         "sfu_math/sfu_math.s",
         "sfu_math",
         r1(256, 64),
         {floats(256, -20, 20), konst(2048)},
         {buf(0), buf(1)}},
        {"transpose",
         "transpose/transpose.s",
         "transpose",
         r2(13, 10, 4, 4),
         {floats(130, -10, 10), konst(146)},
         {buf(0), buf(1)}},
        {"matmul",
         "matmul/matmul.s",
         "matmul",
         r2(12, 12, 4, 4),
         {floats(9 * 7, -4, 4), floats(7 * 11, -4, 4), konst(9 * 11 + 16)},
         {buf(0), buf(1), buf(2), val(9), val(11), val(7)}},
        {"affine7",
         "affine7/affine7.s",
         "affine7",
         r1(320, 64),
         {floats(300, -10, 10), ints(300, 0, 63), konst(320)},
         {buf(0), buf(1), buf(2), fval(0.5f), fval(-2.0f), val(3), val(300)}},
        {"cas_max",
         "cas_max/cas_max.s",
         "cas_max",
         r1(777, 64),
         {ints(777, -100000, 100000), konst(1, 0x80000005u)},
         {buf(0), buf(1)},
         true},
        {"compute_loop",
         "compute_loop/compute_loop.s",
         "compute_loop",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256), konst(256)},
         {buf(0), buf(1), buf(2), val(20)}},
        // The divergence suite (PDOM versus MP-IPDOM, doc/divergence.md).
        {"div_dual_balanced",
         "div_dual_balanced/div_dual_balanced.s",
         "div_dual_balanced",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1)}},
        {"div_dual_unbalanced",
         "div_dual_unbalanced/div_dual_unbalanced.s",
         "div_dual_unbalanced",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1), val(9)}},
        {"div_nested3",
         "div_nested3/div_nested3.s",
         "div_nested3",
         r1(256, 64),
         {ints(256, -1000, 1000), konst(256)},
         {buf(0), buf(1), val(static_cast<uint32_t>(-300)), val(300)}},
        {"div_loop_count",
         "div_loop_count/div_loop_count.s",
         "div_loop_count",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1)}},
        {"div_call",
         "div_call/div_call.s",
         "div_call",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1)}},
        {"div_early_exit",
         "div_early_exit/div_early_exit.s",
         "div_early_exit",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1), val(250)}},
        {"div_switch",
         "div_switch/div_switch.s",
         "div_switch",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1)}},
        {"div_jump_table",
         "div_jump_table/div_jump_table.s",
         "div_jump_table",
         r1(256, 64),
         {ints(256, -kAll, kAll), konst(256)},
         {buf(0), buf(1)}},
        {"div_ptr_chase",
         "div_ptr_chase/div_ptr_chase.s",
         "div_ptr_chase",
         r1(128, 64),
         {ints(1024, 0, 1023), ints(1024, 0, 1023), konst(128)},
         {buf(0), buf(1), buf(2), val(6)}},
        {"div_dep_loads",
         "div_dep_loads/div_dep_loads.s",
         "div_dep_loads",
         r1(128, 64),
         {ints(1024, 0, 1023), ints(1024, -kAll, kAll), konst(128)},
         {buf(0), buf(1), buf(2), val(1023)}},
    };
    return cases;
}

std::vector<KernelArg> place_buffers(const GoldenCase& c, GlobalMemory& memory, uint32_t base,
                                     std::vector<uint32_t>* addresses) {
    uint64_t seed = 0xcbf29ce484222325ull;  // FNV-1a of the name
    for (char ch : c.name) seed = (seed ^ static_cast<uint8_t>(ch)) * 0x100000001b3ull;
    auto next = [&]() {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<uint32_t>(seed >> 32);
    };
    std::vector<uint32_t> addr;
    uint32_t a = base;
    for (const BufferSpec& b : c.buffers) {
        addr.push_back(a);
        for (uint32_t i = 0; i < b.words; ++i) {
            uint32_t w = 0;
            switch (b.fill) {
                case F::kConst:
                    w = static_cast<uint32_t>(b.lo);
                    break;
                case F::kInt: {
                    uint64_t span = static_cast<uint64_t>(static_cast<int64_t>(b.hi) - b.lo) + 1;
                    w = static_cast<uint32_t>(b.lo + static_cast<int64_t>(next() % span));
                    break;
                }
                case F::kFloat: {
                    float f = b.lo + (b.hi - b.lo) * (next() / 4294967296.0f);
                    std::memcpy(&w, &f, 4);
                    break;
                }
            }
            memory.write(a + 4 * i, &w, 4);
        }
        a += (b.words * 4 + 255) & ~255u;
    }
    std::vector<KernelArg> args;
    for (const ArgSpec& s : c.args) {
        switch (s.kind) {
            case K::kBuffer:
                args.push_back(KernelArg::of_value(addr[s.value]));
                break;
            case K::kValue:
                args.push_back(KernelArg::of_value(s.value));
                break;
            case K::kFloat: {
                uint32_t w;
                std::memcpy(&w, &s.f, 4);
                args.push_back(KernelArg::of_value(w));
                break;
            }
            case K::kLocal:
                args.push_back(KernelArg::of_local(s.value));
                break;
        }
    }
    if (addresses) *addresses = addr;
    return args;
}

}  // namespace mvp::tb
