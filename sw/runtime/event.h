#pragma once

#include <CL/cl.h>

#include <functional>
#include <vector>

#include "info.h"
#include "object.h"

namespace mvp::runtime {

class CommandQueue;
class Context;

// An OpenCL event: the execution status of one command, or a user event (no queue) whose
// status the application sets. Statuses go CL_QUEUED > CL_SUBMITTED > CL_RUNNING >
// CL_COMPLETE, or end with a negative error code.
class Event : public _cl_event, public Object {
  public:
    using Handle = cl_event;
    using Callback = void(CL_CALLBACK*)(cl_event event, cl_int status, void* user_data);

    // Retains the context and the queue (nullptr for a user event).
    Event(Context* context, CommandQueue* queue, cl_command_type type);
    ~Event() override;

    Context* context() const { return context_; }
    CommandQueue* queue() const { return queue_; }
    cl_command_type type() const { return type_; }
    cl_int status() const { return status_; }
    // True once the command completed or failed.
    bool finished() const { return status_ <= CL_COMPLETE; }

    // Moves to a later status: records the profiling time (now, or `time_ns`), runs the
    // callbacks whose trigger status has been reached and wakes the threads waiting in
    // clWaitForEvents/clFinish.
    void set_status(cl_int status);
    void set_status(cl_int status, cl_ulong time_ns);

    // The device has ended this command (status CL_COMPLETE or an error) after running it
    // from start_ns to end_ns of simulated time (both 0: not known, now is used).
    void end_device_command(cl_int status, cl_ulong start_ns, cl_ulong end_ns);

    // A device command: `refresh` updates the status from what the device reports now (called
    // before the status is read).
    void set_refresh(std::function<void(Event*)> refresh) { refresh_ = std::move(refresh); }
    void refresh();
    // Records a poll of the status; true when the previous poll saw the same status with the
    // same number of commands queued since (`queued`): the host is spinning on this event.
    bool repeated_poll(uint64_t queued);

    // Registers a callback for CL_SUBMITTED, CL_RUNNING or CL_COMPLETE; it runs at once when
    // the event is already there.
    void add_callback(cl_int trigger, Callback callback, void* user_data);

    cl_int get_info(cl_event_info param, Info* out) const;
    cl_int get_profiling_info(cl_profiling_info param, Info* out) const;

  private:
    // Profiling time of a status change: simulated time on the timing device (so that the
    // device's start and end times of a kernel fit), the host's steady clock otherwise.
    cl_ulong now() const;

    struct PendingCallback {
        cl_int trigger;
        Callback callback;
        void* user_data;
    };
    void run_callbacks();

    Context* context_;
    CommandQueue* queue_;
    cl_command_type type_;
    cl_int status_;
    bool profiled_;
    cl_ulong times_[4] = {0, 0, 0, 0};  // queued, submit, start, end (ns)
    std::vector<PendingCallback> callbacks_;
    std::function<void(Event*)> refresh_;
    bool polled_ = false;
    uint64_t poll_queued_ = 0;
    cl_int poll_status_ = 0;
};

}  // namespace mvp::runtime
