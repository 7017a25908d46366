#pragma once

#include <CL/cl.h>

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

    // Moves to a later status: records the profiling time, runs the callbacks whose trigger
    // status has been reached and wakes the threads waiting in clWaitForEvents/clFinish.
    void set_status(cl_int status);

    // Registers a callback for CL_SUBMITTED, CL_RUNNING or CL_COMPLETE; it runs at once when
    // the event is already there.
    void add_callback(cl_int trigger, Callback callback, void* user_data);

    cl_int get_info(cl_event_info param, Info* out) const;
    cl_int get_profiling_info(cl_profiling_info param, Info* out) const;

  private:
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
};

}  // namespace mvp::runtime
