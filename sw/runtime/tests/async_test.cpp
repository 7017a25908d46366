// Asynchronous kernel launches on the timing device: clEnqueueNDRangeKernel queues the kernel
// in the GPU's command ring and returns before it ends; events go SUBMITTED -> RUNNING ->
// COMPLETE as the command processor reports; clFinish, clWaitForEvents and a loop polling an
// event advance the simulation; profiling times come from simulated time; copies stay ordered with
// the queued kernels; a faulting kernel does not stop the queue; more kernels than ring slots.

#include <cstdint>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

// out[i] = in[i] iterated n times through v * 3 + k.
const char kSlowAdd[] = R"(
__kernel void slow_add(__global const uint* in, __global uint* out, uint k, uint n) {
    size_t i = get_global_id(0);
    uint v = in[i];
    for (uint j = 0; j < n; ++j) v = v * 3u + k;
    out[i] = v;
}

__kernel void bump(__global uint* counter) { counter[0] = counter[0] + 1u; }
)";

uint32_t slow_add(uint32_t v, uint32_t k, uint32_t n) {
    for (uint32_t j = 0; j < n; ++j) v = v * 3u + k;
    return v;
}

cl_int status_of(cl_event event) {
    cl_int status = 99;
    EXPECT_EQ(
        clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        CL_SUCCESS);
    return status;
}

cl_ulong profile(cl_event event, cl_profiling_info what) {
    cl_ulong t = 0;
    EXPECT_EQ(clGetEventProfilingInfo(event, what, sizeof t, &t, nullptr), CL_SUCCESS);
    return t;
}

void CL_CALLBACK record_status(cl_event, cl_int status, void* user_data) {
    static_cast<std::vector<cl_int>*>(user_data)->push_back(status);
}

class AsyncTest : public ClTest {
  protected:
    void SetUp() override {
        ClTest::SetUp();
        program_ = build(kSlowAdd);
        slow_ = kernel(program_, "slow_add");
        for (uint32_t i = 0; i < kItems; ++i) input_[i] = i * 7 + 1;
        in_ = buffer(sizeof input_, input_);
    }
    void set_args(cl_mem in, cl_mem out, cl_uint k, cl_uint n) {
        ASSERT_EQ(clSetKernelArg(slow_, 0, sizeof in, &in), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(slow_, 1, sizeof out, &out), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(slow_, 2, sizeof k, &k), CL_SUCCESS);
        ASSERT_EQ(clSetKernelArg(slow_, 3, sizeof n, &n), CL_SUCCESS);
    }

    static constexpr uint32_t kItems = 256;
    uint32_t input_[kItems];
    cl_program program_ = nullptr;
    cl_kernel slow_ = nullptr;
    cl_mem in_ = nullptr;
};

TEST_F(AsyncTest, EnqueueReturnsBeforeTheKernelEndsAndEventsFollowTheDevice) {
    cl_int err;
    cl_command_queue queue =
        clCreateCommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    const size_t global = kItems, local = 64;
    cl_mem out[3];
    cl_event events[3];
    std::vector<cl_int> seen;
    for (cl_uint k = 0; k < 3; ++k) {
        out[k] = buffer(sizeof input_);
        set_args(in_, out[k], k + 1, 40);
        ASSERT_EQ(clEnqueueNDRangeKernel(queue, slow_, 1, nullptr, &global, &local, 0, nullptr,
                                         &events[k]),
                  CL_SUCCESS);
        // Back from the call, the first kernel has not even been read by the GPU: nothing is
        // simulated until the host waits.
        EXPECT_EQ(status_of(events[0]), CL_SUBMITTED) << "after enqueue " << k;
        if (k == 0) {
            ASSERT_EQ(clSetEventCallback(events[0], CL_SUBMITTED, record_status, &seen),
                      CL_SUCCESS);
        }
    }
    ASSERT_EQ(clSetEventCallback(events[0], CL_RUNNING, record_status, &seen), CL_SUCCESS);
    ASSERT_EQ(clSetEventCallback(events[0], CL_COMPLETE, record_status, &seen), CL_SUCCESS);
    cl_ulong end = 0;
    EXPECT_EQ(
        clGetEventProfilingInfo(events[0], CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr),
        CL_PROFILING_INFO_NOT_AVAILABLE);

    // Waiting for the second kernel simulates until it has completed, and no further.
    ASSERT_EQ(clWaitForEvents(1, &events[1]), CL_SUCCESS);
    EXPECT_EQ(status_of(events[0]), CL_COMPLETE);
    EXPECT_EQ(status_of(events[1]), CL_COMPLETE);
    EXPECT_NE(status_of(events[2]), CL_COMPLETE);
    EXPECT_EQ(seen, (std::vector<cl_int>{CL_SUBMITTED, CL_RUNNING, CL_COMPLETE}));

    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
    cl_ulong previous_end = 0;
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(status_of(events[k]), CL_COMPLETE);
        const cl_ulong queued = profile(events[k], CL_PROFILING_COMMAND_QUEUED);
        const cl_ulong submit = profile(events[k], CL_PROFILING_COMMAND_SUBMIT);
        const cl_ulong start = profile(events[k], CL_PROFILING_COMMAND_START);
        const cl_ulong finish = profile(events[k], CL_PROFILING_COMMAND_END);
        EXPECT_LE(queued, submit) << k;
        EXPECT_LT(submit, start) << k;  // the command processor reads the packet first
        EXPECT_LT(start, finish) << k;
        EXPECT_LT(previous_end, start) << k;  // in order, one after the other
        previous_end = finish;
    }
    // The host queued the third kernel before the first one had ended.
    EXPECT_LT(profile(events[2], CL_PROFILING_COMMAND_QUEUED),
              profile(events[0], CL_PROFILING_COMMAND_END));
    for (cl_uint k = 0; k < 3; ++k) {
        std::vector<uint32_t> got = read<uint32_t>(out[k], kItems);
        for (uint32_t i = 0; i < kItems; ++i)
            ASSERT_EQ(got[i], slow_add(input_[i], k + 1, 40)) << "kernel " << k << " item " << i;
        EXPECT_EQ(clReleaseEvent(events[k]), CL_SUCCESS);
    }
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
}

TEST_F(AsyncTest, PollingTheEventStatusEndsLikeAWait) {
    const size_t global = kItems;
    cl_mem out = buffer(sizeof input_);
    set_args(in_, out, 4, 60);
    cl_event event;
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, slow_, 1, nullptr, &global, nullptr, 0, nullptr, &event),
        CL_SUCCESS);
    // A host spinning on clGetEventInfo is waiting: the device advances between its polls.
    int polls = 0;
    while (status_of(event) != CL_COMPLETE && polls < 100) ++polls;
    EXPECT_EQ(status_of(event), CL_COMPLETE);
    EXPECT_GE(polls, 1);
    EXPECT_LT(polls, 10);
    std::vector<uint32_t> got = read<uint32_t>(out, kItems);
    for (uint32_t i = 0; i < kItems; ++i) ASSERT_EQ(got[i], slow_add(input_[i], 4, 60)) << i;
    EXPECT_EQ(clReleaseEvent(event), CL_SUCCESS);
}

TEST_F(AsyncTest, CopiesStayInOrderWithQueuedKernels) {
    const size_t global = kItems;
    cl_mem a = buffer(sizeof input_), b = buffer(sizeof input_), c = buffer(sizeof input_);
    std::vector<uint32_t> first(kItems), second(kItems);
    for (uint32_t i = 0; i < kItems; ++i) {
        first[i] = 3 * i;
        second[i] = 1000 + i;
    }
    // write a (first) -> kernel a -> b -> write a (second) -> kernel a -> c, none blocking:
    // the second write must wait for the first kernel, and the second kernel must see it.
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, a, CL_FALSE, 0, sizeof input_, first.data(), 0, nullptr,
                                   nullptr),
              CL_SUCCESS);
    set_args(a, b, 5, 3);
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, slow_, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
        CL_SUCCESS);
    cl_event write2 = nullptr;
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, a, CL_FALSE, 0, sizeof input_, second.data(), 0, nullptr,
                                   &write2),
              CL_SUCCESS);
    EXPECT_EQ(status_of(write2), CL_QUEUED);  // held behind the queued kernel
    set_args(a, c, 9, 2);
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, slow_, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
        CL_SUCCESS);
    // A non-blocking read is filled in only when the queue gets to it.
    std::vector<uint32_t> early(kItems, 0xdeadbeef);
    ASSERT_EQ(clEnqueueReadBuffer(queue_, c, CL_FALSE, 0, sizeof input_, early.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    EXPECT_EQ(early[0], 0xdeadbeefu);
    // A blocking read waits for everything before it.
    std::vector<uint32_t> got_b = read<uint32_t>(b, kItems);
    EXPECT_EQ(status_of(write2), CL_COMPLETE);
    for (uint32_t i = 0; i < kItems; ++i) {
        ASSERT_EQ(got_b[i], slow_add(first[i], 5, 3)) << i;
        ASSERT_EQ(early[i], slow_add(second[i], 9, 2)) << i;
    }
    EXPECT_EQ(clReleaseEvent(write2), CL_SUCCESS);
}

TEST_F(AsyncTest, AFaultingKernelFailsItsEventAndTheNextKernelRuns) {
    cl_program bad_program = build(kFault);
    cl_kernel bad = kernel(bad_program, "bad");
    const size_t one = 4, global = kItems;
    cl_mem out = buffer(sizeof input_);
    set_args(in_, out, 2, 5);
    cl_event events[2];
    testing::internal::CaptureStderr();
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, bad, 1, nullptr, &one, nullptr, 0, nullptr, &events[0]),
        CL_SUCCESS);
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue_, slow_, 1, nullptr, &global, nullptr, 0, nullptr, &events[1]),
        CL_SUCCESS);
    ASSERT_EQ(clFinish(queue_), CL_SUCCESS);
    std::string printed = testing::internal::GetCapturedStderr();
    EXPECT_NE(printed.find("clEnqueueNDRangeKernel: kernel 'bad': "), std::string::npos) << printed;
    EXPECT_EQ(status_of(events[0]), CL_OUT_OF_RESOURCES);
    EXPECT_EQ(status_of(events[1]), CL_COMPLETE);
    std::vector<uint32_t> got = read<uint32_t>(out, kItems);
    for (uint32_t i = 0; i < kItems; ++i) ASSERT_EQ(got[i], slow_add(input_[i], 2, 5)) << i;
    for (cl_event e : events) EXPECT_EQ(clReleaseEvent(e), CL_SUCCESS);
}

TEST_F(AsyncTest, MoreKernelsThanRingSlotsRunInOrder) {
    cl_kernel bump = kernel(program_, "bump");
    const uint32_t zero = 0;
    cl_mem counter = buffer(4, &zero);
    ASSERT_EQ(clSetKernelArg(bump, 0, sizeof counter, &counter), CL_SUCCESS);
    const size_t one = 1;
    constexpr int kLaunches = 150;  // the ring has 64 slots
    cl_event last = nullptr;
    for (int i = 0; i < kLaunches; ++i)
        ASSERT_EQ(clEnqueueNDRangeKernel(queue_, bump, 1, nullptr, &one, nullptr, 0, nullptr,
                                         i == kLaunches - 1 ? &last : nullptr),
                  CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &last), CL_SUCCESS);
    EXPECT_EQ(read<uint32_t>(counter, 1)[0], static_cast<uint32_t>(kLaunches));
    EXPECT_EQ(clReleaseEvent(last), CL_SUCCESS);
}

}  // namespace
}  // namespace mvp::runtime::test
