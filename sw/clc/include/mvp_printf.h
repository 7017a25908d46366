// OpenCL 1.2 printf (section 6.12.13). Included by mvp_opencl.h.
#pragma once

// The device side formats nothing: a call reserves a record in the printf buffer with one
// atomic add and stores the format string's address and every argument, each with its size
// in bytes; the host formats the records after the kernel (doc/opencl-c.md, "printf").
// __mvp_printf_buffer holds the buffer's address; the host writes it into the program's data
// segment before every launch of a program that has it (clang emits it only in units that
// call printf). Its initial value is not 0 so that clang keeps it an ordinary data word.
__MVP_STATIC volatile __constant uint __mvp_printf_buffer = 1;

// Reserves a record of `bytes` (a multiple of 4) and writes its header; returns where the
// arguments go, or 0 when the buffer is full (the record is dropped).
__MVP_STATIC __global uint* __mvp_printf_begin(__constant char* format, uint bytes) {
    volatile __global uint* buffer = (volatile __global uint*)__mvp_printf_buffer;
    if (buffer[0] > buffer[1]) return 0;
    uint at = atomic_add(buffer, bytes);
    uint capacity = buffer[1];
    if (at > capacity || bytes > capacity - at) {
        if (at <= capacity) buffer[2] = at;
        return 0;
    }
    __global uint* record = (__global uint*)buffer + 3 + at / 4;
    record[0] = bytes;
    record[1] = (uint)format;
    return record + 2;
}

// The type an argument travels as: C's default promotions for char and short (clang passes
// float unpromoted without cl_khr_fp64), vectors as they are, pointers as 32-bit addresses.
#define __MVP_PF_TYPE(T, P)                                                                    \
    P __attribute__((overloadable)) __mvp_printf_promote(T);                                   \
    __MVP_INLINE __global uint* __mvp_printf_put(__global uint* at, T v) {                     \
        if (!at) return 0;                                                                     \
        at[0] = sizeof(P);                                                                     \
        *(__global P*)(at + 1) = (P)v;                                                         \
        return at + 1 + (sizeof(P) + 3) / 4;                                                   \
    }
#define __MVP_PF_VECTORS(T)                                                                    \
    __MVP_PF_TYPE(T##2, T##2)                                                                  \
    __MVP_PF_TYPE(T##3, T##3)                                                                  \
    __MVP_PF_TYPE(T##4, T##4)                                                                  \
    __MVP_PF_TYPE(T##8, T##8)                                                                  \
    __MVP_PF_TYPE(T##16, T##16)
__MVP_PF_TYPE(char, int)
__MVP_PF_TYPE(uchar, int)
__MVP_PF_TYPE(short, int)
__MVP_PF_TYPE(ushort, int)
__MVP_PF_TYPE(int, int)
__MVP_PF_TYPE(uint, uint)
__MVP_PF_TYPE(long, long)
__MVP_PF_TYPE(ulong, ulong)
__MVP_PF_TYPE(float, float)
__MVP_PF_TYPE(const volatile __global void*, uint)
__MVP_PF_TYPE(const volatile __local void*, uint)
__MVP_PF_TYPE(const volatile __constant void*, uint)
__MVP_PF_TYPE(const volatile __private void*, uint)
__MVP_PF_VECTORS(char)
__MVP_PF_VECTORS(uchar)
__MVP_PF_VECTORS(short)
__MVP_PF_VECTORS(ushort)
__MVP_PF_VECTORS(int)
__MVP_PF_VECTORS(uint)
__MVP_PF_VECTORS(long)
__MVP_PF_VECTORS(ulong)
__MVP_PF_VECTORS(float)
#undef __MVP_PF_VECTORS
#undef __MVP_PF_TYPE

// printf(format, ...) with up to 32 arguments after the format. The unevaluated call of
// clang's own printf keeps its format checks (-Wformat); the arguments are evaluated once, in
// order, whether or not the record fits.
#define __MVP_PF_SIZE(a) +4u + ((sizeof(__mvp_printf_promote(a)) + 3u) & ~3u)
#define __MVP_PF_PUT(a) __mvp_at = __mvp_printf_put(__mvp_at, (a));
#define __MVP_PF_CAT_(a, b) a##b
#define __MVP_PF_CAT(a, b) __MVP_PF_CAT_(a, b)
#define __MVP_PF_COUNT_(f, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15,  \
                        _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29,  \
                        _30, _31, _32, n, ...)                                                 \
    n
#define __MVP_PF_COUNT(...)                                                                    \
    __MVP_PF_COUNT_(__VA_ARGS__, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,  \
                    17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, _)
#define __MVP_PF_CALL(n, f, ...)                                                               \
    ({                                                                                         \
        (void)sizeof(printf(f, ##__VA_ARGS__));                                                \
        __global uint* __mvp_at = __mvp_printf_begin(                                          \
            (f), 8u __MVP_PF_CAT(__MVP_PF_E, n)(__MVP_PF_SIZE, __VA_ARGS__));                  \
        __MVP_PF_CAT(__MVP_PF_E, n)(__MVP_PF_PUT, __VA_ARGS__) __mvp_at ? 0 : -1;            \
    })
#define printf(...) __MVP_PF_CALL(__MVP_PF_COUNT(__VA_ARGS__), __VA_ARGS__)
#define __MVP_PF_E0(M, ...)
#define __MVP_PF_E1(M, a) M(a)
#define __MVP_PF_E2(M, a, ...) M(a) __MVP_PF_E1(M, __VA_ARGS__)
#define __MVP_PF_E3(M, a, ...) M(a) __MVP_PF_E2(M, __VA_ARGS__)
#define __MVP_PF_E4(M, a, ...) M(a) __MVP_PF_E3(M, __VA_ARGS__)
#define __MVP_PF_E5(M, a, ...) M(a) __MVP_PF_E4(M, __VA_ARGS__)
#define __MVP_PF_E6(M, a, ...) M(a) __MVP_PF_E5(M, __VA_ARGS__)
#define __MVP_PF_E7(M, a, ...) M(a) __MVP_PF_E6(M, __VA_ARGS__)
#define __MVP_PF_E8(M, a, ...) M(a) __MVP_PF_E7(M, __VA_ARGS__)
#define __MVP_PF_E9(M, a, ...) M(a) __MVP_PF_E8(M, __VA_ARGS__)
#define __MVP_PF_E10(M, a, ...) M(a) __MVP_PF_E9(M, __VA_ARGS__)
#define __MVP_PF_E11(M, a, ...) M(a) __MVP_PF_E10(M, __VA_ARGS__)
#define __MVP_PF_E12(M, a, ...) M(a) __MVP_PF_E11(M, __VA_ARGS__)
#define __MVP_PF_E13(M, a, ...) M(a) __MVP_PF_E12(M, __VA_ARGS__)
#define __MVP_PF_E14(M, a, ...) M(a) __MVP_PF_E13(M, __VA_ARGS__)
#define __MVP_PF_E15(M, a, ...) M(a) __MVP_PF_E14(M, __VA_ARGS__)
#define __MVP_PF_E16(M, a, ...) M(a) __MVP_PF_E15(M, __VA_ARGS__)
#define __MVP_PF_E17(M, a, ...) M(a) __MVP_PF_E16(M, __VA_ARGS__)
#define __MVP_PF_E18(M, a, ...) M(a) __MVP_PF_E17(M, __VA_ARGS__)
#define __MVP_PF_E19(M, a, ...) M(a) __MVP_PF_E18(M, __VA_ARGS__)
#define __MVP_PF_E20(M, a, ...) M(a) __MVP_PF_E19(M, __VA_ARGS__)
#define __MVP_PF_E21(M, a, ...) M(a) __MVP_PF_E20(M, __VA_ARGS__)
#define __MVP_PF_E22(M, a, ...) M(a) __MVP_PF_E21(M, __VA_ARGS__)
#define __MVP_PF_E23(M, a, ...) M(a) __MVP_PF_E22(M, __VA_ARGS__)
#define __MVP_PF_E24(M, a, ...) M(a) __MVP_PF_E23(M, __VA_ARGS__)
#define __MVP_PF_E25(M, a, ...) M(a) __MVP_PF_E24(M, __VA_ARGS__)
#define __MVP_PF_E26(M, a, ...) M(a) __MVP_PF_E25(M, __VA_ARGS__)
#define __MVP_PF_E27(M, a, ...) M(a) __MVP_PF_E26(M, __VA_ARGS__)
#define __MVP_PF_E28(M, a, ...) M(a) __MVP_PF_E27(M, __VA_ARGS__)
#define __MVP_PF_E29(M, a, ...) M(a) __MVP_PF_E28(M, __VA_ARGS__)
#define __MVP_PF_E30(M, a, ...) M(a) __MVP_PF_E29(M, __VA_ARGS__)
#define __MVP_PF_E31(M, a, ...) M(a) __MVP_PF_E30(M, __VA_ARGS__)
#define __MVP_PF_E32(M, a, ...) M(a) __MVP_PF_E31(M, __VA_ARGS__)
