#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mvp::tools {

// Matches the instructions of one warp in two traces (commit logs, pipeline logs) by the key
// (PC, mask, n): the n-th instruction of the warp, in the trace's order, with this PC and lane
// mask. Two executions of one PC by the same lanes keep their order in any trace of the warp:
// they come from one thread of control (an MP-IPDOM split runs its instructions in order, and
// splits alive at once have disjoint masks), they issue in that order, and they use the same
// unit, which retires in order. So the key names the same dynamic instruction in both traces
// whatever the timing, though the splits of a warp interleave differently when timing differs
// and independent instructions of different units retire out of order.
class WarpAligner {
  public:
    struct Item {
        uint32_t pc;
        uint64_t mask;
    };
    struct Result {
        std::vector<std::pair<size_t, size_t>> pairs;  // (index in a, index in b), a's order
        std::vector<size_t> only_a, only_b;            // no partner, in each trace's order
    };
    static Result align(const std::vector<Item>& a, const std::vector<Item>& b);

    // What the first unmatched instruction of each trace says: "the lane mask differs at
    // pc=0x0038: 0x2 in A, 0x3 in B", or "the paths part: A runs pc=... where B runs pc=...".
    static std::string parting(const Item& a, const Item& b);
};

}  // namespace mvp::tools
