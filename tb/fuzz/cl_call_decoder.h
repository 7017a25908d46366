#pragma once

#include <CL/cl.h>
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mvp::fuzz {

// Decodes a byte string as a sequence of OpenCL calls and makes them against the project's
// runtime (sw/runtime, linked directly: no ICD loader). Each call is one byte choosing the
// function, then its arguments: handles are NULL, a pointer that is no object, a handle of
// another type, or one of the live handles of that type the sequence has created; sizes,
// flags, offsets and info names are arbitrary; host pointers are NULL or harness memory of
// exactly the size passed. tb/fuzz/README.md gives the encoding. The sequence behaves as a
// correct single-threaded application would in three ways only: it never makes a call that
// would wait for a user event it has not set (it sets them all first), it never uses a handle
// after releasing its last reference, and an NDRange has at most kMaxWorkItems work-items.
// finish() completes every user event and command and releases every handle, so that
// whatever the runtime still holds afterwards is a leak.
class ClCallDecoder {
  public:
    static constexpr size_t kMaxWorkItems = 4096;
    static constexpr size_t kMaxHostBytes = 1 << 20;  // largest host buffer of one call
    // The functions, in the order of the selecting byte (modulo their number).
    enum Call : uint8_t {
        kGetPlatformIDs,
        kGetPlatformInfo,
        kGetDeviceIDs,
        kGetDeviceInfo,
        kCreateSubDevices,
        kCreateContext,
        kCreateContextFromType,
        kGetContextInfo,
        kCreateCommandQueue,
        kGetCommandQueueInfo,
        kFlush,
        kFinish,
        kCreateBuffer,
        kCreateSubBuffer,
        kGetMemObjectInfo,
        kSetMemObjectDestructorCallback,
        kCreateImage,
        kGetSupportedImageFormats,
        kCreateProgramWithSource,
        kCreateProgramWithBinary,
        kCreateProgramWithBuiltInKernels,
        kBuildProgram,
        kCompileProgram,
        kLinkProgram,
        kGetProgramInfo,
        kGetProgramBuildInfo,
        kCreateKernel,
        kCreateKernelsInProgram,
        kSetKernelArg,
        kGetKernelInfo,
        kGetKernelArgInfo,
        kGetKernelWorkGroupInfo,
        kCreateUserEvent,
        kSetUserEventStatus,
        kSetEventCallback,
        kWaitForEvents,
        kGetEventInfo,
        kGetEventProfilingInfo,
        kEnqueueReadBuffer,
        kEnqueueWriteBuffer,
        kEnqueueReadBufferRect,
        kEnqueueWriteBufferRect,
        kEnqueueFillBuffer,
        kEnqueueCopyBuffer,
        kEnqueueCopyBufferRect,
        kEnqueueMapBuffer,
        kEnqueueUnmapMemObject,
        kEnqueueMigrateMemObjects,
        kEnqueueNDRangeKernel,
        kEnqueueTask,
        kEnqueueNativeKernel,
        kEnqueueMarkerWithWaitList,
        kEnqueueBarrierWithWaitList,
        kEnqueueMarker,
        kEnqueueBarrier,
        kEnqueueWaitForEvents,
        kRetain,
        kRelease,
        kUnloadCompiler,
        kNumCalls
    };
    // What kRetain and kRelease apply to (the next byte, modulo their number).
    enum Kind : uint8_t { kDevice, kContext, kQueue, kMem, kProgram, kKernel, kEvent, kNumKinds };

    // `sources`: the program sources clCreateProgramWithSource picks from.
    explicit ClCallDecoder(std::vector<std::string> sources);
    ~ClCallDecoder();
    ClCallDecoder(const ClCallDecoder&) = delete;
    ClCallDecoder& operator=(const ClCallDecoder&) = delete;

    // Makes the calls of one input, then finish().
    void run(const uint8_t* data, size_t size);

  private:
    struct Live {
        void* handle;
        cl_uint references;  // the sequence's own
    };
    struct Mapping {
        cl_mem mem;
        void* pointer;
    };

    void call(Call c);
    void finish();

    // Handles: NULL, a non-object, a live one of kind `kind`, or one of another kind.
    void* handle(Kind kind);
    template <class T>
    T pick(Kind kind) {
        return static_cast<T>(handle(kind));
    }
    void add(Kind kind, void* h);
    // Records one reference less; at none the handle leaves the table.
    void drop(Kind kind, void* h);
    // An event list: count, then NULL or an array of that many handles.
    std::vector<cl_event> event_list(cl_uint* count, bool* null_list);
    cl_event* event_out(cl_event* slot);
    void keep_event(cl_event* slot, cl_int err);
    // Host memory of exactly `bytes` bytes (filled from the input), kept until finish():
    // asynchronous commands and CL_MEM_USE_HOST_PTR buffers may use it until then.
    void* host(size_t bytes);
    size_t size();
    cl_bool blocking();
    // Sets every user event (complete, or failed when the input says so) before a call that
    // may wait.
    void settle_user_events();
    // An info query: value size, NULL or a buffer of that size, NULL or a size_ret.
    template <class F>
    void info(F&& query);

    FuzzedDataProvider* in_ = nullptr;
    std::vector<std::string> sources_;
    std::vector<std::vector<Live>> live_;
    std::vector<cl_event> user_events_;
    std::vector<Mapping> mappings_;
    std::vector<std::unique_ptr<uint8_t[]>> host_;
    size_t host_bytes_ = 0;
    std::vector<unsigned char> binary_;  // a valid program binary, made at the first input
    uint64_t not_an_object_[4] = {};
};

}  // namespace mvp::fuzz
