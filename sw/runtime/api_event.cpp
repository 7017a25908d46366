// Events: waiting, user events, callbacks and profiling.

#include <CL/cl.h>

#include <algorithm>
#include <vector>

#include "api_common.h"
#include "command_queue.h"
#include "context.h"
#include "event.h"

using namespace mvp::runtime;

extern "C" CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint num_events,
                                                           const cl_event* event_list) {
    return guarded(__func__, [&]() -> cl_int {
        if (num_events == 0 || event_list == nullptr) return CL_INVALID_VALUE;
        std::vector<Event*> events;
        for (cl_uint i = 0; i < num_events; ++i) {
            Event* e = from_handle<Event>(event_list[i]);
            if (e == nullptr) return CL_INVALID_EVENT;
            if (!events.empty() && e->context() != events.front()->context())
                return CL_INVALID_CONTEXT;
            events.push_back(e);
        }
        for (Event* e : events) e->retain();
        // The device completes its commands while it is advanced; a command held back by a
        // user event waits for another thread to set it.
        CommandQueue::wait_until([&events] {
            return std::all_of(events.begin(), events.end(),
                               [](Event* e) { return e->finished(); });
        });
        bool failed =
            std::any_of(events.begin(), events.end(), [](Event* e) { return e->status() < 0; });
        for (Event* e : events) e->release();
        return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event event, cl_event_info param_name,
                                                          size_t param_value_size,
                                                          void* param_value,
                                                          size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr) return CL_INVALID_EVENT;
        if (param_name == CL_EVENT_COMMAND_EXECUTION_STATUS) {
            e->refresh();
            // A host that polls an unfinished event again, with nothing queued in between and
            // the status unchanged, is waiting for it: the devices advance to their next
            // completion, so that a polling loop ends as clWaitForEvents would.
            if (!e->finished() && e->repeated_poll(CommandQueue::commands_queued())) {
                CommandQueue::advance_devices();
                e->refresh();
            }
        }
        Info info;
        cl_int err = e->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context context,
                                                               cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_event {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        return create<Event>(c, nullptr, CL_COMMAND_USER);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event event) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr) return CL_INVALID_EVENT;
        e->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event event) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr) return CL_INVALID_EVENT;
        e->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event event,
                                                                cl_int execution_status) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr || e->queue() != nullptr) return CL_INVALID_EVENT;
        if (execution_status > CL_COMPLETE) return CL_INVALID_VALUE;
        if (e->finished()) return CL_INVALID_OPERATION;
        e->set_status(execution_status);
        // Commands that waited for it may run now.
        CommandQueue::run_ready_commands();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clSetEventCallback(cl_event event, cl_int command_exec_callback_type,
                   void(CL_CALLBACK* pfn_notify)(cl_event, cl_int, void*), void* user_data) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr) return CL_INVALID_EVENT;
        if (pfn_notify == nullptr ||
            (command_exec_callback_type != CL_SUBMITTED &&
             command_exec_callback_type != CL_RUNNING && command_exec_callback_type != CL_COMPLETE))
            return CL_INVALID_VALUE;
        e->add_callback(command_exec_callback_type, pfn_notify, user_data);
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event,
                                                                   cl_profiling_info param_name,
                                                                   size_t param_value_size,
                                                                   void* param_value,
                                                                   size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Event* e = from_handle<Event>(event);
        if (e == nullptr) return CL_INVALID_EVENT;
        Info info;
        cl_int err = e->get_profiling_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}
