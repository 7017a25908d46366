#pragma once

#include <CL/cl.h>

#include <deque>
#include <functional>
#include <vector>

#include "api_common.h"
#include "info.h"
#include "object.h"

namespace mvp::runtime {

class Context;
class Device;
class Event;

// An in-order command queue. The GPU model runs on the calling thread. A kernel is a device
// command: clEnqueueNDRangeKernel puts it into the GPU's command ring and returns; its event
// stays CL_SUBMITTED (CL_RUNNING once the command processor has read it) until the host sees
// its completion, which happens only while the host waits (clFinish, clWaitForEvents, a
// blocking command), because only then is the simulation advanced. Any other command (a copy,
// a map, a marker) runs on the host once every earlier command of the queue has completed, so
// a read after a kernel sees its results; it runs inside its clEnqueue* call when nothing is
// in flight. A command whose wait list holds an unfinished event is held back until it is set.
class CommandQueue : public _cl_command_queue, public Object {
  public:
    using Handle = cl_command_queue;
    // The work of one host command; returns CL_SUCCESS or the error that ends it.
    using Work = std::function<cl_int()>;
    // The work of one device command: submits it and returns CL_SUCCESS (the device then ends
    // the event with device_command_ended()), or returns the error that ends it at once.
    using DeviceWork = std::function<cl_int(Event* event)>;

    // Retains the context.
    CommandQueue(Context* context, Device* device, cl_command_queue_properties properties);
    ~CommandQueue() override;

    Context* context() const { return context_; }
    Device* device() const { return device_; }
    bool profiling() const { return (properties_ & CL_QUEUE_PROFILING_ENABLE) != 0; }
    cl_command_queue_properties properties() const { return properties_; }
    // clSetCommandQueueProperty (OpenCL 1.0): the queue is finished first, then the
    // properties in `which` are set or cleared.
    void set_properties(cl_command_queue_properties which, bool enable) {
        finish();
        properties_ = enable ? properties_ | which : properties_ & ~which;
    }

    // Queues a command that runs `work` after every earlier command of this queue and the
    // events in `waits`. Returns the result of `work` when the command ran at once, and
    // CL_SUCCESS when it was held back (unless `blocking`: then it waits for the command and
    // returns its result). A command whose wait list holds a failed event does not run and
    // ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. When `event_out` is not NULL it
    // receives a new event for the command.
    cl_int enqueue(cl_command_type type, const std::vector<Event*>& waits, Work work, bool blocking,
                   cl_event* event_out);
    // Queues a device command: it is submitted after the earlier commands have been (without
    // waiting for earlier device commands to complete; the device keeps them in order).
    // Returns CL_SUCCESS when it was submitted or held back, or the error of its submission.
    cl_int enqueue_device(cl_command_type type, const std::vector<Event*>& waits, DeviceWork work,
                          cl_event* event_out);
    // The device has completed a command of this queue (status CL_COMPLETE or an error), which
    // ran from start_ns to end_ns of simulated time (0, 0: not known; the host clock is used).
    void device_command_ended(Event* event, cl_int status, cl_ulong start_ns, cl_ulong end_ns);

    // Waits until every queued command has run and every device command has completed.
    void finish();

    // Runs the held-back commands, of every queue, that can run now. Called when a user
    // event changes status.
    static void run_ready_commands();
    // Advances the devices that have commands in flight until one of them completes a
    // command, then runs the commands that became ready. False when no device had anything in
    // flight (the caller then waits for another thread instead).
    static bool advance_devices();
    // Commands queued so far, on every queue.
    static uint64_t commands_queued() { return commands_queued_; }
    // Waits, advancing the devices, until `done` holds.
    template <class Done>
    static void wait_until(Done done);

    cl_int get_info(cl_command_queue_info param, Info* out) const;

  private:
    struct Command {
        std::vector<Event*> waits;  // retained
        Event* event;               // retained by the queue until the command has run
        Work work;
        DeviceWork device_work;  // set for a device command (then `work` is empty)
    };
    cl_int add(Command command, bool blocking, cl_event* event_out);
    bool ready(const Command& command) const;
    cl_int execute(Command& command);
    // Runs held-back commands from the front while they are ready; true if any ran.
    bool run_ready();

    Context* context_;
    Device* device_;
    cl_command_queue_properties properties_;
    std::deque<Command> pending_;
    unsigned in_flight_ = 0;  // device commands submitted and not yet completed
    static inline uint64_t commands_queued_ = 0;
};

template <class Done>
void CommandQueue::wait_until(Done done) {
    run_ready_commands();
    while (!done())
        if (!advance_devices()) api_condition().wait(api_mutex());
}

}  // namespace mvp::runtime
