#pragma once

#include <cstdint>

namespace mvp {

// The threads (lanes) of a warp, lane i in bit i; warps have at most 64 lanes.
using LaneMask = uint64_t;

inline constexpr LaneMask lanes_below(unsigned n) {
    return n >= 64 ? ~LaneMask{0} : (LaneMask{1} << n) - 1;
}

// The set bits of a word, counted inline (the build targets CPUs without a popcount
// instruction, where __builtin_popcountll is a library call).
inline constexpr unsigned bit_count(uint64_t m) {
    m = m - ((m >> 1) & 0x5555555555555555u);
    m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return static_cast<unsigned>((m * 0x0101010101010101u) >> 56);
}

inline constexpr unsigned lane_count(LaneMask m) { return bit_count(m); }

// The lowest lane of a non-empty mask.
inline unsigned lowest_lane(LaneMask m) { return static_cast<unsigned>(__builtin_ctzll(m)); }

}  // namespace mvp
