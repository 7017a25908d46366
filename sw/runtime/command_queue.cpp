#include "command_queue.h"

#include <algorithm>

#include "api_common.h"
#include "context.h"
#include "device.h"
#include "event.h"

namespace mvp::runtime {

namespace {

// Every live queue, for run_ready_commands().
std::vector<CommandQueue*>& live_queues() {
    static auto* queues = new std::vector<CommandQueue*>();
    return *queues;
}

}  // namespace

CommandQueue::CommandQueue(Context* context, Device* device, cl_command_queue_properties properties)
    : context_(context), device_(device), properties_(properties) {
    context_->retain();
    live_queues().push_back(this);
}

CommandQueue::~CommandQueue() {
    auto& queues = live_queues();
    queues.erase(std::remove(queues.begin(), queues.end(), this), queues.end());
    context_->release();
}

bool CommandQueue::ready(const Command& command) const {
    // A host command runs after the earlier device commands have completed; a device command
    // only needs them submitted (the device runs them in order).
    if (!command.device_work && in_flight_ > 0) return false;
    return std::all_of(command.waits.begin(), command.waits.end(),
                       [](const Event* e) { return e->finished(); });
}

cl_int CommandQueue::execute(Command& command) {
    Event* event = command.event;
    bool wait_failed = std::any_of(command.waits.begin(), command.waits.end(),
                                   [](const Event* e) { return e->status() < 0; });
    for (Event* e : command.waits) e->release();
    command.waits.clear();
    cl_int result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    if (!wait_failed && command.device_work) {
        event->set_status(CL_SUBMITTED);
        // The device holds a reference until it reports the end (which the functional engine
        // does before device_work returns).
        ++in_flight_;
        event->retain();
        result = command.device_work(event);
        if (result == CL_SUCCESS) {
            event->release();
            return result;
        }
        --in_flight_;
        event->release();
    } else if (!wait_failed) {
        event->set_status(CL_SUBMITTED);
        event->set_status(CL_RUNNING);
        result = command.work();
    }
    event->set_status(result == CL_SUCCESS ? CL_COMPLETE : result);
    event->release();
    return result;
}

void CommandQueue::device_command_ended(Event* event, cl_int status, cl_ulong start_ns,
                                        cl_ulong end_ns) {
    --in_flight_;
    event->end_device_command(status, start_ns, end_ns);
    event->release();
}

cl_int CommandQueue::enqueue(cl_command_type type, const std::vector<Event*>& waits, Work work,
                             bool blocking, cl_event* event_out) {
    return add(Command{waits, create<Event>(context_, this, type), std::move(work), nullptr},
               blocking, event_out);
}

cl_int CommandQueue::enqueue_device(cl_command_type type, const std::vector<Event*>& waits,
                                    DeviceWork work, cl_event* event_out) {
    return add(Command{waits, create<Event>(context_, this, type), nullptr, std::move(work)}, false,
               event_out);
}

cl_int CommandQueue::add(Command command, bool blocking, cl_event* event_out) {
    ++commands_queued_;
    for (Event* e : command.waits) e->retain();
    Event* event = command.event;
    event->retain();  // until the call's outcome is known
    cl_int result = CL_SUCCESS;
    if (!pending_.empty()) run_ready();
    if (pending_.empty() && ready(command)) {
        result = execute(command);
    } else {
        pending_.push_back(std::move(command));
        if (blocking) {
            // Earlier device commands have to complete, or another thread has to complete the
            // user event this command waits for.
            wait_until([event] { return event->finished(); });
            result = event->status() == CL_COMPLETE ? CL_SUCCESS : event->status();
        }
    }
    // A command that does not block reports a failure through its event only, as a kernel
    // fault is reported (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST is for blocking calls);
    // a call that fails hands out no event, which the application would never release.
    if (!blocking) result = CL_SUCCESS;
    if (event_out != nullptr && result == CL_SUCCESS) {
        *event_out = event;
    } else {
        event->release();
    }
    return result;
}

bool CommandQueue::run_ready() {
    bool progress = false;
    while (!pending_.empty() && ready(pending_.front())) {
        Command command = std::move(pending_.front());
        pending_.pop_front();
        execute(command);
        progress = true;
    }
    return progress;
}

void CommandQueue::run_ready_commands() {
    // A command that runs may complete an event another queue waits for, and callbacks may
    // call back into this function: loop until nothing can run, and only at the outer level.
    static bool active = false;
    static bool again = false;
    if (active) {
        again = true;
        return;
    }
    active = true;
    do {
        again = false;
        std::vector<CommandQueue*> queues = live_queues();
        for (CommandQueue* q : queues) q->retain();
        for (CommandQueue* q : queues) again = q->run_ready() || again;
        for (CommandQueue* q : queues) q->release();
    } while (again);
    active = false;
}

bool CommandQueue::advance_devices() {
    // The devices with launches in flight (one GPU per device; several queues may share it).
    std::vector<Device*> devices;
    for (CommandQueue* q : live_queues())
        if (q->device_->gpu().pending() > 0 &&
            std::find(devices.begin(), devices.end(), q->device_) == devices.end())
            devices.push_back(q->device_);
    for (Device* d : devices) {
        d->retain();
        d->gpu().wait_next();
    }
    for (Device* d : devices) d->release();
    run_ready_commands();
    return !devices.empty();
}

void CommandQueue::finish() {
    retain();
    wait_until([this] { return pending_.empty() && in_flight_ == 0; });
    release();
}

cl_int CommandQueue::get_info(cl_command_queue_info param, Info* out) const {
    switch (param) {
        case CL_QUEUE_CONTEXT:
            *out = Info::of<cl_context>(context_);
            return CL_SUCCESS;
        case CL_QUEUE_DEVICE:
            *out = Info::of<cl_device_id>(device_);
            return CL_SUCCESS;
        case CL_QUEUE_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        case CL_QUEUE_PROPERTIES:
            *out = Info::of<cl_command_queue_properties>(properties_);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
