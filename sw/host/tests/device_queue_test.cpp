// The host driver's command ring (host::Device::submit on the timing engine): launches queued
// without simulating, their states from the CP's ring pointers, outcomes delivered in order with
// the kernel's cycles from the CP's profile record, a launch the CP refuses followed by a good
// one, run() after queued launches, and the ring's reservation at the top of global memory.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "modules/golden/global_memory.h"
#include "sw/host/device.h"
#include "sw/toolchain/build.h"

namespace mvp::host {
namespace {

constexpr uint32_t kN = 256;

struct Bench {
    Bench()
        : device(config::Config(), Device::Engine::kTiming),
          program(toolchain::build_program_from_files({"sw/kernels/vec_add/vec_add.s"})) {
        loaded = device.load(program);
        for (uint32_t i = 0; i < kN; ++i) {
            a.push_back(static_cast<float>(i));
            b.push_back(2.0f * static_cast<float>(i) + 1.0f);
        }
        da = device.allocate(4 * kN);
        db = device.allocate(4 * kN);
        device.write(da, a.data(), 4 * kN);
        device.write(db, b.data(), 4 * kN);
    }
    Launch launch(uint32_t out) const {
        Launch l;
        l.entry_pc = program.find_symbol("vec_add")->value;
        l.range.global[0] = kN;
        l.range.local[0] = 64;
        l.args = {KernelArg::of_value(da), KernelArg::of_value(db), KernelArg::of_value(out)};
        return l;
    }
    void expect_sum(uint32_t out) {
        std::vector<float> c(kN);
        device.read(out, c.data(), 4 * kN);
        for (uint32_t i = 0; i < kN; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
    }

    Device device;
    toolchain::Program program;
    LoadedProgram loaded;
    std::vector<float> a, b;
    uint32_t da = 0, db = 0;
};

TEST(DeviceQueue, LaunchesQueueWithoutSimulatingAndCompleteInOrder) {
    Bench t;
    const uint32_t out0 = t.device.allocate(4 * kN), out1 = t.device.allocate(4 * kN);
    std::vector<std::string> order;
    std::vector<LaunchOutcome> outcomes;
    auto record = [&](const char* name) {
        return [&, name](const LaunchOutcome& o) {
            order.push_back(name);
            outcomes.push_back(o);
        };
    };
    const uint64_t before = t.device.now_ns();
    Device::LaunchId first = t.device.submit(t.loaded, t.launch(out0), record("first"));
    Launch bad = t.launch(out1);
    bad.range.global[0] = 0;  // a zero NDRange: the CP refuses it
    Device::LaunchId refused = t.device.submit(t.loaded, bad, record("refused"));
    Device::LaunchId second = t.device.submit(t.loaded, t.launch(out1), record("second"));
    EXPECT_EQ(t.device.now_ns(), before);  // nothing simulated yet
    EXPECT_EQ(t.device.pending(), 3u);
    EXPECT_EQ(t.device.state(first), Device::LaunchState::kQueued);
    EXPECT_EQ(t.device.state(second), Device::LaunchState::kQueued);

    t.device.wait(first);
    EXPECT_EQ(order, std::vector<std::string>{"first"});
    EXPECT_EQ(t.device.state(first), Device::LaunchState::kComplete);
    EXPECT_NE(t.device.state(refused), Device::LaunchState::kComplete);
    EXPECT_TRUE(t.device.wait_next());
    EXPECT_TRUE(t.device.wait_next());
    EXPECT_FALSE(t.device.wait_next());
    ASSERT_EQ(order, (std::vector<std::string>{"first", "refused", "second"}));
    EXPECT_EQ(t.device.pending(), 0u);

    EXPECT_TRUE(outcomes[0].error.empty()) << outcomes[0].error;
    EXPECT_GT(outcomes[0].stats.cycles, 0u);
    // 1 GHz core clock: the kernel's span in ns is its cycles.
    EXPECT_EQ(outcomes[0].end_ns - outcomes[0].start_ns, outcomes[0].stats.cycles);
    EXPECT_GT(outcomes[0].start_ns, before);
    EXPECT_EQ(outcomes[0].stats.thread_instructions, outcomes[2].stats.thread_instructions);
    EXPECT_GT(outcomes[0].stats.thread_instructions, 0u);
    EXPECT_EQ(outcomes[1].error, "invalid launch: global size in dimension 0 is 0");
    EXPECT_EQ(outcomes[1].stats.thread_instructions, 0u);
    EXPECT_TRUE(outcomes[2].error.empty()) << outcomes[2].error;
    EXPECT_GT(outcomes[2].start_ns, outcomes[0].end_ns);
    t.expect_sum(out0);
    t.expect_sum(out1);
}

TEST(DeviceQueue, RunAndCopiesWaitForTheQueuedLaunches) {
    Bench t;
    const uint32_t out0 = t.device.allocate(4 * kN), out1 = t.device.allocate(4 * kN);
    bool done = false;
    t.device.submit(t.loaded, t.launch(out0), [&](const LaunchOutcome& o) {
        done = true;
        EXPECT_TRUE(o.error.empty()) << o.error;
    });
    // run() goes through the launch registers, after the queued launch.
    LaunchStats s = t.device.run(t.loaded, t.launch(out1));
    EXPECT_GT(s.cycles, 0u);
    t.device.poll();
    EXPECT_TRUE(done);
    t.expect_sum(out0);
    t.expect_sum(out1);
}

TEST(DeviceQueue, TheRingIsReservedAtTheTopOfGlobalMemory) {
    config::Config c;
    c.set("mvpgpu_global_mem_size", "1048576", "test");
    Device d(c, Device::Engine::kTiming);
    EXPECT_EQ(d.ring_bytes(), 16384u);
    // Everything below the ring can be allocated, nothing more.
    const uint32_t below = 1048576 - d.ring_bytes();
    EXPECT_EQ(d.allocate(below), GlobalMemory::kBase);
    EXPECT_THROW(d.allocate(1), DeviceError);
    Device functional(c, Device::Engine::kFunctional);
    EXPECT_EQ(functional.ring_bytes(), 0u);
}

}  // namespace
}  // namespace mvp::host
