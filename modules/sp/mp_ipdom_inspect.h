#pragma once

#include <cstdint>

namespace mvp {

// What statistics and the VCD read of a Multi-Path IPDOM unit, whichever implements it: the
// C++ MpIpdom, its RTL (modules/rtl/rtl_mp_ipdom.h) or a lockstep pair of both.
class MpIpdomInspect {
  public:
    struct Stats {
        uint64_t splits_created = 0;    // new splits: sides of divergent branches, jr targets
        uint64_t reconvergences = 0;    // RT entries that returned to the ST as one split
        uint64_t st_full = 0;           // splits parked because the ST was full
        uint64_t rt_full = 0;           // divergent branches that found no free RT entry
        uint64_t barrier_bypasses = 0;  // arrived threads sent on past a reconvergence point
        unsigned max_st = 0;            // most ST entries in use in one warp
        unsigned max_rt = 0;            // most RT entries in use in one warp
    };

    virtual ~MpIpdomInspect() = default;
    virtual const Stats& stats() const = 0;
    // Occupancy of the warp's tables, kept up to date for the VCD.
    virtual const uint8_t* st_used(unsigned warp) const = 0;
    virtual const uint8_t* rt_used(unsigned warp) const = 0;
};

}  // namespace mvp
