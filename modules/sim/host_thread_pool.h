#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace mvp::sim {

// Host threads that evaluate one step together (the tiles of a clock edge): run() calls the
// job on the calling thread (thread 0) and on threads - 1 workers (1, 2, ...), each with its
// thread number, and returns when every call has returned. A job given the same thread number
// always runs on the same host thread, so the state it works on stays in that core's caches.
// Between steps a worker spins briefly (steps follow each other within microseconds), then
// sleeps until the next step.
class HostThreadPool {
  public:
    using Job = void (*)(void* context, unsigned thread);

    explicit HostThreadPool(unsigned threads);
    ~HostThreadPool();
    HostThreadPool(const HostThreadPool&) = delete;
    HostThreadPool& operator=(const HostThreadPool&) = delete;

    unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }
    // Calls job(context, t) on thread t for every t in [0, threads()); returns when all calls
    // have returned. A job must not throw.
    void run(Job job, void* context);

  private:
    void work(unsigned thread);

    std::atomic<uint64_t> step_{0};  // advanced by run(); workers wait for a new value
    std::atomic<unsigned> done_{0};  // workers done with the current step
    Job job_ = nullptr;
    void* context_ = nullptr;
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    unsigned sleepers_ = 0;  // under mutex_
    bool stop_ = false;      // under mutex_
};

}  // namespace mvp::sim
