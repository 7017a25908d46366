#pragma once

#include <cstdint>

namespace mvp {

// The threads (lanes) of a warp, lane i in bit i; warps have at most 64 lanes.
using LaneMask = uint64_t;

inline constexpr LaneMask lanes_below(unsigned n) {
    return n >= 64 ? ~LaneMask{0} : (LaneMask{1} << n) - 1;
}

inline unsigned lane_count(LaneMask m) { return static_cast<unsigned>(__builtin_popcountll(m)); }

// The lowest lane of a non-empty mask.
inline unsigned lowest_lane(LaneMask m) { return static_cast<unsigned>(__builtin_ctzll(m)); }

}  // namespace mvp
