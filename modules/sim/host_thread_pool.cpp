#include "host_thread_pool.h"

#include <stdexcept>

namespace mvp::sim {

namespace {

constexpr unsigned kSpins = 20000;

inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

}  // namespace

HostThreadPool::HostThreadPool(unsigned threads) {
    if (threads == 0) throw std::invalid_argument("HostThreadPool: at least one thread");
    for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this, t] { work(t); });
}

HostThreadPool::~HostThreadPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void HostThreadPool::run(Job job, void* context) {
    job_ = job;
    context_ = context;
    done_.store(0, std::memory_order_relaxed);
    step_.fetch_add(1, std::memory_order_release);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (sleepers_ > 0) wake_.notify_all();
    }
    job(context, 0);
    const unsigned workers = static_cast<unsigned>(workers_.size());
    for (unsigned spin = 0; done_.load(std::memory_order_acquire) != workers; ++spin) {
        if (spin < kSpins) {
            pause();
        } else {
            std::this_thread::yield();
        }
    }
}

void HostThreadPool::work(unsigned thread) {
    uint64_t seen = 0;
    for (;;) {
        uint64_t step = step_.load(std::memory_order_acquire);
        for (unsigned spin = 0; step == seen && spin < kSpins; ++spin) {
            pause();
            step = step_.load(std::memory_order_acquire);
        }
        if (step == seen) {
            std::unique_lock<std::mutex> lock(mutex_);
            ++sleepers_;
            wake_.wait(lock,
                       [&] { return stop_ || step_.load(std::memory_order_acquire) != seen; });
            --sleepers_;
            if (stop_) return;
            step = step_.load(std::memory_order_acquire);
        }
        seen = step;
        job_(context_, thread);
        done_.fetch_add(1, std::memory_order_acq_rel);
    }
}

}  // namespace mvp::sim
