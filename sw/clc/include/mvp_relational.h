// OpenCL 1.2 relational functions (section 6.12.6). The float tests return int 1/0 for
// scalars and -1/0 per lane (intn) for vectors, which is what OpenCL C's comparison operators
// give, so one definition serves every width. Included by mvp_opencl.h.
#pragma once

#define __MVP_REL_FLOAT(W)                                                                        \
    __MVP_PURE int##W isequal(float##W x, float##W y) { return x == y; }                          \
    __MVP_PURE int##W isnotequal(float##W x, float##W y) { return x != y; }                       \
    __MVP_PURE int##W isgreater(float##W x, float##W y) { return x > y; }                         \
    __MVP_PURE int##W isgreaterequal(float##W x, float##W y) { return x >= y; }                   \
    __MVP_PURE int##W isless(float##W x, float##W y) { return x < y; }                            \
    __MVP_PURE int##W islessequal(float##W x, float##W y) { return x <= y; }                      \
    __MVP_PURE int##W islessgreater(float##W x, float##W y) { return (x < y) || (x > y); }        \
    __MVP_PURE int##W isfinite(float##W x) { return (as_int##W(x) & 0x7fffffff) < 0x7f800000; }   \
    __MVP_PURE int##W isinf(float##W x) { return (as_int##W(x) & 0x7fffffff) == 0x7f800000; }     \
    __MVP_PURE int##W isnan(float##W x) { return (as_int##W(x) & 0x7fffffff) > 0x7f800000; }      \
    __MVP_PURE int##W isnormal(float##W x) {                                                      \
        return ((as_int##W(x) & 0x7f800000) != 0) && ((as_int##W(x) & 0x7f800000) != 0x7f800000); \
    }                                                                                             \
    __MVP_PURE int##W isordered(float##W x, float##W y) { return (x == x) && (y == y); }          \
    __MVP_PURE int##W isunordered(float##W x, float##W y) { return (x != x) || (y != y); }        \
    __MVP_PURE int##W signbit(float##W x) { return as_int##W(x) < 0; }
__MVP_REL_FLOAT()
__MVP_REL_FLOAT(2)
__MVP_REL_FLOAT(3)
__MVP_REL_FLOAT(4)
__MVP_REL_FLOAT(8)
__MVP_REL_FLOAT(16)
#undef __MVP_REL_FLOAT

// any/all: the most significant bit of any/every component, for the signed integer types.
#define __MVP_ANY_ALL(T)                                         \
    __MVP_PURE int any(T x) { return x < 0; }                    \
    __MVP_PURE int all(T x) { return x < 0; }                    \
    __MVP_PURE int any(T##2 x) { return (x.x | x.y) < 0; }       \
    __MVP_PURE int all(T##2 x) { return (x.x & x.y) < 0; }       \
    __MVP_PURE int any(T##3 x) { return (x.x | x.y | x.z) < 0; } \
    __MVP_PURE int all(T##3 x) { return (x.x & x.y & x.z) < 0; } \
    __MVP_PURE int any(T##4 x) { return any(x.lo | x.hi); }      \
    __MVP_PURE int all(T##4 x) { return all(x.lo & x.hi); }      \
    __MVP_PURE int any(T##8 x) { return any(x.lo | x.hi); }      \
    __MVP_PURE int all(T##8 x) { return all(x.lo & x.hi); }      \
    __MVP_PURE int any(T##16 x) { return any(x.lo | x.hi); }     \
    __MVP_PURE int all(T##16 x) { return all(x.lo & x.hi); }
__MVP_ANY_ALL(char)
__MVP_ANY_ALL(short)
__MVP_ANY_ALL(int)
__MVP_ANY_ALL(long)
#undef __MVP_ANY_ALL

// bitselect: each bit from b where c has a 1, else from a. select: scalars pick b when c is
// nonzero; vectors pick b in the lanes whose c has its most significant bit set.
#define __MVP_SELECT_W(T, S, U, W)                                                  \
    __MVP_PURE T##W bitselect(T##W a, T##W b, T##W c) { return a ^ ((a ^ b) & c); } \
    __MVP_PURE T##W select(T##W a, T##W b, S##W c) {                                \
        return bitselect(a, b, as_##T##W(c >> (S##W)(sizeof(T) * 8 - 1)));          \
    }                                                                               \
    __MVP_PURE T##W select(T##W a, T##W b, U##W c) { return select(a, b, as_##S##W(c)); }
#define __MVP_SELECT(T, S, U)                                           \
    __MVP_PURE T bitselect(T a, T b, T c) { return a ^ ((a ^ b) & c); } \
    __MVP_PURE T select(T a, T b, S c) { return c ? b : a; }            \
    __MVP_PURE T select(T a, T b, U c) { return c ? b : a; }            \
    __MVP_SELECT_W(T, S, U, 2)                                          \
    __MVP_SELECT_W(T, S, U, 3)                                          \
    __MVP_SELECT_W(T, S, U, 4)                                          \
    __MVP_SELECT_W(T, S, U, 8)                                          \
    __MVP_SELECT_W(T, S, U, 16)
__MVP_SELECT(char, char, uchar)
__MVP_SELECT(uchar, char, uchar)
__MVP_SELECT(short, short, ushort)
__MVP_SELECT(ushort, short, ushort)
__MVP_SELECT(int, int, uint)
__MVP_SELECT(uint, int, uint)
__MVP_SELECT(long, long, ulong)
__MVP_SELECT(ulong, long, ulong)
#undef __MVP_SELECT_W
#undef __MVP_SELECT

#define __MVP_SELECT_FLOAT(W)                                                       \
    __MVP_PURE float##W bitselect(float##W a, float##W b, float##W c) {             \
        return as_float##W(bitselect(as_uint##W(a), as_uint##W(b), as_uint##W(c))); \
    }                                                                               \
    __MVP_PURE float##W select(float##W a, float##W b, int##W c) {                  \
        return as_float##W(select(as_uint##W(a), as_uint##W(b), c));                \
    }                                                                               \
    __MVP_PURE float##W select(float##W a, float##W b, uint##W c) {                 \
        return as_float##W(select(as_uint##W(a), as_uint##W(b), c));                \
    }
__MVP_SELECT_FLOAT()
__MVP_SELECT_FLOAT(2)
__MVP_SELECT_FLOAT(3)
__MVP_SELECT_FLOAT(4)
__MVP_SELECT_FLOAT(8)
__MVP_SELECT_FLOAT(16)
#undef __MVP_SELECT_FLOAT
