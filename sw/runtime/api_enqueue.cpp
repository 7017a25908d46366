// Commands: buffer transfers, mapping, kernel launches, markers and barriers.

#include <CL/cl.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "api_common.h"
#include "command_queue.h"
#include "context.h"
#include "device.h"
#include "event.h"
#include "kernel.h"
#include "mem_object.h"
#include "program.h"

using namespace mvp::runtime;

namespace {

// Keeps an object alive while a command that uses it is queued.
std::shared_ptr<Object> hold(Object* object) {
    object->retain();
    return std::shared_ptr<Object>(object, [](Object* o) { o->release(); });
}

bool in_range(size_t offset, size_t size, size_t total) {
    return offset <= total && size <= total - offset;
}

// Looks up the queue and a buffer of its context.
cl_int find_queue_and_buffer(cl_command_queue queue, cl_mem buffer, CommandQueue** q,
                             MemObject** m) {
    *q = from_handle<CommandQueue>(queue);
    if (*q == nullptr) return CL_INVALID_COMMAND_QUEUE;
    *m = from_handle<MemObject>(buffer);
    if (*m == nullptr) return CL_INVALID_MEM_OBJECT;
    if ((*m)->context() != (*q)->context()) return CL_INVALID_CONTEXT;
    return CL_SUCCESS;
}

// The checks every buffer command starts with, in the order the specification lists their
// errors: the queue, the buffer (of the queue's context) and the events to wait for.
cl_int prepare_buffer_command(cl_command_queue queue, cl_mem buffer, cl_uint num_events,
                              const cl_event* wait_list, CommandQueue** q, MemObject** m,
                              std::vector<Event*>* waits) {
    cl_int err = find_queue_and_buffer(queue, buffer, q, m);
    if (err != CL_SUCCESS) return err;
    return collect_wait_list((*q)->context(), num_events, wait_list, waits);
}

// The same for a copy: the source buffer is checked against the queue's context too.
cl_int prepare_copy_command(cl_command_queue queue, cl_mem src_buffer, cl_mem dst_buffer,
                            cl_uint num_events, const cl_event* wait_list, CommandQueue** q,
                            MemObject** src, MemObject** dst, std::vector<Event*>* waits) {
    cl_int err = find_queue_and_buffer(queue, src_buffer, q, src);
    if (err != CL_SUCCESS) return err;
    return prepare_buffer_command(queue, dst_buffer, num_events, wait_list, q, dst, waits);
}

bool host_may_read(const MemObject* m) {
    return (m->flags() & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) == 0;
}

bool host_may_write(const MemObject* m) {
    return (m->flags() & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) == 0;
}

// Fills in default pitches of a rectangular region and checks them. The last byte of the
// region is at end() - 1.
struct RectLayout {
    size_t row_pitch;
    size_t slice_pitch;

    size_t offset(const size_t* origin) const {
        return origin[2] * slice_pitch + origin[1] * row_pitch + origin[0];
    }
    size_t end(const size_t* origin, const size_t* region) const {
        return offset(origin) + (region[2] - 1) * slice_pitch + (region[1] - 1) * row_pitch +
               region[0];
    }
};

bool make_layout(const size_t* region, size_t row_pitch, size_t slice_pitch, RectLayout* out) {
    if (row_pitch == 0) row_pitch = region[0];
    if (row_pitch < region[0]) return false;
    if (slice_pitch == 0) slice_pitch = region[1] * row_pitch;
    if (slice_pitch < region[1] * row_pitch) return false;
    *out = {row_pitch, slice_pitch};
    return true;
}

bool valid_region(const size_t* origin_a, const size_t* origin_b, const size_t* region) {
    return origin_a != nullptr && origin_b != nullptr && region != nullptr && region[0] != 0 &&
           region[1] != 0 && region[2] != 0;
}

// Calls copy(buffer_offset, host_offset, bytes) once per row of a rectangular region.
template <class F>
void for_each_row(const RectLayout& buffer, const size_t* buffer_origin, const RectLayout& host,
                  const size_t* host_origin, const size_t* region, F&& copy) {
    for (size_t z = 0; z < region[2]; ++z) {
        for (size_t y = 0; y < region[1]; ++y) {
            copy(buffer.offset(buffer_origin) + z * buffer.slice_pitch + y * buffer.row_pitch,
                 host.offset(host_origin) + z * host.slice_pitch + y * host.row_pitch, region[0]);
        }
    }
}

// The work-group size the runtime picks when the application gives none: the largest divisor
// of the global size that the SP runs one work-item a thread (64) in dimension 0, and 1 in the
// others.
uint32_t default_local_size(uint32_t global, uint32_t most) {
    for (uint32_t size = std::min<uint32_t>(global, most); size > 1; --size)
        if (global % size == 0) return size;
    return 1;
}

cl_int enqueue_read_write(const char* function, bool read, cl_command_queue command_queue,
                          cl_mem buffer, cl_bool blocking, size_t offset, size_t size, void* ptr,
                          cl_uint num_events, const cl_event* wait_list, cl_event* event) {
    CommandQueue* q;
    MemObject* m;
    std::vector<Event*> waits;
    cl_int err =
        prepare_buffer_command(command_queue, buffer, num_events, wait_list, &q, &m, &waits);
    if (err != CL_SUCCESS) return err;
    if (size == 0 || ptr == nullptr || !in_range(offset, size, m->size())) return CL_INVALID_VALUE;
    if (read ? !host_may_read(m) : !host_may_write(m)) return CL_INVALID_OPERATION;
    mvp::host::Device* gpu = &q->device()->gpu();
    uint32_t address = m->address() + static_cast<uint32_t>(offset);
    auto keep = hold(m);
    CommandQueue::Work work = [=]() -> cl_int {
        (void)keep;
        try {
            if (read) {
                gpu->read(address, ptr, size);
            } else {
                gpu->write(address, ptr, size);
            }
        } catch (const mvp::host::DeviceError& e) {
            report_error(function, e.what());
            return CL_OUT_OF_RESOURCES;
        }
        return CL_SUCCESS;
    };
    return q->enqueue(read ? CL_COMMAND_READ_BUFFER : CL_COMMAND_WRITE_BUFFER, waits,
                      std::move(work), blocking != CL_FALSE, event);
}

cl_int enqueue_rect(const char* function, bool read, cl_command_queue command_queue, cl_mem buffer,
                    cl_bool blocking, const size_t* buffer_origin, const size_t* host_origin,
                    const size_t* region, size_t buffer_row_pitch, size_t buffer_slice_pitch,
                    size_t host_row_pitch, size_t host_slice_pitch, void* ptr, cl_uint num_events,
                    const cl_event* wait_list, cl_event* event) {
    CommandQueue* q;
    MemObject* m;
    std::vector<Event*> waits;
    cl_int err =
        prepare_buffer_command(command_queue, buffer, num_events, wait_list, &q, &m, &waits);
    if (err != CL_SUCCESS) return err;
    if (ptr == nullptr || !valid_region(buffer_origin, host_origin, region))
        return CL_INVALID_VALUE;
    RectLayout device_layout;
    RectLayout host_layout;
    if (!make_layout(region, buffer_row_pitch, buffer_slice_pitch, &device_layout) ||
        !make_layout(region, host_row_pitch, host_slice_pitch, &host_layout))
        return CL_INVALID_VALUE;
    if (device_layout.end(buffer_origin, region) > m->size()) return CL_INVALID_VALUE;
    if (read ? !host_may_read(m) : !host_may_write(m)) return CL_INVALID_OPERATION;

    mvp::host::Device* gpu = &q->device()->gpu();
    const uint32_t base = m->address();
    const std::vector<size_t> b_origin(buffer_origin, buffer_origin + 3);
    const std::vector<size_t> h_origin(host_origin, host_origin + 3);
    const std::vector<size_t> extent(region, region + 3);
    auto keep = hold(m);
    auto* bytes = static_cast<uint8_t*>(ptr);
    CommandQueue::Work work = [=]() -> cl_int {
        (void)keep;
        try {
            for_each_row(device_layout, b_origin.data(), host_layout, h_origin.data(),
                         extent.data(), [&](size_t device_offset, size_t host_offset, size_t n) {
                             uint32_t address = base + static_cast<uint32_t>(device_offset);
                             if (read) {
                                 gpu->read(address, bytes + host_offset, n);
                             } else {
                                 gpu->write(address, bytes + host_offset, n);
                             }
                         });
        } catch (const mvp::host::DeviceError& e) {
            report_error(function, e.what());
            return CL_OUT_OF_RESOURCES;
        }
        return CL_SUCCESS;
    };
    return q->enqueue(read ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT, waits,
                      std::move(work), blocking != CL_FALSE, event);
}

// A command that does nothing but wait for its wait list (markers, barriers, migrations).
cl_int enqueue_nothing(cl_command_queue command_queue, cl_command_type type, cl_uint num_events,
                       const cl_event* wait_list, cl_event* event) {
    CommandQueue* q = from_handle<CommandQueue>(command_queue);
    if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
    std::vector<Event*> waits;
    cl_int err = collect_wait_list(q->context(), num_events, wait_list, &waits);
    if (err != CL_SUCCESS) return err;
    return q->enqueue(
        type, waits, [] { return CL_SUCCESS; }, false, event);
}

}  // namespace

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
                    size_t offset, size_t size, void* ptr, cl_uint num_events_in_wait_list,
                    const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        return enqueue_read_write(__func__, true, command_queue, buffer, blocking_read, offset,
                                  size, ptr, num_events_in_wait_list, event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
                     size_t offset, size_t size, const void* ptr, cl_uint num_events_in_wait_list,
                     const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        return enqueue_read_write(__func__, false, command_queue, buffer, blocking_write, offset,
                                  size, const_cast<void*>(ptr), num_events_in_wait_list,
                                  event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_read,
    const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, void* ptr, cl_uint num_events_in_wait_list,
    const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        return enqueue_rect(__func__, true, command_queue, buffer, blocking_read, buffer_origin,
                            host_origin, region, buffer_row_pitch, buffer_slice_pitch,
                            host_row_pitch, host_slice_pitch, ptr, num_events_in_wait_list,
                            event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_write,
    const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
    size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
    size_t host_slice_pitch, const void* ptr, cl_uint num_events_in_wait_list,
    const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        return enqueue_rect(__func__, false, command_queue, buffer, blocking_write, buffer_origin,
                            host_origin, region, buffer_row_pitch, buffer_slice_pitch,
                            host_row_pitch, host_slice_pitch, const_cast<void*>(ptr),
                            num_events_in_wait_list, event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, size_t src_offset,
    size_t dst_offset, size_t size, cl_uint num_events_in_wait_list,
    const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q;
        MemObject* src;
        MemObject* dst;
        std::vector<Event*> waits;
        cl_int err =
            prepare_copy_command(command_queue, src_buffer, dst_buffer, num_events_in_wait_list,
                                 event_wait_list, &q, &src, &dst, &waits);
        if (err != CL_SUCCESS) return err;
        if (size == 0 || !in_range(src_offset, size, src->size()) ||
            !in_range(dst_offset, size, dst->size()))
            return CL_INVALID_VALUE;
        uint64_t from = uint64_t{src->address()} + src_offset;
        uint64_t to = uint64_t{dst->address()} + dst_offset;
        if (from < to + size && to < from + size) return CL_MEM_COPY_OVERLAP;
        mvp::host::Device* gpu = &q->device()->gpu();
        auto keep_src = hold(src);
        auto keep_dst = hold(dst);
        CommandQueue::Work work = [=]() -> cl_int {
            (void)keep_src;
            (void)keep_dst;
            try {
                std::vector<uint8_t> bytes(size);
                gpu->read(static_cast<uint32_t>(from), bytes.data(), size);
                gpu->write(static_cast<uint32_t>(to), bytes.data(), size);
            } catch (const mvp::host::DeviceError& e) {
                report_error("clEnqueueCopyBuffer", e.what());
                return CL_OUT_OF_RESOURCES;
            }
            return CL_SUCCESS;
        };
        return q->enqueue(CL_COMMAND_COPY_BUFFER, waits, std::move(work), false, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(
    cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, const size_t* src_origin,
    const size_t* dst_origin, const size_t* region, size_t src_row_pitch, size_t src_slice_pitch,
    size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint num_events_in_wait_list,
    const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q;
        MemObject* src;
        MemObject* dst;
        std::vector<Event*> waits;
        cl_int err =
            prepare_copy_command(command_queue, src_buffer, dst_buffer, num_events_in_wait_list,
                                 event_wait_list, &q, &src, &dst, &waits);
        if (err != CL_SUCCESS) return err;
        if (!valid_region(src_origin, dst_origin, region)) return CL_INVALID_VALUE;
        RectLayout src_layout;
        RectLayout dst_layout;
        if (!make_layout(region, src_row_pitch, src_slice_pitch, &src_layout) ||
            !make_layout(region, dst_row_pitch, dst_slice_pitch, &dst_layout))
            return CL_INVALID_VALUE;
        if (src_layout.end(src_origin, region) > src->size() ||
            dst_layout.end(dst_origin, region) > dst->size())
            return CL_INVALID_VALUE;
        // Overlap is judged on the byte spans the two regions cover.
        uint64_t from = uint64_t{src->address()} + src_layout.offset(src_origin);
        uint64_t from_end = uint64_t{src->address()} + src_layout.end(src_origin, region);
        uint64_t to = uint64_t{dst->address()} + dst_layout.offset(dst_origin);
        uint64_t to_end = uint64_t{dst->address()} + dst_layout.end(dst_origin, region);
        if (from < to_end && to < from_end) return CL_MEM_COPY_OVERLAP;

        mvp::host::Device* gpu = &q->device()->gpu();
        const uint32_t src_base = src->address();
        const uint32_t dst_base = dst->address();
        const std::vector<size_t> s_origin(src_origin, src_origin + 3);
        const std::vector<size_t> d_origin(dst_origin, dst_origin + 3);
        const std::vector<size_t> extent(region, region + 3);
        auto keep_src = hold(src);
        auto keep_dst = hold(dst);
        CommandQueue::Work work = [=]() -> cl_int {
            (void)keep_src;
            (void)keep_dst;
            try {
                std::vector<uint8_t> row(extent[0]);
                for_each_row(src_layout, s_origin.data(), dst_layout, d_origin.data(),
                             extent.data(), [&](size_t s, size_t d, size_t n) {
                                 gpu->read(src_base + static_cast<uint32_t>(s), row.data(), n);
                                 gpu->write(dst_base + static_cast<uint32_t>(d), row.data(), n);
                             });
            } catch (const mvp::host::DeviceError& e) {
                report_error("clEnqueueCopyBufferRect", e.what());
                return CL_OUT_OF_RESOURCES;
            }
            return CL_SUCCESS;
        };
        return q->enqueue(CL_COMMAND_COPY_BUFFER_RECT, waits, std::move(work), false, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(
    cl_command_queue command_queue, cl_mem buffer, const void* pattern, size_t pattern_size,
    size_t offset, size_t size, cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
    cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q;
        MemObject* m;
        std::vector<Event*> waits;
        cl_int err = prepare_buffer_command(command_queue, buffer, num_events_in_wait_list,
                                            event_wait_list, &q, &m, &waits);
        if (err != CL_SUCCESS) return err;
        bool valid_pattern_size =
            pattern_size != 0 && pattern_size <= 128 && (pattern_size & (pattern_size - 1)) == 0;
        if (pattern == nullptr || !valid_pattern_size || offset % pattern_size != 0 ||
            size % pattern_size != 0 || size == 0 || !in_range(offset, size, m->size()))
            return CL_INVALID_VALUE;
        mvp::host::Device* gpu = &q->device()->gpu();
        uint32_t address = m->address() + static_cast<uint32_t>(offset);
        const auto* p = static_cast<const uint8_t*>(pattern);
        // The pattern is copied now: the application may reuse its memory after the call.
        std::vector<uint8_t> unit(p, p + pattern_size);
        auto keep = hold(m);
        CommandQueue::Work work = [=]() -> cl_int {
            (void)keep;
            try {
                // Written in blocks of at most 1 MiB.
                const size_t block = std::min<size_t>(size, (size_t{1} << 20) / 128 * 128);
                std::vector<uint8_t> bytes(block);
                for (size_t i = 0; i < block; ++i) bytes[i] = unit[i % unit.size()];
                for (size_t done = 0; done < size; done += block) {
                    size_t n = std::min(block, size - done);
                    gpu->write(address + static_cast<uint32_t>(done), bytes.data(), n);
                }
            } catch (const mvp::host::DeviceError& e) {
                report_error("clEnqueueFillBuffer", e.what());
                return CL_OUT_OF_RESOURCES;
            }
            return CL_SUCCESS;
        };
        return q->enqueue(CL_COMMAND_FILL_BUFFER, waits, std::move(work), false, event);
    });
}

extern "C" CL_API_ENTRY void* CL_API_CALL clEnqueueMapBuffer(
    cl_command_queue command_queue, cl_mem buffer, cl_bool blocking_map, cl_map_flags map_flags,
    size_t offset, size_t size, cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
    cl_event* event, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> void* {
        CommandQueue* q;
        MemObject* m;
        std::vector<Event*> waits;
        err = prepare_buffer_command(command_queue, buffer, num_events_in_wait_list,
                                     event_wait_list, &q, &m, &waits);
        if (err != CL_SUCCESS) return nullptr;
        constexpr cl_map_flags kKnown = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
        bool invalidate = (map_flags & CL_MAP_WRITE_INVALIDATE_REGION) != 0;
        if ((map_flags & ~kKnown) != 0 ||
            (invalidate && (map_flags & (CL_MAP_READ | CL_MAP_WRITE)) != 0))
            return err = CL_INVALID_VALUE, nullptr;
        if (size == 0 || !in_range(offset, size, m->size())) return err = CL_INVALID_VALUE, nullptr;
        if (((map_flags & CL_MAP_READ) != 0 && !host_may_read(m)) ||
            ((map_flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0 &&
             !host_may_write(m)))
            return err = CL_INVALID_OPERATION, nullptr;
        void* pointer = m->add_mapping(offset, size, map_flags);
        mvp::host::Device* gpu = &q->device()->gpu();
        uint32_t address = m->address() + static_cast<uint32_t>(offset);
        auto keep = hold(m);
        CommandQueue::Work work = [=]() -> cl_int {
            (void)keep;
            if (invalidate) return CL_SUCCESS;  // the contents need not be transferred
            try {
                gpu->read(address, pointer, size);
            } catch (const mvp::host::DeviceError& e) {
                report_error("clEnqueueMapBuffer", e.what());
                return CL_OUT_OF_RESOURCES;
            }
            return CL_SUCCESS;
        };
        err = q->enqueue(CL_COMMAND_MAP_BUFFER, waits, std::move(work), blocking_map != CL_FALSE,
                         event);
        if (err != CL_SUCCESS) {
            m->remove_mapping(pointer);
            if (err == CL_OUT_OF_RESOURCES) err = CL_MAP_FAILURE;
            return nullptr;
        }
        return pointer;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue command_queue,
                                                                   cl_mem memobj, void* mapped_ptr,
                                                                   cl_uint num_events_in_wait_list,
                                                                   const cl_event* event_wait_list,
                                                                   cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q;
        MemObject* m;
        std::vector<Event*> waits;
        cl_int err = prepare_buffer_command(command_queue, memobj, num_events_in_wait_list,
                                            event_wait_list, &q, &m, &waits);
        if (err != CL_SUCCESS) return err;
        size_t offset;
        size_t size;
        cl_map_flags flags;
        if (!m->find_mapping(mapped_ptr, &offset, &size, &flags)) return CL_INVALID_VALUE;
        mvp::host::Device* gpu = &q->device()->gpu();
        uint32_t address = m->address() + static_cast<uint32_t>(offset);
        bool write_back = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
        auto keep = hold(m);
        CommandQueue::Work work = [=]() -> cl_int {
            cl_int result = CL_SUCCESS;
            try {
                if (write_back) gpu->write(address, mapped_ptr, size);
            } catch (const mvp::host::DeviceError& e) {
                report_error("clEnqueueUnmapMemObject", e.what());
                result = CL_OUT_OF_RESOURCES;
            }
            static_cast<MemObject*>(keep.get())->remove_mapping(mapped_ptr);
            return result;
        };
        return q->enqueue(CL_COMMAND_UNMAP_MEM_OBJECT, waits, std::move(work), false, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(
    cl_command_queue command_queue, cl_uint num_mem_objects, const cl_mem* mem_objects,
    cl_mem_migration_flags flags, cl_uint num_events_in_wait_list, const cl_event* event_wait_list,
    cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        if (num_mem_objects == 0 || mem_objects == nullptr) return CL_INVALID_VALUE;
        constexpr cl_mem_migration_flags kKnown =
            CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED;
        if ((flags & ~kKnown) != 0) return CL_INVALID_VALUE;
        for (cl_uint i = 0; i < num_mem_objects; ++i) {
            MemObject* m = from_handle<MemObject>(mem_objects[i]);
            if (m == nullptr) return CL_INVALID_MEM_OBJECT;
            if (m->context() != q->context()) return CL_INVALID_CONTEXT;
        }
        // Buffers always live in the device's global memory: nothing moves.
        return enqueue_nothing(command_queue, CL_COMMAND_MIGRATE_MEM_OBJECTS,
                               num_events_in_wait_list, event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue command_queue, cl_kernel kernel, cl_uint work_dim,
    const size_t* global_work_offset, const size_t* global_work_size, const size_t* local_work_size,
    cl_uint num_events_in_wait_list, const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        CommandQueue* q = from_handle<CommandQueue>(command_queue);
        if (q == nullptr) return CL_INVALID_COMMAND_QUEUE;
        Kernel* k = from_handle<Kernel>(kernel);
        if (k == nullptr) return CL_INVALID_KERNEL;
        if (k->program()->context() != q->context()) return CL_INVALID_CONTEXT;
        if (!k->program()->built()) return CL_INVALID_PROGRAM_EXECUTABLE;
        if (work_dim < 1 || work_dim > 3) return CL_INVALID_WORK_DIMENSION;
        if (global_work_size == nullptr) return CL_INVALID_GLOBAL_WORK_SIZE;

        mvp::Launch launch;
        launch.entry_pc = k->entry_pc();
        mvp::NDRange& range = launch.range;
        range.work_dim = work_dim;
        constexpr uint64_t kAddressSpace = uint64_t{1} << 32;
        for (cl_uint d = 0; d < work_dim; ++d) {
            if (global_work_size[d] == 0 || global_work_size[d] >= kAddressSpace)
                return CL_INVALID_GLOBAL_WORK_SIZE;
            range.global[d] = static_cast<uint32_t>(global_work_size[d]);
            size_t offset = global_work_offset != nullptr ? global_work_offset[d] : 0;
            if (offset >= kAddressSpace || offset + global_work_size[d] > kAddressSpace)
                return CL_INVALID_GLOBAL_OFFSET;
            range.offset[d] = static_cast<uint32_t>(offset);
        }
        if (local_work_size != nullptr) {
            // Non-uniform work-groups (OpenCL 2.0): a local size need not divide the global
            // size, and one larger than the global size is clamped to it.
            uint64_t items = 1;
            for (cl_uint d = 0; d < work_dim; ++d) {
                if (local_work_size[d] == 0) return CL_INVALID_WORK_GROUP_SIZE;
                if (local_work_size[d] > Device::kMaxWorkItemSizes[d])
                    return CL_INVALID_WORK_ITEM_SIZE;
                range.local[d] =
                    static_cast<uint32_t>(std::min<size_t>(local_work_size[d], range.global[d]));
                items *= range.local[d];
            }
            if (items > k->max_work_group_size()) return CL_INVALID_WORK_GROUP_SIZE;
        } else if (const uint32_t* reqd = k->required_work_group_size()) {
            // The size the kernel requires (as OpenCL 2.0 and later say; 1.2 refused a NULL
            // local size here).
            for (cl_uint d = 0; d < work_dim; ++d) range.local[d] = reqd[d];
        } else {
            range.local[0] =
                default_local_size(range.global[0], q->device()->hardware_group_size());
        }
        // Work-groups larger than the SP's threads run on work-item fibers, which need uniform
        // work-groups (as OpenCL 1.2 asks of every launch).
        if (uint64_t{range.local[0]} * range.local[1] * range.local[2] >
            q->device()->hardware_group_size()) {
            for (cl_uint d = 0; d < work_dim; ++d)
                if (range.global[d] % range.local[d] != 0) {
                    report_error(__func__, "kernel '" + k->name() +
                                               "': a work-group of more than " +
                                               std::to_string(q->device()->hardware_group_size()) +
                                               " work-items must divide the global size");
                    return CL_INVALID_WORK_GROUP_SIZE;
                }
        }
        if (const uint32_t* reqd = k->required_work_group_size()) {
            for (cl_uint d = 0; d < 3; ++d)
                if ((d >= work_dim ? 1 : local_work_size ? local_work_size[d] : reqd[d]) != reqd[d])
                    return CL_INVALID_WORK_GROUP_SIZE;
        }
        if (k->local_mem_size() > q->device()->local_mem_size()) return CL_OUT_OF_RESOURCES;

        std::vector<MemObject*> buffers;
        cl_int err = k->launch_args(&launch.args, &buffers);
        if (err != CL_SUCCESS) return err;
        std::vector<Event*> waits;
        err = collect_wait_list(q->context(), num_events_in_wait_list, event_wait_list, &waits);
        if (err != CL_SUCCESS) return err;

        const Device* device = q->device();
        mvp::host::Device* gpu = &q->device()->gpu();
        const Context* context = q->context();
        // The kernel, its program and its buffers stay alive until the device has completed it.
        std::vector<std::shared_ptr<Object>> keep{hold(k)};
        for (MemObject* m : buffers) keep.push_back(hold(m));
        CommandQueue::DeviceWork work = [=](Event* event) -> cl_int {
            const Kernel* held = static_cast<const Kernel*>(keep.front().get());
            // A kernel fault or a launch the device rejects: the device's one-line message
            // goes to stderr and to the context's callback when the completion is seen.
            auto failed = [held, context](const std::string& error) {
                std::string message = "kernel '" + held->name() + "': " + error;
                report_error("clEnqueueNDRangeKernel", message);
                context->notify(message);
            };
            try {
                mvp::host::Device::LaunchId id = gpu->submit(
                    held->program()->loaded(), launch, [=](const mvp::host::LaunchOutcome& o) {
                        (void)keep;
                        if (o.error.empty()) {
                            device->record_launch(held->name(), o.stats);
                        } else {
                            failed(o.error);
                        }
                        const bool timed = o.end_ns != 0;
                        q->device_command_ended(event,
                                                o.error.empty() ? CL_COMPLETE : CL_OUT_OF_RESOURCES,
                                                timed ? device->device_time(o.start_ns) : 0,
                                                timed ? device->device_time(o.end_ns) : 0);
                    });
                event->set_refresh([gpu, id](Event* e) {
                    gpu->poll();
                    if (!e->finished() && gpu->state(id) != mvp::host::Device::LaunchState::kQueued)
                        e->set_status(CL_RUNNING);
                });
            } catch (const mvp::host::DeviceError& e) {
                failed(e.what());
                return CL_OUT_OF_RESOURCES;
            }
            return CL_SUCCESS;
        };
        return q->enqueue_device(CL_COMMAND_NDRANGE_KERNEL, waits, std::move(work), event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue command_queue,
                                                         cl_kernel kernel,
                                                         cl_uint num_events_in_wait_list,
                                                         const cl_event* event_wait_list,
                                                         cl_event* event) {
    const size_t one = 1;
    return clEnqueueNDRangeKernel(command_queue, kernel, 1, nullptr, &one, &one,
                                  num_events_in_wait_list, event_wait_list, event);
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(
    cl_command_queue command_queue, void(CL_CALLBACK* user_func)(void*), void* args, size_t cb_args,
    cl_uint num_mem_objects, const cl_mem* mem_list, const void** args_mem_loc,
    cl_uint num_events_in_wait_list, const cl_event* event_wait_list, cl_event* event) {
    (void)user_func;
    (void)args;
    (void)cb_args;
    (void)num_mem_objects;
    (void)mem_list;
    (void)args_mem_loc;
    (void)num_events_in_wait_list;
    (void)event_wait_list;
    (void)event;
    return guarded(__func__, [&]() -> cl_int {
        if (from_handle<CommandQueue>(command_queue) == nullptr) return CL_INVALID_COMMAND_QUEUE;
        return CL_INVALID_OPERATION;  // the device cannot run native kernels
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueMarkerWithWaitList(cl_command_queue command_queue, cl_uint num_events_in_wait_list,
                            const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        // The queue runs in order, so waiting for the earlier commands is implied.
        return enqueue_nothing(command_queue, CL_COMMAND_MARKER, num_events_in_wait_list,
                               event_wait_list, event);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clEnqueueBarrierWithWaitList(cl_command_queue command_queue, cl_uint num_events_in_wait_list,
                             const cl_event* event_wait_list, cl_event* event) {
    return guarded(__func__, [&]() -> cl_int {
        return enqueue_nothing(command_queue, CL_COMMAND_BARRIER, num_events_in_wait_list,
                               event_wait_list, event);
    });
}
