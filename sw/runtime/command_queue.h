#pragma once

#include <CL/cl.h>

#include <deque>
#include <functional>
#include <vector>

#include "info.h"
#include "object.h"

namespace mvp::runtime {

class Context;
class Device;
class Event;

// An in-order command queue. The GPU model runs on the calling thread, so a command runs
// inside the clEnqueue* call that queues it, and its event is complete when the call returns.
// Only a command whose wait list holds an unfinished user event is held back; it and every
// later command of the queue then run as soon as that event is set (clSetUserEventStatus).
class CommandQueue : public _cl_command_queue, public Object {
  public:
    using Handle = cl_command_queue;
    // The work of one command; returns CL_SUCCESS or the error that ends it.
    using Work = std::function<cl_int()>;

    // Retains the context.
    CommandQueue(Context* context, Device* device, cl_command_queue_properties properties);
    ~CommandQueue() override;

    Context* context() const { return context_; }
    Device* device() const { return device_; }
    bool profiling() const { return (properties_ & CL_QUEUE_PROFILING_ENABLE) != 0; }

    // Queues a command that runs `work` after every earlier command of this queue and the
    // events in `waits`. Returns the result of `work` when the command ran at once, and
    // CL_SUCCESS when it was held back (unless `blocking`: then it waits for the command and
    // returns its result). A command whose wait list holds a failed event does not run and
    // ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. When `event_out` is not NULL it
    // receives a new event for the command.
    cl_int enqueue(cl_command_type type, const std::vector<Event*>& waits, Work work, bool blocking,
                   cl_event* event_out);

    // Waits until every queued command has run.
    void finish();

    // Runs the held-back commands, of every queue, that can run now. Called when a user
    // event changes status.
    static void run_ready_commands();

    cl_int get_info(cl_command_queue_info param, Info* out) const;

  private:
    struct Command {
        std::vector<Event*> waits;  // retained
        Event* event;               // retained by the queue until the command has run
        Work work;
    };
    bool ready(const Command& command) const;
    cl_int execute(Command& command);
    // Runs held-back commands from the front while they are ready; true if any ran.
    bool run_ready();

    Context* context_;
    Device* device_;
    cl_command_queue_properties properties_;
    std::deque<Command> pending_;
};

}  // namespace mvp::runtime
