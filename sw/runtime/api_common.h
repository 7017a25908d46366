#pragma once

#include <CL/cl.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace mvp::runtime {

class Context;
class Event;

// One lock serialises the whole API (the GPU model is single-threaded). It is recursive so
// that application callbacks, which run with it held, may call the API.
std::recursive_mutex& api_mutex();
// Signalled whenever an event finishes; waits release api_mutex() while they sleep.
std::condition_variable_any& api_condition();

// Prints "mvp opencl: function: message" on stderr, one line.
void report_error(const char* function, const std::string& message);

// The error code for the exception being handled (call inside a catch block): host memory
// exhaustion is CL_OUT_OF_HOST_MEMORY; anything else is reported on stderr and is
// CL_OUT_OF_RESOURCES.
cl_int current_exception_error(const char* function) noexcept;

// Runs the body of an API function that returns an error code, under the API lock, turning
// exceptions into error codes.
template <class F>
cl_int guarded(const char* function, F&& body) noexcept {
    try {
        std::lock_guard<std::recursive_mutex> lock(api_mutex());
        return body();
    } catch (...) {
        return current_exception_error(function);
    }
}

// Likewise for an API function that returns an object (or pointer) and reports its error
// through errcode_ret, which may be NULL. body(err) returns the result and sets err; it returns
// NULL on error, except where the specification says otherwise (clLinkProgram).
template <class F>
auto guarded_create(const char* function, cl_int* errcode_ret, F&& body) noexcept
    -> decltype(body(std::declval<cl_int&>())) {
    cl_int err = CL_SUCCESS;
    decltype(body(err)) result{};
    try {
        std::lock_guard<std::recursive_mutex> lock(api_mutex());
        result = body(err);
    } catch (...) {
        err = current_exception_error(function);
        result = {};
    }
    if (errcode_ret != nullptr) *errcode_ret = err;
    return result;
}

// Checks the event wait list of a clEnqueue* call and collects its events.
// CL_INVALID_EVENT_WAIT_LIST for a NULL list with a non-zero count, a list with a zero count or
// an invalid event; CL_INVALID_CONTEXT for an event of another context.
cl_int collect_wait_list(const Context* context, cl_uint count, const cl_event* list,
                         std::vector<Event*>* events);

}  // namespace mvp::runtime
