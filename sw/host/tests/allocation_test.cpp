// The model's per-request and per-work-group paths allocate nothing: its queues, pools and maps
// grow to the deepest occupancy a run gives them and are then reused. After a warm-up launch, a
// kernel over four times the work-items (four times the work-groups, instructions and memory
// requests: tens of thousands more) makes the allocations of the smaller one (the launch's own:
// the CP's copy of the arguments, the host's launch record) and a few more where a queue or
// pool reaches a depth it had not reached before (a warm data cache changes the traffic).

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "sw/host/device.h"
#include "sw/toolchain/build.h"

namespace {

std::atomic<bool> counting{false};
std::atomic<uint64_t> allocations{0};

}  // namespace

void* operator new(std::size_t bytes) {
    if (counting.load(std::memory_order_relaxed))
        allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(bytes ? bytes : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace mvp::host {
namespace {

// Runs `kernel` (its arguments: its buffers' addresses, then the work-item count when asked)
// over `n` work-items and counts the allocations the run makes.
struct Bench {
    Bench(const std::string& file, const std::string& entry, unsigned buffers, bool count_arg,
          unsigned host_threads = 1)
        : device(config_with(host_threads), Device::Engine::kTiming),
          program(toolchain::build_program_from_files({file})),
          entry(entry),
          count_arg(count_arg) {
        loaded = device.load(program);
        for (unsigned b = 0; b < buffers; ++b) {
            const uint32_t address = device.allocate(4 * kMaxItems);
            std::vector<uint32_t> words(kMaxItems);
            for (uint32_t i = 0; i < kMaxItems; ++i) words[i] = 3 * i + b;
            device.write(address, words.data(), 4 * kMaxItems);
            addresses.push_back(address);
        }
    }
    static config::Config config_with(unsigned host_threads) {
        config::Config c;
        c.set("mvpgpu_host_threads", std::to_string(host_threads), "test");
        return c;
    }
    uint64_t allocations_of_run(uint32_t n) {
        Launch l;
        l.entry_pc = program.find_symbol(entry)->value;
        l.range.global[0] = n;
        l.range.local[0] = 64;
        for (uint32_t a : addresses) l.args.push_back(KernelArg::of_value(a));
        if (count_arg) l.args.push_back(KernelArg::of_value(n));
        allocations = 0;
        counting = true;
        const LaunchStats stats = device.run(loaded, l);
        counting = false;
        EXPECT_GT(stats.cycles, 0u);
        return allocations;
    }

    static constexpr uint32_t kMaxItems = 16384;
    Device device;
    toolchain::Program program;
    LoadedProgram loaded;
    std::string entry;
    bool count_arg;
    std::vector<uint32_t> addresses;
};

// A queue or pool that grows once more: fewer than one allocation per three of the 192 more
// work-groups, and per thousand of the more requests.
constexpr uint64_t kNewDepths = 64;

void expect_no_allocation_per_request(Bench& b) {
    b.allocations_of_run(Bench::kMaxItems);  // the queues and pools grow to their depths
    const uint64_t small = b.allocations_of_run(Bench::kMaxItems / 4);
    const uint64_t large = b.allocations_of_run(Bench::kMaxItems);
    EXPECT_LE(large, small + kNewDepths) << "allocations of a run over " << Bench::kMaxItems / 4
                                         << " and " << Bench::kMaxItems << " work-items";
}

// The private stacks (LD/ST, OCC, local memory) and the global buffers (DCC, XI, NoC, DDR).
TEST(Allocation, SquaresRequestsAllocateNothing) {
    Bench b("sw/kernels/cl_hello/_cl_hello.s", "square", 2, true);
    expect_no_allocation_per_request(b);
}

// Global loads and stores only, most of them misses of the DCC.
TEST(Allocation, VecAddsRequestsAllocateNothing) {
    Bench b("sw/kernels/vec_add/vec_add.s", "vec_add", 3, false);
    expect_no_allocation_per_request(b);
}

// Two host threads: the passes of the tiles beside the memory side's slice, and their hand-over,
// allocate nothing either (four times the work-items, about four times the passes).
TEST(Allocation, TwoHostThreadsPassesAllocateNothing) {
    Bench b("sw/kernels/cl_hello/_cl_hello.s", "square", 2, true, 2);
    expect_no_allocation_per_request(b);
}

}  // namespace
}  // namespace mvp::host
