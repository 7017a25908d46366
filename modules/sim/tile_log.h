#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace mvp::sim {

// What a tile (an SP with its memory-side blocks) does to the rest of the chip while the tiles
// of a core cycle are evaluated on several host threads (-mvpgpu_host_threads): clock-domain
// wakes and sleeps, requests entering the interconnect's shared buffers, calls into the command
// processor, commit-log lines. A tile's host thread records them here instead of doing them;
// when every tile of the cycle has been evaluated, the clock domain replays the logs in tile
// order on its own thread. The shared state then sees the same operations in the same order as
// when one thread evaluates the tiles one after the other, so the results do not depend on the
// number of threads. A record is a function and its arguments, stored without allocation; a
// closure (for rare events) is kept beside them.
class TileLog {
  public:
    using Fn = void (*)(void* object, const uint64_t* args);

    // The log of the tile this host thread is evaluating; nullptr outside a parallel pass (the
    // caller acts at once).
    static TileLog* current() { return current_; }
    static void set_current(TileLog* log) { current_ = log; }

    // The edge the records added from now on belong to: a tile's pass sets it for its log, a
    // call posted to a tile for its inbox. Records are added in edge order.
    void set_edge(uint64_t edge) { edge_ = edge; }
    void add(Fn fn, void* object, uint64_t a0 = 0, uint64_t a1 = 0, uint64_t a2 = 0,
             uint64_t a3 = 0) {
        records_.push_back(Record{fn, object, edge_, {a0, a1, a2, a3}});
    }
    void add(std::function<void()> fn);
    // Does what was recorded, in order, and empties the log.
    void replay();
    // Does what was recorded for the edges up to `edge`, in order, and keeps the rest: several
    // edges of a tile's log replayed edge by edge among the other tiles' (windows of edges).
    void replay_through(uint64_t edge);
    // Forgets what was recorded (a pass that ended in an error).
    void clear();
    // Moves the records of `other` not yet replayed to the end of this log, in order.
    void take(TileLog& other);
    bool empty() const { return head_ == records_.size(); }

  private:
    struct Record {
        Fn fn;
        void* object;
        uint64_t edge;
        uint64_t args[4];
    };
    static void call_closure(void* log, const uint64_t* args);

    std::vector<Record> records_;
    size_t head_ = 0;  // the records before it are replayed
    std::vector<std::function<void()>> closures_;
    uint64_t edge_ = 0;
    static thread_local TileLog* current_;
};

// Calls fn now, or, on a tile's host thread during a parallel pass, when the tile's log is
// replayed. For the rare calls from a tile into shared blocks (a work-group done, an error).
void run_or_defer(std::function<void()> fn);

}  // namespace mvp::sim
