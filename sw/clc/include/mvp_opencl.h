// The MVP builtin header: force-included (-include) into every OpenCL C compilation by
// mvp-clc, after clang's own OpenCL declarations. It defines the builtins that are single MVP
// instructions as inline functions whose inline assembly is an MVP instruction carried in a
// comment ("# mvp: ..."), which the RISC-V-to-MVP translator passes through (doc/opencl-c.md).
// Everything else is declared by clang and defined in the builtin library (sw/clc/lib).

// The OpenCL version of the device (OpenCL C 1.2 section 6.10; clang defines the others:
// __OPENCL_C_VERSION__, CL_VERSION_1_*, __ENDIAN_LITTLE__, __FAST_RELAXED_MATH__, and the
// macros of the extensions the device has). There is no __IMAGE_SUPPORT__.
#define __OPENCL_VERSION__ 120

// The builtins have internal linkage (`static`), which OpenCL C 1.0 and 1.1 allow only with
// clang's storage-class extension: enabled here and disabled at the end of the header, so that
// a 1.1 program of the user's still gets the error.
#pragma OPENCL EXTENSION cl_clang_storage_class_specifiers : enable
#define __MVP_STATIC static
#define __MVP_INLINE __MVP_STATIC inline __attribute__((overloadable, always_inline))
#define __MVP_PURE __MVP_INLINE __attribute__((const))
// Library functions too large to inline everywhere: clang inlines or calls them, and emits only
// those a kernel uses.
#define __MVP_FUNC __MVP_STATIC __attribute__((overloadable))
#define __MVP_FUNC_PURE __MVP_FUNC __attribute__((const))

// Vector forms from scalar ones, element by element: the 2-, 3-, 4-, 8- and 16-element
// overloads of `name` with result R and arguments A, B, C (type names without the width).
#define __MVP_V1(R, name, A)                                                                   \
    __MVP_INLINE R##2 name(A##2 a) { return (R##2)(name(a.x), name(a.y)); }                    \
    __MVP_INLINE R##3 name(A##3 a) { return (R##3)(name(a.xy), name(a.z)); }                   \
    __MVP_INLINE R##4 name(A##4 a) { return (R##4)(name(a.lo), name(a.hi)); }                  \
    __MVP_INLINE R##8 name(A##8 a) { return (R##8)(name(a.lo), name(a.hi)); }                  \
    __MVP_INLINE R##16 name(A##16 a) { return (R##16)(name(a.lo), name(a.hi)); }
#define __MVP_V2(R, name, A, B)                                                                \
    __MVP_INLINE R##2 name(A##2 a, B##2 b) { return (R##2)(name(a.x, b.x), name(a.y, b.y)); }  \
    __MVP_INLINE R##3 name(A##3 a, B##3 b) {                                                   \
        return (R##3)(name(a.xy, b.xy), name(a.z, b.z));                                       \
    }                                                                                          \
    __MVP_INLINE R##4 name(A##4 a, B##4 b) { return (R##4)(name(a.lo, b.lo), name(a.hi, b.hi)); } \
    __MVP_INLINE R##8 name(A##8 a, B##8 b) { return (R##8)(name(a.lo, b.lo), name(a.hi, b.hi)); } \
    __MVP_INLINE R##16 name(A##16 a, B##16 b) {                                                \
        return (R##16)(name(a.lo, b.lo), name(a.hi, b.hi));                                    \
    }
#define __MVP_V3(R, name, A, B, C)                                                             \
    __MVP_INLINE R##2 name(A##2 a, B##2 b, C##2 c) {                                           \
        return (R##2)(name(a.x, b.x, c.x), name(a.y, b.y, c.y));                               \
    }                                                                                          \
    __MVP_INLINE R##3 name(A##3 a, B##3 b, C##3 c) {                                           \
        return (R##3)(name(a.xy, b.xy, c.xy), name(a.z, b.z, c.z));                            \
    }                                                                                          \
    __MVP_INLINE R##4 name(A##4 a, B##4 b, C##4 c) {                                           \
        return (R##4)(name(a.lo, b.lo, c.lo), name(a.hi, b.hi, c.hi));                         \
    }                                                                                          \
    __MVP_INLINE R##8 name(A##8 a, B##8 b, C##8 c) {                                           \
        return (R##8)(name(a.lo, b.lo, c.lo), name(a.hi, b.hi, c.hi));                         \
    }                                                                                          \
    __MVP_INLINE R##16 name(A##16 a, B##16 b, C##16 c) {                                       \
        return (R##16)(name(a.lo, b.lo, c.lo), name(a.hi, b.hi, c.hi));                        \
    }

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

// The rest of the library, by OpenCL 1.2 section.
#include "mvp_integer.h"
#include "mvp_math.h"
#include "mvp_printf.h"
#include "mvp_convert.h"
#include "mvp_relational.h"
#include "mvp_vload.h"
#include "mvp_common.h"
#include "mvp_geometric.h"
#include "mvp_async.h"
#include "mvp_shuffle.h"

#pragma OPENCL EXTENSION cl_clang_storage_class_specifiers : disable
