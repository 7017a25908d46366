// OpenCL 1.2 shuffle and shuffle2 (section 6.12.12) for every element type and the widths 2, 4,
// 8 and 16 of both the source and the mask. Only the low bits of each mask element that index
// the source (log2 n, or log2 2n for shuffle2) are used. Included by mvp_opencl.h.
#pragma once

#define __MVP_SHUFFLE(T, U, N, M)                                                      \
    __MVP_INLINE T##M shuffle(T##N x, U##M mask) {                                     \
        T##M r;                                                                        \
        for (int i = 0; i < M; ++i) r[i] = x[mask[i] & (N - 1)];                       \
        return r;                                                                      \
    }                                                                                  \
    __MVP_INLINE T##M shuffle2(T##N x, T##N y, U##M mask) {                            \
        T##M r;                                                                        \
        for (int i = 0; i < M; ++i) {                                                  \
            const uint k = (uint)(mask[i] & (2 * N - 1));                              \
            r[i] = k < N ? x[k] : y[k - N];                                            \
        }                                                                              \
        return r;                                                                      \
    }
#define __MVP_SHUFFLE_MASKS(T, U, N) \
    __MVP_SHUFFLE(T, U, N, 2)        \
    __MVP_SHUFFLE(T, U, N, 4)        \
    __MVP_SHUFFLE(T, U, N, 8)        \
    __MVP_SHUFFLE(T, U, N, 16)
#define __MVP_SHUFFLES(T, U)      \
    __MVP_SHUFFLE_MASKS(T, U, 2)  \
    __MVP_SHUFFLE_MASKS(T, U, 4)  \
    __MVP_SHUFFLE_MASKS(T, U, 8)  \
    __MVP_SHUFFLE_MASKS(T, U, 16)

__MVP_SHUFFLES(char, uchar)
__MVP_SHUFFLES(uchar, uchar)
__MVP_SHUFFLES(short, ushort)
__MVP_SHUFFLES(ushort, ushort)
__MVP_SHUFFLES(int, uint)
__MVP_SHUFFLES(uint, uint)
__MVP_SHUFFLES(long, ulong)
__MVP_SHUFFLES(ulong, ulong)
__MVP_SHUFFLES(float, uint)

#undef __MVP_SHUFFLES
#undef __MVP_SHUFFLE_MASKS
#undef __MVP_SHUFFLE
