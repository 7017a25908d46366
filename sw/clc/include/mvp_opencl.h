// The MVP builtin header: force-included (-include) into every OpenCL C compilation by
// mvp-clc, after clang's own OpenCL declarations. It defines the builtins that are single MVP
// instructions as inline functions whose inline assembly is an MVP instruction carried in a
// comment ("# mvp: ..."), which the RISC-V-to-MVP translator passes through (doc/opencl-c.md).
// Everything else is declared by clang and defined in the builtin library (sw/clc/lib).

#define __MVP_INLINE static inline __attribute__((overloadable, always_inline))
#define __MVP_PURE __MVP_INLINE __attribute__((const))

// MVP has no images and no double precision: a kernel that names an image type gets a build
// error at that line.
#define image1d_t __mvp_images_are_not_supported_on_MVP
#define image1d_array_t __mvp_images_are_not_supported_on_MVP
#define image1d_buffer_t __mvp_images_are_not_supported_on_MVP
#define image2d_t __mvp_images_are_not_supported_on_MVP
#define image2d_array_t __mvp_images_are_not_supported_on_MVP
#define image3d_t __mvp_images_are_not_supported_on_MVP
#define sampler_t __mvp_samplers_are_not_supported_on_MVP

// Work-item functions: one `rdsr` each. A dimension known at compile time indexes the special
// register directly; otherwise dimensions of 3 or more give the OpenCL default.
#define __MVP_WORK_ITEM(name, sr, outside)                                                     \
    __MVP_PURE size_t name(uint d) {                                                           \
        size_t r;                                                                              \
        if (__builtin_constant_p(d) && d < 3) {                                                \
            __asm__("# mvp: rdsr %0, zero, %%" #sr "+%1" : "=r"(r) : "i"(d));                  \
            return r;                                                                          \
        }                                                                                      \
        if (d >= 3) return outside;                                                            \
        __asm__("# mvp: rdsr %0, %1, %%" #sr : "=r"(r) : "r"(d));                              \
        return r;                                                                              \
    }
__MVP_WORK_ITEM(get_global_id, global_id, 0)
__MVP_WORK_ITEM(get_local_id, local_id, 0)
__MVP_WORK_ITEM(get_group_id, group_id, 0)
__MVP_WORK_ITEM(get_local_size, local_size, 1)
__MVP_WORK_ITEM(get_global_size, global_size, 1)
__MVP_WORK_ITEM(get_num_groups, num_groups, 1)
__MVP_WORK_ITEM(get_global_offset, global_offset, 0)
#undef __MVP_WORK_ITEM

__MVP_PURE uint get_work_dim(void) {
    uint r;
    __asm__("# mvp: rdsr %0, zero, %%work_dim" : "=r"(r));
    return r;
}

// Synchronization: `sync` is the work-group barrier; memory is in order, so fences only keep
// the compiler from moving accesses across them.
__MVP_INLINE void barrier(cl_mem_fence_flags flags) {
    (void)flags;
    __asm__ volatile("# mvp: sync" ::: "memory");
}
__MVP_INLINE void mem_fence(cl_mem_fence_flags flags) {
    (void)flags;
    __asm__ volatile("" ::: "memory");
}
__MVP_INLINE void read_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }
__MVP_INLINE void write_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }

// 32-bit atomics on global and local memory. add, xchg and cmpxchg are MVP instructions; the
// others are compare-and-swap loops.
#define __MVP_ATOMIC_ASM(space, T)                                                             \
    __MVP_INLINE T __mvp_atom_add(volatile space T* p, T v) {                                  \
        T old;                                                                                 \
        __asm__ volatile("# mvp: atom.add %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory"); \
        return old;                                                                            \
    }                                                                                          \
    __MVP_INLINE T __mvp_atom_xchg(volatile space T* p, T v) {                                 \
        T old;                                                                                 \
        __asm__ volatile("# mvp: atom.xchg %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory"); \
        return old;                                                                            \
    }                                                                                          \
    __MVP_INLINE T __mvp_atom_cas(volatile space T* p, T cmp, T v) {                           \
        __asm__ volatile("# mvp: atom.cas %0, %2, (%1)" : "+r"(cmp) : "r"(p), "r"(v) : "memory"); \
        return cmp;                                                                            \
    }

#define __MVP_ATOMIC_LOOP(space, T, name, expr)                                                \
    __MVP_INLINE T name(volatile space T* p, T v) {                                            \
        T old = *p;                                                                            \
        while (1) {                                                                            \
            T seen = __mvp_atom_cas(p, old, (expr));                                           \
            if (seen == old) return old;                                                       \
            old = seen;                                                                        \
        }                                                                                      \
    }

#define __MVP_ATOMICS(space, T, prefix)                                                        \
    __MVP_INLINE T prefix##_add(volatile space T* p, T v) { return __mvp_atom_add(p, v); }     \
    __MVP_INLINE T prefix##_sub(volatile space T* p, T v) { return __mvp_atom_add(p, (T)0 - v); } \
    __MVP_INLINE T prefix##_xchg(volatile space T* p, T v) { return __mvp_atom_xchg(p, v); }   \
    __MVP_INLINE T prefix##_inc(volatile space T* p) { return __mvp_atom_add(p, (T)1); }       \
    __MVP_INLINE T prefix##_dec(volatile space T* p) { return __mvp_atom_add(p, (T)-1); }      \
    __MVP_INLINE T prefix##_cmpxchg(volatile space T* p, T cmp, T v) {                         \
        return __mvp_atom_cas(p, cmp, v);                                                      \
    }                                                                                          \
    __MVP_ATOMIC_LOOP(space, T, prefix##_min, old < v ? old : v)                               \
    __MVP_ATOMIC_LOOP(space, T, prefix##_max, old > v ? old : v)                               \
    __MVP_ATOMIC_LOOP(space, T, prefix##_and, old & v)                                         \
    __MVP_ATOMIC_LOOP(space, T, prefix##_or, old | v)                                          \
    __MVP_ATOMIC_LOOP(space, T, prefix##_xor, old ^ v)

__MVP_ATOMIC_ASM(__global, int)
__MVP_ATOMIC_ASM(__global, uint)
__MVP_ATOMIC_ASM(__local, int)
__MVP_ATOMIC_ASM(__local, uint)
__MVP_ATOMICS(__global, int, atomic)
__MVP_ATOMICS(__global, uint, atomic)
__MVP_ATOMICS(__local, int, atomic)
__MVP_ATOMICS(__local, uint, atomic)
__MVP_ATOMICS(__global, int, atom)
__MVP_ATOMICS(__global, uint, atom)
__MVP_ATOMICS(__local, int, atom)
__MVP_ATOMICS(__local, uint, atom)

__MVP_INLINE float atomic_xchg(volatile __global float* p, float v) {
    return as_float(__mvp_atom_xchg((volatile __global uint*)p, as_uint(v)));
}
__MVP_INLINE float atomic_xchg(volatile __local float* p, float v) {
    return as_float(__mvp_atom_xchg((volatile __local uint*)p, as_uint(v)));
}
#undef __MVP_ATOMIC_ASM
#undef __MVP_ATOMIC_LOOP
#undef __MVP_ATOMICS

// Scalar math and integer functions that are one instruction or a short translated sequence.
// The vector forms and the remaining functions come from the builtin library.
__MVP_PURE float fmin(float a, float b) { return __builtin_fminf(a, b); }
__MVP_PURE float fmax(float a, float b) { return __builtin_fmaxf(a, b); }
__MVP_PURE float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float mad(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
__MVP_PURE float fabs(float a) { return __builtin_fabsf(a); }
__MVP_PURE float copysign(float a, float b) { return __builtin_copysignf(a, b); }
__MVP_PURE float sqrt(float a) { return __builtin_sqrtf(a); }
__MVP_PURE float native_sqrt(float a) { return __builtin_sqrtf(a); }
__MVP_PURE float native_recip(float a) {
    float r;
    __asm__("# mvp: frcp %0, %1" : "=r"(r) : "r"(a));
    return r;
}
__MVP_PURE float native_divide(float a, float b) { return a * native_recip(b); }
__MVP_PURE uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
__MVP_PURE int mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
#define __MVP_MIN_MAX(T)                                                                       \
    __MVP_PURE T min(T a, T b) { return b < a ? b : a; }                                       \
    __MVP_PURE T max(T a, T b) { return a < b ? b : a; }                                       \
    __MVP_PURE T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
__MVP_MIN_MAX(char)
__MVP_MIN_MAX(uchar)
__MVP_MIN_MAX(short)
__MVP_MIN_MAX(ushort)
__MVP_MIN_MAX(int)
__MVP_MIN_MAX(uint)
__MVP_MIN_MAX(float)
#undef __MVP_MIN_MAX
__MVP_PURE uint abs(int x) { return (uint)(x < 0 ? -x : x); }
__MVP_PURE uint abs(uint x) { return x; }
