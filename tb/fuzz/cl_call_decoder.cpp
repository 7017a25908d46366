#include "tb/fuzz/cl_call_decoder.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "tb/fuzz/fuzz_check.h"

namespace mvp::fuzz {

namespace {

void CL_CALLBACK context_notify(const char*, const void*, size_t, void*) {}
void CL_CALLBACK program_notify(cl_program, void*) {}
void CL_CALLBACK event_notify(cl_event, cl_int, void*) {}
void CL_CALLBACK mem_notify(cl_mem, void*) {}
void CL_CALLBACK native_kernel(void*) {}

// Sizes worth trying beside small ones: limits and values that overflow sums and products.
constexpr size_t kSpecialSizes[] = {
    0,       1, 3, 4, 255, 256, 4096, 65536, (1u << 31), (1ull << 32), SIZE_MAX / 2, SIZE_MAX - 3,
    SIZE_MAX};

// The first info name of each object's range (cl.h), for queries near the valid names.
constexpr cl_uint kInfoBases[] = {0x0900, 0x1000, 0x1080, 0x1090, 0x1100, 0x1160,
                                  0x1180, 0x11d0, 0x1280, 0x1190, 0x1196, 0x1280};

}  // namespace

ClCallDecoder::ClCallDecoder(std::vector<std::string> sources)
    : sources_(std::move(sources)), live_(kNumKinds) {}

ClCallDecoder::~ClCallDecoder() = default;

void* ClCallDecoder::handle(Kind kind) {
    const uint8_t b = in_->ConsumeIntegral<uint8_t>();
    if (b == 0) return nullptr;
    if (b == 1) return not_an_object_;
    // Mostly the asked kind; one time in eight another kind's handle.
    const Kind k = (b & 7) == 2 ? static_cast<Kind>((kind + 1 + (b >> 3)) % kNumKinds) : kind;
    const std::vector<Live>& l = live_[k];
    if (l.empty()) return nullptr;
    return l[(b >> 1) % l.size()].handle;
}

void ClCallDecoder::add(Kind kind, void* h) {
    if (h == nullptr) return;
    for (Live& l : live_[kind]) {
        if (l.handle == h) {
            // Root devices (no references of the sequence's own) are not reference counted.
            if (l.references > 0) ++l.references;
            return;
        }
    }
    live_[kind].push_back({h, 1});
}

void ClCallDecoder::drop(Kind kind, void* h) {
    std::vector<Live>& l = live_[kind];
    for (size_t i = 0; i < l.size(); ++i) {
        if (l[i].handle != h || l[i].references == 0) continue;
        if (--l[i].references == 0) {
            l.erase(l.begin() + static_cast<std::ptrdiff_t>(i));
            if (kind == kEvent)
                user_events_.erase(
                    std::remove(user_events_.begin(), user_events_.end(), static_cast<cl_event>(h)),
                    user_events_.end());
            if (kind == kMem)
                mappings_.erase(std::remove_if(mappings_.begin(), mappings_.end(),
                                               [h](const Mapping& m) { return m.mem == h; }),
                                mappings_.end());
        }
        return;
    }
}

size_t ClCallDecoder::size() {
    const uint8_t b = in_->ConsumeIntegral<uint8_t>();
    if (b < 128) return b;
    if (b < 192) return in_->ConsumeIntegralInRange<size_t>(0, 65536);
    return kSpecialSizes[b % (sizeof(kSpecialSizes) / sizeof(kSpecialSizes[0]))];
}

cl_bool ClCallDecoder::blocking() {
    const cl_bool b = in_->ConsumeBool() ? CL_TRUE : CL_FALSE;
    if (b) settle_user_events();
    return b;
}

void* ClCallDecoder::host(size_t bytes) {
    // Beyond the harness's budget, a small buffer: a call with such a size is one the runtime
    // must reject before it touches the memory (no buffer can be that large).
    if (bytes > kMaxHostBytes || host_bytes_ + bytes > 16 * kMaxHostBytes) bytes = 16;
    host_.emplace_back(new uint8_t[bytes]);
    const std::vector<uint8_t> fill = in_->ConsumeBytes<uint8_t>(std::min<size_t>(bytes, 64));
    if (!fill.empty()) std::memcpy(host_.back().get(), fill.data(), fill.size());
    std::memset(host_.back().get() + fill.size(), 0, bytes - fill.size());
    host_bytes_ += bytes;
    return host_.back().get();
}

void ClCallDecoder::settle_user_events() {
    const bool fail = in_->ConsumeBool();
    for (cl_event e : user_events_) clSetUserEventStatus(e, fail ? -1 : CL_COMPLETE);
    user_events_.clear();
}

std::vector<cl_event> ClCallDecoder::event_list(cl_uint* count, bool* null_list) {
    const uint8_t b = in_->ConsumeIntegral<uint8_t>();
    *count = b & 3;
    *null_list = (b & 4) != 0;
    std::vector<cl_event> list;
    for (cl_uint i = 0; i < *count; ++i) list.push_back(pick<cl_event>(kEvent));
    if ((b & 8) && *count > 0) *count = in_->ConsumeIntegral<cl_uint>();  // a count that lies
    if (*count > list.size()) *null_list = true;
    return list;
}

cl_event* ClCallDecoder::event_out(cl_event* slot) {
    *slot = nullptr;
    return in_->ConsumeBool() ? slot : nullptr;
}

void ClCallDecoder::keep_event(cl_event* slot, cl_int err) {
    if (err == CL_SUCCESS && *slot != nullptr) add(kEvent, *slot);
    check(err == CL_SUCCESS || *slot == nullptr, "a failed call returned an event");
}

template <class F>
void ClCallDecoder::info(F&& query) {
    const cl_uint base = kInfoBases[in_->ConsumeIntegral<uint8_t>() % 12];
    const uint8_t which = in_->ConsumeIntegral<uint8_t>();
    const cl_uint name = which == 255 ? in_->ConsumeIntegral<cl_uint>() : base + which % 64;
    const size_t bytes = in_->ConsumeIntegralInRange<size_t>(0, 512);
    void* value = in_->ConsumeBool() ? host(bytes) : nullptr;
    size_t returned = 0;
    size_t* ret = in_->ConsumeBool() ? &returned : nullptr;
    const cl_int err = query(name, bytes, value, ret);
    check(err != CL_SUCCESS || ret == nullptr || value == nullptr || returned <= bytes,
          "an info query reports more bytes than it had room for");
}

void ClCallDecoder::run(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    in_ = &in;
    if (binary_.empty()) {
        // A valid binary for clCreateProgramWithBinary: the first source built and queried.
        cl_platform_id platform;
        cl_device_id device;
        clGetPlatformIDs(1, &platform, nullptr);
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr);
        cl_int err;
        cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        const char* text = sources_.front().c_str();
        cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
        check(clBuildProgram(program, 0, nullptr, "", nullptr, nullptr) == CL_SUCCESS,
              "the first seed program does not build");
        size_t bytes = 0;
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof(bytes), &bytes, nullptr);
        binary_.resize(bytes);
        unsigned char* pointer = binary_.data();
        clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof(pointer), &pointer, nullptr);
        clReleaseProgram(program);
        clReleaseContext(context);
    }
    while (in.remaining_bytes() > 0)
        call(static_cast<Call>(in.ConsumeIntegral<uint8_t>() % kNumCalls));
    finish();
    in_ = nullptr;
}

void ClCallDecoder::finish() {
    for (cl_event e : user_events_) clSetUserEventStatus(e, CL_COMPLETE);
    user_events_.clear();
    for (const Live& q : live_[kQueue]) clFinish(static_cast<cl_command_queue>(q.handle));
    for (const Mapping& m : mappings_) {
        for (const Live& q : live_[kQueue]) {
            if (clEnqueueUnmapMemObject(static_cast<cl_command_queue>(q.handle), m.mem, m.pointer,
                                        0, nullptr, nullptr) == CL_SUCCESS) {
                clFinish(static_cast<cl_command_queue>(q.handle));
                break;
            }
        }
    }
    mappings_.clear();
    for (Kind k : {kKernel, kEvent, kMem, kQueue, kProgram, kContext, kDevice}) {
        for (const Live& l : live_[k]) {
            for (cl_uint i = 0; i < l.references; ++i) {
                cl_int err = CL_INVALID_VALUE;
                switch (k) {
                    case kKernel:
                        err = clReleaseKernel(static_cast<cl_kernel>(l.handle));
                        break;
                    case kEvent:
                        err = clReleaseEvent(static_cast<cl_event>(l.handle));
                        break;
                    case kMem:
                        err = clReleaseMemObject(static_cast<cl_mem>(l.handle));
                        break;
                    case kQueue:
                        err = clReleaseCommandQueue(static_cast<cl_command_queue>(l.handle));
                        break;
                    case kProgram:
                        err = clReleaseProgram(static_cast<cl_program>(l.handle));
                        break;
                    case kContext:
                        err = clReleaseContext(static_cast<cl_context>(l.handle));
                        break;
                    case kDevice:
                        err = clReleaseDevice(static_cast<cl_device_id>(l.handle));
                        break;
                    case kNumKinds:
                        break;
                }
                check(err == CL_SUCCESS, "releasing a reference the application holds failed");
            }
        }
        live_[k].clear();
    }
    host_.clear();
    host_bytes_ = 0;
}

void ClCallDecoder::call(Call c) {
    FuzzedDataProvider& in = *in_;
    cl_int err = CL_SUCCESS;
    cl_event out = nullptr;
    cl_uint waits = 0;
    bool null_waits = false;
    switch (c) {
        case kGetPlatformIDs: {
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
            std::vector<cl_platform_id> p(n);
            cl_uint count = 0;
            clGetPlatformIDs(n, in.ConsumeBool() ? p.data() : nullptr,
                             in.ConsumeBool() ? &count : nullptr);
            break;
        }
        case kGetPlatformInfo: {
            cl_platform_id p = nullptr;
            clGetPlatformIDs(1, &p, nullptr);
            if (in.ConsumeBool()) p = pick<cl_platform_id>(kDevice);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetPlatformInfo(p, n, s, v, r);
            });
            break;
        }
        case kGetDeviceIDs: {
            cl_platform_id p = nullptr;
            if (in.ConsumeBool()) clGetPlatformIDs(1, &p, nullptr);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
            std::vector<cl_device_id> d(n);
            cl_uint count = 0;
            const cl_device_type type =
                in.ConsumeBool() ? CL_DEVICE_TYPE_ALL : in.ConsumeIntegral<cl_device_type>();
            err = clGetDeviceIDs(p, type, n, n && in.ConsumeBool() ? d.data() : nullptr,
                                 in.ConsumeBool() ? &count : nullptr);
            // Root devices: retain and release are no-ops, so the table holds them once.
            if (err == CL_SUCCESS)
                for (cl_device_id h : d)
                    if (h && std::none_of(live_[kDevice].begin(), live_[kDevice].end(),
                                          [h](const Live& l) { return l.handle == h; }))
                        live_[kDevice].push_back({h, 0});
            break;
        }
        case kGetDeviceInfo: {
            cl_device_id d = pick<cl_device_id>(kDevice);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetDeviceInfo(d, n, s, v, r);
            });
            break;
        }
        case kCreateSubDevices: {
            cl_device_id d = pick<cl_device_id>(kDevice);
            cl_device_partition_property props[5];
            for (auto& p : props)
                p = in.ConsumeIntegralInRange<cl_device_partition_property>(0, 0x1090);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 4);
            std::vector<cl_device_id> subs(n);
            cl_uint count = 0;
            err = clCreateSubDevices(d, in.ConsumeBool() ? props : nullptr, n,
                                     n && in.ConsumeBool() ? subs.data() : nullptr,
                                     in.ConsumeBool() ? &count : nullptr);
            if (err == CL_SUCCESS)
                for (cl_device_id s : subs) add(kDevice, s);
            break;
        }
        case kCreateContext:
        case kCreateContextFromType: {
            cl_context_properties props[3] = {0, 0, 0};
            if (in.ConsumeBool()) {
                cl_platform_id p = nullptr;
                clGetPlatformIDs(1, &p, nullptr);
                props[0] = in.ConsumeBool() ? CL_CONTEXT_PLATFORM : in.ConsumeIntegral<cl_uint>();
                props[1] = reinterpret_cast<cl_context_properties>(
                    in.ConsumeBool() ? p : pick<cl_platform_id>(kContext));
            }
            const bool with_props = in.ConsumeBool();
            const bool notify = in.ConsumeBool();
            cl_context ctx;
            if (c == kCreateContext) {
                const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
                std::vector<cl_device_id> d(n);
                for (cl_device_id& h : d) h = pick<cl_device_id>(kDevice);
                ctx = clCreateContext(with_props ? props : nullptr, n,
                                      in.ConsumeBool() ? d.data() : nullptr,
                                      notify ? context_notify : nullptr, nullptr, &err);
            } else {
                ctx = clCreateContextFromType(with_props ? props : nullptr,
                                              in.ConsumeIntegral<cl_device_type>(),
                                              notify ? context_notify : nullptr, nullptr, &err);
            }
            check((err == CL_SUCCESS) == (ctx != nullptr),
                  "clCreateContext result and error disagree");
            add(kContext, ctx);
            break;
        }
        case kGetContextInfo: {
            cl_context x = pick<cl_context>(kContext);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetContextInfo(x, n, s, v, r);
            });
            break;
        }
        case kCreateCommandQueue: {
            cl_context x = pick<cl_context>(kContext);
            cl_device_id d = pick<cl_device_id>(kDevice);
            cl_command_queue q = clCreateCommandQueue(
                x, d, in.ConsumeIntegralInRange<cl_command_queue_properties>(0, 7), &err);
            check((err == CL_SUCCESS) == (q != nullptr),
                  "clCreateCommandQueue result and error disagree");
            add(kQueue, q);
            break;
        }
        case kGetCommandQueueInfo: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetCommandQueueInfo(q, n, s, v, r);
            });
            break;
        }
        case kFlush:
            clFlush(pick<cl_command_queue>(kQueue));
            break;
        case kFinish:
            settle_user_events();
            clFinish(pick<cl_command_queue>(kQueue));
            break;
        case kCreateBuffer: {
            cl_context x = pick<cl_context>(kContext);
            const cl_mem_flags flags = in.ConsumeBool()
                                           ? in.ConsumeIntegralInRange<cl_mem_flags>(0, 0x3ff)
                                           : in.ConsumeIntegral<cl_mem_flags>();
            const size_t bytes = size();
            void* h = in.ConsumeBool() ? host(bytes) : nullptr;
            cl_mem m = clCreateBuffer(x, flags, bytes, h, &err);
            check((err == CL_SUCCESS) == (m != nullptr),
                  "clCreateBuffer result and error disagree");
            add(kMem, m);
            break;
        }
        case kCreateSubBuffer: {
            cl_mem m = pick<cl_mem>(kMem);
            cl_buffer_region region{size(), size()};
            const cl_mem_flags flags = in.ConsumeIntegralInRange<cl_mem_flags>(0, 0x3ff);
            const cl_buffer_create_type type =
                in.ConsumeBool() ? CL_BUFFER_CREATE_TYPE_REGION : in.ConsumeIntegral<cl_uint>();
            cl_mem s =
                clCreateSubBuffer(m, flags, type, in.ConsumeBool() ? &region : nullptr, &err);
            check((err == CL_SUCCESS) == (s != nullptr),
                  "clCreateSubBuffer result and error disagree");
            add(kMem, s);
            break;
        }
        case kGetMemObjectInfo: {
            cl_mem m = pick<cl_mem>(kMem);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetMemObjectInfo(m, n, s, v, r);
            });
            break;
        }
        case kSetMemObjectDestructorCallback:
            clSetMemObjectDestructorCallback(pick<cl_mem>(kMem),
                                             in.ConsumeBool() ? mem_notify : nullptr, nullptr);
            break;
        case kCreateImage: {
            cl_image_format format{in.ConsumeIntegral<cl_uint>(), in.ConsumeIntegral<cl_uint>()};
            cl_image_desc desc{};
            desc.image_type = in.ConsumeIntegralInRange<cl_uint>(0x10f0, 0x10f6);
            desc.image_width = size();
            desc.image_height = size();
            cl_mem m = clCreateImage(pick<cl_context>(kContext),
                                     in.ConsumeIntegralInRange<cl_mem_flags>(0, 0x3f),
                                     in.ConsumeBool() ? &format : nullptr,
                                     in.ConsumeBool() ? &desc : nullptr, nullptr, &err);
            add(kMem, m);
            break;
        }
        case kGetSupportedImageFormats: {
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 4);
            std::vector<cl_image_format> f(n);
            cl_uint count = 0;
            clGetSupportedImageFormats(
                pick<cl_context>(kContext), in.ConsumeIntegral<cl_mem_flags>(),
                in.ConsumeIntegral<cl_uint>(), n, in.ConsumeBool() ? f.data() : nullptr,
                in.ConsumeBool() ? &count : nullptr);
            break;
        }
        case kCreateProgramWithSource: {
            cl_context x = pick<cl_context>(kContext);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
            std::vector<std::string> texts;
            for (cl_uint i = 0; i < n; ++i) {
                const uint8_t which = in.ConsumeIntegral<uint8_t>();
                texts.push_back(which < 240 ? sources_[which % sources_.size()]
                                            : in.ConsumeRandomLengthString(256));
            }
            std::vector<const char*> strings;
            std::vector<size_t> lengths;
            for (const std::string& t : texts) {
                strings.push_back(in.ConsumeBool() ? t.c_str() : nullptr);
                lengths.push_back(
                    in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange<size_t>(0, t.size()));
            }
            cl_program p =
                clCreateProgramWithSource(x, n, in.ConsumeBool() ? strings.data() : nullptr,
                                          in.ConsumeBool() ? lengths.data() : nullptr, &err);
            check((err == CL_SUCCESS) == (p != nullptr),
                  "clCreateProgramWithSource result and error disagree");
            add(kProgram, p);
            break;
        }
        case kCreateProgramWithBinary: {
            cl_context x = pick<cl_context>(kContext);
            cl_device_id d = pick<cl_device_id>(kDevice);
            std::vector<unsigned char> bytes = binary_;
            if (in.ConsumeBool()) {
                bytes = in.ConsumeBytes<unsigned char>(in.ConsumeIntegralInRange<size_t>(0, 4096));
            } else if (in.ConsumeBool() && !bytes.empty()) {
                bytes[in.ConsumeIntegralInRange<size_t>(0, bytes.size() - 1)] =
                    in.ConsumeIntegral<uint8_t>();
            }
            std::unique_ptr<unsigned char[]> copy(new unsigned char[bytes.size()]);
            std::copy(bytes.begin(), bytes.end(), copy.get());
            const unsigned char* pointer = in.ConsumeBool() ? copy.get() : nullptr;
            size_t length = bytes.size();
            cl_int status = 0;
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 1);
            cl_program p = clCreateProgramWithBinary(
                x, n, in.ConsumeBool() ? &d : nullptr, in.ConsumeBool() ? &length : nullptr,
                in.ConsumeBool() ? &pointer : nullptr, in.ConsumeBool() ? &status : nullptr, &err);
            check((err == CL_SUCCESS) == (p != nullptr),
                  "clCreateProgramWithBinary result and error disagree");
            add(kProgram, p);
            break;
        }
        case kCreateProgramWithBuiltInKernels: {
            cl_device_id d = pick<cl_device_id>(kDevice);
            const std::string names = in.ConsumeRandomLengthString(32);
            cl_program p = clCreateProgramWithBuiltInKernels(
                pick<cl_context>(kContext), in.ConsumeIntegralInRange<cl_uint>(0, 1),
                in.ConsumeBool() ? &d : nullptr, in.ConsumeBool() ? names.c_str() : nullptr, &err);
            add(kProgram, p);
            break;
        }
        case kBuildProgram:
        case kCompileProgram: {
            cl_program p = pick<cl_program>(kProgram);
            cl_device_id d = pick<cl_device_id>(kDevice);
            const std::string options = in.ConsumeBool() ? "" : in.ConsumeRandomLengthString(48);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 1);
            const bool notify = in.ConsumeBool();
            const char* opts = in.ConsumeBool() ? options.c_str() : nullptr;
            if (c == kBuildProgram) {
                clBuildProgram(p, n, in.ConsumeBool() ? &d : nullptr, opts,
                               notify ? program_notify : nullptr, nullptr);
            } else {
                cl_program header = pick<cl_program>(kProgram);
                const char* name = "header.h";
                const cl_uint headers = in.ConsumeIntegralInRange<cl_uint>(0, 1);
                clCompileProgram(p, n, in.ConsumeBool() ? &d : nullptr, opts, headers,
                                 in.ConsumeBool() ? &header : nullptr,
                                 in.ConsumeBool() ? &name : nullptr,
                                 notify ? program_notify : nullptr, nullptr);
            }
            break;
        }
        case kLinkProgram: {
            cl_device_id d = pick<cl_device_id>(kDevice);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
            std::vector<cl_program> inputs(n);
            for (cl_program& p : inputs) p = pick<cl_program>(kProgram);
            const std::string options = in.ConsumeBool() ? "" : in.ConsumeRandomLengthString(32);
            cl_program p = clLinkProgram(
                pick<cl_context>(kContext), in.ConsumeIntegralInRange<cl_uint>(0, 1),
                in.ConsumeBool() ? &d : nullptr, in.ConsumeBool() ? options.c_str() : nullptr, n,
                in.ConsumeBool() ? inputs.data() : nullptr,
                in.ConsumeBool() ? program_notify : nullptr, nullptr, &err);
            add(kProgram, p);
            break;
        }
        case kGetProgramInfo: {
            cl_program p = pick<cl_program>(kProgram);
            if (in.ConsumeBool()) {
                // CL_PROGRAM_BINARIES: an array of pointers to buffers of the binary sizes.
                size_t sizes[4] = {};
                size_t got = 0;
                if (clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(sizes), sizes, &got) !=
                    CL_SUCCESS)
                    break;
                unsigned char* pointers[4] = {};
                for (size_t i = 0; i < got / sizeof(size_t) && i < 4; ++i)
                    pointers[i] =
                        in.ConsumeBool() ? static_cast<unsigned char*>(host(sizes[i])) : nullptr;
                clGetProgramInfo(p, CL_PROGRAM_BINARIES, got, pointers, nullptr);
                break;
            }
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetProgramInfo(p, n, s, v, r);
            });
            break;
        }
        case kGetProgramBuildInfo: {
            cl_program p = pick<cl_program>(kProgram);
            cl_device_id d = pick<cl_device_id>(kDevice);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetProgramBuildInfo(p, d, n, s, v, r);
            });
            break;
        }
        case kCreateKernel: {
            cl_program p = pick<cl_program>(kProgram);
            static const char* const kNames[] = {"vec_add",    "saxpy", "abs_clamp",
                                                 "char_upper", "",      "x"};
            const uint8_t which = in.ConsumeIntegral<uint8_t>();
            const std::string name =
                which < 240 ? kNames[which % 6] : in.ConsumeRandomLengthString(16);
            cl_kernel k = clCreateKernel(p, which == 255 ? nullptr : name.c_str(), &err);
            check((err == CL_SUCCESS) == (k != nullptr),
                  "clCreateKernel result and error disagree");
            add(kKernel, k);
            break;
        }
        case kCreateKernelsInProgram: {
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 4);
            std::vector<cl_kernel> k(n);
            cl_uint count = 0;
            err = clCreateKernelsInProgram(pick<cl_program>(kProgram), n,
                                           in.ConsumeBool() ? k.data() : nullptr,
                                           in.ConsumeBool() ? &count : nullptr);
            if (err == CL_SUCCESS)
                for (cl_kernel h : k) add(kKernel, h);
            break;
        }
        case kSetKernelArg: {
            cl_kernel k = pick<cl_kernel>(kKernel);
            const cl_uint index = in.ConsumeIntegralInRange<cl_uint>(0, 20);
            const uint8_t how = in.ConsumeIntegral<uint8_t>() % 3;
            if (how == 0) {
                cl_mem m = pick<cl_mem>(kMem);
                clSetKernelArg(k, index, sizeof(cl_mem), &m);
            } else {
                const size_t bytes = how == 1 ? in.ConsumeIntegralInRange<size_t>(0, 16) : size();
                clSetKernelArg(k, index, bytes, in.ConsumeBool() ? host(bytes) : nullptr);
            }
            break;
        }
        case kGetKernelInfo: {
            cl_kernel k = pick<cl_kernel>(kKernel);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetKernelInfo(k, n, s, v, r);
            });
            break;
        }
        case kGetKernelArgInfo: {
            cl_kernel k = pick<cl_kernel>(kKernel);
            const cl_uint index = in.ConsumeIntegralInRange<cl_uint>(0, 8);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetKernelArgInfo(k, index, n, s, v, r);
            });
            break;
        }
        case kGetKernelWorkGroupInfo: {
            cl_kernel k = pick<cl_kernel>(kKernel);
            cl_device_id d = pick<cl_device_id>(kDevice);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetKernelWorkGroupInfo(k, d, n, s, v, r);
            });
            break;
        }
        case kCreateUserEvent: {
            cl_event e = clCreateUserEvent(pick<cl_context>(kContext), &err);
            check((err == CL_SUCCESS) == (e != nullptr),
                  "clCreateUserEvent result and error disagree");
            if (e) {
                add(kEvent, e);
                user_events_.push_back(e);
            }
            break;
        }
        case kSetUserEventStatus: {
            cl_event e = pick<cl_event>(kEvent);
            const cl_int status = in.ConsumeBool() ? CL_COMPLETE : in.ConsumeIntegral<cl_int>();
            if (clSetUserEventStatus(e, status) == CL_SUCCESS)
                user_events_.erase(std::remove(user_events_.begin(), user_events_.end(), e),
                                   user_events_.end());
            break;
        }
        case kSetEventCallback:
            clSetEventCallback(pick<cl_event>(kEvent), in.ConsumeIntegralInRange<cl_int>(-1, 3),
                               in.ConsumeBool() ? event_notify : nullptr, nullptr);
            break;
        case kWaitForEvents: {
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            settle_user_events();
            clWaitForEvents(waits, null_waits ? nullptr : list.data());
            break;
        }
        case kGetEventInfo: {
            cl_event e = pick<cl_event>(kEvent);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetEventInfo(e, n, s, v, r);
            });
            break;
        }
        case kGetEventProfilingInfo: {
            cl_event e = pick<cl_event>(kEvent);
            info([&](cl_uint n, size_t s, void* v, size_t* r) {
                return clGetEventProfilingInfo(e, n, s, v, r);
            });
            break;
        }
        case kEnqueueReadBuffer:
        case kEnqueueWriteBuffer: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem m = pick<cl_mem>(kMem);
            const cl_bool block = blocking();
            const size_t offset = size(), bytes = size();
            void* h = in.ConsumeBool() ? host(bytes) : nullptr;
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = c == kEnqueueReadBuffer
                      ? clEnqueueReadBuffer(q, m, block, offset, bytes, h, waits,
                                            null_waits ? nullptr : list.data(), e)
                      : clEnqueueWriteBuffer(q, m, block, offset, bytes, h, waits,
                                             null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueReadBufferRect:
        case kEnqueueWriteBufferRect:
        case kEnqueueCopyBufferRect: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem m = pick<cl_mem>(kMem), other = pick<cl_mem>(kMem);
            const cl_bool block = c == kEnqueueCopyBufferRect ? CL_FALSE : blocking();
            size_t buffer_origin[3], host_origin[3], region[3];
            for (int i = 0; i < 3; ++i) {
                buffer_origin[i] = in.ConsumeIntegralInRange<size_t>(0, 64);
                host_origin[i] = in.ConsumeIntegralInRange<size_t>(0, 64);
                region[i] = in.ConsumeIntegralInRange<size_t>(0, 64);
            }
            if (in.ConsumeBool()) region[in.ConsumeIntegralInRange<int>(0, 2)] = size();
            const size_t pitches[4] = {size(), size(), size(), size()};
            // The host memory the rectangle covers (pitches 0 mean tightly packed).
            auto extent = [](const size_t* origin, const size_t* r, size_t row, size_t slice) {
                if (row == 0) row = r[0];
                if (slice == 0) slice = row * r[1];
                if (r[0] == 0 || r[1] == 0 || r[2] == 0) return size_t{0};
                const unsigned __int128 end =
                    (static_cast<unsigned __int128>(origin[2]) + r[2] - 1) * slice +
                    (static_cast<unsigned __int128>(origin[1]) + r[1] - 1) * row + origin[0] + r[0];
                return end > kMaxHostBytes ? SIZE_MAX : static_cast<size_t>(end);
            };
            const size_t need = extent(host_origin, region, pitches[2], pitches[3]);
            // A host rectangle larger than the harness affords is not tried: the runtime cannot
            // check host memory, so it would be the application's error.
            if (c != kEnqueueCopyBufferRect && need > kMaxHostBytes) break;
            void* h = in.ConsumeBool() ? host(need) : nullptr;
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            const cl_event* wl = null_waits ? nullptr : list.data();
            if (c == kEnqueueReadBufferRect)
                err = clEnqueueReadBufferRect(q, m, block, buffer_origin, host_origin, region,
                                              pitches[0], pitches[1], pitches[2], pitches[3], h,
                                              waits, wl, e);
            else if (c == kEnqueueWriteBufferRect)
                err = clEnqueueWriteBufferRect(q, m, block, buffer_origin, host_origin, region,
                                               pitches[0], pitches[1], pitches[2], pitches[3], h,
                                               waits, wl, e);
            else
                err = clEnqueueCopyBufferRect(q, m, other, buffer_origin, host_origin, region,
                                              pitches[0], pitches[1], pitches[2], pitches[3], waits,
                                              wl, e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueFillBuffer: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem m = pick<cl_mem>(kMem);
            const size_t pattern_bytes = in.ConsumeIntegralInRange<size_t>(0, 160);
            void* pattern = in.ConsumeBool() ? host(pattern_bytes) : nullptr;
            const size_t offset = size(), bytes = size();
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueFillBuffer(q, m, pattern, pattern_bytes, offset, bytes, waits,
                                      null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueCopyBuffer: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem a = pick<cl_mem>(kMem), b = pick<cl_mem>(kMem);
            const size_t from = size(), to = size(), bytes = size();
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueCopyBuffer(q, a, b, from, to, bytes, waits,
                                      null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueMapBuffer: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem m = pick<cl_mem>(kMem);
            const cl_bool block = blocking();
            const cl_map_flags flags = in.ConsumeIntegralInRange<cl_map_flags>(0, 7);
            const size_t offset = size(), bytes = size();
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            void* p = clEnqueueMapBuffer(q, m, block, flags, offset, bytes, waits,
                                         null_waits ? nullptr : list.data(), e, &err);
            check((err == CL_SUCCESS) == (p != nullptr),
                  "clEnqueueMapBuffer result and error disagree");
            keep_event(&out, err);
            if (err == CL_SUCCESS) {
                mappings_.push_back({m, p});
                // The application may use all of the mapped bytes once the map is complete.
                if (block && p) std::memset(p, 0x5a, bytes);
            }
            break;
        }
        case kEnqueueUnmapMemObject: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_mem m = pick<cl_mem>(kMem);
            void* p = nullptr;
            size_t which = 0;
            if (!mappings_.empty() && in.ConsumeBool()) {
                which = in.ConsumeIntegralInRange<size_t>(0, mappings_.size() - 1);
                p = mappings_[which].pointer;
                if (in.ConsumeBool()) m = mappings_[which].mem;
            } else if (in.ConsumeBool()) {
                p = not_an_object_;
            }
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueUnmapMemObject(q, m, p, waits, null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            if (err == CL_SUCCESS)
                for (size_t i = 0; i < mappings_.size(); ++i)
                    if (mappings_[i].mem == m && mappings_[i].pointer == p) {
                        mappings_.erase(mappings_.begin() + static_cast<std::ptrdiff_t>(i));
                        break;
                    }
            break;
        }
        case kEnqueueMigrateMemObjects: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            const cl_uint n = in.ConsumeIntegralInRange<cl_uint>(0, 3);
            std::vector<cl_mem> mems(n);
            for (cl_mem& m : mems) m = pick<cl_mem>(kMem);
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err =
                clEnqueueMigrateMemObjects(q, n, in.ConsumeBool() ? mems.data() : nullptr,
                                           in.ConsumeIntegralInRange<cl_mem_migration_flags>(0, 3),
                                           waits, null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueNDRangeKernel: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_kernel k = pick<cl_kernel>(kKernel);
            const cl_uint dims = in.ConsumeIntegralInRange<cl_uint>(0, 4);
            size_t global[4], local[4], offset[4];
            size_t items = 1;
            for (cl_uint i = 0; i < 4; ++i) {
                global[i] = in.ConsumeIntegralInRange<size_t>(0, 64);
                local[i] = in.ConsumeIntegralInRange<size_t>(0, 65);
                offset[i] = in.ConsumeBool() ? 0 : size();
                if (i < dims) items *= std::max<size_t>(global[i], 1);
            }
            // At most kMaxWorkItems work-items, or a size that the runtime must refuse.
            if (items > kMaxWorkItems) global[0] = 0;
            if (in.ConsumeIntegral<uint8_t>() == 255) global[0] = SIZE_MAX;
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueNDRangeKernel(q, k, dims, in.ConsumeBool() ? offset : nullptr,
                                         in.ConsumeBool() ? global : nullptr,
                                         in.ConsumeBool() ? local : nullptr, waits,
                                         null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueTask: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            cl_kernel k = pick<cl_kernel>(kKernel);
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueTask(q, k, waits, null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueNativeKernel: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            const size_t bytes = in.ConsumeIntegralInRange<size_t>(0, 64);
            void* args = in.ConsumeBool() ? host(bytes) : nullptr;
            cl_mem m = pick<cl_mem>(kMem);
            const void* location = args;
            const cl_uint mems = in.ConsumeIntegralInRange<cl_uint>(0, 1);
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            err = clEnqueueNativeKernel(q, in.ConsumeBool() ? native_kernel : nullptr, args, bytes,
                                        mems, in.ConsumeBool() ? &m : nullptr,
                                        in.ConsumeBool() ? &location : nullptr, waits,
                                        null_waits ? nullptr : list.data(), e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueMarkerWithWaitList:
        case kEnqueueBarrierWithWaitList: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            cl_event* e = event_out(&out);
            const cl_event* wl = null_waits ? nullptr : list.data();
            err = c == kEnqueueMarkerWithWaitList ? clEnqueueMarkerWithWaitList(q, waits, wl, e)
                                                  : clEnqueueBarrierWithWaitList(q, waits, wl, e);
            keep_event(&out, err);
            break;
        }
        case kEnqueueMarker: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            err = clEnqueueMarker(q, in.ConsumeBool() ? &out : nullptr);
            keep_event(&out, err);
            break;
        }
        case kEnqueueBarrier:
            clEnqueueBarrier(pick<cl_command_queue>(kQueue));
            break;
        case kEnqueueWaitForEvents: {
            cl_command_queue q = pick<cl_command_queue>(kQueue);
            std::vector<cl_event> list = event_list(&waits, &null_waits);
            clEnqueueWaitForEvents(q, waits, null_waits ? nullptr : list.data());
            break;
        }
        case kRetain:
        case kRelease: {
            const Kind k = static_cast<Kind>(in.ConsumeIntegral<uint8_t>() % kNumKinds);
            void* h = handle(k);
            auto holds = [h](const std::vector<Live>& l) {
                return std::any_of(l.begin(), l.end(),
                                   [h](const Live& x) { return x.handle == h; });
            };
            const bool of_kind = holds(live_[k]);
            bool of_other_kind = false;
            for (size_t i = 0; i < live_.size(); ++i) of_other_kind |= i != k && holds(live_[i]);
            // A release goes to a handle the sequence holds a reference to, or to one the
            // runtime must refuse (NULL, no object, an object of another kind).
            if (c == kRelease && !of_kind && !of_other_kind && h != nullptr && h != not_an_object_)
                break;
            if (c == kRelease && (k == kQueue || k == kContext)) settle_user_events();
            // A user event loses its last reference only once it is set: commands that wait
            // for it may still be queued.
            if (c == kRelease && k == kEvent && of_kind &&
                std::find(user_events_.begin(), user_events_.end(), h) != user_events_.end()) {
                clSetUserEventStatus(static_cast<cl_event>(h), CL_COMPLETE);
                user_events_.erase(std::remove(user_events_.begin(), user_events_.end(), h),
                                   user_events_.end());
            }
            switch (k) {
                case kDevice:
                    err = c == kRetain ? clRetainDevice(static_cast<cl_device_id>(h))
                                       : clReleaseDevice(static_cast<cl_device_id>(h));
                    break;
                case kContext:
                    err = c == kRetain ? clRetainContext(static_cast<cl_context>(h))
                                       : clReleaseContext(static_cast<cl_context>(h));
                    break;
                case kQueue:
                    err = c == kRetain ? clRetainCommandQueue(static_cast<cl_command_queue>(h))
                                       : clReleaseCommandQueue(static_cast<cl_command_queue>(h));
                    break;
                case kMem:
                    err = c == kRetain ? clRetainMemObject(static_cast<cl_mem>(h))
                                       : clReleaseMemObject(static_cast<cl_mem>(h));
                    break;
                case kProgram:
                    err = c == kRetain ? clRetainProgram(static_cast<cl_program>(h))
                                       : clReleaseProgram(static_cast<cl_program>(h));
                    break;
                case kKernel:
                    err = c == kRetain ? clRetainKernel(static_cast<cl_kernel>(h))
                                       : clReleaseKernel(static_cast<cl_kernel>(h));
                    break;
                case kEvent:
                    err = c == kRetain ? clRetainEvent(static_cast<cl_event>(h))
                                       : clReleaseEvent(static_cast<cl_event>(h));
                    break;
                case kNumKinds:
                    break;
            }
            if (err != CL_SUCCESS) break;
            check(of_kind, "a retain or release accepted a handle that is not of its kind");
            if (c == kRetain)
                add(k, h);
            else
                drop(k, h);
            break;
        }
        case kUnloadCompiler: {
            cl_platform_id p = nullptr;
            clGetPlatformIDs(1, &p, nullptr);
            clUnloadPlatformCompiler(in.ConsumeBool() ? p : pick<cl_platform_id>(kDevice));
            break;
        }
        case kNumCalls:
            break;
    }
}

}  // namespace mvp::fuzz
