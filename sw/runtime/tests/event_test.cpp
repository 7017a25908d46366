// Events: completion, wait lists, user events holding commands back, callbacks, profiling.

#include <chrono>
#include <thread>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

cl_int status_of(cl_event event) {
    cl_int status = 99;
    EXPECT_EQ(
        clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        CL_SUCCESS);
    return status;
}

using EventTest = ClTest;

TEST_F(EventTest, CommandsCompleteBeforeTheCallReturns) {
    cl_mem m = buffer(16);
    int data[4] = {1, 2, 3, 4};
    cl_event event = nullptr;
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, m, CL_FALSE, 0, 16, data, 0, nullptr, &event),
              CL_SUCCESS);
    EXPECT_EQ(status_of(event), CL_COMPLETE);
    cl_command_type type = 0;
    EXPECT_EQ(clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof type, &type, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(type, cl_command_type{CL_COMMAND_WRITE_BUFFER});
    cl_command_queue queue = nullptr;
    EXPECT_EQ(clGetEventInfo(event, CL_EVENT_COMMAND_QUEUE, sizeof queue, &queue, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(queue, queue_);
    EXPECT_EQ(clWaitForEvents(1, &event), CL_SUCCESS);
    cl_ulong time;
    EXPECT_EQ(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof time, &time, nullptr),
              CL_PROFILING_INFO_NOT_AVAILABLE);
    EXPECT_EQ(clReleaseEvent(event), CL_SUCCESS);
    EXPECT_EQ(clReleaseEvent(event), CL_INVALID_EVENT);
}

TEST_F(EventTest, WaitListErrors) {
    cl_mem m = buffer(16);
    int data[4] = {};
    cl_event event = nullptr;
    EXPECT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, 16, data, 1, nullptr, nullptr),
              CL_INVALID_EVENT_WAIT_LIST);
    EXPECT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, 16, data, 0, &event, nullptr),
              CL_INVALID_EVENT_WAIT_LIST);
    cl_event bogus = reinterpret_cast<cl_event>(m);
    EXPECT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, 16, data, 1, &bogus, nullptr),
              CL_INVALID_EVENT_WAIT_LIST);
    EXPECT_EQ(clWaitForEvents(0, nullptr), CL_INVALID_VALUE);
    EXPECT_EQ(clWaitForEvents(1, &bogus), CL_INVALID_EVENT);
}

TEST_F(EventTest, ProfilingTimesAreOrdered) {
    cl_int err;
    cl_command_queue queue =
        clCreateCommandQueue(context_, device_, CL_QUEUE_PROFILING_ENABLE, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem m = buffer(1 << 16);
    std::vector<char> data(1 << 16, 'x');
    cl_event event;
    ASSERT_EQ(
        clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, data.size(), data.data(), 0, nullptr, &event),
        CL_SUCCESS);
    cl_ulong times[4] = {};
    const cl_profiling_info params[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                         CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(clGetEventProfilingInfo(event, params[i], sizeof times[i], &times[i], nullptr),
                  CL_SUCCESS);
    EXPECT_GT(times[0], 0u);
    EXPECT_LE(times[0], times[1]);
    EXPECT_LE(times[1], times[2]);
    EXPECT_LE(times[2], times[3]);
    EXPECT_EQ(clReleaseEvent(event), CL_SUCCESS);
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
}

void CL_CALLBACK count_call(cl_event, cl_int status, void* user_data) {
    auto* calls = static_cast<std::vector<cl_int>*>(user_data);
    calls->push_back(status);
}

TEST_F(EventTest, UserEventHoldsCommandsBack) {
    cl_int err;
    cl_event gate = clCreateUserEvent(context_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(status_of(gate), CL_SUBMITTED);
    cl_mem m = buffer(16);
    int data[4] = {5, 6, 7, 8};
    int back[4] = {};
    cl_event write = nullptr;
    cl_event read = nullptr;
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, m, CL_FALSE, 0, 16, data, 1, &gate, &write), CL_SUCCESS);
    // In order: the read waits behind the write.
    ASSERT_EQ(clEnqueueReadBuffer(queue_, m, CL_FALSE, 0, 16, back, 0, nullptr, &read), CL_SUCCESS);
    std::vector<cl_int> calls;
    ASSERT_EQ(clSetEventCallback(read, CL_COMPLETE, count_call, &calls), CL_SUCCESS);
    EXPECT_EQ(status_of(write), CL_QUEUED);
    EXPECT_EQ(status_of(read), CL_QUEUED);
    EXPECT_EQ(back[0], 0);
    EXPECT_TRUE(calls.empty());

    EXPECT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    EXPECT_EQ(status_of(write), CL_COMPLETE);
    EXPECT_EQ(status_of(read), CL_COMPLETE);
    EXPECT_EQ(back[3], 8);
    EXPECT_EQ(calls, std::vector<cl_int>{CL_COMPLETE});
    EXPECT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_INVALID_OPERATION);
    EXPECT_EQ(clSetUserEventStatus(write, CL_COMPLETE), CL_INVALID_EVENT);
    for (cl_event e : {gate, write, read}) EXPECT_EQ(clReleaseEvent(e), CL_SUCCESS);
}

TEST_F(EventTest, FailedUserEventFailsItsCommands) {
    cl_int err;
    cl_event gate = clCreateUserEvent(context_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem m = buffer(16);
    int data[4] = {};
    cl_event write = nullptr;
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, m, CL_FALSE, 0, 16, data, 1, &gate, &write), CL_SUCCESS);
    EXPECT_EQ(clSetUserEventStatus(gate, -1), CL_SUCCESS);
    EXPECT_EQ(status_of(write), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT_EQ(clWaitForEvents(1, &write), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT_EQ(clReleaseEvent(write), CL_SUCCESS);
    EXPECT_EQ(clReleaseEvent(gate), CL_SUCCESS);
}

// Found by the opencl_api fuzz target: a marker whose wait list holds a failed event returned
// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST and also handed out its event, which an
// application never releases after a failed call. A command that does not block is queued and
// fails through its event; a blocking call that fails returns the error and no event.
TEST_F(EventTest, AFailedWaitListFailsTheEventOrTheBlockingCallButNeverBoth) {
    cl_int err;
    cl_event gate = clCreateUserEvent(context_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clSetUserEventStatus(gate, -1), CL_SUCCESS);
    cl_event marker = nullptr;
    EXPECT_EQ(clEnqueueMarkerWithWaitList(queue_, 1, &gate, &marker), CL_SUCCESS);
    ASSERT_NE(marker, nullptr);
    EXPECT_EQ(status_of(marker), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT_EQ(clReleaseEvent(marker), CL_SUCCESS);

    cl_mem m = buffer(16);
    int data[4] = {};
    cl_event read = nullptr;
    EXPECT_EQ(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, 16, data, 1, &gate, &read),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    EXPECT_EQ(read, nullptr);
    EXPECT_EQ(clReleaseEvent(gate), CL_SUCCESS);
}

TEST_F(EventTest, FinishWaitsForAnotherThreadToSetTheUserEvent) {
    cl_int err;
    cl_event gate = clCreateUserEvent(context_, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem m = buffer(4);
    int value = 42;
    ASSERT_EQ(clEnqueueWriteBuffer(queue_, m, CL_FALSE, 0, 4, &value, 1, &gate, nullptr),
              CL_SUCCESS);
    std::thread setter([gate] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        EXPECT_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    });
    EXPECT_EQ(clFinish(queue_), CL_SUCCESS);
    setter.join();
    EXPECT_EQ(read<int>(m, 1)[0], 42);
    EXPECT_EQ(clReleaseEvent(gate), CL_SUCCESS);
}

TEST_F(EventTest, MarkersAndBarriers) {
    cl_event marker = nullptr;
    ASSERT_EQ(clEnqueueMarkerWithWaitList(queue_, 0, nullptr, &marker), CL_SUCCESS);
    EXPECT_EQ(status_of(marker), CL_COMPLETE);
    EXPECT_EQ(clEnqueueBarrierWithWaitList(queue_, 1, &marker, nullptr), CL_SUCCESS);
    std::vector<cl_int> calls;
    ASSERT_EQ(clSetEventCallback(marker, CL_COMPLETE, count_call, &calls), CL_SUCCESS);
    EXPECT_EQ(calls, std::vector<cl_int>{CL_COMPLETE});  // already complete: called at once
    EXPECT_EQ(clSetEventCallback(marker, CL_QUEUED, count_call, &calls), CL_INVALID_VALUE);
    EXPECT_EQ(clReleaseEvent(marker), CL_SUCCESS);
}

}  // namespace
}  // namespace mvp::runtime::test
