#include "event.h"

#include <chrono>

#include "api_common.h"
#include "command_queue.h"
#include "context.h"
#include "device.h"

namespace mvp::runtime {

namespace {

cl_ulong now_ns() {
    return static_cast<cl_ulong>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
}

}  // namespace

Event::Event(Context* context, CommandQueue* queue, cl_command_type type)
    : context_(context),
      queue_(queue),
      type_(type),
      status_(queue != nullptr ? CL_QUEUED : CL_SUBMITTED),
      profiled_(queue != nullptr && queue->profiling()) {
    context_->retain();
    if (queue_ != nullptr) queue_->retain();
    times_[0] = now();
}

cl_ulong Event::now() const { return queue_ != nullptr ? queue_->device()->timer_ns() : now_ns(); }

void Event::refresh() {
    if (refresh_ && !finished()) refresh_(this);
}

bool Event::repeated_poll(uint64_t queued) {
    const bool again = polled_ && queued == poll_queued_ && status_ == poll_status_;
    polled_ = true;
    poll_queued_ = queued;
    poll_status_ = status_;
    return again;
}

Event::~Event() {
    if (queue_ != nullptr) queue_->release();
    context_->release();
}

void Event::set_status(cl_int status) { set_status(status, now()); }

void Event::end_device_command(cl_int status, cl_ulong start_ns, cl_ulong end_ns) {
    if (finished()) return;
    if (end_ns == 0) start_ns = end_ns = now();
    set_status(CL_RUNNING, start_ns);
    times_[CL_QUEUED - CL_RUNNING] = start_ns;  // also when CL_RUNNING was seen before
    set_status(status, end_ns);
}

void Event::set_status(cl_int status, cl_ulong time_ns) {
    if (finished() || status >= status_) return;
    // Statuses skipped on the way (QUEUED straight to COMPLETE) get the same time.
    for (cl_int s = status_ - 1; s >= CL_COMPLETE && s >= status; --s)
        times_[CL_QUEUED - s] = time_ns;
    if (status < 0) times_[3] = time_ns;
    status_ = status;
    // A callback may release the last reference to this event.
    retain();
    run_callbacks();
    if (finished()) api_condition().notify_all();
    release();
}

void Event::add_callback(cl_int trigger, Callback callback, void* user_data) {
    callbacks_.push_back({trigger, callback, user_data});
    retain();
    run_callbacks();
    release();
}

void Event::run_callbacks() {
    // A callback may add callbacks or change this event's status: take them one at a time.
    for (size_t i = 0; i < callbacks_.size();) {
        if (status_ > callbacks_[i].trigger) {
            ++i;
            continue;
        }
        PendingCallback c = callbacks_[i];
        callbacks_.erase(callbacks_.begin() + static_cast<std::ptrdiff_t>(i));
        // A failed command reports its error code to every callback.
        c.callback(this, status_ < 0 ? status_ : c.trigger, c.user_data);
    }
}

cl_int Event::get_info(cl_event_info param, Info* out) const {
    switch (param) {
        case CL_EVENT_COMMAND_QUEUE:
            *out = Info::of<cl_command_queue>(queue_);
            return CL_SUCCESS;
        case CL_EVENT_CONTEXT:
            *out = Info::of<cl_context>(context_);
            return CL_SUCCESS;
        case CL_EVENT_COMMAND_TYPE:
            *out = Info::of<cl_command_type>(type_);
            return CL_SUCCESS;
        case CL_EVENT_COMMAND_EXECUTION_STATUS:
            *out = Info::of<cl_int>(status_);
            return CL_SUCCESS;
        case CL_EVENT_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

cl_int Event::get_profiling_info(cl_profiling_info param, Info* out) const {
    if (!profiled_ || status_ != CL_COMPLETE) return CL_PROFILING_INFO_NOT_AVAILABLE;
    switch (param) {
        case CL_PROFILING_COMMAND_QUEUED:
            *out = Info::of<cl_ulong>(times_[0]);
            return CL_SUCCESS;
        case CL_PROFILING_COMMAND_SUBMIT:
            *out = Info::of<cl_ulong>(times_[1]);
            return CL_SUCCESS;
        case CL_PROFILING_COMMAND_START:
            *out = Info::of<cl_ulong>(times_[2]);
            return CL_SUCCESS;
        case CL_PROFILING_COMMAND_END:
            *out = Info::of<cl_ulong>(times_[3]);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

}  // namespace mvp::runtime
