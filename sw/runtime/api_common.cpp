#include "api_common.h"

#include <cstdio>
#include <exception>
#include <new>

#include "event.h"

namespace mvp::runtime {

std::recursive_mutex& api_mutex() {
    static auto* mutex = new std::recursive_mutex();
    return *mutex;
}

std::condition_variable_any& api_condition() {
    static auto* condition = new std::condition_variable_any();
    return *condition;
}

void report_error(const char* function, const std::string& message) {
    std::fprintf(stderr, "mvp opencl: %s: %s\n", function, message.c_str());
    std::fflush(stderr);
}

cl_int current_exception_error(const char* function) noexcept {
    try {
        throw;
    } catch (const std::bad_alloc&) {
        return CL_OUT_OF_HOST_MEMORY;
    } catch (const std::exception& e) {
        report_error(function, e.what());
        return CL_OUT_OF_RESOURCES;
    } catch (...) {
        report_error(function, "unknown internal error");
        return CL_OUT_OF_RESOURCES;
    }
}

cl_int collect_wait_list(const Context* context, cl_uint count, const cl_event* list,
                         std::vector<Event*>* events) {
    if ((count == 0) != (list == nullptr)) return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < count; ++i) {
        Event* event = from_handle<Event>(list[i]);
        if (event == nullptr) return CL_INVALID_EVENT_WAIT_LIST;
        if (event->context() != context) return CL_INVALID_CONTEXT;
        events->push_back(event);
    }
    return CL_SUCCESS;
}

}  // namespace mvp::runtime
