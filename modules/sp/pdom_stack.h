#pragma once

#include <cstdint>
#include <vector>

#include "divergence_policy.h"

namespace mvp {

// The SIMT reconvergence stack (post-dominator reconvergence, "PDOM"): one stack per warp
// whose top entry is the only schedulable split (slot 0).
//
// Entries are (PC, mask, reconvergence point, call depth). When a warp diverges at a
// conditional branch, the top entry becomes the reconvergence entry (its PC is the branch's
// reconvergence PC from the toolchain) and the two paths are pushed above it: the taken path
// first, then the not-taken path, which therefore runs first (its instructions are already in
// the instruction buffer). A path is popped when it reaches its reconvergence point; the
// entry below (its sibling, then the reconvergence entry) runs next. A branch whose
// reconvergence point equals the top entry's own does not push a new reconvergence entry (its
// paths meet at the same point), which keeps loops with divergent exits from growing the
// stack.
//
// Calls and returns: each entry counts the call depth of its path (jplnk adds one, jr $ra
// takes one away). A reconvergence PC matches only at the depth of the branch, so recursion
// cannot match it early. kReconvergeAtExit (no instruction of the function post-dominates the
// branch) is reached when the path returns from the function (its depth drops below the
// branch's); the reconvergence entry, whose PC is unknown until then, takes the return PC of
// the first path that returns. Threads that exit are removed from every entry; an entry left
// with no threads is popped. A jr whose lanes go to different targets splits the path into
// one entry per target, each keeping the path's reconvergence point.
class PdomStack : public DivergencePolicy {
  public:
    explicit PdomStack(unsigned num_warps);

    const char* name() const override { return "pdom"; }
    unsigned max_splits() const override { return 1; }
    void start(unsigned warp, uint32_t pc, LaneMask mask) override;
    Split split(unsigned warp, unsigned slot) const override;
    LaneMask live(unsigned warp) const override { return warps_[warp].live; }

    void advance(unsigned warp, unsigned slot, uint32_t next_pc) override;
    void on_branch(unsigned warp, unsigned slot, LaneMask taken, uint32_t target,
                   uint32_t fallthrough, uint32_t reconvergence) override;
    void on_jump(unsigned warp, unsigned slot, uint32_t target) override;
    void on_call(unsigned warp, unsigned slot, uint32_t target, uint32_t return_pc) override;
    void on_indirect(unsigned warp, unsigned slot, const uint32_t* lane_target,
                     bool is_return) override;
    void on_exit(unsigned warp, unsigned slot, LaneMask lanes) override;

    // Entries on the warp's stack (for tests and statistics), and the deepest stack seen.
    unsigned depth(unsigned warp) const { return static_cast<unsigned>(warps_[warp].stack.size()); }
    unsigned max_depth() const { return max_depth_; }

  private:
    enum class Reconverge : uint8_t { kNever, kAtPc, kAtReturn };
    struct Entry {
        uint32_t pc = 0;
        bool pc_known = true;  // false: a reconvergence entry waiting for a return PC
        bool join = false;     // a reconvergence entry (paths were pushed above it)
        LaneMask mask = 0;
        Reconverge kind = Reconverge::kNever;
        uint32_t rpc = 0;
        int32_t rpc_depth = 0;
        int32_t depth = 0;
    };
    struct Warp {
        std::vector<Entry> stack;
        LaneMask live = 0;
    };

    static bool reached(const Entry& e);
    void push(Warp& w, const Entry& e);
    // Pops the entries that have reached their reconvergence point or have no threads left.
    void settle(Warp& w);

    std::vector<Warp> warps_;
    unsigned max_depth_ = 0;
};

}  // namespace mvp
