// OpenCL 1.2 async copies and prefetch (section 6.12.10). Included by mvp_opencl.h.
#pragma once

// MVP has no DMA engine between local and global memory that a kernel can start, so the
// work-group copies itself: every work-item moves elements local_id, local_id + local_size, ...
// with ordinary loads and stores (which the timing model times as any others) when it reaches
// the call, and wait_group_events is a barrier, after which every work-item sees the whole copy.
// The returned event is the one given (0 when none): all copies of a group are complete at any
// wait. prefetch is a hint the model ignores: the DCC's word buffer holds too few words to keep
// prefetched data for later loads.

// The work-item's linear position in its group, and the group's size.
__MVP_INLINE size_t __mvp_group_item(void) {
    return get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2));
}
__MVP_INLINE size_t __mvp_group_items(void) {
    return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

#define __MVP_ASYNC(T)                                                                         \
    __MVP_INLINE event_t async_work_group_copy(__local T* dst, const __global T* src,         \
                                               size_t n, event_t event) {                      \
        for (size_t i = __mvp_group_item(); i < n; i += __mvp_group_items()) dst[i] = src[i];  \
        return event;                                                                          \
    }                                                                                          \
    __MVP_INLINE event_t async_work_group_copy(__global T* dst, const __local T* src,         \
                                               size_t n, event_t event) {                      \
        for (size_t i = __mvp_group_item(); i < n; i += __mvp_group_items()) dst[i] = src[i];  \
        return event;                                                                          \
    }                                                                                          \
    __MVP_INLINE event_t async_work_group_strided_copy(__local T* dst, const __global T* src, \
                                                       size_t n, size_t stride,                \
                                                       event_t event) {                        \
        for (size_t i = __mvp_group_item(); i < n; i += __mvp_group_items())                   \
            dst[i] = src[i * stride];                                                          \
        return event;                                                                          \
    }                                                                                          \
    __MVP_INLINE event_t async_work_group_strided_copy(__global T* dst, const __local T* src, \
                                                       size_t n, size_t stride,                \
                                                       event_t event) {                        \
        for (size_t i = __mvp_group_item(); i < n; i += __mvp_group_items())                   \
            dst[i * stride] = src[i];                                                          \
        return event;                                                                          \
    }                                                                                          \
    __MVP_INLINE void prefetch(const __global T* p, size_t n) {                                \
        (void)p;                                                                               \
        (void)n;                                                                               \
    }

#define __MVP_ASYNC_VECTORS(T) \
    __MVP_ASYNC(T)             \
    __MVP_ASYNC(T##2)          \
    __MVP_ASYNC(T##3)          \
    __MVP_ASYNC(T##4)          \
    __MVP_ASYNC(T##8)          \
    __MVP_ASYNC(T##16)

__MVP_ASYNC_VECTORS(char)
__MVP_ASYNC_VECTORS(uchar)
__MVP_ASYNC_VECTORS(short)
__MVP_ASYNC_VECTORS(ushort)
__MVP_ASYNC_VECTORS(int)
__MVP_ASYNC_VECTORS(uint)
__MVP_ASYNC_VECTORS(long)
__MVP_ASYNC_VECTORS(ulong)
__MVP_ASYNC_VECTORS(float)

#undef __MVP_ASYNC_VECTORS
#undef __MVP_ASYNC

__MVP_INLINE void wait_group_events(int num_events, event_t* event_list) {
    (void)num_events;
    (void)event_list;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
